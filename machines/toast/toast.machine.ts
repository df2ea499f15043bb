/**
 * Toasts (SPEC §3 Toast, §9 "Toast duration and type"): short messages shown one at a time from a queue. Each one
 * leaves after its own time, or earlier when the viewer closes it; the next queued toast then takes its place.
 */
import type { Message } from '../../mesh/messages';
import { assign, not, setup } from 'xstate';

/** How long a toast stays when its sender gives no time (SPEC §9). */
export const TOAST_DEFAULT_TIME_MS = 5000;
/** The kind a toast has when its sender gives none (SPEC §9). */
export const TOAST_DEFAULT_TYPE = 'info';

/** @public */
export type ToastType = 'success' | 'error' | 'info';

/**
 * A queued toast, as views render it (SPEC §3).
 *
 * @public
 */
export interface Toast {
  id: string;
  message: Message;
  /** Milliseconds the toast stays on screen once it is shown. */
  time: number;
  type: ToastType;
}

/**
 * What a sender gives: only the message is required.
 *
 * @public
 */
export interface ToastRequest {
  message: Message;
  /** Give an id to dismiss the toast later, or to show a message at most once while it is queued. */
  id?: string;
  time?: number;
  type?: ToastType;
}

/** @public */
export interface ToastContext {
  /** The toast on screen first, then the waiting ones in order. */
  queue: Toast[];
  /** Numbers the ids of toasts sent without one. */
  nextId: number;
}

/** @public */
export type ToastEvent = { type: 'toast.show'; toast: ToastRequest } | { type: 'toast.dismiss'; id: string };

function toToast(request: ToastRequest, nextId: number): Toast {
  const { time } = request;
  return {
    id: request.id ?? `toast-${nextId}`,
    message: request.message,
    time: time !== undefined && Number.isFinite(time) && time > 0 ? time : TOAST_DEFAULT_TIME_MS,
    type: request.type ?? TOAST_DEFAULT_TYPE,
  };
}

export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
  },
  guards: {
    isQueuedId: ({ context, event }) =>
      event.type === 'toast.show' && event.toast.id !== undefined && context.queue.some((t) => t.id === event.toast.id),
    isShownToast: ({ context, event }) => event.type === 'toast.dismiss' && context.queue[0]?.id === event.id,
    isWaitingToast: ({ context, event }) =>
      event.type === 'toast.dismiss' && context.queue.slice(1).some((t) => t.id === event.id),
    hasToasts: ({ context }) => context.queue.length > 0,
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'toast.show') return {};
      return { queue: [...context.queue, toToast(event.toast, context.nextId)], nextId: context.nextId + 1 };
    }),
    dropShown: assign({ queue: ({ context }) => context.queue.slice(1) }),
    dropWaiting: assign({
      queue: ({ context, event }) =>
        event.type === 'toast.dismiss' ? context.queue.filter((t, i) => i === 0 || t.id !== event.id) : context.queue,
    }),
  },
  delays: {
    /** The shown toast's own time. */
    shownToastTime: ({ context }) => context.queue[0]?.time ?? TOAST_DEFAULT_TIME_MS,
  },
}).createMachine({
  id: 'toast',
  description:
    'Short messages for the viewer, shown one at a time in the order they were sent. Each stays for its own time ' +
    '(5 seconds unless the sender says otherwise) or until the viewer closes it.',
  context: { queue: [], nextId: 1 },
  initial: 'idle',
  states: {
    idle: {
      description: 'No toast on screen and none waiting.',
      on: {
        'toast.show': {
          target: 'showing',
          actions: 'enqueue',
          description: 'A message arrives: it is shown at once.',
        },
      },
    },
    showing: {
      description: 'The first toast of the queue is on screen; the others wait their turn.',
      tags: ['visible'],
      after: {
        shownToastTime: {
          target: 'next',
          actions: 'dropShown',
          description: "The shown toast's time is up: it leaves.",
        },
      },
      on: {
        'toast.show': {
          guard: not('isQueuedId'),
          actions: 'enqueue',
          description: 'Another message waits its turn, unless a toast with the same id is already queued.',
        },
        'toast.dismiss': [
          {
            guard: 'isShownToast',
            target: 'next',
            actions: 'dropShown',
            description: 'The viewer closes the toast on screen.',
          },
          {
            guard: 'isWaitingToast',
            actions: 'dropWaiting',
            description: 'A waiting toast is withdrawn before it was shown.',
          },
        ],
      },
    },
    next: {
      description: 'A toast has just left: show the next one, if any.',
      always: [
        { guard: 'hasToasts', target: 'showing', description: 'Another toast is waiting.' },
        { target: 'idle', description: 'The queue is empty.' },
      ],
    },
  },
});
