import type { MessageRef } from '../../mesh/messages';
import type { FieldMessages } from '../../mesh/validation';

/** Field name to messages, as in the error envelope `{ error: { message, errors } }`. */
export type FieldErrors = Record<string, string[]>;

/**
 * Why an operation is refused. The HTTP layer gives each kind its status (server/http/errors.ts); the domain only
 * says what went wrong.
 */
export type DomainErrorKind =
  /** The input breaks a rule (422). */
  | 'invalid'
  /** The caller must sign in, or prove who they are (401). */
  | 'unauthenticated'
  /** A charge or a card was declined (402). */
  | 'declined'
  /** The caller may not do this (403). */
  | 'forbidden'
  /** The thing named does not exist, or is not the caller's (404). */
  | 'notFound'
  /** The state of things forbids it: already done, already owned, not ready (409). */
  | 'conflict'
  /** The thing named existed once and has lapsed (410). */
  | 'expired'
  /** Too many failed attempts: the caller must wait `retryAfterSeconds` before trying again (429). */
  | 'throttled';

/** A refusal the API answers on purpose, with the message and the field errors clients are shown. */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly errors: FieldErrors;
  /** For `throttled`: how long the caller must wait, in seconds. */
  readonly retryAfterSeconds: number | null;

  constructor(kind: DomainErrorKind, message: string, errors: FieldErrors = {}, retryAfterSeconds: number | null = null) {
    super(message);
    this.kind = kind;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * The API's words for the messages mesh/validation.ts names by key (SPEC §5's, verbatim, and the processor's declines
 * in Stripe's words): the contract's English, which the API answers and the app's client maps back to keys
 * (mesh/client/server-words.ts). `{number}` is filled from the message's parameters.
 */
const SPEC_WORDS: Readonly<Record<string, string>> = {
  'validation.firstNameRequired': 'Enter your first name',
  'validation.lastNameRequired': 'Enter your last name',
  'validation.emailRequired': 'Enter your Email',
  'validation.emailInvalid': 'A valid email address is required',
  'validation.passwordTooShort': 'The password is too short',
  'validation.passwordMismatch': 'The password and password confirmation do not match',
  'validation.fieldRequired': 'Field is required',
  'validation.fieldTooShort': 'Field length must be greater than {number}',
  'validation.fieldTooLong': 'Field length must be less than {number}',
  'validation.acceptTerms': 'Please accept terms & conditions',
  'validation.fillInput': 'Please fill in the input field',
  'validation.selectTag': 'Please select tag',
  'validation.clipTooLong': 'Your clip duration is longer than the end time',
  'validation.selectCard': 'Please select one of your saved cards or enter new one',
  'server.cardDeclined': 'Your card was declined.',
  'server.insufficientFunds': 'Your card has insufficient funds.',
  'server.expiredCard': 'Your card has expired.',
  'server.incorrectCvc': "Your card's security code is incorrect.",
  'server.processingError': 'An error occurred while processing your card. Try again in a little bit.',
  'server.paymentAbandoned': 'The payment was not completed in time.',
};

/** A message of mesh/validation.ts in the API's words. */
export function specWords(message: MessageRef): string {
  const words = SPEC_WORDS[message.key];
  if (words === undefined) throw new Error(`No API words for ${message.key}`);
  return words.replace(/\{(\w+)\}/g, (_, name: string) => String(message.params?.[name] ?? `{${name}}`));
}

/**
 * Server message strings of SPEC.md §8, kept verbatim: clients match on them. SPEC §5's own messages are
 * mesh/validation.ts's, in the words of `specWords`.
 */
export const messages = {
  alreadyRegistered: 'The email address you have entered is already registered',
  wrongAuthData: 'Wrong auth data',
  alreadyLoggedIn: 'You are already logged in',
  verificationFailed: 'Verification failed',
  emailAlreadyVerified: 'Email already verified',
  userNotFound: 'User not found',
  resetKeyExpired: 'Reset password key expired',
  resetFailed: 'Reset password failed',
  noChannelOrApiKey: 'No chanel or api key found',
  somethingWentWrong: 'Something went wrong',
  unauthenticated: 'Unauthenticated.',
  invalidData: 'The given data was invalid.',
  tooManyRequests: 'Too Many Attempts.',
  tooManySignInAttempts: 'Too many sign-in attempts. Please wait a moment and try again.',
  notFound: 'Not found',
  userMustBeLoggedIn: 'user must be logged in',
  promoCodeInvalid: 'Promo code is invalid',
  wrongPromoCode: 'Wrong promo code',
  promoCodeAlreadyUsed: 'You have already used this promo code',
  promoCodeUsedUp: 'This promo code is no longer available',
  idempotencyKeyReused: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
  teamNotSelected: 'Package is TeamPass but team not selected',
  selectCard: SPEC_WORDS['validation.selectCard'] as string,
} as const;

export const invalid = (errors: FieldErrors, message: string = messages.invalidData): DomainError =>
  new DomainError('invalid', message, errors);

/** Refuses what a SPEC §5 rule of mesh/validation.ts found wrong, with its messages as the field errors. */
export function assertValid(found: FieldMessages): void {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(found)) if (message !== undefined) errors[field] = [specWords(message)];
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

export const notFound = (field: string, what: string): DomainError =>
  new DomainError('notFound', `${what} not found`, { [field]: [`${what} not found`] });

/** A refusal whose message is also the one field error, as most conflicts are worded. */
export const conflict = (field: string, message: string): DomainError => new DomainError('conflict', message, { [field]: [message] });
