/**
 * A popup that asks the viewer something, through the popup queue of the app's actor system: `answer` hears whether
 * they confirmed it or closed it, once. The returned function stops listening and closes the popup if it is still on
 * screen (the asker is gone).
 */
import type { PopupRequest } from '../../../machines/popup-queue/popup-queue.machine';
import type { AppSystem } from './system';

export function askPopup(
  popups: AppSystem['popups'] | undefined,
  popup: PopupRequest & { id: string },
  answer: (confirmed: boolean) => void,
): () => void {
  // No queue in this system: nobody can confirm, so the answer is no.
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
}
