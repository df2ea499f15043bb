/**
 * SPEC.md §7, §8: a failure that may pass (see `isRetryable`) is tried again after a delay, and of a request that
 * carried many root fields only the fields that failed are asked again.
 */
import type { OperationDocument } from './document';
import { isRetryable } from './errors';
import { settled, withField } from './marks';
import { cancelled, type Call, type Outcome } from './send';

/** One attempt of a call: of all its root fields, or of `rootFields` only. */
export type Attempt = (document: OperationDocument, call: Call, rootFields?: ReadonlySet<string>) => Promise<Outcome>;

/** The first attempt, then up to `retries` retries of what failed for a reason that may pass, `delayMs` apart. */
export function createRun(attempt: Attempt, retries: number, delayMs: number) {
  return async (document: OperationDocument, call: Call): Promise<Outcome> => {
    let outcome = await attempt(document, call);
    for (let retry = 0; retry < retries; retry += 1) {
      const retryable = outcome.errors.filter((e) => isRetryable(e) && !settled.has(e));
      if (retryable.length === 0) break;
      if (!(await sleep(delayMs, call.signal))) {
        return { ...cancelled(call.traits.name), data: outcome.data };
      }
      const keys = retryable.some((e) => e.field === null) ? null : new Set(retryable.map((e) => e.field!));
      // Only what failed is asked again: the server cuts the trusted document down to those root fields.
      outcome = keys ? merge(outcome, await attempt(document, call, keys), keys) : await attempt(document, call);
    }
    return outcome;
  };
}

/** The earlier outcome with the retried fields replaced by their new answers. */
function merge(before: Outcome, retried: Outcome, keys: ReadonlySet<string>): Outcome {
  const data = { ...before.data };
  for (const key of keys) data[key] = retried.data?.[key] ?? null;
  // A retry that failed as a whole failed each of the retried fields.
  const retriedErrors = retried.errors.flatMap((e) => (e.field === null ? [...keys].map((field) => withField(e, field)) : [e]));
  return { data, errors: [...before.errors.filter((e) => e.field === null || !keys.has(e.field)), ...retriedErrors] };
}

/** Waits `ms`; false when the signal aborted first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
