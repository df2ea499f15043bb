import { ClientRequestError, transportError } from './errors';

/**
 * Resolves or rejects as `answer` does, or rejects as a cancelled request of `operation` (SPEC.md §8) as soon as
 * `signal` aborts. Only the caller's wait stops: the work behind `answer` goes on (for its other callers).
 */
export function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined, operation: string | null): Promise<T> {
  if (!signal) return answer;
  const cancelled = () => new ClientRequestError(transportError({ kind: 'cancelled' }, operation));
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(cancelled());
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
