/** Facade of the global-error flow (SPEC §8: throttling and crash statuses shown as a global error). */
import type { ClassifiedError } from '../../../mesh/client/errors';
import { GlobalErrorFlow } from '../flows';

export function useGlobalError(): ClassifiedError | null {
  return GlobalErrorFlow.useSelect((s) => s.context.error);
}

export function useGlobalErrorSenders() {
  const globalError = GlobalErrorFlow.useActor();
  return { dismiss: () => globalError.send({ type: 'user.dismiss' }) };
}
