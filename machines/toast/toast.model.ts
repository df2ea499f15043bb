/** Model of the toast queue (machines/toast): payloads to send, bounded so that the model stays finite. */
import { type ToastRequest, toastMachine } from './toast.machine';
import { defineModel } from '../shared/machine-model';

/** Enough toasts for a queue of three (one shown, two waiting); the context then stays finite. */
const MAX_TOASTS_SENT = 3;

/** One toast with every default, one with its own id, type and time. */
const shows: Array<{ type: 'toast.show'; toast: ToastRequest }> = [
  { type: 'toast.show', toast: { message: { text: 'Saved' } } },
  { type: 'toast.show', toast: { id: 'offline', message: { text: 'You are offline' }, type: 'error', time: 8000 } },
];

export const toastModel = defineModel({
  machine: toastMachine,
  events: {
    'toast.show': (snapshot) => (snapshot.context.nextId > MAX_TOASTS_SENT ? [] : shows),
    // Dismiss each queued toast by its id, plus one id nobody has (refused, so it adds no path).
    'toast.dismiss': (snapshot) =>
      [...snapshot.context.queue.map((toast) => toast.id), 'unknown'].map((id) => ({ type: 'toast.dismiss' as const, id })),
  },
  check: (snapshot) => {
    const { queue } = snapshot.context;
    if (snapshot.hasTag('visible') !== queue.length > 0) throw new Error(`visible with ${queue.length} queued`);
    if (new Set(queue.map((t) => t.id)).size !== queue.length) throw new Error('two queued toasts share an id');
    for (const toast of queue) {
      if (toast.id !== 'offline' && (toast.time !== 5000 || toast.type !== 'info')) {
        throw new Error(`toast ${toast.id} lost the defaults: ${toast.time} ms, ${toast.type}`);
      }
    }
  },
});
