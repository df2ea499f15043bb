/**
 * How one flow's effects reach another app-wide flow: the named actions a machine declares (`showToast`,
 * `showPopup`, `announceLoggedIn`...) are supplied in src/app/logic/ as calls on these links, and the shell registers
 * each app-wide actor here as it starts it. The core flows start before the app's chunk has loaded, so toasts,
 * popups, favourites and analytics may not be registered yet: a message for an actor that is not there is dropped,
 * except who the viewer is, which favourites reads from the session when it starts.
 */
import type { i18n } from 'i18next';
import type { Actor } from 'xstate';
import type { favouritesMachine } from '../../../machines/favourites/favourites.machine';
import type { navigationMachine } from '../../../machines/navigation/navigation.machine';
import type { SignInWay } from '../../../machines/session/session.types';
import type { PopupRequest, popupQueueMachine } from '../../../machines/popup-queue/popup-queue.machine';
import type { reloadScreenMachine } from '../../../machines/reload-screen/reload-screen.machine';
import type { ToastRequest, toastMachine } from '../../../machines/toast/toast.machine';
import type { ClassifiedError } from '../../../mesh/client/errors';

interface Linked {
  reloadScreen: Actor<typeof reloadScreenMachine>;
  toasts: Actor<typeof toastMachine>;
  popups: Actor<typeof popupQueueMachine>;
  favourites: Actor<typeof favouritesMachine>;
  navigation: Actor<typeof navigationMachine>;
  /** The i18next instance the app renders with: the language flow switches it. */
  i18n: i18n;
}

export interface AppLinks {
  register<K extends keyof Linked>(name: K, actor: Linked[K]): void;
  /** A toast for the viewer (SPEC §3 Toast). */
  showToast(toast: ToastRequest): void;
  /** A popup for the viewer (SPEC §3 Popup queue). */
  showPopup(popup: PopupRequest): void;
  /**
   * A popup that asks the viewer something: `answer` hears whether they confirmed it or closed it. The returned
   * function stops listening and closes the popup if it is still on screen (the asker is gone).
   */
  askPopup(popup: PopupRequest & { id: string }, answer: (confirmed: boolean) => void): () => void;
  /** The reload screen comes up (SPEC §8 channel key error). */
  raiseKeyError(error: ClassifiedError): void;
  /** The session logged a viewer in or out: what is read on their behalf starts over. */
  viewerChanged(loggedIn: boolean): void;
  /** The viewer has just signed in on this page: the navigation flow takes them on. */
  signedIn(way: SignInWay): void;
  /** Called with every change of viewer (the read cache forgets what the previous one read). */
  onViewerChanged(listener: (loggedIn: boolean) => void): () => void;
  /** The i18next instance the app renders with, once registered. */
  i18n(): i18n | null;
}

export function createAppLinks(): AppLinks {
  const actors: Partial<Linked> = {};
  const viewerListeners = new Set<(loggedIn: boolean) => void>();
  return {
    register(name, actor) {
      Object.assign(actors, { [name]: actor });
    },
    showToast: (toast) => actors.toasts?.send({ type: 'toast.show', toast }),
    showPopup: (popup) => actors.popups?.send({ type: 'popup.open', popup }),
    askPopup(popup, answer) {
      const popups = actors.popups;
      // No queue yet (the app's chunk has not started it): nobody can confirm, so the answer is no.
      if (!popups) {
        answer(false);
        return () => undefined;
      }
      // Answered once; after that the popup is gone, and a cancel for its id could only reach someone else's.
      let answered = false;
      const hear = (confirmed: boolean) => (e: { id: string }) => {
        if (e.id !== popup.id || answered) return;
        answered = true;
        answer(confirmed);
      };
      const heard = [popups.on('popup.resolved', hear(true)), popups.on('popup.cancelled', hear(false))];
      popups.send({ type: 'popup.open', popup });
      return () => {
        for (const subscription of heard) subscription.unsubscribe();
        if (!answered) popups.send({ type: 'user.cancel', id: popup.id });
      };
    },
    raiseKeyError: (error) => actors.reloadScreen?.send({ type: 'client.keyError', error }),
    viewerChanged(loggedIn) {
      // Called from the session's own transition, whose snapshot (the new token) is committed once its actions have
      // run: the others hear of it right after, so what they request goes out with the right token.
      queueMicrotask(() => {
        for (const listener of [...viewerListeners]) listener(loggedIn);
        actors.favourites?.send({ type: loggedIn ? 'session.loggedIn' : 'session.loggedOut' });
      });
    },
    signedIn: (way) => actors.navigation?.send({ type: 'viewer.signedIn', way }),
    onViewerChanged(listener) {
      viewerListeners.add(listener);
      return () => void viewerListeners.delete(listener);
    },
    i18n: () => actors.i18n ?? null,
  };
}
