/**
 * One call per test: no viewer can list, read, change or delete another viewer's orders, transactions, cards, setup
 * intents, subscriptions or favourites. Owner A has a paid, a failed and a waiting order (with their transactions), a
 * saved card, an open setup intent, a trial subscription and two favourites; intruder B, of the same channel, has
 * its own paid and waiting orders, card and favourite, so its lists are never merely empty. Each of A's ids used by B
 * (or by a viewer of the other channel) answers exactly what an id that never existed answers, and nothing is
 * written; a visitor without a token is refused with 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, type Card, CARDS, type ErrorBody, type EventItem, type List, type Order, type Plan, Shop } from './commerce-helpers';
import { BOREAL, databaseSnapshot, startTestApi, SUMMIT, type TestApi } from './harness';

interface Viewer {
  token: string;
  id: number;
  email: string;
}
interface Favourite {
  id: number;
  favoritable_id: number;
  favoritable_type: 'participant' | 'group' | 'category';
  created_at: number;
  name: string;
  alias: string;
  image: string | null;
}
interface Transaction {
  id: number;
  order_id: number;
  order_type: string;
  status: 'created' | 'failed' | 'paid' | 'refunded';
}
interface Access {
  events: number[];
  packages: number[];
  subscriptions: number[];
}

let api: TestApi;
let shop: Shop;
let boreal: Shop;

/** A: the owner. B: an intruder of the same channel. C: a viewer of the Boreal channel. */
let a: Viewer;
let b: Viewer;
let c: Viewer;

/** Summit's paid events: A pays 0, waits on 1 (so does B), fails 2; B pays 3; 4 is left for B to try to buy. */
let events: EventItem[];
let aPaid: Order;
let aFailed: Order;
let aWaiting: { order: Order; secret: string };
let aCard: Card & { setupIntentId: string };
let aOpenSetup: { id: string; client_secret: string };
let aPlan: Plan;
let aFavourites: Favourite[];
let bPaid: Order;
let bWaiting: { order: Order; secret: string };
let bCard: Card & { setupIntentId: string };
let bFavourite: Favourite;
/** Teams and school: A favours team tA and school gA, B favours team tB. */
let tA: number;
let gA: number;
let tB: number;

const visitorRefusal = { auth: ['A valid bearer token is required'] };
const endedSession = { auth: ['The session has ended or the token is invalid'] };
/** An id no row has: what a viewer reads for another viewer's row must be exactly what it reads for this one. */
const NEVER = 999_999;

function expectRefused(result: { status: number; body: unknown }, status: number, errors: Record<string, string[]>, message?: string): void {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  const body = result.body as ErrorBody;
  expect(body.error.errors).toEqual(errors);
  if (message !== undefined) expect(body.error.message).toBe(message);
}
const notFound = (field: string, what: string) => ({ [field]: [`${what} not found`] });

const ids = (items: Array<{ id: number }>): number[] => items.map((item) => item.id).sort((p, q) => p - q);
const rowIds = (table: string, viewer: Viewer): number[] =>
  api.db
    .prepare<[number], { id: number }>(`SELECT id FROM ${table} WHERE user_id = ? ORDER BY id`)
    .all(viewer.id)
    .map((row) => row.id);
const rowsOf = (table: string, viewer: Viewer): unknown[] => api.db.prepare(`SELECT * FROM ${table} WHERE user_id = ? ORDER BY rowid`).all(viewer.id);

async function favourite(viewer: Viewer, type: Favourite['favoritable_type'], id: number): Promise<Favourite> {
  return shop.ok<Favourite>('POST', '/favorite', viewer.token, { body: { favoritable_id: id, favoritable_type: type } });
}
async function listOf<T>(target: Shop, path: string, viewer: Viewer, query: Record<string, string | number> = {}): Promise<List<T>> {
  const list = await target.call<List<T>>('GET', path, viewer.token, { query });
  expect(list.status, `${path} ${JSON.stringify(query)}: ${JSON.stringify(list.body)}`).toBe(200);
  return list.body;
}
async function eventIds(query: Record<string, string | number>, viewer: Viewer | null = null): Promise<number[]> {
  const list = await shop.call<List<{ id: number }>>('GET', '/events', viewer?.token ?? null, { query: { no_limit: 1, ...query } });
  expect(list.status).toBe(200);
  return ids(list.body.data);
}

