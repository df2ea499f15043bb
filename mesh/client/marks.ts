/**
 * What has already been done about a failure, kept beside it rather than on it (callers get the classified errors
 * as they are). Keyed by the error object, which only the client that made it ever handles, so one pair serves
 * every client.
 */
import type { ClassifiedError } from './errors';

/** Failures whose key recovery (SPEC.md §8) has run: it runs once per failure. */
export const recovered = new WeakSet<ClassifiedError>();
/** Failures already answered where they happened (a failed key request): no retry, no second event or report. */
export const settled = new WeakSet<ClassifiedError>();

/** A copy of `error` for another root field (null: the whole request), with the marks of the original. */
export function withField(error: ClassifiedError, field: string | null): ClassifiedError {
  const copy = { ...error, field };
  if (recovered.has(error)) recovered.add(copy);
  if (settled.has(error)) settled.add(copy);
  return copy;
}
