/** Facade of the reload-screen actor (SPEC §4 "Reload screen"). */
import { useSelector } from '@xstate/react';
import { useAppActors } from '../actors-context';

export function useReloadScreenVisible(): boolean {
  const { reloadScreen } = useAppActors();
  return useSelector(reloadScreen, (s) => s.hasTag('visible'));
}

/** Seconds until the button unlocks; 0 once it is unlocked. */
export function useReloadSecondsLeft(): number {
  const { reloadScreen } = useAppActors();
  return useSelector(reloadScreen, (s) => s.context.secondsLeft);
}

/** Locked by the countdown or while a key request runs. */
export function useReloadButtonDisabled(): boolean {
  const { reloadScreen } = useAppActors();
  return useSelector(reloadScreen, (s) => s.hasTag('buttonDisabled') || s.hasTag('busy'));
}

/** A key request is running (the button says so). */
export function useReloadRequesting(): boolean {
  const { reloadScreen } = useAppActors();
  return useSelector(reloadScreen, (s) => s.hasTag('busy'));
}

export function useReloadScreenSenders() {
  const { reloadScreen } = useAppActors();
  return {
    /** Enabled only when the machine accepts it; a click while locked does nothing. */
    reload: () => reloadScreen.send({ type: 'user.reload' }),
  };
}
