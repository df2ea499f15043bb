/**
 * One charge per intent (issue 14, point 8), over HTTP against the real reference API: a buy reuses the viewer's open
 * order for the same purchase instead of opening a second one; an `Idempotency-Key` makes buy, confirm and a trial's
 * start answer a repeat with the first answer, as Stripe's API does; promo codes have a cap and are redeemed once per
 * viewer, checked inside the request's transaction so parallel requests never go past them. Settlement runs on the
 * API's clock (moved, then its jobs run), never on the wall clock.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_LIFETIME_SECONDS } from '../../server/domain/idempotency-keys';
import { sign } from '../../server/lib/crypto';
import { card, CARDS, type ErrorBody, type Order, type Package, type Plan, Shop } from './commerce-helpers';
import { type CallResult, databaseSnapshot, startTestApi, SUMMIT, type TestApi } from './harness';

interface Bought {
  order: Order;
  client_secret: string | null;
}

const ALREADY_BEING_PAID = 'This purchase is already being paid. Wait for it to finish.';
const KEY_REUSED = 'Keys for idempotent requests can only be used with the same parameters they were first used with.';
const ALREADY_USED = 'You have already used this promo code';
const NO_LONGER_AVAILABLE = 'This promo code is no longer available';

let api: TestApi;
let shop: Shop;
let hockey: Package;
let ppv: Package;

beforeAll(async () => {
  api = await startTestApi();
  shop = new Shop(api, await api.apiKey(SUMMIT.channelKey));
  hockey = await shop.pass((p) => p.name === 'Hockey Season Pass');
  ppv = await shop.pass((p) => p.type === 'ppv');
});
afterAll(() => api.close());

/** A POST as the viewer, with an `Idempotency-Key` header when `key` is given. */
function post<T>(path: string, token: string, body: Record<string, unknown>, key?: string): Promise<CallResult<T>> {
  return api.call<T>('POST', path, { key: shop.key, token, body, headers: key === undefined ? {} : { 'idempotency-key': key } });
}

/** Settlement: the API's clock passes the settlement delay and the jobs due run. */
function settle(): void {
  api.clock.advance(3);
  api.runJobs();
}

/** The viewer's orders and transactions of one product, straight from the database. */
function ledger(userId: number, productId: number) {
  const orders = api.db
    .prepare<[number, number], { id: number; status: string; amount: number; coupon: string | null }>(
      'SELECT id, status, amount, coupon FROM orders WHERE user_id = ? AND product_id = ? ORDER BY id',
    )
    .all(userId, productId);
  const transactions = api.db
    .prepare<[number, number], { order_id: number; status: string; amount: number; failure_reason: string | null }>(
      `SELECT t.order_id, t.status, t.amount, t.failure_reason FROM transactions t JOIN orders o ON o.id = t.order_id
       WHERE o.user_id = ? AND o.product_id = ? ORDER BY t.id`,
    )
    .all(userId, productId);
  return { orders, transactions };
}

/** A promo code of the summit channel made for one test. */
function addCoupon(code: string, coupon: { discountType: 'percent' | 'amount'; discount: number; appliesTo: string; maxRedemptions: number | null }) {
  const channel = api.db.prepare<[string], { id: number }>('SELECT id FROM channels WHERE alias = ?').get('summit')!;
  api.db
    .prepare('INSERT INTO coupons (channel_id, code, discount_type, discount, applies_to, max_redemptions, once_per_viewer) VALUES (?, ?, ?, ?, ?, ?, 1)')
    .run(channel.id, code, coupon.discountType, coupon.discount, coupon.appliesTo, coupon.maxRedemptions);
}

const paidWithCode = (code: string): number =>
  api.db.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM orders WHERE coupon = ? AND status = 'paid'").get(code)!.n;

