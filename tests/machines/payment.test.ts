/**
 * SPEC §4/§5 payment behaviour with fakes through .provide(): the purchase checks and their messages in order, the
 * promo code messages as the server gives them, nothing sold twice (purchased flags), processing → success or error
 * with order polling every 2000 ms, the failed order's reason, and the Stripe edge of card entry.
 */
import { describe, expect, it } from 'vitest';
import { type PromiseActorLogic, SimulatedClock, createActor, fromPromise } from 'xstate';
import { cardEntryMachine } from '../../machines/card-entry/card-entry.machine';
import type { CardConfirmation } from '../../machines/card-entry/card-entry.types';
import { orderPolling } from '../../machines/payment/order-polling';
import { amountDue, asksForCard, asksForTeam } from '../../machines/payment/payment.guards';
import { paymentMachine } from '../../machines/payment/payment.machine';
import {
  type AppliedCoupon,
  type ApplyCouponInput,
  type BuyInput,
  type Checkout,
  type Order,
  PAYMENT_MESSAGES,
} from '../../machines/payment/payment.types';
import { SOMETHING_WENT_WRONG } from '../../machines/shared/failures';
import type { OrderFacts } from '../../machines/payment/purchased-flags';
import { requestError } from '../../machines/shared/client-fixtures';
import { order } from '../../machines/shared/commerce-fixtures';
import { STRIPE_CARD_FORM } from '../../machines/card-entry/card-entry.model';
import { checkout, EVENT_WITHOUT_PACKAGE, FREE_PASS, OWNED_PLAN, OWNED_PLAN_ORDER, PAID_EVENT, TEAM_PASS, VISA, WELCOME10 } from '../../machines/payment/payment.model';

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const REFERENCE_PAYMENT = { purpose: 'payment', clientSecret: 'pi_secret', provider: 'reference', publishableKey: null } as const;

interface Fakes {
  orders?: readonly OrderFacts[];
  checkout?: Checkout;
  buyError?: unknown;
  /** What each poll of the order answers, in turn. */
  polls?: Order[];
  confirmWithStripe?: PromiseActorLogic<void, CardConfirmation>;
}