/** Teams of the summit channel with the ids of their events, read from the database. */
function teamsWithEvents(): Map<number, { group: number | null; events: Set<number> }> {
  const rows = api.db
    .prepare<[string], { participant_id: number; group_id: number | null; event_id: number }>(
      `SELECT ep.participant_id, p.group_id, ep.event_id FROM event_participants ep
       JOIN participants p ON p.id = ep.participant_id JOIN events e ON e.id = ep.event_id
       WHERE e.channel_id = (SELECT id FROM channels WHERE alias = ?) ORDER BY ep.participant_id, ep.event_id`,
    )
    .all(SUMMIT.alias);
  const teams = new Map<number, { group: number | null; events: Set<number> }>();
  for (const row of rows) {
    const team = teams.get(row.participant_id) ?? { group: row.group_id, events: new Set<number>() };
    team.events.add(row.event_id);
    teams.set(row.participant_id, team);
  }
  return teams;
}

beforeAll(async () => {
  api = await startTestApi();
  shop = new Shop(api, await api.apiKey(SUMMIT.channelKey));
  boreal = new Shop(api, await api.apiKey(BOREAL.channelKey), 'boreal.test');
  a = await shop.newViewer('owner');
  b = await shop.newViewer('intruder');
  c = await boreal.newViewer('boreal');

  events = await shop.paidEvents();
  expect(events.length).toBeGreaterThanOrEqual(5);
  aPaid = await shop.purchaseEvent(a.token, events[0]!);
  expect(aPaid.status).toBe('paid');
  aFailed = await shop.purchaseEvent(a.token, events[2]!, { card: card(CARDS.declined) });
  expect(aFailed.status).toBe('failed');
  const waiting = await shop.buyEvent(a.token, events[1]!);
  aWaiting = { order: waiting.order, secret: waiting.client_secret! };
  aCard = await shop.saveCard(a.token);
  aOpenSetup = await shop.ok<{ id: string; client_secret: string }>('POST', '/stripe/setup-intent', a.token, { body: {} });
  aPlan = await shop.plan('monthly');
  await shop.ok('POST', '/stripe/subscription/start_trial', a.token, { body: { subscription_id: aPlan.id, payment_method_id: aCard.id } });

  bPaid = await shop.purchaseEvent(b.token, events[3]!);
  expect(bPaid.status).toBe('paid');
  const bBought = await shop.buyEvent(b.token, events[1]!);
  bWaiting = { order: bBought.order, secret: bBought.client_secret! };
  bCard = await shop.saveCard(b.token);

  // B's team tB; A's team tA plays at least one game without tB; A's school gA is another school than tB's.
  const teams = teamsWithEvents();
  const [first] = [...teams.entries()].sort((p, q) => q[1].events.size - p[1].events.size);
  tB = first![0];
  const bEvents = first![1].events;
  const other = [...teams.entries()].find(([id, team]) => id !== tB && [...team.events].some((e) => !bEvents.has(e)));
  tA = other![0];
  const school = [...teams.values()].find((team) => team.group !== null && team.group !== first![1].group);
  gA = school!.group!;
  aFavourites = [await favourite(a, 'participant', tA), await favourite(a, 'group', gA)];
  bFavourite = await favourite(b, 'participant', tB);
});
afterAll(() => api.close());

