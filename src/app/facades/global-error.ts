/** Facade of the global-error actor (SPEC §8: throttling and crash statuses shown as a global error). */
import { useSelector } from '@xstate/react';
import type { ClassifiedError } from '../../../mesh/client/errors';
import { useAppActors } from '../actors-context';

export function useGlobalError(): ClassifiedError | null {
  const { globalError } = useAppActors();
  return useSelector(globalError, (s) => s.context.error);
}

export function useGlobalErrorSenders() {
  const { globalError } = useAppActors();
  return { dismiss: () => globalError.send({ type: 'user.dismiss' }) };
}
