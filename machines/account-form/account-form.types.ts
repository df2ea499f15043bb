/**
 * The account requests a viewer makes through a form or a mailed link (SPEC §7 "Auth and user"): verifying the email,
 * asking for and setting a new password, editing the profile, asking for and confirming the account's deletion, and
 * the passes custom form; and the contact page's request, which is no account's but is sent the same way. What each sends, what it answers, and the messages of SPEC §5 and §8 they show.
 */
import type { ClassifiedError } from '../../mesh/client/errors';
import type { Message } from '../../mesh/messages';
import type { ContactFields } from '../../mesh/validation';
import type { CustomFormFieldsFragment, ViewerProfileFragment } from '../../mesh/client/generated/graphql';

/** What a mailed link carries back (`/verify-email?email&expires&signature`, reset and deletion alike). @public */
export interface SignedLink {
  email: string;
  expires: number;
  signature: string;
}

/** The profile edit's fields; an empty password keeps the current one. @public */
export interface ProfileFields {
  firstName: string;
  lastName: string;
  phone: string;
  password: string;
  passwordConfirmation: string;
}

/** @public */
export type PassesForm = CustomFormFieldsFragment;

/** One request, by kind. @public */
export type AccountRequest =
  | { kind: 'verifyEmail'; link: SignedLink | null }
  | { kind: 'passwordResetRequest'; email: string }
  | { kind: 'passwordReset'; link: SignedLink | null; password: string; passwordConfirmation: string }
  | { kind: 'confirmAccountDeletion'; link: SignedLink | null }
  /** `passwordRequired`: the viewer's password is temporary, so a new one must be set. */
  | { kind: 'profileUpdate'; fields: ProfileFields; passwordRequired: boolean }
  | { kind: 'requestAccountDeletion' }
  | { kind: 'passesForm'; form: PassesForm; values: ReadonlyArray<{ name: string; value: string }> }
  /** The contact page's message to the channel (signed in or not). */
  | { kind: 'contactRequest'; fields: ContactFields };

/** @public */
export type AccountRequestKind = AccountRequest['kind'];

/** What a request answered: the server's message, and the saved profile for a profile update. @public */
export interface AccountResult {
  message: string | null;
  profile: ViewerProfileFragment | null;
}

/** What the form shows after a refusal: a message above it and one per field, keyed by the API's field names. @public */
export interface AccountFormError {
  message: Message;
  fieldErrors: Readonly<Record<string, readonly Message[]>>;
  cause: ClassifiedError | null;
}

/** @public */
export interface AccountFormInput {
  /** A request to send at once (a mailed link that is followed: nothing to type). */
  submitOnStart?: AccountRequest;
  /**
   * The page acts on a mailed link that the viewer sends with the form (the new password, the deletion's
   * confirmation): its parts, or null when the address lacks one.
   */
  mailedLink?: SignedLink | null;
}

/** @public */
export interface AccountFormContext {
  /** The request being sent, or last sent. */
  request: AccountRequest | null;
  /** The page was opened from a mailed link missing a part: there is nothing it can send. */
  linkCutShort: boolean;
  result: AccountResult | null;
  error: AccountFormError | null;
}

/** `form.submit`: the viewer sends the form (or the page its link); `form.edit`: they change a field after a refusal. @public */
export type AccountFormEvent = { type: 'form.submit'; request: AccountRequest } | { type: 'form.edit' };
