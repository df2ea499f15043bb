/**
 * Order polling after a purchase (SPEC §4 "Order after purchase", §8 "Order polling failure", §9 "Order poll
 * interval"): the shared polling machine (machines/polling) configured for orders. The order is asked for every
 * 2000 ms until it is paid (done) or failed (failed); the payment machine invokes it once the payment is confirmed
 * and ends in its error state, with the reason, when it does not end paid.
 */
import { fromPromise } from 'xstate';
import { OrderStatusDocument } from '../../mesh/client/generated/documents/OrderStatus';
import type { ChannelClient } from '../../mesh/client/transport';
import { type Polled, type PollingInput, pollingMachine } from '../polling/polling.machine';
import type { Order } from './payment.types';

/** SPEC §9 "Order poll interval". */
export const ORDER_POLL_INTERVAL_MS = 2000;

/**
 * Where SPEC is silent: how many failed polls in a row (no answer, a 5xx, a throttle) are borne before giving up,
 * about ten seconds of outage. A poll that answers resets the count; a refusal (the order is not found, the session
 * is gone) gives up at once.
 */
export const MAX_CONSECUTIVE_POLL_FAILURES = 5;

/** What each poll asks about. */
export interface OrderQuery {
  orderId: number;
}

/** The polling machine's input for an order. */
export function orderPollingInput(orderId: number): PollingInput {
  return { intervalMs: ORDER_POLL_INTERVAL_MS, maxFailures: MAX_CONSECUTIVE_POLL_FAILURES, query: { orderId } satisfies OrderQuery };
}

/** Paid is done; failed is failed, and so is a refund while polling (no purchase either); anything else polls on. */
function orderVerdict(order: Order): Polled<Order> {
  if (order.status === 'paid') return { verdict: 'done', value: order };
  if (order.status === 'failed' || order.status === 'refunded') return { verdict: 'failed', value: order };
  return { verdict: 'again', value: order };
}

/** The polling machine asking for orders with `readOrder` (the real client, or a test's fake). */
export function orderPolling(readOrder: (query: OrderQuery, signal: AbortSignal) => Promise<Order>) {
  return pollingMachine.provide({
    actors: {
      // The polling machine hands over its query as it was given: orderPollingInput's.
      fetch: fromPromise<Polled, unknown>(async ({ input, signal }) => orderVerdict(await readOrder(input as OrderQuery, signal))),
    },
  });
}

/** Order polling over mesh/client: what the payment machine invokes in the app. */
export function createOrderPolling(deps: { client: ChannelClient }) {
  return orderPolling(async ({ orderId }, signal) => {
    const { order } = await deps.client.request(OrderStatusDocument, { id: orderId }, { signal });
    if (!order) throw new Error(`Order ${orderId} was not answered`);
    return order;
  });
}
