/** Model of the popup queue (machines/popup-queue): popups to open, bounded so that the model stays finite. */
import { type PopupRequest, popupQueueMachine } from './popup-queue.machine';
import { defineModel } from '../shared/machine-model';

/** Enough popups for a queue of three (one shown, two waiting); the context then stays finite. */
const MAX_POPUPS_OPENED = 3;

/** One popup without an id, one with its own id (opened twice, it is queued once). */
const opens: Array<{ type: 'popup.open'; popup: PopupRequest }> = [
  { type: 'popup.open', popup: { kind: 'confirmLogout' } },
  { type: 'popup.open', popup: { id: 'order-failed', kind: 'purchaseFailed', data: { orderId: 7 } } },
];

/** Every queued id plus one nobody has: only the shown popup can be dismissed. */
const ids = (queue: ReadonlyArray<{ id: string }>): string[] => [...queue.map((p) => p.id), 'unknown'];

export const popupQueueModel = defineModel({
  machine: popupQueueMachine,
  events: {
    'popup.open': (snapshot) => (snapshot.context.nextId > MAX_POPUPS_OPENED ? [] : opens),
    'user.resolve': (snapshot) => ids(snapshot.context.queue).map((id) => ({ type: 'user.resolve' as const, id, value: 'yes' })),
    'user.cancel': (snapshot) => ids(snapshot.context.queue).map((id) => ({ type: 'user.cancel' as const, id })),
  },
  check: (snapshot) => {
    const { queue } = snapshot.context;
    if (snapshot.hasTag('visible') !== queue.length > 0) throw new Error(`visible with ${queue.length} queued`);
    if (new Set(queue.map((p) => p.id)).size !== queue.length) throw new Error('two queued popups share an id');
    for (const popup of queue) {
      if (popup.id === 'order-failed' ? popup.data['orderId'] !== 7 : Object.keys(popup.data).length > 0) {
        throw new Error(`popup ${popup.id} carries the wrong data`);
      }
    }
  },
});
