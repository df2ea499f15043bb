/**
 * The server's wordings the app knows (SPEC §8 server messages, the SPEC §5 field messages the API refuses a form
 * with, the processor's declines), each mapped once to the key of the viewer's words. The sender loads this module
 * with the first refusal (send.ts: the entry stays without it) and the classifier reads the error envelope through it
 * (errors.ts: `userMessage`, `userFieldErrors`); a wording that is not here is shown as it came.
 * tests/src/messages.test.ts holds every key to the catalogue.
 */
import type { Message } from '../messages';

/** Server wording → message key. */
export const SERVER_WORDS: Readonly<Record<string, string>> = {
  'The email address you have entered is already registered': 'server.emailTaken',
  'Wrong auth data': 'server.wrongAuthData',
  'You are already logged in': 'server.alreadyLoggedIn',
  'Verification failed': 'server.verificationFailed',
  'Email already verified': 'server.emailAlreadyVerified',
  'User not found': 'server.userNotFound',
  'Reset password key expired': 'server.resetKeyExpired',
  'Reset password failed': 'server.resetFailed',
  'Google recaptcha token required': 'server.recaptchaRequired',
  'Google recaptcha token is invalid or you look like a robot': 'server.recaptchaInvalid',
  'No chanel or api key found': 'server.noChannelOrApiKey',
  'Something went wrong': 'server.somethingWentWrong',
  'Too many sign-in attempts. Please wait a moment and try again.': 'server.tooManySignIns',
  'Your card was declined.': 'server.cardDeclined',
  'Your card has insufficient funds.': 'server.insufficientFunds',
  'Your card has expired.': 'server.expiredCard',
  "Your card's security code is incorrect.": 'server.incorrectCvc',
  'An error occurred while processing your card. Try again in a little bit.': 'server.processingError',
  'The payment was not completed in time.': 'server.paymentAbandoned',
  'Your card number is incorrect.': 'server.cardNumberIncorrect',
  'This purchase is already being paid. Wait for it to finish.': 'server.alreadyBeingPaid',
  'Promo code is invalid': 'validation.promoInvalid',
  'Wrong promo code': 'server.wrongPromoCode',
  'You have already used this promo code': 'server.promoAlreadyUsed',
  'This promo code is no longer available': 'server.promoExhausted',
  'Package is TeamPass but team not selected': 'validation.selectTeam',
  'Enter your first name': 'validation.firstNameRequired',
  'Enter your last name': 'validation.lastNameRequired',
  'Enter your Email': 'validation.emailRequired',
  'A valid email address is required': 'validation.emailInvalid',
  'The password is too short': 'validation.passwordTooShort',
  'The password and password confirmation do not match': 'validation.passwordMismatch',
  'Field is required': 'validation.fieldRequired',
  'Please accept terms & conditions': 'validation.acceptTerms',
  'Please fill in the input field': 'validation.fillInput',
  'Please select tag': 'validation.selectTag',
  'Your clip duration is longer than the end time': 'validation.clipTooLong',
  'Please select one of your saved cards or enter new one': 'validation.selectCard',
};

/** SPEC §5 length messages carry their number: matched by pattern, keyed with it. */
const LENGTH_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Field length must be greater than (\d+)$/, 'validation.fieldTooShort'],
  [/^Field length must be less than (\d+)$/, 'validation.fieldTooLong'],
];

/** The viewer's message for a server's wording: its key when the app knows it, else the wording as it came. */
export function messageOfServerWords(text: string): Message {
  const key = SERVER_WORDS[text];
  if (key !== undefined) return { key };
  for (const [pattern, lengthKey] of LENGTH_WORDS) {
    const number = pattern.exec(text)?.[1];
    if (number !== undefined) return { key: lengthKey, params: { number: Number(number) } };
  }
  return { text };
}
