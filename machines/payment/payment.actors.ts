/**
 * The payment machine's real actors over mesh/client, for the app shell: `paymentMachine.provide({ actors: {
 * ...createPaymentActors({ client }), confirmStripePayment } })`, where `confirmStripePayment` comes from the Stripe
 * adapter (Stripe.js is a third-party edge the app shell owns).
 */
import { fromPromise } from 'xstate';
import { ApplyCouponDocument } from '../../mesh/client/generated/documents/ApplyCoupon';
import { BuyDocument } from '../../mesh/client/generated/documents/Buy';
import { ConfirmPaymentDocument } from '../../mesh/client/generated/documents/ConfirmPayment';
import { OrdersDocument } from '../../mesh/client/generated/documents/Orders';
import type { ChannelClient } from '../../mesh/client/transport';
import { createOrderPolling } from '../order-polling/order-polling.actors';
import type { Order } from '../order-polling/order-polling.machine';
import type { OrderFacts } from '../purchases/purchased-flags';
import { PAYMENT_MESSAGES, type AppliedCoupon, type ApplyCouponInput, type BuyInput, type Checkout, type ConfirmPaymentInput } from './payment.types';

export function createPaymentActors(deps: { client: ChannelClient }) {
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
      // Only what applies is sent: the API refuses a field that does not belong to the kind of purchase, null or not.
      const variables = {
        type: input.type,
        id: input.id,
        ...(input.singleEventPackageId === null ? {} : { singleEventPackageId: input.singleEventPackageId }),
        ...(input.participantId === null ? {} : { participantId: input.participantId }),
        ...(input.coupon === null ? {} : { coupon: input.coupon }),
      };
      const { purchase } = await client.request(BuyDocument, variables, { signal });
      if (!purchase) throw new Error('The purchase was not answered');
      return {
        order: purchase.order,
        clientSecret: purchase.client_secret,
        provider: purchase.provider,
        publishableKey: purchase.publishable_key,
      };
    }),

    /** The reference processor: a new card's details (saved on request) or a saved card's payment method id. */
    confirmPayment: fromPromise<Order, ConfirmPaymentInput>(async ({ input, signal }) => {
      const { clientSecret, card } = input;
      if (clientSecret === null) throw new Error('The order has no payment to confirm');
      if (card.kind === 'new' && card.details === null) throw new Error(PAYMENT_MESSAGES.selectCard);
      const variables =
        card.kind === 'saved'
          ? { clientSecret, paymentMethodId: card.paymentMethodId }
          : { clientSecret, card: card.details, saveCard: card.save };
      const { order } = await client.request(ConfirmPaymentDocument, variables, { signal });
      if (!order) throw new Error('The payment confirmation was not answered');
      return order;
    }),

    pollOrder: createOrderPolling({ client }),
  };
}
