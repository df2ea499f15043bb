/**
 * Buying over HTTP against the real reference API: an event, a package, a team pass and a subscription are bought,
 * paid with Stripe's test cards through the reference processor and polled until they settle (the API's clock is
 * moved instead of waiting); promo codes, saved cards, declines and the Stripe hand-off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, card, CARDS, type ErrorBody, type List, type Order, type Package, type Plan, Shop } from './commerce-helpers';
import { startTestApi, SUMMIT, type TestApi } from './harness';

let api: TestApi;
let shop: Shop;

beforeAll(async () => {
  api = await startTestApi();
  shop = new Shop(api, await api.apiKey(SUMMIT.channelKey));
});
afterAll(() => api.close());

const DAY = 86_400;

describe('the offers', () => {
  it('lists passes of every kind by weight, with no limit by default, and keeps single-event packages out of the list', async () => {
    const list = await shop.ok<List<Package>>('GET', '/packages', null);
    expect(list.meta.total).toBe(list.data.length);
    expect(new Set(list.data.map((p) => p.type))).toEqual(new Set(['free', 'paid', 'register', 'ppv']));
    expect(list.data.filter((p) => p.is_team_pass)).toHaveLength(1);
    expect(list.data.every((p) => p.event_id === null && !p.is_purchased)).toBe(true);
    expect((await shop.ok<List<Package>>('GET', '/packages', null, { query: { type: 'register' } })).data.map((p) => p.type)).toEqual(['register']);
    const page = await shop.ok<List<Package>>('GET', '/packages', null, { query: { limit: 2, offset: 1 } });
    expect(page.data.map((p) => p.id)).toEqual(list.data.slice(1, 3).map((p) => p.id));
    expect(page.meta).toEqual({ total: list.data.length, limit: 2, offset: 1 });

    // Every paid event names its single-event package, which prices it.
    for (const event of await shop.paidEvents()) {
      const single = await shop.ok<Package>('GET', `/packages/${event.single_event_package_id}`, null);
      expect(single).toMatchObject({ event_id: event.id, type: 'ppv', price: event.base_price + event.service_fee });
    }
    const plans = await shop.plans();
    expect(plans.map((p) => [p.period, p.trial_period])).toEqual([['monthly', 7], ['annual', 0]]);
    expect(plans.every((p) => p.status === null && p.auto_renew === null && !p.is_purchased)).toBe(true);
  });

  it('fan@ owns one seeded purchase and can still buy the rest', async () => {
    const token = await api.login('fan@summit.test', shop.key);
    const orders = await shop.orders(token, { activity_status: 'active' });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ type: 'event', status: 'paid', activity_status: 'active' });
    expect((await shop.event(orders[0]!.product.id, token)).has_access).toBe(true);
    expect((await shop.ok<{ events: number[] }>('GET', '/user/access', token)).events).toEqual([orders[0]!.product.id]);
    expect((await shop.ok<List<Card>>('GET', '/stripe/list-cards', token)).data).toMatchObject([{ brand: 'visa', last4: '4242', is_default: true }]);
    const other = (await shop.paidEvents()).find((e) => e.id !== orders[0]!.product.id)!;
    const bought = await shop.buyEvent(token, other);
    expect(bought.order.status).toBe('processing');
  });
});

describe('the basic passes', () => {
  it('the basic pass a viewer chose in the passes form reads as theirs; the other stays on offer', async () => {
    const viewer = await shop.newViewer('basic-choice');
    const basic = (await shop.packages(viewer.token)).filter((p) => p.type === 'free' || p.type === 'register');
    expect(basic.map((p) => p.is_purchased)).toEqual([false, false]);
    const chosen = await shop.call('POST', '/custom-forms/passes', viewer.token, {
      body: { values: [{ name: 'basic_pass', value: 'register-basic-2023-24' }] },
    });
    expect(chosen.status).toBe(200);
    const after = (await shop.packages(viewer.token)).filter((p) => p.type === 'free' || p.type === 'register');
    expect(after.map((p) => [p.name, p.is_purchased])).toEqual([
      ['Free Basic Pass 2023-24', false],
      ['Registered Fan Pass 2023-24', true],
    ]);
    // Another viewer's choice is theirs alone.
    expect((await shop.packages((await shop.newViewer('basic-bystander')).token)).some((p) => p.is_purchased)).toBe(false);
  });
});

describe('a purchase from buy to paid', () => {
  it('an event: bought with its single-event package, paid with 4242, polled until paid; only this viewer gets access', async () => {
    const viewer = await shop.newViewer('event');
    const bystander = await shop.newViewer('bystander');
    const event = (await shop.paidEvents())[3]!;
    expect((await shop.event(event.id, viewer.token)).has_access).toBe(false);

    const bought = await shop.buyEvent(viewer.token, event);
    expect(bought.provider).toBe('reference');
    expect(bought.publishable_key).toBeNull();
    expect(bought.client_secret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    expect(bought.order).toMatchObject({
      type: 'event', status: 'processing', activity_status: 'inactive', amount: event.base_price + event.service_fee,
      service_fee: event.service_fee, currency: 'USD', product: { id: event.id, event_category_id: event.event_category_id },
    });
    const confirmed = await shop.confirm(viewer.token, bought.client_secret);
    expect(confirmed.status).toBe('processing');
    // Still processing right after confirmation: settlement comes a moment later, like Stripe's webhook.
    api.runJobs();
    expect((await shop.ok<Order>('GET', `/orders/${bought.order.id}`, viewer.token)).status).toBe('processing');

    const paid = await shop.pollOrder(viewer.token, bought.order.id);
    expect(paid).toMatchObject({ status: 'paid', activity_status: 'active', expires_at: null, failure_reason: null });
    expect(paid.paid_at).toBe(api.clock.now());
    expect((await shop.event(event.id, viewer.token)).has_access).toBe(true);
    expect((await shop.event(event.id, bystander.token)).has_access).toBe(false);
    expect((await shop.event(event.id, null)).has_access).toBe(false);
    expect(await shop.transactions(viewer.token)).toMatchObject([
      { order_id: paid.id, status: 'paid', card_brand: 'visa', card_last4: '4242', amount: paid.amount },
    ]);
    expect((await shop.ok<{ events: number[] }>('GET', '/user/access', viewer.token)).events).toEqual([event.id]);
    // The card was not saved (save_card was not asked), and no full number or CVC is kept anywhere.
    expect((await shop.ok<List<Card>>('GET', '/stripe/list-cards', viewer.token)).data).toEqual([]);
    expect(JSON.stringify(api.db.prepare('SELECT * FROM transactions').all())).not.toContain(CARDS.visa);

    const again = await shop.call<ErrorBody>('POST', '/stripe/buy', viewer.token, {
      body: { type: 'event', id: event.id, single_event_package_id: event.single_event_package_id },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.errors).toHaveProperty('id');
  });

  it('a package with a promo code: every event of its categories is owned, and the package is purchased', async () => {
    const viewer = await shop.newViewer('package');
    const hockey = await shop.pass((p) => p.name === 'Hockey Season Pass');
    const check = await shop.ok<{ price: number; discount_amount: number; amount: number }>('GET', '/apply_coupon', null, {
      query: { code: 'welcome10', type: 'package', id: hockey.id },
    });
    const off = Math.round(hockey.price / 10);
    expect(check).toEqual({
      code: 'WELCOME10', discount_type: 'percent', discount: 10, applies_to: 'all', price: hockey.price, discount_amount: off,
      amount: hockey.price - off, currency: 'USD',
    });

    const paid = await shop.purchase(viewer.token, { type: 'package', id: hockey.id, coupon: 'WELCOME10' });
    expect(paid).toMatchObject({ status: 'paid', coupon: 'WELCOME10', discount: check.discount_amount, amount: check.amount });
    // An annual pass lapses after 12 months.
    expect(paid.expires_at! - paid.paid_at!).toBeGreaterThanOrEqual(365 * DAY);
    expect((await shop.ok<Package>('GET', `/packages/${hockey.id}`, viewer.token)).is_purchased).toBe(true);

    const events = await shop.events(viewer.token);
    const children = api.db.prepare<[number], { id: number }>('SELECT id FROM event_categories WHERE parent_id = ?');
    const inHockey = new Set(hockey.event_categories.flatMap((root) => [root, ...children.all(root).map((c) => c.id)]));
    const paidEvents = events.filter((e) => e.type === 'paid');
    expect(paidEvents.filter((e) => inHockey.has(e.event_category_id!)).every((e) => e.has_access)).toBe(true);
    expect(paidEvents.filter((e) => !inHockey.has(e.event_category_id!)).some((e) => e.has_access)).toBe(false);
    // The team pass over men's hockey is covered too: every one of its teams plays in a covered category.
    const teamPass = await shop.pass((p) => p.is_team_pass, viewer.token);
    expect(teamPass).toMatchObject({ is_purchased: true, purchased_participants: teamPass.participants });
    const twice = await shop.call('POST', '/stripe/buy', viewer.token, { body: { type: 'package', id: teamPass.id, participant_id: teamPass.participants[0] } });
    expect(twice.status).toBe(409);
    expect((await shop.ok<{ packages: number[] }>('GET', '/user/access', viewer.token)).packages).toEqual([hockey.id]);
  });

  it('a team pass: needs one of its teams, and gives that team’s games only', async () => {
    const viewer = await shop.newViewer('team');
    const teamPass = await shop.pass((p) => p.is_team_pass);
    const missing = await shop.call<ErrorBody>('POST', '/stripe/buy', viewer.token, { body: { type: 'package', id: teamPass.id } });
    expect(missing.status).toBe(422);
    expect(missing.body.error.errors['participant_id']).toEqual(['Package is TeamPass but team not selected']);

    const noId = await shop.call<ErrorBody>('POST', '/stripe/buy', viewer.token, { body: { type: 'package' } });
    expect(noId.body.error.errors['id']).toEqual(['id not selected']);

    const team = teamPass.participants[0]!;
    const paid = await shop.purchase(viewer.token, { type: 'package', id: teamPass.id, participant_id: team });
    expect(paid.product.participant_id).toBe(team);
    const after = await shop.ok<Package>('GET', `/packages/${teamPass.id}`, viewer.token);
    expect(after.purchased_participants).toEqual([team]);
    expect(after.is_purchased).toBe(false);

    const [categoryId] = teamPass.event_categories;
    const games = (await shop.events(viewer.token, { event_category_id: categoryId! })).filter((e) => e.type === 'paid');
    const ofTeam = games.filter((e) => e.participants.some((p) => p.id === team));
    expect(ofTeam.length).toBeGreaterThan(0);
    expect(ofTeam.every((e) => e.has_access)).toBe(true);
    expect(games.filter((e) => !e.participants.some((p) => p.id === team)).some((e) => e.has_access)).toBe(false);

    const twice = await shop.call<ErrorBody>('POST', '/stripe/buy', viewer.token, { body: { type: 'package', id: teamPass.id, participant_id: team } });
    expect(twice.status).toBe(409);
    expect(twice.body.error.errors).toHaveProperty('participant_id');
  });

  it('a subscription: paid by card, the card kept for renewals, every paid event owned while it is active', async () => {
    const viewer = await shop.newViewer('subscriber');
    const monthly = await shop.plan('monthly');
    const paid = await shop.purchase(viewer.token, { type: 'subscription', id: monthly.id, coupon: 'SUBSCRIBE20' });
    expect(paid).toMatchObject({
      type: 'subscription', status: 'paid', subscription_event: 'created', auto_renew: true, amount: monthly.price - Math.round(monthly.price * 0.2),
    });
    expect(paid.expires_at).toBe(paid.paid_at! + 30 * DAY);
    const plan = await shop.ok<Plan>('GET', `/subscriptions/${monthly.id}`, viewer.token);
    expect(plan).toMatchObject({ status: 'active', auto_renew: true, renews_at: paid.expires_at, is_purchased: true });
    expect((await shop.events(viewer.token)).every((e) => e.has_access)).toBe(true);
    expect((await shop.ok<List<Card>>('GET', '/stripe/list-cards', viewer.token)).data).toMatchObject([{ last4: '4242', is_default: true }]);
    expect((await shop.ok<{ subscriptions: number[] }>('GET', '/user/access', viewer.token)).subscriptions).toEqual([monthly.id]);
    expect((await shop.call('POST', '/stripe/buy', viewer.token, { body: { type: 'subscription', id: monthly.id } })).status).toBe(409);
  });
});

describe('payments that do not go through', () => {
  it.each([
    ['a declined card', CARDS.declined, 'card_declined'],
    ['a card with insufficient funds', CARDS.insufficientFunds, 'insufficient_funds'],
    ['a card number that is not a Stripe test card', '4111111111111111', 'card_declined'],
  ])('%s: the order ends failed, with a failed transaction and no access', async (_label, number, reason) => {
    const viewer = await shop.newViewer('declined');
    const event = (await shop.paidEvents())[2]!;
    const failed = await shop.purchaseEvent(viewer.token, event, { card: card(number), save_card: true });
    expect(failed).toMatchObject({ status: 'failed', failure_reason: reason, activity_status: 'inactive', paid_at: null });
    expect(await shop.transactions(viewer.token)).toMatchObject([{ order_id: failed.id, status: 'failed', failure_reason: reason, card_last4: number.slice(-4) }]);
    expect((await shop.event(event.id, viewer.token)).has_access).toBe(false);
    expect((await shop.ok<List<Card>>('GET', '/stripe/list-cards', viewer.token)).data).toEqual([]);
    // A failed order can be bought again.
    const retry = await shop.purchaseEvent(viewer.token, event);
    expect(retry.status).toBe('paid');
  });

  it('never charges twice: ten parallel buy-and-confirm calls, or a second purchase while the first settles, pay once', async () => {
    const viewer = await shop.newViewer('twice');
    const hockey = await shop.pass((p) => p.name === 'Hockey Season Pass');
    const attempts = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const bought = await shop.call<{ client_secret: string | null; order: Order }>('POST', '/stripe/buy', viewer.token, { body: { type: 'package', id: hockey.id } });
        if (bought.status !== 201) return bought.status;
        const confirmed = await shop.call<ErrorBody>('POST', '/stripe/confirm', viewer.token, { body: { client_secret: bought.body.client_secret, card: card() } });
        return confirmed.status;
      }),
    );
    // One confirmation went through; every other attempt was refused before any card was charged: its secret was
    // replaced by a later buy, which took over the one open order (404), or the payment was already settling (409).
    expect(attempts.filter((status) => status === 200)).toHaveLength(1);
    expect(attempts.filter((status) => status === 404 || status === 409)).toHaveLength(9);

    // Inside the settlement window a new purchase of the same pass is refused, with the reason.
    const again = await shop.call<ErrorBody>('POST', '/stripe/buy', viewer.token, { body: { type: 'package', id: hockey.id } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This purchase is already being paid. Wait for it to finish.');

    api.clock.advance(5);
    api.runJobs();
    const orders = await shop.orders(viewer.token);
    expect(orders).toHaveLength(1);
    expect(orders.filter((o) => o.status === 'paid')).toHaveLength(1);
    expect((await shop.transactions(viewer.token)).filter((t) => t.status === 'paid')).toHaveLength(1);
  });

  it('a card number that fails the Luhn check, or an expired card, is refused at once and the payment can still be confirmed', async () => {
    const viewer = await shop.newViewer('typo');
    const event = (await shop.paidEvents())[2]!;
    const bought = await shop.buyEvent(viewer.token, event);
    const typo = await shop.call<ErrorBody>('POST', '/stripe/confirm', viewer.token, {
      body: { client_secret: bought.client_secret, card: card('4242424242424241') },
    });
    expect(typo.status).toBe(422);
    expect(typo.body.error.errors['card.number']).toEqual(['Your card number is incorrect.']);
    const expired = await shop.call<ErrorBody>('POST', '/stripe/confirm', viewer.token, {
      body: { client_secret: bought.client_secret, card: { ...card(), exp_year: 2001 } },
    });
    expect(expired.status).toBe(422);
    expect(expired.body.error.errors).toHaveProperty(['card.exp_year']);
    await shop.confirm(viewer.token, bought.client_secret);
    expect((await shop.pollOrder(viewer.token, bought.order.id)).status).toBe('paid');
    const twice = await shop.call<ErrorBody>('POST', '/stripe/confirm', viewer.token, { body: { client_secret: bought.client_secret, card: card() } });
    expect(twice.status).toBe(409);
  });

  it('a payment nobody confirms is abandoned after a day', async () => {
    const viewer = await shop.newViewer('abandon');
    const event = (await shop.paidEvents())[1]!;
    const bought = await shop.buyEvent(viewer.token, event);
    api.clock.advance(DAY);
    api.runJobs();
    expect(await shop.ok<Order>('GET', `/orders/${bought.order.id}`, viewer.token)).toMatchObject({ status: 'failed', failure_reason: 'abandoned' });
    expect(await shop.transactions(viewer.token)).toMatchObject([{ status: 'failed', failure_reason: 'abandoned' }]);
    expect((await shop.call('POST', '/stripe/confirm', viewer.token, { body: { client_secret: bought.client_secret, card: card() } })).status).toBe(409);
  });
});

describe('other ways to pay', () => {
  it('nothing to pay: a free pass and a fully discounted pass are paid at once, without a client secret or a transaction', async () => {
    const viewer = await shop.newViewer('free');
    const free = await shop.pass((p) => p.type === 'free');
    const bought = await shop.buy(viewer.token, { type: 'package', id: free.id });
    expect(bought).toMatchObject({ client_secret: null, order: { status: 'paid', amount: 0, activity_status: 'active' } });
    expect((await shop.ok<Package>('GET', `/packages/${free.id}`, viewer.token)).is_purchased).toBe(true);
    expect((await shop.call('POST', '/stripe/buy', viewer.token, { body: { type: 'package', id: free.id } })).status).toBe(409);

    const ppv = await shop.pass((p) => p.type === 'ppv');
    const comped = await shop.buy(viewer.token, { type: 'package', id: ppv.id, coupon: 'STAFFPASS' });
    expect(comped).toMatchObject({ client_secret: null, order: { status: 'paid', amount: 0, service_fee: 0, discount: ppv.price } });
    expect(await shop.transactions(viewer.token)).toEqual([]);
  });

  it('a saved card given to buy is charged at once and settles like a confirmation', async () => {
    const viewer = await shop.newViewer('saved');
    const saved = await shop.saveCard(viewer.token);
    const event = (await shop.paidEvents())[4]!;
    const bought = await shop.buyEvent(viewer.token, event, { payment_method_id: saved.id });
    expect(bought.client_secret).toBeNull();
    expect(bought.order.status).toBe('processing');
    expect((await shop.pollOrder(viewer.token, bought.order.id)).status).toBe('paid');
    expect(await shop.transactions(viewer.token)).toMatchObject([{ status: 'paid', card_last4: '4242' }]);
  });

  it('settlement is idempotent: a settle job delivered twice changes nothing', async () => {
    const viewer = await shop.newViewer('twice');
    const event = (await shop.paidEvents())[5]!;
    const paid = await shop.purchaseEvent(viewer.token, event, { card: card(), save_card: true });
    const settled = api.db.prepare<[], { payload: string }>("SELECT payload FROM jobs WHERE kind = 'payments.settle' ORDER BY id DESC LIMIT 1").get()!;
    const commerceRows = () => JSON.stringify(['orders', 'transactions', 'cards', 'user_subscriptions'].map((t) => api.db.prepare(`SELECT * FROM ${t}`).all()));
    const before = commerceRows();
    api.db.prepare("INSERT INTO jobs (kind, run_at, payload) VALUES ('payments.settle', ?, ?)").run(api.clock.now(), settled.payload);
    expect(api.runJobs()).toBe(1);
    expect(commerceRows()).toBe(before);
    expect(await shop.ok<Order>('GET', `/orders/${paid.id}`, viewer.token)).toEqual(paid);
  });

  it('a channel with a Stripe publishable key says so; the reference confirmation is then refused', async () => {
    const viewer = await shop.newViewer('stripe');
    const event = (await shop.paidEvents())[6]!;
    api.db.prepare("UPDATE channels SET stripe_publishable_key = 'pk_test_51Demo' WHERE alias = 'summit'").run();
    try {
      const bought = await shop.buyEvent(viewer.token, event);
      expect(bought).toMatchObject({ provider: 'stripe', publishable_key: 'pk_test_51Demo' });
      expect(bought.client_secret).toMatch(/^pi_/);
      const intent = await shop.ok<{ provider: string; publishable_key: string }>('POST', '/stripe/setup-intent', viewer.token, { body: {} });
      expect(intent).toMatchObject({ provider: 'stripe', publishable_key: 'pk_test_51Demo' });
      const refused = await shop.call<ErrorBody>('POST', '/stripe/confirm', viewer.token, { body: { client_secret: bought.client_secret, card: card() } });
      expect(refused.status).toBe(409);
      expect(refused.body.error.errors).toHaveProperty('client_secret');
    } finally {
      api.db.prepare("UPDATE channels SET stripe_publishable_key = NULL WHERE alias = 'summit'").run();
    }
  });
});

describe('promo codes', () => {
  it('answers "Promo code is invalid" for unknown and expired codes and "Wrong promo code" for another kind of purchase', async () => {
    const hockey = await shop.pass((p) => p.name === 'Hockey Season Pass');
    const monthly = await shop.plan('monthly');
    const expect422 = async (query: Record<string, string | number>, message: string) => {
      const result = await shop.call<ErrorBody>('GET', '/apply_coupon', null, { query });
      expect(result.status).toBe(422);
      expect(result.body.error).toEqual({ message, errors: { code: [message] } });
    };
    await expect422({ code: 'NOPE', type: 'package', id: hockey.id }, 'Promo code is invalid');
    await expect422({ code: 'SPRING2023', type: 'package', id: hockey.id }, 'Promo code is invalid');
    await expect422({ code: 'PASS5', type: 'subscription', id: monthly.id }, 'Wrong promo code');
    const amount = await shop.ok<{ discount_amount: number; amount: number }>('GET', '/apply_coupon', null, {
      query: { code: 'PASS5', type: 'package', id: hockey.id },
    });
    expect(amount).toMatchObject({ discount_amount: 500, amount: hockey.price - 500 });
    expect((await shop.call<ErrorBody>('GET', '/apply_coupon', null, { query: { code: 'PASS5', type: 'package', id: 999_999 } })).status).toBe(404);

    // stripe/buy checks the code again, on its own field, and writes nothing.
    const viewer = await shop.newViewer('coupon');
    const wrong = await shop.call<ErrorBody>('POST', '/stripe/buy', viewer.token, { body: { type: 'subscription', id: monthly.id, coupon: 'PASS5' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.errors).toEqual({ coupon: ['Wrong promo code'] });
    expect(await shop.orders(viewer.token)).toEqual([]);
  });
});

describe('orders, transactions, cards', () => {
  it('filters orders by type, status and activity status; newest first; every item without a limit', async () => {
    const viewer = await shop.newViewer('orders');
    const [first, second, third] = await shop.paidEvents();
    const paidEvent = await shop.purchaseEvent(viewer.token, first!);
    const failed = await shop.purchaseEvent(viewer.token, second!, { card: card(CARDS.declined) });
    const pending = (await shop.buyEvent(viewer.token, third!)).order;
    const free = (await shop.buy(viewer.token, { type: 'package', id: (await shop.pass((p) => p.type === 'register')).id })).order;

    const ids = (orders: Order[]) => orders.map((o) => o.id);
    expect(ids(await shop.orders(viewer.token))).toEqual([free.id, pending.id, failed.id, paidEvent.id]);
    expect(ids(await shop.orders(viewer.token, { activity_status: 'active' }))).toEqual([free.id, paidEvent.id]);
    expect(ids(await shop.orders(viewer.token, { activity_status: 'inactive' }))).toEqual([pending.id, failed.id]);
    expect(ids(await shop.orders(viewer.token, { status: 'failed' }))).toEqual([failed.id]);
    expect(ids(await shop.orders(viewer.token, { type: 'package' }))).toEqual([free.id]);
    expect(ids(await shop.orders(viewer.token, { type: 'event', status: 'paid', activity_status: 'active' }))).toEqual([paidEvent.id]);
    const page = await shop.ok<List<Order>>('GET', '/orders', viewer.token, { query: { limit: 1, offset: 1 } });
    expect(page).toMatchObject({ data: [{ id: pending.id }], meta: { total: 4, limit: 1, offset: 1 } });
    expect((await shop.ok<List<Order>>('GET', '/orders', viewer.token, { query: { no_limit: 1 } })).meta).toEqual({ total: 4, limit: 4, offset: 0 });

    const transactions = await shop.ok<List<{ status: string; order_id: number }>>('GET', '/transactions', viewer.token);
    expect(transactions.data.map((t) => [t.order_id, t.status])).toEqual([[pending.id, 'created'], [failed.id, 'failed'], [paidEvent.id, 'paid']]);
    const paidOnly = await shop.ok<List<{ order_id: number }>>('GET', '/transactions', viewer.token, { query: { status: 'paid' } });
    expect(paidOnly.data.map((t) => t.order_id)).toEqual([paidEvent.id]);
  });

  it('saves cards through setup intents: the first is the default, set_default moves it; a declining card is refused at once', async () => {
    const viewer = await shop.newViewer('cards');
    const first = await shop.saveCard(viewer.token);
    expect(first).toMatchObject({ brand: 'visa', last4: '4242', is_default: true });
    const second = await shop.saveCard(viewer.token, '5555555555554444', true);
    expect(second).toMatchObject({ brand: 'mastercard', last4: '4444', is_default: true });
    const third = await shop.saveCard(viewer.token, '378282246310005');
    expect((await shop.ok<List<Card>>('GET', '/stripe/list-cards', viewer.token)).data.map((c) => [c.id, c.is_default])).toEqual([
      [second.id, true], [third.id, false], [first.id, false],
    ]);

    const intent = await shop.ok<{ id: string; client_secret: string; provider: string }>('POST', '/stripe/setup-intent', viewer.token, { body: {} });
    expect(intent.provider).toBe('reference');
    const confirmWith = (number: string) => ({ body: { client_secret: intent.client_secret, card: card(number) } });
    const declined = await shop.call<ErrorBody>('POST', '/stripe/setup-intent/confirm', viewer.token, confirmWith(CARDS.declined));
    expect(declined.status).toBe(402);
    expect(declined.body.error.errors).toEqual({ card: ['Your card was declined.'] });
    // Stripe's 0341 is saved, and declines only when charged.
    const later = await shop.ok<Card>('POST', '/stripe/setup-intent/confirm', viewer.token, confirmWith(CARDS.declinesAfterSaving));
    expect(later.last4).toBe('0341');
    const again = await shop.call('POST', '/stripe/setup-intent/confirm', viewer.token, confirmWith(CARDS.visa));
    expect(again.status).toBe(409);
    const event = (await shop.paidEvents())[1]!;
    const charged = await shop.buyEvent(viewer.token, event, { payment_method_id: later.id });
    expect(await shop.pollOrder(viewer.token, charged.order.id)).toMatchObject({ status: 'failed', failure_reason: 'card_declined' });
  });

  it('deleting an account deletes its purchases, payments, cards and subscriptions; their pending jobs then do nothing', async () => {
    const viewer = await shop.newViewer('leaving');
    const saved = await shop.saveCard(viewer.token);
    await shop.purchaseEvent(viewer.token, (await shop.paidEvents())[1]!);
    const pending = await shop.buyEvent(viewer.token, (await shop.paidEvents())[2]!);
    await shop.confirm(viewer.token, pending.client_secret);
    await shop.ok('POST', '/stripe/subscription/start_trial', viewer.token, { body: { subscription_id: (await shop.plan('monthly')).id, payment_method_id: saved.id } });

    expect((await shop.call('POST', '/profile', viewer.token, { body: { _method: 'DELETE' } })).status).toBe(200);
    const mail = api.db.prepare<[string], { link: string }>("SELECT link FROM outbox WHERE email = ? AND kind = 'account_deletion'").get(viewer.email)!;
    const link = new URL(mail.link).searchParams;
    const deleted = await shop.call('POST', '/delete-account-confirm', null, {
      body: { email: link.get('email'), expires: Number(link.get('expires')), signature: link.get('signature') },
    });
    expect(deleted.status).toBe(200);
    for (const table of ['orders', 'transactions', 'cards', 'setup_intents', 'user_subscriptions']) {
      expect(api.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).get(viewer.id), table).toEqual({ n: 0 });
    }
    api.clock.advance(8 * DAY);
    api.runJobs();
    expect(api.db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE done_at IS NULL AND run_at <= ?").get(api.clock.now())).toEqual({ n: 0 });
  });

  it('answers a customer portal URL into the app’s profile', async () => {
    const viewer = await shop.newViewer('portal');
    expect(await shop.ok('GET', '/stripe/customer-portal', viewer.token)).toEqual({ url: `${api.origin}/profile` });
  });
});
