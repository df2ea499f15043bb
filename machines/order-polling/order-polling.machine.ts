/**
 * Order polling after a purchase (SPEC §4 "Order after purchase", §8 "Order polling failure", §9 "Order poll
 * interval"): the order is asked for every 2000 ms until it is paid (resolve: the order) or failed (reject: the order
 * data and a popup flag). The payment machine invokes it once the payment is confirmed.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OrderFieldsFragment } from '../../mesh/client/generated/graphql';
import { isTransientFailure, SOMETHING_WENT_WRONG } from '../purchases/failures';

/** SPEC §9 "Order poll interval". */
export const ORDER_POLL_INTERVAL_MS = 2000;

/**
 * Where SPEC is silent: how many failed polls in a row (no answer, a 5xx, a throttle) are borne before giving up,
 * about ten seconds of outage. A poll that answers resets the count; a refusal (the order is not found, the session
 * is gone) gives up at once.
 */
export const MAX_CONSECUTIVE_POLL_FAILURES = 5;

export type Order = OrderFieldsFragment;

/** @public */
export interface OrderPollingInput {
  orderId: number;
}

/** @public */
export interface FetchOrderInput {
  orderId: number;
}

/**
 * How polling ended, the machine's output. `paid` resolves; `failed` and `unknown` reject, with the order as last
 * seen and the flag that tells the view to show the failure popup.
 */
export type OrderPollingOutput =
  | { result: 'paid'; order: Order }
  | { result: 'failed'; order: Order; showPopup: true }
  | { result: 'unknown'; order: Order | null; showPopup: true; message: string };

/** @public */
export interface OrderPollingContext {
  orderId: number;
  /** The order as last answered; null until the first poll answers. */
  order: Order | null;
  /** Failed polls since the last answer. */
  failedPolls: number;
}

/**
 * The app shell sends `app.resumed` when the page becomes visible again: browsers slow timers down in background
 * tabs, so the order is asked for at once rather than at the next tick.
 *
 * @public
 */
export type OrderPollingEvent = { type: 'app.resumed' };

export const orderPollingMachine = setup({
  types: {
    context: {} as OrderPollingContext,
    events: {} as OrderPollingEvent,
    input: {} as OrderPollingInput,
    output: {} as OrderPollingOutput,
    tags: {} as 'polling',
  },
  actors: {
    // Safe default: without the client there is nothing to ask, and polling gives up at once (a handled outcome).
    fetchOrder: fromPromise<Order, FetchOrderInput>(async () => {
      throw new Error('fetchOrder is not provided: the order cannot be checked');
    }),
  },
  guards: {
    isPaid: (_, order: Order) => order.status === 'paid',
    /** A refund while polling is no purchase either: it ends like a failure. */
    hasFailed: (_, order: Order) => order.status === 'failed' || order.status === 'refunded',
    /** A passing failure (no answer, a 5xx, a throttle) that is not yet the 5th in a row. */
    isRetryable: ({ context }, failure: { error: unknown }) =>
      isTransientFailure(failure.error) && context.failedPolls + 1 < MAX_CONSECUTIVE_POLL_FAILURES,
  },
  actions: {
    keepOrder: assign((_, order: Order) => ({ order, failedPolls: 0 })),
    countFailure: assign({ failedPolls: ({ context }) => context.failedPolls + 1 }),
  },
}).createMachine({
  id: 'orderPolling',
  description:
    'After a payment is confirmed, the order is checked every 2 seconds until it is paid or failed. A failed order, ' +
    'or an order that cannot be checked any more, ends with the failure popup.',
  context: ({ input }) => ({ orderId: input.orderId, order: null, failedPolls: 0 }),
  initial: 'waiting',
  output: ({ event }) => event.output as OrderPollingOutput,
  states: {
    waiting: {
      description: 'Waiting 2 seconds before checking the order (the payment settles in the meantime).',
      tags: ['polling'],
      after: { [ORDER_POLL_INTERVAL_MS]: { target: 'checking', description: 'Time to check the order again.' } },
      on: { 'app.resumed': { target: 'checking', description: 'The page is visible again: check at once.' } },
    },
    checking: {
      description: 'Asking for the order.',
      tags: ['polling'],
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => event.output },
            target: 'paid',
            actions: { type: 'keepOrder', params: ({ event }) => event.output },
            description: 'The payment went through.',
          },
          {
            guard: { type: 'hasFailed', params: ({ event }) => event.output },
            target: 'failed',
            actions: { type: 'keepOrder', params: ({ event }) => event.output },
            description: 'The payment was declined (or the order refunded).',
          },
          {
            target: 'waiting',
            actions: { type: 'keepOrder', params: ({ event }) => event.output },
            description: 'Still processing: check again in 2 seconds.',
          },
        ],
        onError: [
          {
            guard: { type: 'isRetryable', params: ({ event }) => ({ error: event.error }) },
            target: 'waiting',
            actions: 'countFailure',
            description: 'No answer, or the server is struggling: try again at the next tick (up to 5 times in a row).',
          },
          {
            target: 'unreachable',
            actions: 'countFailure',
            description: 'The order cannot be checked: refused, or 5 failed checks in a row.',
          },
        ],
      },
    },
    paid: {
      description: 'The order is paid: the purchase succeeded.',
      type: 'final',
      output: ({ context }) => ({ result: 'paid', order: context.order as Order }),
    },
    failed: {
      description: 'The order failed: the failure popup shows the order.',
      type: 'final',
      output: ({ context }) => ({ result: 'failed', order: context.order as Order, showPopup: true }),
    },
    unreachable: {
      description: 'The order could not be checked: the failure popup asks the viewer to look at their orders later.',
      type: 'final',
      output: ({ context }) => ({ result: 'unknown', order: context.order, showPopup: true, message: SOMETHING_WENT_WRONG }),
    },
  },
});
