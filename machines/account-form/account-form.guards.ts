/**
 * What an account form checks before sending (SPEC §5, with the validators the API uses too) and how a failure is
 * told (SPEC §8: the server's strings for verification and reset, mapped to the user's words where SPEC gives them).
 */
import { ClientRequestError } from '../../mesh/client/errors';
import type { Message, MessageRef } from '../../mesh/messages';
import { CHECK_FIELDS, contactMessages, emailMessage, type FieldMessages, passwordMessages, profileMessages, toFieldErrors, VALIDATION_MESSAGES } from '../../mesh/validation';
import { SOMETHING_WENT_WRONG } from '../shared/failures';
import type { AccountFormError, AccountRequest, SignedLink } from './account-form.types';

/** SPEC §8 user messages for the server's verification answers. */
export const VERIFICATION_FAILED: MessageRef = { key: 'errors.verificationFailed' };
export const ALREADY_VERIFIED: MessageRef = { key: 'errors.alreadyVerified' };
/** SPEC §5: the profile edit's words for a confirmation that does not match. */
export const PASSWORDS_DONT_MATCH: MessageRef = { key: 'validation.passwordMismatchShort' };
/** SPEC §8: the server's answer to a broken reset link. */
const RESET_FAILED: MessageRef = { key: 'server.resetFailed' };

/** SPEC §8 server messages (by their keys) and what the viewer reads instead; other refusals keep the server's. */
const USER_WORDS: Readonly<Record<string, MessageRef>> = {
  'server.verificationFailed': VERIFICATION_FAILED,
  'server.emailAlreadyVerified': ALREADY_VERIFIED,
};
const inUserWords = (message: Message): Message => ('key' in message ? (USER_WORDS[message.key] ?? message) : message);

const isCompleteLink = (link: SignedLink | null): link is SignedLink =>
  link !== null && link.email !== '' && link.signature !== '' && Number.isSafeInteger(link.expires) && link.expires >= 0;

/**
 * What is wrong with a request, by field (the API's field names); empty when it may be sent. A link that lacks a
 * part cannot be right: it is refused as the server would refuse it (`signature`).
 */
function requestMessages(request: AccountRequest): FieldMessages {
  switch (request.kind) {
    case 'verifyEmail':
    case 'confirmAccountDeletion':
      return isCompleteLink(request.link) ? {} : { signature: VERIFICATION_FAILED };
    case 'passwordResetRequest': {
      const email = emailMessage(request.email);
      return email === undefined ? {} : { email };
    }
    case 'passwordReset':
      return {
        ...(isCompleteLink(request.link) ? {} : { signature: RESET_FAILED }),
        ...passwordMessages({ password: request.password, password_confirmation: request.passwordConfirmation }),
      };
    case 'profileUpdate': {
      const { fields } = request;
      const messages = profileMessages(
        {
          first_name: fields.firstName,
          last_name: fields.lastName,
          phone: fields.phone,
          password: fields.password,
          password_confirmation: fields.passwordConfirmation,
        },
        { passwordRequired: request.passwordRequired },
      );
      // SPEC §5 gives the profile edit its own words for a confirmation that does not match.
      return messages.password_confirmation ? { ...messages, password_confirmation: PASSWORDS_DONT_MATCH } : messages;
    }
    case 'requestAccountDeletion':
      return {};
    case 'passesForm': {
      const given = new Map(request.values.map((v) => [v.name, v.value]));
      const missing = request.form.fields.flatMap((field) =>
        field?.required && (given.get(field.name) ?? '') === '' ? [[field.name, VALIDATION_MESSAGES.fieldRequired] as const] : [],
      );
      return Object.fromEntries(missing);
    }
    case 'contactRequest':
      return contactMessages(request.fields);
  }
}

export const accountFormGuards = {
  isValidRequest: (_: unknown, request: AccountRequest) => Object.keys(requestMessages(request)).length === 0,
  submitsOnStart: ({ context }: { context: { request: AccountRequest | null } }) => context.request !== null,
  isLinkCutShort: ({ context }: { context: { linkCutShort: boolean } }) => context.linkCutShort,
};

/** The refusal of a request the machine will not send: the link's own failure, or each field's message. */
export function refusalOf(request: AccountRequest): AccountFormError {
  const messages = requestMessages(request);
  const fieldErrors = toFieldErrors(messages);
  // A broken link has nothing to correct on the page: its failure is the message itself.
  const linkFailure = 'signature' in messages && Object.keys(messages).length === 1 ? messages['signature'] : undefined;
  return { message: linkFailure ?? CHECK_FIELDS, fieldErrors, cause: null };
}

/** What the form shows for a failed call: SPEC §8's user words, the server's own for another refusal, else generic. */
export function accountErrorOf(error: unknown): AccountFormError {
  if (!(error instanceof ClientRequestError)) return { message: SOMETHING_WENT_WRONG, fieldErrors: {}, cause: null };
  const cause = error.error;
  const refused = (cause.kind === 'http' || cause.kind === 'notFound') && cause.status < 500 && cause.message !== '';
  if (!refused) return { message: SOMETHING_WENT_WRONG, fieldErrors: {}, cause };
  const fieldErrors = Object.fromEntries(Object.entries(cause.userFieldErrors).map(([field, messages]) => [field, messages.map(inUserWords)]));
  return { message: inUserWords(cause.userMessage), fieldErrors, cause };
}
