/**
 * The payment machine's real actors over mesh/client, for the app shell: `paymentMachine.provide({ actors:
 * createPaymentActors({ client, confirmWithStripe }) })`, where `confirmWithStripe` comes from the Stripe adapter
 * (Stripe.js is a third-party edge the app shell owns).
 */
import { type PromiseActorLogic, fromPromise } from 'xstate';
import { ApplyCouponDocument } from '../../mesh/client/generated/documents/ApplyCoupon';
import { BuyDocument } from '../../mesh/client/generated/documents/Buy';
import { OrdersDocument } from '../../mesh/client/generated/documents/Orders';
import type { ChannelClient } from '../../mesh/client/transport';
import { createCardEntry, loadSavedCards } from '../card-entry/card-entry.actors';
import type { CardConfirmation } from '../card-entry/card-entry.types';
import { createOrderPolling } from './order-polling';
import type { AppliedCoupon, ApplyCouponInput, BuyInput, Checkout, Order } from './payment.types';
import type { OrderFacts } from './purchased-flags';

export function createPaymentActors(deps: { client: ChannelClient; confirmWithStripe?: PromiseActorLogic<void, CardConfirmation> }) {
  const { client } = deps;
  return {
    /** The viewer's paid, active orders (every one: no_limit=1), for the purchased flags. */
    loadOrders: fromPromise<readonly OrderFacts[]>(async ({ signal }) => {
      const { orders } = await client.request(OrdersDocument, { status: 'paid', activityStatus: 'active' }, { signal });
      return (orders?.data ?? []).filter((order): order is Order => order !== null);
    }),

    applyCoupon: fromPromise<AppliedCoupon, ApplyCouponInput>(async ({ input, signal }) => {
      const { coupon } = await client.request(ApplyCouponDocument, input, { signal });
      if (!coupon) throw new Error('The promo code was not answered');
      return coupon;
    }),

    buy: fromPromise<Checkout, BuyInput>(async ({ input, signal }) => {
      // One key per purchase attempt, re-sent by the transport's retry: the API answers a repeat without a second order.
      const idempotencyKey = crypto.randomUUID();
      // Only what applies is sent: the API refuses a field that does not belong to the kind of purchase, null or not.
      const variables = {
        type: input.type,
        id: input.id,
        ...(input.singleEventPackageId === null ? {} : { singleEventPackageId: input.singleEventPackageId }),
        ...(input.participantId === null ? {} : { participantId: input.participantId }),
        ...(input.coupon === null ? {} : { coupon: input.coupon }),
      };
      const { purchase } = await client.request(BuyDocument, variables, { signal, idempotencyKey });
      if (!purchase) throw new Error('The purchase was not answered');
      return {
        order: purchase.order,
        clientSecret: purchase.client_secret,
        provider: purchase.provider,
        publishableKey: purchase.publishable_key,
      };
    }),

    loadSavedCards: loadSavedCards({ client }),
    cardEntry: createCardEntry(deps),
    pollOrder: createOrderPolling({ client }),
  };
}
