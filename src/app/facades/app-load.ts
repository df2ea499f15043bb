/** Facade of the app-load flow: what views need of the startup, one narrow selector each. */
import type { StartupPart, StartupParts } from '../../../machines/app-load/app-load.types';
import { AppLoadFlow } from '../flows';

export type StartupStatus = 'loading' | 'ready' | 'keyError';

export function useStartupStatus(): StartupStatus {
  return AppLoadFlow.useSelect((s) => (s.hasTag('reloadScreen') ? 'keyError' : s.hasTag('ready') ? 'ready' : 'loading'));
}

/** One startup read as it arrived (null when it failed or, for profile and access, for a visitor). */
export function useStartupPart<K extends StartupPart>(part: K): StartupParts[K] {
  return AppLoadFlow.useSelect((s) => s.context.parts[part]);
}

/** The shell tells app-load that the app mounted (SPEC §1 step 4): the analytics tracker starts then. */
export function useAppLoadSenders() {
  const appLoad = AppLoadFlow.useActor();
  return { mounted: () => appLoad.send({ type: 'app.mounted' }) };
}