describe('one open order per purchase: stripe/buy reuses it', () => {
  it('a second buy while the payment waits for its confirmation takes over the order, with its terms and a new client secret', async () => {
    const viewer = await shop.newViewer('reuse');
    const first = await shop.buy(viewer.token, { type: 'package', id: hockey.id });
    const second = await shop.buy(viewer.token, { type: 'package', id: hockey.id, coupon: 'PASS5' });
    expect(second.order).toMatchObject({ id: first.order.id, status: 'processing', coupon: 'PASS5', discount: 500, amount: hockey.price - 500 });
    expect(second.client_secret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    expect(second.client_secret).not.toBe(first.client_secret);
    // The same payment intent, repriced: one order, one transaction.
    expect(ledger(viewer.id, hockey.id).orders).toEqual([{ id: first.order.id, status: 'processing', amount: hockey.price - 500, coupon: 'PASS5' }]);
    expect(ledger(viewer.id, hockey.id).transactions).toMatchObject([{ order_id: first.order.id, status: 'created', amount: hockey.price - 500 }]);

    // The old secret stops working; the new one pays.
    const stale = await post<ErrorBody>('/stripe/confirm', viewer.token, { client_secret: first.client_secret, card: card() });
    expect(stale.status).toBe(404);
    expect(stale.body.error.errors).toHaveProperty('client_secret');
    await shop.confirm(viewer.token, second.client_secret);

    // Inside the settlement window, a third buy is refused rather than opening anything.
    const during = await post<ErrorBody>('/stripe/buy', viewer.token, { type: 'package', id: hockey.id });
    expect(during.status).toBe(409);
    expect(during.body.error).toEqual({ message: ALREADY_BEING_PAID, errors: { id: [ALREADY_BEING_PAID] } });

    expect(await shop.pollOrder(viewer.token, first.order.id)).toMatchObject({ status: 'paid', amount: hockey.price - 500 });
    expect(ledger(viewer.id, hockey.id).transactions).toMatchObject([{ status: 'paid', amount: hockey.price - 500 }]);
    expect((await post('/stripe/buy', viewer.token, { type: 'package', id: hockey.id })).status).toBe(409);
  });

  it('a saved card given to the second buy charges the open order itself, and the secret answered before stops working', async () => {
    const viewer = await shop.newViewer('reuse-card');
    const saved = await shop.saveCard(viewer.token);
    const event = (await shop.paidEvents())[2]!;
    const first = await shop.buyEvent(viewer.token, event);
    const charged = await shop.buyEvent(viewer.token, event, { payment_method_id: saved.id });
    expect(charged).toMatchObject({ client_secret: null, order: { id: first.order.id, status: 'processing' } });
    expect((await post('/stripe/confirm', viewer.token, { client_secret: first.client_secret, card: card() })).status).toBe(404);
    expect((await shop.pollOrder(viewer.token, first.order.id)).status).toBe('paid');
    expect(await shop.transactions(viewer.token)).toMatchObject([{ order_id: first.order.id, status: 'paid', card_last4: '4242' }]);
  });

  it('a full discount on the second buy pays the open order at once and cancels its payment, which was never charged', async () => {
    const viewer = await shop.newViewer('reuse-free');
    const first = await shop.buy(viewer.token, { type: 'package', id: ppv.id });
    const comped = await shop.buy(viewer.token, { type: 'package', id: ppv.id, coupon: 'STAFFPASS' });
    expect(comped).toMatchObject({ client_secret: null, order: { id: first.order.id, status: 'paid', amount: 0, discount: ppv.price } });
    expect(ledger(viewer.id, ppv.id).transactions).toMatchObject([{ status: 'failed', failure_reason: 'canceled' }]);
    expect((await shop.ok<Package>('GET', `/packages/${ppv.id}`, viewer.token)).is_purchased).toBe(true);
    expect((await post('/stripe/confirm', viewer.token, { client_secret: first.client_secret, card: card() })).status).toBe(404);
  });

  it('ten parallel buys with a saved card charge it once: one order, one paid transaction', async () => {
    const viewer = await shop.newViewer('parallel-card');
    const saved = await shop.saveCard(viewer.token);
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async () => (await post('/stripe/buy', viewer.token, { type: 'package', id: hockey.id, payment_method_id: saved.id })).status),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    settle();
    const { orders, transactions } = ledger(viewer.id, hockey.id);
    expect(orders.map((o) => o.status)).toEqual(['paid']);
    expect(transactions.map((t) => t.status)).toEqual(['paid']);
  });
});

