/**
 * The app's one actor system. Every app-wide actor is created in it under a system id, as a child of its root
 * (`startCore` for the core four, `startApp` for the rest). A flow reaches another with XState's
 * `sendTo(to('toasts'), ...)`, where `to` looks the actor up with `system.get`: each message between flows is an
 * XState event with its sender, which the statechart studio's live view shows (src/app/logic/live-inspection.ts).
 *
 * This module holds types and lookups only, no XState runtime: it is shared by the entry and the app's chunk, and a
 * runtime import here would make the bundler split XState out of the entry into a chunk of its own (+1.3 kB gzip
 * before the app mounts). The root itself is in system-root.ts, which only the entry imports.
 *
 * The core flows only talk to the app's later actors once the viewer can act: the session restores, signs in and
 * out after the app has mounted, by which time `startApp` has put every app-wide actor in the system.
 */
import type { Actor, AnyActorRef } from 'xstate';
import type { analyticsSessionMachine } from '../../../machines/analytics-session/analytics-session.machine';
import type { appLoadMachine } from '../../../machines/app-load/app-load.machine';
import type { favouritesMachine } from '../../../machines/favourites/favourites.machine';
import type { globalErrorMachine } from '../../../machines/global-error/global-error.machine';
import type { languageMachine } from '../../../machines/language/language.machine';
import type { navigationMachine } from '../../../machines/navigation/navigation.machine';
import type { popupQueueMachine } from '../../../machines/popup-queue/popup-queue.machine';
import type { reloadScreenMachine } from '../../../machines/reload-screen/reload-screen.machine';
import type { sessionMachine } from '../../../machines/session/session.machine';
import type { toastMachine } from '../../../machines/toast/toast.machine';

/** The app-wide actors, by their system ids. */
export interface AppSystem {
  appLoad: Actor<typeof appLoadMachine>;
  session: Actor<typeof sessionMachine>;
  reloadScreen: Actor<typeof reloadScreenMachine>;
  globalError: Actor<typeof globalErrorMachine>;
  toasts: Actor<typeof toastMachine>;
  popups: Actor<typeof popupQueueMachine>;
  favourites: Actor<typeof favouritesMachine>;
  analytics: Actor<typeof analyticsSessionMachine>;
  language: Actor<typeof languageMachine>;
  navigation: Actor<typeof navigationMachine>;
}

/**
 * The addresses of the app-wide actors in the system of `root`: `to('toasts')` is `sendTo`'s target, the toasts
 * actor. A screen's flow runs in a system of its own (React starts and stops it), so its logic reaches the app's
 * actors through the root it closes over, never through the system its action runs in.
 */
export function addressesIn(root: AnyActorRef) {
  return <K extends keyof AppSystem>(id: K) =>
    (): AppSystem[K] =>
      root.system.get(id) as AppSystem[K];
}

