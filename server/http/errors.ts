import type { DomainError, DomainErrorKind, FieldErrors } from '../domain/errors';

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

const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 422,
  unauthenticated: 401,
  declined: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  expired: 410,
};

/** A domain refusal as the HTTP answer: its kind's status, with the message and field errors unchanged. */
export const fromDomainError = (error: DomainError): ApiError => new ApiError(STATUS_OF[error.kind], error.message, error.errors);
