/**
 * Model of the payment (machines/payment): the selections a page may send, the cards and promo codes a viewer may
 * give, and what buying, confirming and order polling may answer. Events are offered where a viewer could send
 * them (a selection while nothing is selected, a card while none is chosen...), which keeps the model small.
 */
import { messageId } from '../shared/messages';
import { SAVED_CARD, STRIPE_CARD_FORM } from '../card-entry/card-entry.model';
import type { CardEntryOutput, SavedCard } from '../card-entry/card-entry.types';
import { amountDue } from './payment.guards';
import { paymentMachine } from './payment.machine';
import {
  type AppliedCoupon,
  type Checkout,
  type Order,
  PAYMENT_MESSAGES,
  type PaymentContext,
  type PurchaseSelection,
} from './payment.types';
import type { PollingOutput } from '../polling/polling.machine';
import { SOMETHING_WENT_WRONG } from '../shared/failures';
import { declineMessage } from '../../mesh/validation';
import { defineModel } from '../shared/machine-model';
import { requestError } from '../shared/client-fixtures';
import { order } from '../shared/commerce-fixtures';

export const PAID_EVENT: PurchaseSelection = { type: 'event', name: 'Lakers @ Huskies', currency: 'USD', id: 7, price: 1099, isPaid: true, singleEventPackageId: 70 };
export const EVENT_WITHOUT_PACKAGE: PurchaseSelection = { type: 'event', name: 'Foxes @ Lakers', currency: 'USD', id: 8, price: 1099, isPaid: true, singleEventPackageId: null };
export const TEAM_PASS: PurchaseSelection = {
  type: 'package',
  name: "Men's Hockey Team Pass",
  currency: 'USD',
  id: 20,
  price: 4999,
  isTeamPass: true,
  eventCategoryIds: [1],
  participantIds: [101, 102],
};
export const FREE_PASS: PurchaseSelection = { type: 'package', name: 'Free Basic Pass 2023-24', currency: 'USD', id: 21, price: 0, isTeamPass: false, eventCategoryIds: [], participantIds: [] };
/** The viewer's monthly plan: owned through the paid order below. */
export const OWNED_PLAN: PurchaseSelection = { type: 'subscription', name: 'All-Access Monthly', currency: 'USD', id: 3, price: 1299 };
export const OWNED_PLAN_ORDER = order('paid', { id: 5, type: 'subscription', productId: 3 });

export const VISA = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
export const WELCOME10: AppliedCoupon = {
  code: 'WELCOME10',
  discount_type: 'percent',
  discount: 10,
  applies_to: 'all',
  price: 1099,
  discount_amount: 110,
  amount: 989,
  currency: 'USD',
};

export const checkout = (status: 'processing' | 'paid', provider: Checkout['provider'] = 'reference'): Checkout => ({
  order: order(status),
  clientSecret: status === 'paid' ? null : 'pi_secret',
  provider,
  publishableKey: provider === 'stripe' ? 'pk_test_summit' : null,
});

/** Cards are chosen for what costs something and can be bought: the paid event and the team pass. */
const choosesCard = (context: PaymentContext): boolean =>
  context.card === null && (context.purchase?.id === PAID_EVENT.id || context.purchase?.id === TEAM_PASS.id);

const select = (purchase: PurchaseSelection) => ({ type: 'user.selectPurchase' as const, purchase });

/** Messages the form and the error state may show, and nothing else. */
const KNOWN_MESSAGES: ReadonlySet<string> = new Set([
  ...[...Object.values(PAYMENT_MESSAGES), SOMETHING_WENT_WRONG, declineMessage('card_declined')].map(messageId),
  'validation.promoInvalid',
  'You already have access to this event',
  'Your card number is incorrect.',
]);

