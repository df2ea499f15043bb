/**
 * The payment with its real actors (createPaymentActors over mesh/client) against the reference API behind Mesh: a
 * new viewer buys a paid event with the Visa test card and a promo code, the order is polled until paid (the API's
 * clock moved and its jobs run between polls; the machine's own 2000 ms on a simulated clock), and the event then
 * reads as purchased. The failure path: a declined card ends in the error state with the failed order and the
 * processor's words. Offline, the polling asks nothing until the browser is back online. A viewer's saved cards are offered (the default first) and pay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyActorRef, SimulatedClock, createActor, waitFor } from 'xstate';
import { ORDER_POLL_INTERVAL_MS } from '../../machines/payment/order-polling';
import { createPaymentActors } from '../../machines/payment/payment.actors';
import { paymentMachine } from '../../machines/payment/payment.machine';
import type { PurchaseSelection } from '../../machines/payment/payment.types';
import { UserAccessDocument } from '../../mesh/client/generated/documents/UserAccess';
import { CARDS, card, type EventItem, Shop } from '../server/commerce-helpers';
import { startTestApi, type TestApi } from '../server/harness';
import { paidEventPurchase } from './commerce-fixtures';
import { type RealClient, realClient } from './real-client';

let api: TestApi;
let shop: Shop;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
  shop = new Shop(api, await api.apiKey());
});

afterAll(async () => {
  await api.close();
});

/** A new viewer (nothing bought yet) signed in on a client of their own, and a paid event nobody owns. */
async function buyerAndEvent(label: string): Promise<{ real: RealClient; event: EventItem; purchase: PurchaseSelection }> {
  const viewer = await shop.newViewer(label);
  const real = realClient(api);
  await real.login(viewer.email);
  return { real, ...(await paidEventPurchase(shop)) };
}

function startPayment(real: RealClient, purchase: PurchaseSelection) {
  const clock = new SimulatedClock();
  const machine = paymentMachine.provide({
    actors: createPaymentActors({ client: real.client }),
  });
  const actor = createActor(machine, { clock, input: { purchase } }).start();
  const until = (predicate: (s: ReturnType<typeof actor.getSnapshot>) => boolean) => waitFor(actor, predicate, { timeout: 10_000 });
  /** The order polling child, once the payment is confirmed; resolves when it waits for its next tick. */
  const poller = async () => {
    const polling = await until((s) => s.matches({ processing: 'polling' }) || s.hasTag('error'));
    const child = (polling.children as Record<string, AnyActorRef | undefined>)['pollOrder'];
    if (!child) throw new Error(`no order polling (payment is in ${JSON.stringify(polling.value)}: ${polling.context.errorMessage})`);
    return child;
  };
  return { actor, clock, until, poller };
}

