/** The order polling's real actor over mesh/client, for the app shell (and the payment machine's actors). */
import { fromPromise } from 'xstate';
import { OrderStatusDocument } from '../../mesh/client/generated/documents/OrderStatus';
import type { ChannelClient } from '../../mesh/client/transport';
import { type FetchOrderInput, type Order, orderPollingMachine } from './order-polling.machine';

export function createOrderPollingActors(deps: { client: ChannelClient }) {
  return {
    fetchOrder: fromPromise<Order, FetchOrderInput>(async ({ input, signal }) => {
      const { order } = await deps.client.request(OrderStatusDocument, { id: input.orderId }, { signal });
      if (!order) throw new Error(`Order ${input.orderId} was not answered`);
      return order;
    }),
  };
}

/** The polling machine with its real actor: what the payment machine invokes once a payment is confirmed. */
export function createOrderPolling(deps: { client: ChannelClient }) {
  return orderPollingMachine.provide({ actors: createOrderPollingActors(deps) });
}
