/** Facade of the app-load actor: what views need of the startup, one narrow selector each. */
import { useSelector } from '@xstate/react';
import type { StartupPart, StartupParts } from '../../../machines/app-load/app-load.types';
import { useAppActors } from '../actors-context';

export type StartupStatus = 'loading' | 'ready' | 'keyError';

export function useStartupStatus(): StartupStatus {
  const { appLoad } = useAppActors();
  return useSelector(appLoad, (s) => (s.hasTag('reloadScreen') ? 'keyError' : s.hasTag('ready') ? 'ready' : 'loading'));
}

/** One startup read as it arrived (null when it failed or, for profile and access, for a visitor). */
export function useStartupPart<K extends StartupPart>(part: K): StartupParts[K] {
  const { appLoad } = useAppActors();
  return useSelector(appLoad, (s) => s.context.parts[part]);
}

/** The shell tells app-load that the app mounted (SPEC §1 step 4): the analytics tracker starts then. */
export function useAppLoadSenders() {
  const { appLoad } = useAppActors();
  return { mounted: () => appLoad.send({ type: 'app.mounted' }) };
}
