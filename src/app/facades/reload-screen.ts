/** Facade of the reload-screen flow (SPEC §4 "Reload screen"). */
import { ReloadScreenFlow } from '../flows';

export function useReloadScreenVisible(): boolean {
  return ReloadScreenFlow.useSelect((s) => s.hasTag('visible'));
}

/** Seconds until the button unlocks; 0 once it is unlocked. */
export function useReloadSecondsLeft(): number {
  return ReloadScreenFlow.useSelect((s) => s.context.secondsLeft);
}

/** Locked by the countdown or while a key request runs. */
export function useReloadButtonDisabled(): boolean {
  return ReloadScreenFlow.useSelect((s) => s.hasTag('buttonDisabled') || s.hasTag('busy'));
}

/** A key request is running (the button says so). */
export function useReloadRequesting(): boolean {
  return ReloadScreenFlow.useSelect((s) => s.hasTag('busy'));
}

export function useReloadScreenSenders() {
  const reloadScreen = ReloadScreenFlow.useActor();
  return {
    /** Enabled only when the machine accepts it; a click while locked does nothing. */
    reload: () => reloadScreen.send({ type: 'user.reload' }),
  };
}
