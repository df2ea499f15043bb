import { type FieldMessages, toFieldErrors, VALIDATION_MESSAGES } from '../../mesh/validation';

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
 * Server message strings of SPEC.md §8, kept verbatim: clients match on them. SPEC §5's own messages come from
 * mesh/validation.ts, which the app's machines read too.
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
  selectCard: VALIDATION_MESSAGES.selectCard,
} as const;

export const invalid = (errors: FieldErrors, message: string = messages.invalidData): DomainError =>
  new DomainError('invalid', message, errors);

/** Refuses what a SPEC §5 rule of mesh/validation.ts found wrong, with its messages as the field errors. */
export function assertValid(found: FieldMessages): void {
  const errors = toFieldErrors(found);
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

export const notFound = (field: string, what: string): DomainError =>
  new DomainError('notFound', `${what} not found`, { [field]: [`${what} not found`] });

/** A refusal whose message is also the one field error, as most conflicts are worded. */
export const conflict = (field: string, message: string): DomainError => new DomainError('conflict', message, { [field]: [message] });