describe('orders', () => {
  it('GET /orders: B lists only B’s orders, under every filter and page; C lists none; a visitor gets 401', async () => {
    const before = databaseSnapshot(api.db);
    const aOrders = rowIds('orders', a);
    expect(aOrders).toEqual(expect.arrayContaining([aPaid.id, aFailed.id, aWaiting.order.id]));
    expect(aOrders).toHaveLength(4); // and the trial's order
    const bOrders = rowIds('orders', b);
    expect(bOrders).toEqual(ids([bPaid, bWaiting.order]));

    const all = await listOf<Order>(shop, '/orders', b);
    expect(ids(all.data)).toEqual(bOrders);
    expect(all.meta.total).toBe(bOrders.length);
    const filters: Array<Record<string, string | number>> = [
      { no_limit: 1 },
      ...['event', 'package', 'subscription'].map((type) => ({ type })),
      ...['processing', 'paid', 'failed', 'refunded'].map((status) => ({ status })),
      ...['active', 'inactive'].map((activity) => ({ activity_status: activity })),
      ...[0, 1, 2, 3, 4].map((offset) => ({ limit: 1, offset })),
    ];
    for (const query of filters) {
      const listed = await listOf<Order>(shop, '/orders', b, query);
      expect(listed.data.every((order) => bOrders.includes(order.id)), JSON.stringify(query)).toBe(true);
      expect(listed.meta.total, JSON.stringify(query)).toBeLessThanOrEqual(bOrders.length);
    }
    // The same filters A's orders match answer B nothing of A's: B has no failed and no subscription order.
    expect((await listOf<Order>(shop, '/orders', b, { status: 'failed' })).data).toEqual([]);
    expect((await listOf<Order>(shop, '/orders', b, { type: 'subscription' })).data).toEqual([]);

    expect((await listOf<Order>(boreal, '/orders', c)).meta.total).toBe(0);
    expectRefused(await shop.call('GET', '/orders', null), 401, visitorRefusal, 'Unauthenticated.');
    expectRefused(await boreal.call('GET', '/orders', a.token), 401, endedSession, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);
    expect(ids((await listOf<Order>(shop, '/orders', a)).data)).toEqual(aOrders);
  });

  it('GET /orders?user_id=…: a query naming A as the owner is ignored; B still gets only B’s orders', async () => {
    const before = databaseSnapshot(api.db);
    const named = await listOf<Order>(shop, '/orders', b, { user_id: a.id });
    expect(ids(named.data)).toEqual(rowIds('orders', b));
    expect(named.meta.total).toBe(rowIds('orders', b).length);
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('GET /orders/{id}: B gets 404 for each of A’s orders, as for one that never existed; nothing is written', async () => {
    const before = databaseSnapshot(api.db);
    const never = await shop.call<ErrorBody>('GET', `/orders/${NEVER}`, b.token);
    expectRefused(never, 404, notFound('id', 'Order'), 'Order not found');
    for (const id of rowIds('orders', a)) {
      const refused = await shop.call<ErrorBody>('GET', `/orders/${id}`, b.token);
      expectRefused(refused, 404, notFound('id', 'Order'), 'Order not found');
      expect(refused.body).toEqual(never.body);
    }
    expect(databaseSnapshot(api.db)).toBe(before);
    // The refusal is about whose order it is: B reads its own, A reads A's.
    expect((await shop.ok<Order>('GET', `/orders/${bPaid.id}`, b.token)).id).toBe(bPaid.id);
    expect(await shop.ok<Order>('GET', `/orders/${aPaid.id}`, a.token)).toEqual(aPaid);
  });

  it('GET /orders/{id} while polling: B cannot poll A’s waiting order, nor A B’s waiting order of the same event', async () => {
    const before = databaseSnapshot(api.db);
    expect(aWaiting.order.product.id).toBe(bWaiting.order.product.id);
    expectRefused(await shop.call('GET', `/orders/${aWaiting.order.id}`, b.token), 404, notFound('id', 'Order'), 'Order not found');
    expectRefused(await shop.call('GET', `/orders/${bWaiting.order.id}`, a.token), 404, notFound('id', 'Order'), 'Order not found');
    expect((await shop.ok<Order>('GET', `/orders/${aWaiting.order.id}`, a.token)).status).toBe('processing');
    expect((await shop.ok<Order>('GET', `/orders/${bWaiting.order.id}`, b.token)).status).toBe('processing');
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('GET /orders/{id}: C of Boreal gets 404 for A’s order; A’s own token with Boreal’s key and a visitor get 401', async () => {
    const before = databaseSnapshot(api.db);
    for (const id of [aPaid.id, aWaiting.order.id]) {
      expectRefused(await boreal.call('GET', `/orders/${id}`, c.token), 404, notFound('id', 'Order'), 'Order not found');
      expectRefused(await boreal.call('GET', `/orders/${id}`, a.token), 401, endedSession, 'Unauthenticated.');
      expectRefused(await shop.call('GET', `/orders/${id}`, null), 401, visitorRefusal, 'Unauthenticated.');
    }
    expect(databaseSnapshot(api.db)).toBe(before);
  });
});

describe('transactions', () => {
  it('GET /transactions: B lists only B’s transactions, under every status and page; C lists none; a visitor gets 401', async () => {
    const before = databaseSnapshot(api.db);
    const aTransactions = rowIds('transactions', a);
    expect(aTransactions.length).toBeGreaterThanOrEqual(3);
    const bTransactions = rowIds('transactions', b);
    expect(bTransactions.length).toBeGreaterThanOrEqual(2);
    const bOrders = rowIds('orders', b);

    const all = await listOf<Transaction>(shop, '/transactions', b);
    expect(ids(all.data)).toEqual(bTransactions);
    expect(all.data.every((t) => bOrders.includes(t.order_id))).toBe(true);
    const filters: Array<Record<string, string | number>> = [
      { no_limit: 1 },
      ...['created', 'failed', 'paid', 'refunded'].map((status) => ({ status })),
      ...[0, 1, 2, 3].map((offset) => ({ limit: 1, offset })),
    ];
    for (const query of filters) {
      const listed = await listOf<Transaction>(shop, '/transactions', b, query);
      expect(listed.data.every((t) => bTransactions.includes(t.id) && bOrders.includes(t.order_id)), JSON.stringify(query)).toBe(true);
      expect(listed.meta.total, JSON.stringify(query)).toBeLessThanOrEqual(bTransactions.length);
    }
    // A has a failed transaction; B has none to list.
    expect((await listOf<Transaction>(shop, '/transactions', b, { status: 'failed' })).data).toEqual([]);
    expect((await listOf<Transaction>(shop, '/transactions', a, { status: 'failed' })).data).toHaveLength(1);

    expect((await listOf<Transaction>(boreal, '/transactions', c)).data).toEqual([]);
    expectRefused(await shop.call('GET', '/transactions', null), 401, visitorRefusal, 'Unauthenticated.');
    expectRefused(await boreal.call('GET', '/transactions', a.token), 401, endedSession, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);
    expect(ids((await listOf<Transaction>(shop, '/transactions', a)).data)).toEqual(aTransactions);
  });

  it('GET /transactions?user_id=…: a query naming A as the owner is ignored; B still gets only B’s transactions', async () => {
    const before = databaseSnapshot(api.db);
    const named = await listOf<Transaction>(shop, '/transactions', b, { user_id: a.id });
    expect(ids(named.data)).toEqual(rowIds('transactions', b));
    expect(named.meta.total).toBe(rowIds('transactions', b).length);
    expect(databaseSnapshot(api.db)).toBe(before);
  });
});

describe('favourites', () => {
  it('GET /favorites: B lists only B’s favourite; C lists none; a visitor gets 401', async () => {
    const before = databaseSnapshot(api.db);
    expect(ids(aFavourites)).toEqual(rowIds('favorites', a));
    const listed = await listOf<Favourite>(shop, '/favorites', b);
    expect(listed.data).toEqual([bFavourite]);
    expect(listed.meta.total).toBe(1);
    expect(listed.data.some((f) => ids(aFavourites).includes(f.id))).toBe(false);
    expect((await listOf<Favourite>(boreal, '/favorites', c)).data).toEqual([]);
    expectRefused(await shop.call('GET', '/favorites', null), 401, visitorRefusal, 'Unauthenticated.');
    expectRefused(await boreal.call('GET', '/favorites', a.token), 401, endedSession, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);
    expect((await listOf<Favourite>(shop, '/favorites', a)).data).toEqual(aFavourites);
  });

  it('POST /favorite: B favouriting A’s team gets a favourite of B’s own; B cannot name A as the owner; a visitor gets 401', async () => {
    const aRows = rowsOf('favorites', a);
    const before = databaseSnapshot(api.db);
    const planted = await shop.call('POST', '/favorite', b.token, { body: { favoritable_id: tA, favoritable_type: 'participant', user_id: a.id } });
    expectRefused(planted, 422, { user_id: ['is not an accepted field'] }, 'The given data was invalid.');
    const reused = await shop.call('POST', '/favorite', b.token, { body: { id: aFavourites[0]!.id, favoritable_id: tA, favoritable_type: 'participant' } });
    expectRefused(reused, 422, { id: ['is not an accepted field'] }, 'The given data was invalid.');
    expectRefused(await shop.call('POST', '/favorite', null, { body: { favoritable_id: tA, favoritable_type: 'participant' } }), 401, visitorRefusal, 'Unauthenticated.');
    // C of Boreal cannot favour A's (summit) team at all.
    expectRefused(await boreal.call('POST', '/favorite', c.token, { body: { favoritable_id: tA, favoritable_type: 'participant' } }), 404, notFound('favoritable_id', 'The team'));
    expect(databaseSnapshot(api.db)).toBe(before);

    const own = await favourite(b, 'participant', tA);
    expect(ids(aFavourites)).not.toContain(own.id);
    expect(api.db.prepare<[number], { user_id: number }>('SELECT user_id FROM favorites WHERE id = ?').get(own.id)?.user_id).toBe(b.id);
    expect(rowsOf('favorites', a)).toEqual(aRows);
    expect((await listOf<Favourite>(shop, '/favorites', a)).data).toEqual(aFavourites);
    // Back to B's one favourite for the other tests.
    expect((await shop.call('DELETE', `/favorite/${own.id}`, b.token)).status).toBe(200);
    expect((await listOf<Favourite>(shop, '/favorites', b)).data).toEqual([bFavourite]);
  });

  it('DELETE /favorite/{id}: B and C get 404 for each of A’s favourites, as for one that never existed; nothing is written', async () => {
    const before = databaseSnapshot(api.db);
    const never = await shop.call<ErrorBody>('DELETE', `/favorite/${NEVER}`, b.token);
    expectRefused(never, 404, notFound('id', 'Favourite'), 'Favourite not found');
    for (const f of aFavourites) {
      const refused = await shop.call<ErrorBody>('DELETE', `/favorite/${f.id}`, b.token);
      expectRefused(refused, 404, notFound('id', 'Favourite'), 'Favourite not found');
      expect(refused.body).toEqual(never.body);
      expectRefused(await boreal.call('DELETE', `/favorite/${f.id}`, c.token), 404, notFound('id', 'Favourite'), 'Favourite not found');
      expectRefused(await boreal.call('DELETE', `/favorite/${f.id}`, a.token), 401, endedSession, 'Unauthenticated.');
      expectRefused(await shop.call('DELETE', `/favorite/${f.id}`, null), 401, visitorRefusal, 'Unauthenticated.');
    }
    expect(databaseSnapshot(api.db)).toBe(before);
    expect((await listOf<Favourite>(shop, '/favorites', a)).data).toEqual(aFavourites);

    // The refusal is about whose favourite it is: B removes one of its own.
    const own = await favourite(b, 'group', gA);
    const removed = await shop.call('DELETE', `/favorite/${own.id}`, b.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Favourite removed' });
    expect((await listOf<Favourite>(shop, '/favorites', a)).data).toEqual(aFavourites);
  });

  it('GET /events/favorite: B gets the events of B’s team only, none that only A’s team or school brings; a visitor gets 401', async () => {
    const before = databaseSnapshot(api.db);
    const favouriteEvents = async (viewer: Viewer, target = shop): Promise<List<{ id: number }>> =>
      listOf<{ id: number }>(target, '/events/favorite', viewer, { limit: 100 });
    const bList = await favouriteEvents(b);
    expect(bList.meta.total).toBe(bList.data.length);
    expect(ids(bList.data)).toEqual(await eventIds({ participant_id: tB }));

    const aList = ids((await favouriteEvents(a)).data);
    const aExpected = [...new Set([...(await eventIds({ participant_id: tA })), ...(await eventIds({ school: gA }))])].sort((p, q) => p - q);
    expect(aList).toEqual(aExpected);
    const onlyA = aList.filter((id) => !ids(bList.data).includes(id));
    expect(onlyA.length).toBeGreaterThan(0);

    expect((await favouriteEvents(c, boreal)).data).toEqual([]);
    expectRefused(await shop.call('GET', '/events/favorite', null), 401, visitorRefusal, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);
  });
});

describe('what the viewer has bought', () => {
  it('GET /user/access: B’s purchases are B’s event only, never A’s event or subscription; a visitor gets 401', async () => {
    const before = databaseSnapshot(api.db);
    const bAccess = await shop.ok<Access>('GET', '/user/access', b.token);
    expect(bAccess).toMatchObject({ events: [bPaid.product.id], packages: [], subscriptions: [] });
    const aAccess = await shop.ok<Access>('GET', '/user/access', a.token);
    expect(aAccess.events).toContain(aPaid.product.id);
    expect(aAccess.subscriptions).toEqual([aPlan.id]);
    expect(bAccess.events).not.toContain(aPaid.product.id);
    expect(await boreal.ok<Access>('GET', '/user/access', c.token)).toMatchObject({ events: [], packages: [], subscriptions: [] });
    expectRefused(await shop.call('GET', '/user/access', null), 401, visitorRefusal, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('GET /events/{id}: A’s paid event has no access for B, while B’s own has; C gets 404', async () => {
    const before = databaseSnapshot(api.db);
    expect((await shop.event(aPaid.product.id, a.token)).has_access).toBe(true);
    expect((await shop.event(aPaid.product.id, b.token)).has_access).toBe(false);
    expect((await shop.event(bPaid.product.id, b.token)).has_access).toBe(true);
    expect((await shop.ok<EventItem>('GET', `/events/${aPaid.product.id}`, null)).has_access).toBe(false);
    expectRefused(await boreal.call('GET', `/events/${aPaid.product.id}`, c.token), 404, notFound('id', 'Event'));
    expect(databaseSnapshot(api.db)).toBe(before);
  });
});

describe('subscriptions', () => {
  const unowned = { status: null, auto_renew: null, renews_at: null, trial_ends_at: null, is_purchased: false };

  it('GET /subscriptions: A’s trial shows for A only; B and a visitor see every plan unowned', async () => {
    const before = databaseSnapshot(api.db);
    const aPlans = await shop.plans(a.token);
    expect(aPlans.find((p) => p.id === aPlan.id)).toMatchObject({ status: 'active', auto_renew: true, is_purchased: true });
    for (const plans of [await shop.plans(b.token), await shop.plans(null)]) {
      expect(plans.map((p) => p.id)).toEqual(aPlans.map((p) => p.id));
      for (const plan of plans) expect(plan).toMatchObject(unowned);
    }
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('GET /subscriptions/{id}: A’s plan is unowned for B and a visitor; C gets 404', async () => {
    const before = databaseSnapshot(api.db);
    expect(await shop.ok<Plan>('GET', `/subscriptions/${aPlan.id}`, a.token)).toMatchObject({ status: 'active', is_purchased: true });
    expect(await shop.ok<Plan>('GET', `/subscriptions/${aPlan.id}`, b.token)).toMatchObject(unowned);
    expect(await shop.ok<Plan>('GET', `/subscriptions/${aPlan.id}`, null)).toMatchObject(unowned);
    expectRefused(await boreal.call('GET', `/subscriptions/${aPlan.id}`, c.token), 404, notFound('id', 'Subscription'));
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('POST /stripe/unsubscribe: B and C get 404 for A’s subscription and nothing is written; a visitor gets 401', async () => {
    const row = rowsOf('user_subscriptions', a);
    const before = databaseSnapshot(api.db);
    const never = await shop.call<ErrorBody>('POST', '/stripe/unsubscribe', b.token, { body: { subscription_id: NEVER } });
    expectRefused(never, 404, notFound('subscription_id', 'Subscription'), 'Subscription not found');
    const refused = await shop.call<ErrorBody>('POST', '/stripe/unsubscribe', b.token, { body: { subscription_id: aPlan.id } });
    expectRefused(refused, 404, notFound('subscription_id', 'Subscription'), 'Subscription not found');
    expect(refused.body).toEqual(never.body);
    expectRefused(await boreal.call('POST', '/stripe/unsubscribe', c.token, { body: { subscription_id: aPlan.id } }), 404, notFound('subscription_id', 'Subscription'));
    expectRefused(await boreal.call('POST', '/stripe/unsubscribe', a.token, { body: { subscription_id: aPlan.id } }), 401, endedSession, 'Unauthenticated.');
    expectRefused(await shop.call('POST', '/stripe/unsubscribe', null, { body: { subscription_id: aPlan.id } }), 401, visitorRefusal, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);
    expect(rowsOf('user_subscriptions', a)).toEqual(row);
    expect(await shop.ok<Plan>('GET', `/subscriptions/${aPlan.id}`, a.token)).toMatchObject({ status: 'active', auto_renew: true });
  });

  it('POST /stripe/subscription/start_trial: B and C get 404 for A’s card and A’s setup intent; nothing is written', async () => {
    const before = databaseSnapshot(api.db);
    const borealPlan = await boreal.plan('monthly');
    expect(borealPlan.trial_period).toBeGreaterThan(0);
    const attempts: Array<[Shop, Viewer, number, Record<string, string>, string, string]> = [
      [shop, b, aPlan.id, { payment_method_id: aCard.id }, 'payment_method_id', 'Card'],
      [shop, b, aPlan.id, { setup_intent_id: aCard.setupIntentId }, 'setup_intent_id', 'Setup intent'],
      [shop, b, aPlan.id, { setup_intent_id: aOpenSetup.id }, 'setup_intent_id', 'Setup intent'],
      [boreal, c, borealPlan.id, { payment_method_id: aCard.id }, 'payment_method_id', 'Card'],
      [boreal, c, borealPlan.id, { setup_intent_id: aCard.setupIntentId }, 'setup_intent_id', 'Setup intent'],
    ];
    for (const [target, viewer, plan, using, field, what] of attempts) {
      const refused = await target.call('POST', '/stripe/subscription/start_trial', viewer.token, { body: { subscription_id: plan, ...using } });
      expectRefused(refused, 404, notFound(field, what), `${what} not found`);
    }
    const visitor = await shop.call('POST', '/stripe/subscription/start_trial', null, { body: { subscription_id: aPlan.id, payment_method_id: aCard.id } });
    expectRefused(visitor, 401, visitorRefusal, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);
    expect(api.db.prepare<[number], { trial_period_used: number }>('SELECT trial_period_used FROM users WHERE id = ?').get(b.id)?.trial_period_used).toBe(0);
  });
});

describe('cards and payments', () => {
  it('GET /stripe/list-cards: B lists only B’s card; C lists none; a visitor gets 401', async () => {
    const before = databaseSnapshot(api.db);
    const saved = ({ id, brand, last4, exp_month, exp_year, is_default }: Card): Card => ({ id, brand, last4, exp_month, exp_year, is_default });
    expect((await shop.ok<List<Card>>('GET', '/stripe/list-cards', b.token)).data).toEqual([saved(bCard)]);
    expect((await shop.ok<List<Card>>('GET', '/stripe/list-cards', a.token)).data).toEqual([saved(aCard)]);
    expect((await boreal.ok<List<Card>>('GET', '/stripe/list-cards', c.token)).data).toEqual([]);
    expectRefused(await shop.call('GET', '/stripe/list-cards', null), 401, visitorRefusal, 'Unauthenticated.');
    expectRefused(await boreal.call('GET', '/stripe/list-cards', a.token), 401, endedSession, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('POST /stripe/setup-intent: the intent B opens is B’s, and A cannot confirm it; a visitor gets 401', async () => {
    const aRows = rowsOf('setup_intents', a);
    expectRefused(await shop.call('POST', '/stripe/setup-intent', null, { body: {} }), 401, visitorRefusal, 'Unauthenticated.');
    const opened = await shop.ok<{ id: string; client_secret: string }>('POST', '/stripe/setup-intent', b.token, { body: {} });
    expect(api.db.prepare<[string], { user_id: number }>('SELECT user_id FROM setup_intents WHERE id = ?').get(opened.id)?.user_id).toBe(b.id);
    expect(rowsOf('setup_intents', a)).toEqual(aRows);
    const before = databaseSnapshot(api.db);
    const stolen = await shop.call('POST', '/stripe/setup-intent/confirm', a.token, { body: { client_secret: opened.client_secret, card: card() } });
    expectRefused(stolen, 404, notFound('client_secret', 'Setup intent'), 'Setup intent not found');
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('POST /stripe/setup-intent/confirm: B and C get 404 for A’s open and A’s used setup intents; nothing is written', async () => {
    const before = databaseSnapshot(api.db);
    const aIntents = rowsOf('setup_intents', a);
    const never = await shop.call<ErrorBody>('POST', '/stripe/setup-intent/confirm', b.token, {
      body: { client_secret: `seti_000000000000_secret_0000000000000000`, card: card() },
    });
    expectRefused(never, 404, notFound('client_secret', 'Setup intent'), 'Setup intent not found');
    const refused = await shop.call<ErrorBody>('POST', '/stripe/setup-intent/confirm', b.token, { body: { client_secret: aOpenSetup.client_secret, card: card() } });
    expectRefused(refused, 404, notFound('client_secret', 'Setup intent'), 'Setup intent not found');
    expect(refused.body).toEqual(never.body);
    const asDefault = await shop.call('POST', '/stripe/setup-intent/confirm', b.token, { body: { client_secret: aOpenSetup.client_secret, card: card(), set_default: true } });
    expectRefused(asDefault, 404, notFound('client_secret', 'Setup intent'));
    expectRefused(
      await boreal.call('POST', '/stripe/setup-intent/confirm', c.token, { body: { client_secret: aOpenSetup.client_secret, card: card() } }),
      404,
      notFound('client_secret', 'Setup intent'),
    );
    expectRefused(await shop.call('POST', '/stripe/setup-intent/confirm', null, { body: { client_secret: aOpenSetup.client_secret, card: card() } }), 401, visitorRefusal, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);
    expect(rowsOf('setup_intents', a)).toEqual(aIntents);
    expect(rowsOf('cards', b)).toHaveLength(1);
  });

  it('POST /stripe/confirm: B and C get 404 for A’s payment, and B’s own payment cannot use A’s card; nothing is written', async () => {
    const aPayments = rowsOf('transactions', a);
    const before = databaseSnapshot(api.db);
    const never = await shop.call<ErrorBody>('POST', '/stripe/confirm', b.token, { body: { client_secret: 'pi_000000000000_secret_0000000000000000', card: card() } });
    expectRefused(never, 404, notFound('client_secret', 'Payment'), 'Payment not found');
    const payments: Array<Record<string, unknown>> = [{ card: card() }, { card: card(), save_card: true }, { payment_method_id: bCard.id }, { payment_method_id: aCard.id }];
    for (const payment of payments) {
      const refused = await shop.call<ErrorBody>('POST', '/stripe/confirm', b.token, { body: { client_secret: aWaiting.secret, ...payment } });
      expectRefused(refused, 404, notFound('client_secret', 'Payment'), 'Payment not found');
      expect(refused.body).toEqual(never.body);
    }
    const aCardOnB = await shop.call('POST', '/stripe/confirm', b.token, { body: { client_secret: bWaiting.secret, payment_method_id: aCard.id } });
    expectRefused(aCardOnB, 404, notFound('payment_method_id', 'Card'), 'Card not found');
    expectRefused(await boreal.call('POST', '/stripe/confirm', c.token, { body: { client_secret: aWaiting.secret, card: card() } }), 404, notFound('client_secret', 'Payment'));
    expectRefused(await boreal.call('POST', '/stripe/confirm', a.token, { body: { client_secret: aWaiting.secret, card: card() } }), 401, endedSession, 'Unauthenticated.');
    expectRefused(await shop.call('POST', '/stripe/confirm', null, { body: { client_secret: aWaiting.secret, card: card() } }), 401, visitorRefusal, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);
    expect(rowsOf('transactions', a)).toEqual(aPayments);
    expect((await shop.ok<Order>('GET', `/orders/${aWaiting.order.id}`, a.token)).status).toBe('processing');
  });

  it('POST /stripe/buy: B and C cannot charge A’s saved card; nothing is written; a visitor gets 401', async () => {
    const before = databaseSnapshot(api.db);
    const fresh = events[4]!;
    const annual = await shop.plan('annual');
    const [borealEvent] = await boreal.paidEvents();
    const attempts: Array<[Shop, Viewer, Record<string, unknown>]> = [
      [shop, b, { type: 'event', id: fresh.id, single_event_package_id: fresh.single_event_package_id, payment_method_id: aCard.id }],
      [shop, b, { type: 'subscription', id: annual.id, payment_method_id: aCard.id }],
      [shop, b, { type: 'subscription', id: aPlan.id, payment_method_id: aCard.id }],
      [boreal, c, { type: 'event', id: borealEvent!.id, single_event_package_id: borealEvent!.single_event_package_id, payment_method_id: aCard.id }],
    ];
    for (const [target, viewer, body] of attempts) {
      expectRefused(await target.call('POST', '/stripe/buy', viewer.token, { body }), 404, notFound('payment_method_id', 'Card'), 'Card not found');
    }
    const visitor = await shop.call('POST', '/stripe/buy', null, { body: { type: 'subscription', id: annual.id, payment_method_id: aCard.id } });
    expectRefused(visitor, 401, visitorRefusal, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('GET /stripe/customer-portal: B gets the app’s profile page, nothing of A’s; a visitor gets 401', async () => {
    const before = databaseSnapshot(api.db);
    const portal = await shop.ok<{ url: string }>('GET', '/stripe/customer-portal', b.token);
    expect(portal).toEqual({ url: `${api.origin}/profile` });
    expect(await shop.ok<{ url: string }>('GET', '/stripe/customer-portal', a.token)).toEqual(portal);
    expectRefused(await shop.call('GET', '/stripe/customer-portal', null), 401, visitorRefusal, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);
  });
});