describe('Idempotency-Key', () => {
  it('a repeated key on buy answers the first answer again, marked as replayed, and opens no second order', async () => {
    const viewer = await shop.newViewer('idem-buy');
    const key = randomUUID();
    const body = { type: 'package', id: hockey.id, coupon: 'WELCOME10' };
    const first = await post<Bought>('/stripe/buy', viewer.token, body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The same fields in another order are the same request.
    const again = await post<Bought>('/stripe/buy', viewer.token, { coupon: 'WELCOME10', id: hockey.id, type: 'package' }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(ledger(viewer.id, hockey.id).orders).toHaveLength(1);
    // The replay changed nothing: the first secret still pays.
    await shop.confirm(viewer.token, first.body.client_secret);

    const otherBody = await post<ErrorBody>('/stripe/buy', viewer.token, { type: 'package', id: hockey.id }, key);
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error).toEqual({ message: KEY_REUSED, errors: { 'Idempotency-Key': [KEY_REUSED] } });
    const otherOperation = await post<ErrorBody>('/stripe/confirm', viewer.token, { client_secret: first.body.client_secret, card: card() }, key);
    expect(otherOperation.status).toBe(422);
    expect(otherOperation.body.error.errors).toEqual({ 'Idempotency-Key': [KEY_REUSED] });

    // Keys are the viewer's own: another viewer's same key is a request of its own.
    const stranger = await shop.newViewer('idem-stranger');
    const theirs = await post<Bought>('/stripe/buy', stranger.token, body, key);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.order.id).not.toBe(first.body.order.id);
  });

  it('a repeated key on confirm and on a trial’s start answers the first answer, where a repeat without one is refused', async () => {
    const viewer = await shop.newViewer('idem-confirm');
    const bought = await shop.buy(viewer.token, { type: 'package', id: hockey.id });
    const confirmKey = randomUUID();
    const confirmation = { client_secret: bought.client_secret, card: card() };
    const confirmed = await post<Order>('/stripe/confirm', viewer.token, confirmation, confirmKey);
    const replayed = await post<Order>('/stripe/confirm', viewer.token, confirmation, confirmKey);
    expect([confirmed.status, replayed.status]).toEqual([200, 200]);
    expect(replayed.body).toEqual(confirmed.body);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect((await post('/stripe/confirm', viewer.token, confirmation)).status).toBe(409);
    // The stored fingerprint is keyed with the channel's secret: a plain hash of the body, which holds the card
    // number, could be reversed by trying the numbers that fit the last four digits the transaction keeps.
    const stored = api.db.prepare<[string], { fingerprint: string; body: string }>('SELECT fingerprint, body FROM idempotency_keys WHERE key = ?').get(confirmKey)!;
    const operation = api.db.prepare<[string], { operation: string }>('SELECT operation FROM idempotency_keys WHERE key = ?').get(confirmKey)!.operation;
    const canonical = JSON.stringify({ card: Object.fromEntries(Object.entries(confirmation.card).sort()), client_secret: confirmation.client_secret });
    const secret = api.db.prepare<[string], { secret: string }>('SELECT secret FROM channels WHERE alias = ?').get(SUMMIT.alias)!.secret;
    expect(stored.fingerprint).toBe(sign(secret, operation, canonical));
    expect(stored.fingerprint).not.toBe(createHash('sha256').update(`${operation}\n${canonical}`).digest('hex'));
    expect(`${stored.fingerprint}${stored.body}`).not.toContain(confirmation.card.number);

    const saved = await shop.saveCard(viewer.token);
    const monthly = await shop.plan('monthly');
    const trialKey = randomUUID();
    const trial = { subscription_id: monthly.id, payment_method_id: saved.id };
    const started = await post<Plan>('/stripe/subscription/start_trial', viewer.token, trial, trialKey);
    const startedAgain = await post<Plan>('/stripe/subscription/start_trial', viewer.token, trial, trialKey);
    expect([started.status, startedAgain.status]).toEqual([200, 200]);
    expect(startedAgain.body).toEqual(started.body);
    expect(startedAgain.headers.get('idempotent-replayed')).toBe('true');
    expect((await post('/stripe/subscription/start_trial', viewer.token, trial)).status).toBe(409);
  });

  it('keeps only a successful answer, and forgets a key after 24 hours', async () => {
    const viewer = await shop.newViewer('idem-refused');
    const event = (await shop.paidEvents())[1]!;
    const key = randomUUID();
    const buyEvent = { type: 'event', id: event.id, single_event_package_id: event.single_event_package_id };
    const refused = await post<ErrorBody>('/stripe/buy', viewer.token, { ...buyEvent, coupon: 'NOSUCHCODE' }, key);
    expect(refused.status).toBe(422);
    // A refusal is not kept: the same request runs again, and another one with the key is not a reuse.
    const refusedAgain = await post<ErrorBody>('/stripe/buy', viewer.token, { ...buyEvent, coupon: 'NOSUCHCODE' }, key);
    expect(refusedAgain.status).toBe(422);
    expect(refusedAgain.headers.get('idempotent-replayed')).toBeNull();
    const bought = await post<Bought>('/stripe/buy', viewer.token, buyEvent, key);
    expect(bought.status).toBe(201);

    // A day later the key is forgotten (and the payment abandoned): it opens a new order with other terms.
    api.clock.advance(IDEMPOTENCY_KEY_LIFETIME_SECONDS + 1);
    api.runJobs();
    const later = await post<Bought>('/stripe/buy', viewer.token, { ...buyEvent, coupon: 'WELCOME10' }, key);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.order.id).not.toBe(bought.body.order.id);
  });

  it.each([
    ['empty', ''],
    ['256 characters long', 'k'.repeat(256)],
    ['not ASCII', 'clé-1'],
    ['with a control character', 'key\tone'],
  ])('a key that is %s is a 422 naming the header, and writes nothing', async (_label, key) => {
    const viewer = await shop.newViewer('idem-bad');
    const before = databaseSnapshot(api.db);
    const refused = await post<ErrorBody>('/stripe/buy', viewer.token, { type: 'package', id: hockey.id }, key);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.error.errors)).toEqual(['Idempotency-Key']);
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('a key of 255 printable ASCII characters is accepted', async () => {
    const viewer = await shop.newViewer('idem-long');
    const key = `${'~'.repeat(127)} ${'!'.repeat(127)}`;
    expect((await post('/stripe/buy', viewer.token, { type: 'package', id: hockey.id }, key)).status).toBe(201);
    expect((await post('/stripe/buy', viewer.token, { type: 'package', id: hockey.id }, key)).headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('promo codes limited like promotion codes', () => {
  it('once per viewer: a paid or confirmed order redeems the code; quote, buy and confirm then refuse it to that viewer only', async () => {
    const viewer = await shop.newViewer('once');
    const [first, second, third] = await shop.paidEvents();
    const quote = (token: string | null) => shop.call<ErrorBody>('GET', '/apply_coupon', token, { query: { code: 'WELCOME10', type: 'event', id: third!.id } });

    // Orders nobody has paid redeem nothing: two can be opened with the code.
    const one = await shop.buyEvent(viewer.token, first!, { coupon: 'WELCOME10' });
    const two = await shop.buyEvent(viewer.token, second!, { coupon: 'WELCOME10' });
    expect((await quote(viewer.token)).status).toBe(200);

    await shop.confirm(viewer.token, one.client_secret);
    const quoted = await quote(viewer.token);
    expect(quoted.status).toBe(422);
    expect(quoted.body.error).toEqual({ message: ALREADY_USED, errors: { code: [ALREADY_USED] } });
    // Anonymous quotes know nobody's history.
    expect((await quote(null)).status).toBe(200);
    const bought = await shop.call<ErrorBody>('POST', '/stripe/buy', viewer.token, {
      body: { type: 'event', id: third!.id, single_event_package_id: third!.single_event_package_id, coupon: 'WELCOME10' },
    });
    expect(bought.status).toBe(422);
    expect(bought.body.error.errors).toEqual({ coupon: [ALREADY_USED] });
    // The second order was opened with the code before it was redeemed: its confirmation checks again.
    const confirmed = await post<ErrorBody>('/stripe/confirm', viewer.token, { client_secret: two.client_secret, card: card() });
    expect(confirmed.status).toBe(422);
    expect(confirmed.body.error.errors).toEqual({ coupon: [ALREADY_USED] });

    // Without the code the open order is taken over at full price and paid.
    const fullPrice = await shop.buyEvent(viewer.token, second!);
    expect(fullPrice.order).toMatchObject({ id: two.order.id, coupon: null, discount: 0 });
    await shop.confirm(viewer.token, fullPrice.client_secret);
    expect((await shop.pollOrder(viewer.token, one.order.id)).status).toBe('paid');
    expect((await shop.pollOrder(viewer.token, two.order.id)).status).toBe('paid');
    expect((await shop.call('GET', '/apply_coupon', (await shop.newViewer('other')).token, { query: { code: 'WELCOME10', type: 'event', id: third!.id } })).status).toBe(200);
  });

  it('a payment that fails redeems nothing', async () => {
    const viewer = await shop.newViewer('once-declined');
    const [event] = await shop.paidEvents();
    const failed = await shop.purchase(viewer.token, { type: 'event', id: event!.id, single_event_package_id: event!.single_event_package_id, coupon: 'WELCOME10' }, { card: card(CARDS.declined) });
    expect(failed).toMatchObject({ status: 'failed', coupon: 'WELCOME10' });
    expect((await shop.call('GET', '/apply_coupon', viewer.token, { query: { code: 'WELCOME10', type: 'event', id: event!.id } })).status).toBe(200);
  });

  it('a code capped at two: two viewers redeem it, the third is refused in quote and buy', async () => {
    addCoupon('CAPPED2', { discountType: 'percent', discount: 10, appliesTo: 'all', maxRedemptions: 2 });
    for (const label of ['cap-a', 'cap-b']) {
      const viewer = await shop.newViewer(label);
      expect((await shop.purchase(viewer.token, { type: 'package', id: hockey.id, coupon: 'CAPPED2' })).status).toBe('paid');
    }
    const third = await shop.newViewer('cap-c');
    const quoted = await shop.call<ErrorBody>('GET', '/apply_coupon', third.token, { query: { code: 'capped2', type: 'package', id: hockey.id } });
    expect(quoted.status).toBe(422);
    expect(quoted.body.error).toEqual({ message: NO_LONGER_AVAILABLE, errors: { code: [NO_LONGER_AVAILABLE] } });
    const bought = await shop.call<ErrorBody>('POST', '/stripe/buy', third.token, { body: { type: 'package', id: hockey.id, coupon: 'CAPPED2' } });
    expect(bought.status).toBe(422);
    expect(bought.body.error.errors).toEqual({ coupon: [NO_LONGER_AVAILABLE] });
  });

  it('parallel purchases with a capped code never redeem it past its cap, paid by card or free at once', async () => {
    addCoupon('RUSH2', { discountType: 'percent', discount: 10, appliesTo: 'all', maxRedemptions: 2 });
    addCoupon('FREE2', { discountType: 'percent', discount: 100, appliesTo: 'package', maxRedemptions: 2 });
    const viewers = await Promise.all(Array.from({ length: 8 }, (_, i) => shop.newViewer(`rush-${i}`)));

    const byCard = await Promise.all(
      viewers.map(async (viewer) => {
        const bought = await post<Bought & ErrorBody>('/stripe/buy', viewer.token, { type: 'package', id: hockey.id, coupon: 'RUSH2' });
        if (bought.status !== 201) return { status: bought.status, errors: bought.body.error.errors };
        const confirmed = await post<ErrorBody>('/stripe/confirm', viewer.token, { client_secret: bought.body.client_secret, card: card() });
        return { status: confirmed.status, errors: confirmed.status === 200 ? {} : confirmed.body.error.errors };
      }),
    );
    expect(byCard.filter((r) => r.status === 200)).toHaveLength(2);
    expect(byCard.filter((r) => r.status !== 200)).toEqual(Array.from({ length: 6 }, () => ({ status: 422, errors: { coupon: [NO_LONGER_AVAILABLE] } })));
    settle();
    expect(paidWithCode('RUSH2')).toBe(2);

    const free = await Promise.all(viewers.map((viewer) => post<Bought>('/stripe/buy', viewer.token, { type: 'package', id: ppv.id, coupon: 'FREE2' })));
    expect(free.filter((r) => r.status === 201).map((r) => r.body.order.status)).toEqual(['paid', 'paid']);
    expect(free.filter((r) => r.status === 422)).toHaveLength(6);
    expect(paidWithCode('FREE2')).toBe(2);
  });

  it('the seed: the free-pass code is capped at 50 and every code is once per viewer', () => {
    const coupons = api.db
      .prepare<[], { code: string; max_redemptions: number | null; once_per_viewer: number }>(
        "SELECT code, max_redemptions, once_per_viewer FROM coupons WHERE code IN ('STAFFPASS', 'EQUIPE100', 'WELCOME10', 'BIENVENUE10') ORDER BY code",
      )
      .all();
    expect(coupons).toEqual([
      { code: 'BIENVENUE10', max_redemptions: null, once_per_viewer: 1 },
      { code: 'EQUIPE100', max_redemptions: 50, once_per_viewer: 1 },
      { code: 'STAFFPASS', max_redemptions: 50, once_per_viewer: 1 },
      { code: 'WELCOME10', max_redemptions: null, once_per_viewer: 1 },
    ]);
  });
});
