/**
 * One viewer can never read or act on another viewer's orders, payments, cards, setup intents, transactions or
 * subscriptions: each answers 404, as if it did not exist, and nothing is written. A channel's offers are not
 * reachable with another channel's key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, type Card, type ErrorBody, type List, type Order, type Plan, Shop } from './commerce-helpers';
import { BOREAL, databaseSnapshot, startTestApi, SUMMIT, type TestApi } from './harness';

let api: TestApi;
let shop: Shop;

beforeAll(async () => {
  api = await startTestApi();
  shop = new Shop(api, await api.apiKey(SUMMIT.channelKey));
});
afterAll(() => api.close());

interface Owner {
  token: string;
  order: Order;
  pendingSecret: string;
  card: Card & { setupIntentId: string };
  openSetupSecret: string;
  subscriptionId: number;
}

/** A viewer with a paid order, a payment waiting for confirmation, a saved card, an open setup intent and a trial. */
async function owner(): Promise<Owner> {
  const viewer = await shop.newViewer('owner');
  const [first, second] = await shop.paidEvents();
  const order = await shop.purchaseEvent(viewer.token, first!);
  const pending = await shop.buyEvent(viewer.token, second!);
  const saved = await shop.saveCard(viewer.token);
  const open = await shop.ok<{ client_secret: string }>('POST', '/stripe/setup-intent', viewer.token, { body: {} });
  const monthly = await shop.plan('monthly');
  await shop.ok('POST', '/stripe/subscription/start_trial', viewer.token, { body: { subscription_id: monthly.id, payment_method_id: saved.id } });
  return { token: viewer.token, order, pendingSecret: pending.client_secret!, card: saved, openSetupSecret: open.client_secret, subscriptionId: monthly.id };
}

function expect404(result: { status: number; body: unknown }, field: string): void {
  expect(result.status, JSON.stringify(result.body)).toBe(404);
  expect((result.body as ErrorBody).error.errors).toHaveProperty([field]);
}

describe('another viewer of the same channel', () => {
  it('cannot see the owner’s orders, transactions, cards or subscription', async () => {
    const a = await owner();
    const b = await shop.newViewer('intruder');
    expect404(await shop.call('GET', `/orders/${a.order.id}`, b.token), 'id');
    expect(await shop.orders(b.token)).toEqual([]);
    expect(await shop.transactions(b.token)).toEqual([]);
    expect((await shop.ok<List<Card>>('GET', '/stripe/list-cards', b.token)).data).toEqual([]);
    const plan = await shop.ok<Plan>('GET', `/subscriptions/${a.subscriptionId}`, b.token);
    expect(plan).toMatchObject({ status: null, auto_renew: null, is_purchased: false });
    expect((await shop.event(a.order.product.id, b.token)).has_access).toBe(false);
    expect(await shop.ok('GET', '/user/access', b.token)).toMatchObject({ events: [], packages: [], subscriptions: [] });
    // The owner still sees all of it.
    expect((await shop.ok<Order>('GET', `/orders/${a.order.id}`, a.token)).id).toBe(a.order.id);
  });

  it('cannot pay, charge, confirm, start a trial with or cancel anything of the owner’s, and nothing is written', async () => {
    const a = await owner();
    const b = await shop.newViewer('intruder');
    const monthly = await shop.plan('monthly');
    const before = databaseSnapshot(api.db);
    const attempts: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/stripe/confirm', { client_secret: a.pendingSecret, card: card() }, 'client_secret'],
      ['POST', '/stripe/confirm', { client_secret: a.pendingSecret, payment_method_id: a.card.id }, 'client_secret'],
      ['POST', '/stripe/buy', { type: 'subscription', id: (await shop.plan('annual')).id, payment_method_id: a.card.id }, 'payment_method_id'],
      ['POST', '/stripe/setup-intent/confirm', { client_secret: a.openSetupSecret, card: card() }, 'client_secret'],
      ['POST', '/stripe/subscription/start_trial', { subscription_id: monthly.id, payment_method_id: a.card.id }, 'payment_method_id'],
      ['POST', '/stripe/subscription/start_trial', { subscription_id: monthly.id, setup_intent_id: a.card.setupIntentId }, 'setup_intent_id'],
      ['POST', '/stripe/unsubscribe', { subscription_id: a.subscriptionId }, 'subscription_id'],
    ];
    for (const [method, path, body, field] of attempts) expect404(await shop.call(method, path, b.token, { body }), field);
    expect(databaseSnapshot(api.db)).toBe(before);

    // The owner's own confirmation still works: nothing of it was used up.
    expect((await shop.confirm(a.token, a.pendingSecret)).status).toBe('processing');
    expect((await shop.ok<Card>('POST', '/stripe/setup-intent/confirm', a.token, { body: { client_secret: a.openSetupSecret, card: card() } })).last4).toBe('4242');
  });

  it('a client secret with the right payment id but a wrong secret part is refused like an unknown one', async () => {
    const viewer = await shop.newViewer('guess');
    const bought = await shop.buyEvent(viewer.token, (await shop.paidEvents())[3]!);
    const forged = bought.client_secret!.replace(/_secret_.*$/, '_secret_0000000000');
    expect404(await shop.call('POST', '/stripe/confirm', viewer.token, { body: { client_secret: forged, card: card() } }), 'client_secret');
  });
});

describe('another channel', () => {
  it('does not reach this channel’s offers, promo codes or orders', async () => {
    const borealKey = await api.apiKey(BOREAL.channelKey);
    const summitPass = await shop.pass((p) => p.type === 'paid');
    const summitPlan = await shop.plan('monthly');
    const boreal = new Shop(api, borealKey, 'boreal.test');
    const viewer = await boreal.newViewer('boreal');
    expect404(await boreal.call('GET', `/packages/${summitPass.id}`, null), 'id');
    expect404(await boreal.call('GET', `/subscriptions/${summitPlan.id}`, null), 'id');
    expect404(await boreal.call('POST', '/stripe/buy', viewer.token, { body: { type: 'package', id: summitPass.id } }), 'id');
    const borealPass = await boreal.pass((p) => p.type === 'paid');
    const code = await boreal.call<ErrorBody>('GET', '/apply_coupon', null, { query: { code: 'WELCOME10', type: 'package', id: borealPass.id } });
    expect(code.body.error.errors).toEqual({ code: ['Promo code is invalid'] });
    expect((await boreal.packages()).every((p) => p.name !== summitPass.name)).toBe(true);

    const summitFan = await api.login('fan@summit.test', shop.key);
    const [fanOrder] = await shop.orders(summitFan);
    // A summit session is not valid on boreal at all.
    expect((await boreal.call('GET', `/orders/${fanOrder!.id}`, summitFan)).status).toBe(401);
    expect404(await boreal.call('GET', `/orders/${fanOrder!.id}`, viewer.token), 'id');
  });
});