function start(fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  const calls = { coupons: [] as ApplyCouponInput[], buys: [] as BuyInput[], confirms: [] as CardConfirmation[], polls: 0 };
  const polls = [...(fakes.polls ?? [order('processing'), order('paid')])];
  const machine = paymentMachine.provide({
    actors: {
      loadOrders: fromPromise<readonly OrderFacts[]>(async () => fakes.orders ?? []),
      applyCoupon: fromPromise<AppliedCoupon, ApplyCouponInput>(async ({ input }) => {
        calls.coupons.push(input);
        if (input.code === 'WELCOME10') return WELCOME10;
        if (input.code === 'STAFFPASS') return { ...WELCOME10, code: 'STAFFPASS', discount: 100, discount_amount: 1099, amount: 0 };
        throw requestError('http', 422, input.code === 'PASS5' ? 'Wrong promo code' : 'Promo code is invalid');
      }),
      buy: fromPromise<Checkout, BuyInput>(async ({ input }) => {
        calls.buys.push(input);
        if (fakes.buyError !== undefined) throw fakes.buyError;
        return fakes.checkout ?? checkout('processing');
      }),
      cardEntry: cardEntryMachine.provide({
        actors: {
          confirmWithProcessor: fromPromise<void, CardConfirmation>(async ({ input }) => void calls.confirms.push(input)),
          ...(fakes.confirmWithStripe ? { confirmWithStripe: fakes.confirmWithStripe } : {}),
        },
      }),
      pollOrder: orderPolling(async () => {
        calls.polls += 1;
        const answer = polls.shift();
        if (!answer) throw new Error('no poll answer left');
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { clock, input: {} }).start();
  const snapshot = () => actor.getSnapshot();
  const tick = async (ms = 2000) => {
    clock.increment(ms);
    await settle();
  };
  return { actor, snapshot, calls, tick };
}

describe('payment: the purchase checks (SPEC §5)', () => {
  it('refuses in order: no id, a paid event without its package, a team pass without a team, no card', async () => {
    const { actor, snapshot, calls } = start();
    await settle();
    expect(snapshot().matches({ editing: 'ready' })).toBe(true);

    actor.send({ type: 'user.submit' });
    expect(snapshot().context.validationError).toEqual({ key: 'validation.selectProduct' });

    actor.send({ type: 'user.selectPurchase', purchase: { ...PAID_EVENT, id: null } });
    actor.send({ type: 'user.submit' });
    expect(snapshot().context.validationError).toEqual({ key: 'validation.selectProduct' });

    actor.send({ type: 'user.selectPurchase', purchase: EVENT_WITHOUT_PACKAGE });
    actor.send({ type: 'user.enterNewCard', details: VISA, save: false });
    actor.send({ type: 'user.submit' });
    expect(snapshot().context.validationError).toBe(PAYMENT_MESSAGES.singleEventPackageMissing);

    actor.send({ type: 'user.selectPurchase', purchase: TEAM_PASS });
    actor.send({ type: 'user.submit' });
    expect(snapshot().context.validationError).toEqual({ key: 'validation.selectTeam' });

    actor.send({ type: 'user.selectTeam', participantId: 101 });
    actor.send({ type: 'user.clearCard' });
    actor.send({ type: 'user.submit' });
    expect(snapshot().context.validationError).toEqual({ key: 'validation.selectCard' });
    expect(calls.buys).toEqual([]);

    actor.send({ type: 'user.selectSavedCard', paymentMethodId: 'pm_saved' });
    expect(snapshot().context.validationError).toBeNull();
    actor.send({ type: 'user.submit' });
    expect(snapshot().hasTag('processing')).toBe(true);
    await settle();
    expect(calls.buys).toEqual([{ type: 'package', id: 20, singleEventPackageId: null, participantId: 101, coupon: null }]);
  });

  it('sends a paid event with its single-event package id, and no team', async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    actor.send({ type: 'user.selectTeam', participantId: 101 });
    actor.send({ type: 'user.enterNewCard', details: VISA, save: true });
    actor.send({ type: 'user.submit' });
    await settle();
    expect(calls.buys).toEqual([{ type: 'event', id: 7, singleEventPackageId: 70, participantId: null, coupon: null }]);
    expect(calls.confirms).toEqual([{ intent: REFERENCE_PAYMENT, card: { kind: 'new', details: VISA, save: true }, cardForm: null }]);
  });

  it('asks no card when nothing is due: a free pass is paid at once', async () => {
    const { actor, snapshot, calls } = start({ checkout: checkout('paid') });
    await settle();
    actor.send({ type: 'user.selectPurchase', purchase: FREE_PASS });
    expect(asksForCard(snapshot())).toBe(false);
    expect(asksForTeam(snapshot())).toBe(false);
    actor.send({ type: 'user.submit' });
    await settle();
    expect(snapshot().value).toBe('success');
    expect(snapshot().output).toEqual({ order: checkout('paid').order });
    expect(calls.confirms).toEqual([]);
  });
});

describe('payment: promo codes (SPEC §5)', () => {
  it('shows the server\'s words for a refused code, and "Please fill in the input field" for an empty one', async () => {
    const { actor, snapshot, calls } = start();
    await settle();
    actor.send({ type: 'user.applyPromoCode', code: 'WELCOME10' });
    expect(snapshot().context.validationError).toEqual({ key: 'validation.selectProduct' });
    expect(calls.coupons).toEqual([]);

    actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    actor.send({ type: 'user.applyPromoCode', code: 'NOSUCHCODE' });
    expect(snapshot().hasTag('applyingPromo')).toBe(true);
    await settle();
    expect(snapshot().context.promoError).toEqual({ key: 'validation.promoInvalid' });

    actor.send({ type: 'user.applyPromoCode', code: 'PASS5' });
    await settle();
    expect(snapshot().context.promoError).toEqual({ key: 'server.wrongPromoCode' });

    actor.send({ type: 'user.applyPromoCode', code: '   ' });
    expect(snapshot().context.promoError).toEqual({ key: 'validation.fillInput' });
    expect(calls.coupons.map((c) => c.code)).toEqual(['NOSUCHCODE', 'PASS5']);
    expect(calls.coupons[0]).toEqual({ code: 'NOSUCHCODE', type: 'event', id: 7 });
  });

  it('discounts what is due and buys with the code; removing it restores the price', async () => {
    const { actor, snapshot, calls } = start();
    await settle();
    actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    actor.send({ type: 'user.applyPromoCode', code: ' WELCOME10 ' });
    await settle();
    expect(snapshot().context.coupon?.code).toBe('WELCOME10');
    expect(amountDue(snapshot().context)).toBe(989);
    actor.send({ type: 'user.removePromoCode' });
    expect(amountDue(snapshot().context)).toBe(1099);
    actor.send({ type: 'user.applyPromoCode', code: 'WELCOME10' });
    await settle();
    actor.send({ type: 'user.selectSavedCard', paymentMethodId: 'pm_saved' });
    actor.send({ type: 'user.submit' });
    await settle();
    expect(calls.buys[0]?.coupon).toBe('WELCOME10');
  });

  it('asks no card once a code makes it free, and forgets the code when the selection changes', async () => {
    const { actor, snapshot } = start({ checkout: checkout('paid') });
    await settle();
    actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    expect(asksForCard(snapshot())).toBe(true);
    actor.send({ type: 'user.applyPromoCode', code: 'STAFFPASS' });
    await settle();
    expect(amountDue(snapshot().context)).toBe(0);
    expect(asksForCard(snapshot())).toBe(false);
    actor.send({ type: 'user.selectPurchase', purchase: TEAM_PASS });
    expect(snapshot().context.coupon).toBeNull();
    expect(asksForTeam(snapshot())).toBe(true);
    actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    actor.send({ type: 'user.applyPromoCode', code: 'STAFFPASS' });
    await settle();
    actor.send({ type: 'user.submit' });
    await settle();
    expect(snapshot().value).toBe('success');
  });
});

describe('payment: what is already owned (SPEC §4 purchased flags)', () => {
  it('does not sell again what a paid, active order covers', async () => {
    const { actor, snapshot, calls } = start({ orders: [OWNED_PLAN_ORDER, order('paid', { productId: 7 })] });
    actor.send({ type: 'user.selectPurchase', purchase: OWNED_PLAN });
    await settle();
    expect(snapshot().hasTag('purchased')).toBe(true);
    actor.send({ type: 'user.submit' });
    expect(calls.buys).toEqual([]);

    actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    expect(snapshot().hasTag('purchased')).toBe(true);
    actor.send({ type: 'user.selectPurchase', purchase: TEAM_PASS });
    expect(snapshot().matches('editing')).toBe(true);
  });

  it('offers it again when the order is no longer active, and when the orders cannot be read', async () => {
    const lapsed = { ...OWNED_PLAN_ORDER, activity_status: 'inactive' as const };
    const { actor, snapshot } = start({ orders: [lapsed] });
    actor.send({ type: 'user.selectPurchase', purchase: OWNED_PLAN });
    await settle();
    expect(snapshot().matches('editing')).toBe(true);

    const unread = createActor(paymentMachine, { input: { purchase: OWNED_PLAN } }).start();
    await settle();
    expect(unread.getSnapshot().matches('editing')).toBe(true);
  });
});

describe('payment: processing, then success or error (SPEC §4)', () => {
  it('buys, confirms with the saved card and polls the order every 2000 ms until it is paid', async () => {
    const { actor, snapshot, calls, tick } = start({ polls: [order('processing'), order('paid')] });
    await settle();
    actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    actor.send({ type: 'user.selectSavedCard', paymentMethodId: 'pm_saved' });
    actor.send({ type: 'user.submit' });
    await settle();
    expect(calls.confirms).toEqual([{ intent: REFERENCE_PAYMENT, card: { kind: 'saved', paymentMethodId: 'pm_saved' }, cardForm: null }]);
    expect(snapshot().matches({ processing: 'polling' })).toBe(true);
    await tick(1999);
    expect(calls.polls).toBe(0);
    await tick(1);
    expect(calls.polls).toBe(1);
    expect(snapshot().hasTag('processing')).toBe(true);
    await tick();
    expect(snapshot().value).toBe('success');
    expect(snapshot().hasTag('success')).toBe(true);
    expect(snapshot().output).toEqual({ order: order('paid') });
  });

  it('ends in error with the failed order and the processor\'s words when the card is declined; retry keeps the form', async () => {
    const { actor, snapshot, tick } = start({ polls: [order('failed')] });
    await settle();
    actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    actor.send({ type: 'user.enterNewCard', details: { ...VISA, number: '4000000000000002' }, save: false });
    actor.send({ type: 'user.submit' });
    await settle();
    await tick();
    expect(snapshot().value).toBe('error');
    expect(snapshot().context).toMatchObject({
      errorMessage: { key: 'server.cardDeclined' },
      order: { status: 'failed', failure_reason: 'card_declined' },
    });
    actor.send({ type: 'user.retry' });
    expect(snapshot().matches({ editing: 'ready' })).toBe(true);
    expect(snapshot().context).toMatchObject({ errorMessage: null, purchase: PAID_EVENT });
    expect(snapshot().context.card).toMatchObject({ kind: 'new' });
  });

  it("shows the server's refusal of the order as given, and the generic message for an outage", async () => {
    const refused = start({ buyError: requestError('http', 409, 'You already have access to this event') });
    await settle();
    refused.actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    refused.actor.send({ type: 'user.selectSavedCard', paymentMethodId: 'pm_saved' });
    refused.actor.send({ type: 'user.submit' });
    await settle();
    expect(refused.snapshot().context.errorMessage).toEqual({ text: 'You already have access to this event' });
    // The form says it: no order was opened.
    expect(refused.snapshot().context.order).toBeNull();

    const outage = start({ buyError: requestError('crash', 503, 'Service Unavailable') });
    await settle();
    outage.actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    outage.actor.send({ type: 'user.selectSavedCard', paymentMethodId: 'pm_saved' });
    outage.actor.send({ type: 'user.submit' });
    await settle();
    expect(outage.snapshot().context.errorMessage).toBe(SOMETHING_WENT_WRONG);
  });
});

describe('payment: Stripe (a third-party edge the app shell provides)', () => {
  it('fails into the error state when Stripe.js is not provided', async () => {
    const { actor, snapshot, calls } = start({ checkout: checkout('processing', 'stripe') });
    await settle();
    actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    actor.send({ type: 'user.enterNewCard', details: null, save: false });
    actor.send({ type: 'user.submit' });
    await settle();
    expect(snapshot().value).toBe('error');
    expect(snapshot().context.errorMessage).toBe(SOMETHING_WENT_WRONG);
    expect(calls.confirms).toEqual([]);
  });

  it('hands the client secret, publishable key, card and the card form the page showed to the provided Stripe actor, then polls', async () => {
    const seen: CardConfirmation[] = [];
    const confirmWithStripe = fromPromise<void, CardConfirmation>(async ({ input }) => void seen.push(input));
    const { actor, snapshot, tick } = start({ checkout: checkout('processing', 'stripe'), confirmWithStripe, polls: [order('paid')] });
    await settle();
    actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    actor.send({ type: 'stripe.ready', cardForm: STRIPE_CARD_FORM });
    actor.send({ type: 'user.enterNewCard', details: null, save: false });
    actor.send({ type: 'user.submit' });
    await settle();
    expect(seen).toEqual([
      {
        intent: { purpose: 'payment', clientSecret: 'pi_secret', provider: 'stripe', publishableKey: 'pk_test_summit' },
        card: { kind: 'new', details: null, save: false },
        cardForm: STRIPE_CARD_FORM,
      },
    ]);
    await tick();
    expect(snapshot().value).toBe('success');
  });

  it('confirms with no card form once Stripe Elements has left the page', async () => {
    const seen: CardConfirmation[] = [];
    const confirmWithStripe = fromPromise<void, CardConfirmation>(async ({ input }) => void seen.push(input));
    const { actor } = start({ checkout: checkout('processing', 'stripe'), confirmWithStripe, polls: [order('paid')] });
    await settle();
    actor.send({ type: 'user.selectPurchase', purchase: PAID_EVENT });
    actor.send({ type: 'stripe.ready', cardForm: STRIPE_CARD_FORM });
    actor.send({ type: 'stripe.gone' });
    actor.send({ type: 'user.enterNewCard', details: null, save: false });
    actor.send({ type: 'user.submit' });
    await settle();
    expect(seen.map((confirmation) => confirmation.cardForm)).toEqual([null]);
  });
});