export const paymentModel = defineModel({
  machine: paymentMachine,
  // A page with nothing selected yet; and a reload of the paid event's page while its payment was being settled.
  inputs: [{}, { purchase: PAID_EVENT, openOrderId: 42 }],
  // The studio's Simulate view offers them by these names (path titles leave the ordinary start unnamed).
  inputLabel: (input) =>
    input.openOrderId === undefined ? 'a checkout page with nothing selected yet' : `a reload of ${PAID_EVENT.name} while order 42 is being settled`,
  // A viewer's card, hidden in a trace the live view recorded, is the test card when the studio follows the trace.
  traceStandIns: { 'user.enterNewCard': { type: 'user.enterNewCard', details: VISA, save: true } },
  events: {
    'user.selectPurchase': (snapshot) => {
      if (snapshot.matches('purchased')) return [select(PAID_EVENT)];
      if (snapshot.context.purchase !== null) return [];
      return [PAID_EVENT, EVENT_WITHOUT_PACKAGE, TEAM_PASS, FREE_PASS, OWNED_PLAN].map(select);
    },
    'user.selectSavedCard': (snapshot) =>
      choosesCard(snapshot.context) ? [{ type: 'user.selectSavedCard' as const, paymentMethodId: 'pm_saved' }] : [],
    'user.enterNewCard': (snapshot) => (choosesCard(snapshot.context) ? [{ type: 'user.enterNewCard' as const, details: VISA, save: true }] : []),
    'user.clearCard': (snapshot) => (snapshot.context.card === null ? [] : [{ type: 'user.clearCard' as const }]),
    'user.selectTeam': (snapshot) =>
      snapshot.context.purchase?.type === 'package' && snapshot.context.participantId === null
        ? [{ type: 'user.selectTeam' as const, participantId: 101 }]
        : [],
    // Stripe Elements shows while a card is chosen, and leaves with the form (offered only there: card entry is faked here).
    'stripe.ready': (snapshot) =>
      snapshot.context.cardForm === null && snapshot.matches({ editing: 'ready' }) && choosesCard(snapshot.context)
        ? [{ type: 'stripe.ready' as const, cardForm: STRIPE_CARD_FORM }]
        : [],
    'stripe.gone': (snapshot) =>
      snapshot.context.cardForm !== null && snapshot.matches({ editing: 'ready' }) ? [{ type: 'stripe.gone' as const }] : [],
    // On the paid event (and before anything is selected, which is refused).
    'user.applyPromoCode': (snapshot) =>
      snapshot.context.coupon === null && (snapshot.context.purchase === null || snapshot.context.purchase.id === PAID_EVENT.id)
        ? [
            { type: 'user.applyPromoCode' as const, code: 'WELCOME10' },
            { type: 'user.applyPromoCode' as const, code: '  ' },
          ]
        : [],
  },
  outputs: {
    loadOrders: [[OWNED_PLAN_ORDER]],
    // A viewer with a saved card (their default, chosen for them) or with none. Read once per checkout: once a card
    // is kept, the reading is over.
    loadSavedCards: (snapshot) => (snapshot.context.savedCards.length > 0 ? [] : ([[SAVED_CARD], []] satisfies Array<readonly SavedCard[]>)),
    applyCoupon: [WELCOME10],
    buy: [checkout('processing'), checkout('paid')],
    cardEntry: [{ result: 'confirmed' }, { result: 'refused', message: { text: 'Your card number is incorrect.' } }] satisfies CardEntryOutput[],
    pollOrder: [
      { result: 'done', value: order('paid') },
      { result: 'failed', value: order('failed') },
      { result: 'gaveUp', value: order('processing'), error: requestError('network', 0, 'fetch failed') },
      // Never answered: the error keeps the order that was bought.
      { result: 'gaveUp', value: null, error: requestError('notFound', 404, 'Order not found') },
    ] satisfies PollingOutput<Order>[],
  },
  errors: {
    loadOrders: [requestError('network', 0, 'fetch failed')],
    loadSavedCards: (snapshot) => (snapshot.context.savedCards.length > 0 ? [] : [requestError('network', 0, 'fetch failed')]),
    applyCoupon: [requestError('http', 422, 'Promo code is invalid')],
    buy: [requestError('http', 409, 'You already have access to this event')],
    cardEntry: [new Error('card entry stopped')],
    pollOrder: [new Error('order polling stopped')],
  },
  // How paths read in their titles (`npm run paths`): what the viewer does and what the services answer, in their words.
  titles: {
    inputs: (input) => (input.openOrderId === undefined ? '' : 'reload while an order is being settled'),
    events: {
      'user.selectPurchase': (event) => `pick ${event.purchase.name}`,
      'user.selectSavedCard': 'pay with a saved card',
      'user.enterNewCard': 'enter a new card',
      'stripe.ready': 'card form shows',
      'stripe.gone': 'card form goes',
      'user.applyPromoCode': (event) => (event.code.trim() === '' ? 'apply a blank promo code' : `apply promo code ${event.code}`),
    },
    outputs: {
      // Every path starts by loading the orders; saying so in each title would only hide what differs.
      loadOrders: '',
      buy: (opened: Checkout) => (opened.order.status === 'paid' ? 'paid at once' : 'order awaits the card'),
      cardEntry: (entered: CardEntryOutput) => (entered.result === 'confirmed' ? 'card confirmed' : 'card refused'),
      pollOrder: (polled: PollingOutput<Order>) =>
        polled.result === 'done'
          ? 'order paid'
          : polled.result === 'failed'
            ? 'order declined'
            : polled.value === null
              ? 'order never answered'
              : 'gave up following the order',
    },
  },
  // What guards and payloads read; the messages are checked, not keyed. The card form only travels on to card entry
  // (faked here), so a state with it is the state without it.
  abstractState: (snapshot) => {
    const { purchase, orders, card, participantId, coupon } = snapshot.context;
    return {
      value: snapshot.value,
      purchase: purchase?.id ?? null,
      owned: orders.length,
      card: card?.kind ?? null,
      team: participantId,
      coupon: coupon?.code ?? null,
      resumes: snapshot.context.openOrderId,
    };
  },
  check: (snapshot, step) => {
    const ran = (type: string) => step.actions.some((action) => action.type === type);
    // A reload resumes following the order it left; once the order settles it is forgotten, for good.
    if (snapshot.matches({ processing: 'polling' }) && snapshot.context.checkout === null && snapshot.context.openOrderId !== 42) {
      throw new Error('following an order that is neither opened nor resumed');
    }
    if (step.event.type.startsWith('xstate.done.actor.pollOrder') || step.event.type.startsWith('xstate.error.actor.pollOrder')) {
      if (!ran('forgetOpenOrder') || snapshot.context.openOrderId !== null) throw new Error('a settled order is not forgotten');
    }
    const { validationError, promoError, errorMessage, order: last, purchase, coupon, checkout: opened } = snapshot.context;
    for (const message of [validationError, promoError, errorMessage]) {
      if (message !== null && !KNOWN_MESSAGES.has(messageId(message))) throw new Error(`unexpected message "${messageId(message)}"`);
    }
    if (snapshot.hasTag('error') !== (errorMessage !== null)) throw new Error('the error state and its message disagree');
    // SPEC §4/§8: an order that did not end paid is said by the error state (the processor's words when it declined,
    // the generic message otherwise), with the order kept.
    const polled = step.event.type === 'xstate.done.actor.pollOrder' ? (step.event as unknown as { output: PollingOutput<Order> }).output : null;
    if (polled !== null && polled.result !== 'done') {
      const expected = polled.result === 'failed' && polled.value?.failure_reason ? declineMessage(polled.value.failure_reason) : SOMETHING_WENT_WRONG;
      // Compared as JSON, not with node:util, so the model bundles for the studio in the browser.
      if (!snapshot.matches('error') || JSON.stringify(errorMessage) !== JSON.stringify(expected) || (last === null && opened !== null)) {
        throw new Error('a failed order without the error state, its message and the order');
      }
    }
    if (snapshot.matches('success') && (snapshot.output as { order: unknown }).order !== last) throw new Error('success without the order');
    if (snapshot.matches('purchased') && purchase?.id !== OWNED_PLAN.id) throw new Error('only the owned plan reads as purchased');
    if (coupon !== null && amountDue(snapshot.context) !== coupon.amount) throw new Error('the promo code does not set what is due');
    if (snapshot.hasTag('processing') && (validationError !== null || purchase?.id == null)) {
      throw new Error('processing a purchase that did not pass the checks');
    }
  },
});
