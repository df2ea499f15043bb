import type { DomainError, DomainErrorKind, FieldErrors } from '../domain/errors';
import { Reply } from './context';

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
  throttled: 429,
};

/**
 * A domain refusal as the HTTP answer: its kind's status, with the message and field errors unchanged, and the wait
 * of a throttled one as `retry-after` (seconds), as the global rate limit sends it.
 */
export function fromDomainError(error: DomainError): ApiError {
  const headers: Record<string, string> = error.retryAfterSeconds === null ? {} : { 'retry-after': String(error.retryAfterSeconds) };
  return new ApiError(STATUS_OF[error.kind], error.message, error.errors, headers);
}

/**
 * A refusal answered rather than thrown. A handler runs in one transaction and a throw rolls it back: a refusal
 * that must keep what it wrote (a failed sign-in counted by the throttle) is returned as this reply instead.
 */
export function refusalReply(error: DomainError): Reply {
  const answer = fromDomainError(error);
  return new Reply(answer.status, answer.toBody(), answer.headers);
}
