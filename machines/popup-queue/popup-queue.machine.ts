/**
 * Popups (SPEC §3 "Popup queue", §4 Popup): dialogs shown one at a time from a queue. The viewer dismisses the
 * shown one by confirming it (resolved) or closing it (cancelled); it leaves the queue and the next one is shown.
 * Whoever opened a popup learns how it ended from the events the actor emits (`actor.on('popup.resolved', ...)`).
 */
import { assign, emit, not, setup } from 'xstate';

/**
 * A queued popup, as views render it.
 *
 * @public
 */
export interface Popup {
  id: string;
  /** Which popup the view shows (`confirmClipDeletion`, `signInToFollow`, ...). */
  kind: string;
  /** What the view needs to fill it in (an order, a message). */
  data: Readonly<Record<string, unknown>>;
}

/**
 * What an opener gives: only the kind is required.
 *
 * @public
 */
export interface PopupRequest {
  kind: string;
  /** Give an id to recognise the outcome, or to queue a popup at most once while it is waiting. */
  id?: string;
  data?: Readonly<Record<string, unknown>>;
}

/** @public */
export interface PopupQueueContext {
  /** The popup on screen first, then the waiting ones in order. */
  queue: Popup[];
  /** Numbers the ids of popups opened without one. */
  nextId: number;
}

/** @public */
export type PopupQueueEvent =
  | { type: 'popup.open'; popup: PopupRequest }
  | { type: 'user.resolve'; id: string; value?: unknown }
  | { type: 'user.cancel'; id: string };

/**
 * How a popup ended, for whoever opened it.
 *
 * @public
 */
export type PopupQueueEmitted = { type: 'popup.resolved'; id: string; value: unknown } | { type: 'popup.cancelled'; id: string };

export const popupQueueMachine = setup({
  types: {
    context: {} as PopupQueueContext,
    events: {} as PopupQueueEvent,
    emitted: {} as PopupQueueEmitted,
    tags: {} as 'visible',
  },
  guards: {
    isQueuedId: ({ context, event }) =>
      event.type === 'popup.open' && event.popup.id !== undefined && context.queue.some((p) => p.id === event.popup.id),
    isShownPopup: ({ context, event }) =>
      (event.type === 'user.resolve' || event.type === 'user.cancel') && context.queue[0]?.id === event.id,
    hasPopups: ({ context }) => context.queue.length > 0,
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'popup.open') return {};
      const popup: Popup = {
        id: event.popup.id ?? `popup-${context.nextId}`,
        kind: event.popup.kind,
        data: event.popup.data ?? {},
      };
      return { queue: [...context.queue, popup], nextId: context.nextId + 1 };
    }),
    dropShown: assign({ queue: ({ context }) => context.queue.slice(1) }),
    announceResolved: emit((_, params: { id: string; value: unknown }) => ({ type: 'popup.resolved' as const, ...params })),
    announceCancelled: emit((_, params: { id: string }) => ({ type: 'popup.cancelled' as const, ...params })),
  },
}).createMachine({
  id: 'popupQueue',
  description:
    'Dialogs for the viewer, shown one at a time in the order they were opened. The viewer confirms or closes the ' +
    'one on screen; it is then gone and the next one appears.',
  context: { queue: [], nextId: 1 },
  initial: 'idle',
  states: {
    idle: {
      description: 'No popup on screen and none waiting.',
      on: {
        'popup.open': {
          target: 'showing',
          actions: 'enqueue',
          description: 'A popup is opened: it is shown at once.',
        },
      },
    },
    showing: {
      description: 'The first popup of the queue is on screen; the others wait their turn.',
      tags: ['visible'],
      on: {
        'popup.open': {
          guard: not('isQueuedId'),
          actions: 'enqueue',
          description: 'Another popup waits its turn, unless a popup with the same id is already queued.',
        },
        'user.resolve': {
          guard: 'isShownPopup',
          target: 'next',
          actions: ['dropShown', { type: 'announceResolved', params: ({ event }) => ({ id: event.id, value: event.value }) }],
          description: 'The viewer confirms the popup on screen: it is resolved and leaves the queue.',
        },
        'user.cancel': {
          guard: 'isShownPopup',
          target: 'next',
          actions: ['dropShown', { type: 'announceCancelled', params: ({ event }) => ({ id: event.id }) }],
          description: 'The viewer closes the popup on screen: it is cancelled and leaves the queue.',
        },
      },
    },
    next: {
      description: 'A popup has just been dismissed: show the next one, if any.',
      always: [
        { guard: 'hasPopups', target: 'showing', description: 'Another popup is waiting.' },
        { target: 'idle', description: 'The queue is empty.' },
      ],
    },
  },
});