describe('payment with the real client', () => {
  it('buys a paid event with 4242 4242 4242 4242 and a promo code, polls until paid, then reads it as purchased', async () => {
    const { real, event, purchase } = await buyerAndEvent('card-buyer');
    const { actor, clock, until, poller } = startPayment(real, purchase);
    await until((s) => s.matches({ editing: 'ready' }));

    actor.send({ type: 'user.applyPromoCode', code: 'NOSUCHCODE' });
    const refused = await until((s) => s.matches({ editing: 'ready' }));
    expect(refused.context.promoError).toEqual({ key: 'validation.promoInvalid' });
    actor.send({ type: 'user.applyPromoCode', code: 'WELCOME10' });
    const discounted = await until((s) => s.matches({ editing: 'ready' }));
    expect(discounted.context.coupon).toMatchObject({ code: 'WELCOME10', price: purchase.price });
    expect(discounted.context.coupon?.amount).toBeLessThan(purchase.price);

    actor.send({ type: 'user.enterNewCard', details: card(CARDS.visa), save: false });
    actor.send({ type: 'user.submit' });
    const child = await poller();
    expect(actor.getSnapshot().context.order).toMatchObject({ status: 'processing', type: 'event', coupon: 'WELCOME10' });

    // First poll, before the processor has settled: still processing, so polling goes on.
    clock.increment(ORDER_POLL_INTERVAL_MS);
    const waiting = await waitFor(child, (s) => s.value === 'waiting' && (s.context as { last: unknown }).last !== null, { timeout: 10_000 });
    expect(waiting.context).toMatchObject({ last: { status: 'processing' } });
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);

    // The processor settles on the API's clock; the next poll sees the order paid.
    api.clock.advance(3);
    api.runJobs();
    clock.increment(ORDER_POLL_INTERVAL_MS);
    const done = await until((s) => s.status === 'done');
    expect(done.value).toBe('success');
    expect(done.output?.order).toMatchObject({ type: 'event', status: 'paid', activity_status: 'active', product: { id: event.id } });
    expect((await real.client.request(UserAccessDocument, {})).access?.events).toContain(event.id);

    // A second payment for the same event finds the paid order: nothing is sold twice.
    const again = startPayment(real, purchase);
    const owned = await again.until((s) => !s.hasTag('loading'));
    expect(owned.hasTag('purchased')).toBe(true);
  });

  it('ends in error with the failed order and the processor\'s words when the card is declined (4000 0000 0000 0002)', async () => {
    const { real, event, purchase } = await buyerAndEvent('declined-buyer');
    const { actor, clock, until, poller } = startPayment(real, purchase);
    await until((s) => s.matches({ editing: 'ready' }));
    actor.send({ type: 'user.enterNewCard', details: card(CARDS.declined), save: false });
    actor.send({ type: 'user.submit' });
    await poller();

    api.clock.advance(3);
    api.runJobs();
    clock.increment(ORDER_POLL_INTERVAL_MS);
    const failed = await until((s) => s.hasTag('error'));
    expect(failed.context.order).toMatchObject({ status: 'failed', failure_reason: 'card_declined', product: { id: event.id } });
    expect(failed.context.errorMessage).toEqual({ key: 'server.cardDeclined' });
    expect((await real.client.request(UserAccessDocument, {})).access?.events).not.toContain(event.id);

    // The viewer may try again from the form.
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
  });

  it('pauses order polling while the browser is offline, asks nothing on its ticks, and asks at once when it is back', async () => {
    const { real, purchase } = await buyerAndEvent('offline-buyer');
    const { actor, clock, until, poller } = startPayment(real, purchase);
    await until((s) => s.matches({ editing: 'ready' }));
    actor.send({ type: 'user.enterNewCard', details: card(CARDS.visa), save: false });
    actor.send({ type: 'user.submit' });
    const child = await poller();
    const asked = () => api.requestLog.entries.filter((entry) => entry.operationId === 'getOrder').length;

    actor.send({ type: 'app.offline' });
    expect(child.getSnapshot().value).toBe('paused');
    api.clock.advance(3);
    api.runJobs();
    const before = asked();
    clock.increment(ORDER_POLL_INTERVAL_MS * 5);
    expect(asked()).toBe(before);
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);

    actor.send({ type: 'app.online' });
    const paid = await until((s) => s.hasTag('success'));
    expect(asked()).toBe(before + 1);
    expect(paid.context.order).toMatchObject({ status: 'paid' });
  });

  it("offers the viewer's saved cards, the default first, and pays with one of them", async () => {
    const viewer = await shop.newViewer('saved-card-buyer');
    await shop.saveCard(viewer.token, CARDS.visa);
    const preferred = await shop.saveCard(viewer.token, CARDS.visa, true);
    const real = realClient(api);
    await real.login(viewer.email);
    const { purchase } = await paidEventPurchase(shop);
    const { actor, clock, until } = startPayment(real, purchase);
    const form = await until((s) => s.matches({ editing: 'ready' }) && s.context.savedCards.length > 0);
    expect(form.context.savedCards.map((saved) => [saved.id, saved.is_default])).toEqual([
      [preferred.id, true],
      [expect.any(String), false],
    ]);

    actor.send({ type: 'user.selectSavedCard', paymentMethodId: preferred.id });
    actor.send({ type: 'user.submit' });
    await until((s) => s.matches({ processing: 'polling' }));
    api.clock.advance(3);
    api.runJobs();
    clock.increment(ORDER_POLL_INTERVAL_MS);
    const paid = await until((s) => s.status === 'done');
    expect(paid.context.order).toMatchObject({ status: 'paid', product: { id: purchase.id } });
  });
});
