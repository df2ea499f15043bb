/** Field name to messages, as in the error envelope `{ error: { message, errors } }`. */
export type FieldErrors = Record<string, string[]>;

/** A failure the API answers on purpose, rendered as the contract's error envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, errors: FieldErrors = {}, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }

  toBody(): { error: { message: string; errors: FieldErrors } } {
    return { error: { message: this.message, errors: this.errors } };
  }
}

/** Server message strings of SPEC.md §8, kept verbatim: clients match on them. */
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
  notFound: 'Not found',
  passwordsDontMatch: 'The password and password confirmation do not match',
  userMustBeLoggedIn: 'user must be logged in',
  promoCodeInvalid: 'Promo code is invalid',
  wrongPromoCode: 'Wrong promo code',
  teamNotSelected: 'Package is TeamPass but team not selected',
  selectCard: 'Please select one of your saved cards or enter new one',
} as const;

export const invalid = (errors: FieldErrors, message: string = messages.invalidData): ApiError =>
  new ApiError(422, message, errors);

export const notFound = (field: string, what: string): ApiError =>
  new ApiError(404, `${what} not found`, { [field]: [`${what} not found`] });
