/**
 * Subscriptions on the API's clock: a free trial charges the saved card once its days have passed, unless the
 * viewer cancelled first; monthly plans renew every 30 days and annual ones after 12 months; cancelling keeps access
 * until the period ends. The tests move the clock and run the due jobs instead of waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, card, type ErrorBody, type Order, type Plan, Shop } from './commerce-helpers';
import { startTestApi, SUMMIT, type TestApi } from './harness';

let api: TestApi;
let shop: Shop;

beforeAll(async () => {
  api = await startTestApi();
  shop = new Shop(api, await api.apiKey(SUMMIT.channelKey));
});
afterAll(() => api.close());

const DAY = 86_400;

async function planOf(token: string, id: number): Promise<Plan> {
  return shop.ok<Plan>('GET', `/subscriptions/${id}`, token);
}

/** Whether the viewer can watch every paid event (what a subscription gives). */
async function watchesEverything(token: string): Promise<boolean> {
  return (await shop.events(token)).every((e) => e.has_access);
}

/**
 * Moves the clock to `at` (or by nothing when it is past), runs what is due, and answers a new session for the viewer
 * (sessions last 30 days, so a session opened before a long move has ended).
 */
async function travelTo(at: number, email: string): Promise<string> {
  api.clock.advance(Math.max(0, at - api.clock.now()));
  api.runJobs();
  return api.login(email, shop.key);
}

async function startTrial(label: string, number: string = CARDS.visa): Promise<{ token: string; email: string; plan: Plan }> {
  const viewer = await shop.newViewer(label);
  const monthly = await shop.plan('monthly');
  const saved = await shop.saveCard(viewer.token, number);
  const plan = await shop.ok<Plan>('POST', '/stripe/subscription/start_trial', viewer.token, {
    body: { subscription_id: monthly.id, setup_intent_id: saved.setupIntentId },
  });
  return { token: viewer.token, email: viewer.email, plan };
}

describe('free trial', () => {
  it('grants access for the trial days at no charge, then charges the saved card once the days have passed', async () => {
    const started = api.clock.now();
    const trial = await startTrial('trial');
    let token = trial.token;
    expect(trial.plan).toMatchObject({ status: 'active', auto_renew: true, trial_ends_at: started + 7 * DAY, renews_at: started + 7 * DAY, is_purchased: true });
    expect((await shop.ok<{ trial_period_used: boolean }>('GET', '/profile', token)).trial_period_used).toBe(true);
    expect(await watchesEverything(token)).toBe(true);
    expect(await shop.orders(token)).toMatchObject([
      { type: 'subscription', status: 'paid', amount: 0, subscription_event: 'created', expires_at: started + 7 * DAY },
    ]);
    expect(await shop.transactions(token)).toEqual([]);

    // A day before the end, nothing is charged.
    token = await travelTo(started + 6 * DAY, trial.email);
    expect(await shop.transactions(token)).toEqual([]);

    token = await travelTo(started + 7 * DAY, trial.email);
    const [renewal] = await shop.orders(token);
    expect(renewal).toMatchObject({
      status: 'paid', amount: trial.plan.price, subscription_event: 'updated', activity_status: 'active', auto_renew: true,
      expires_at: started + 7 * DAY + 30 * DAY,
    });
    expect(await shop.transactions(token)).toMatchObject([{ order_id: renewal!.id, status: 'paid', amount: trial.plan.price, card_last4: '4242' }]);
    expect(await planOf(token, trial.plan.id)).toMatchObject({ status: 'active', trial_ends_at: null, renews_at: started + 37 * DAY, is_purchased: true });
    expect(await watchesEverything(token)).toBe(true);

    // Running the jobs again charges nothing more.
    api.runJobs();
    expect(await shop.transactions(token)).toHaveLength(1);
  });

  it('does not charge when the viewer cancels during the trial; access ends with the trial', async () => {
    const started = api.clock.now();
    const trial = await startTrial('trial-cancel');
    let token = trial.token;
    const planId = trial.plan.id;
    const cancelled = await shop.ok<Plan>('POST', '/stripe/unsubscribe', token, { body: { subscription_id: planId } });
    expect(cancelled).toMatchObject({ status: 'canceled', auto_renew: false, renews_at: started + 7 * DAY, is_purchased: true });
    // Cancelling again answers the same.
    expect(await shop.ok<Plan>('POST', '/stripe/unsubscribe', token, { body: { subscription_id: planId } })).toEqual(cancelled);
    expect((await shop.orders(token))[0]!.auto_renew).toBe(false);
    expect(await watchesEverything(token)).toBe(true);

    token = await travelTo(started + 7 * DAY, trial.email);
    expect(await shop.transactions(token)).toEqual([]);
    expect(await planOf(token, planId)).toMatchObject({ status: 'expired', auto_renew: false, is_purchased: false, trial_ends_at: null });
    expect(await watchesEverything(token)).toBe(false);
    expect(await shop.orders(token, { activity_status: 'active' })).toEqual([]);
    // The trial is used: a second one is refused.
    const second = await shop.call<ErrorBody>('POST', '/stripe/subscription/start_trial', token, {
      body: { subscription_id: planId, payment_method_id: (await shop.saveCard(token)).id },
    });
    expect(second.status).toBe(409);
    expect(second.body.error.errors).toHaveProperty('subscription_id');
  });

  it('a card that declines when charged ends the trial with a failed order and an inactive subscription', async () => {
    const started = api.clock.now();
    const trial = await startTrial('trial-decline', CARDS.declinesAfterSaving);
    let token = await travelTo(started + 7 * DAY, trial.email);
    expect(await shop.orders(token)).toMatchObject([
      { status: 'failed', failure_reason: 'card_declined', subscription_event: 'updated', activity_status: 'inactive' },
      { status: 'paid', amount: 0, activity_status: 'inactive' },
    ]);
    expect(await shop.transactions(token)).toMatchObject([{ status: 'failed', failure_reason: 'card_declined', card_last4: '0341' }]);
    expect(await planOf(token, trial.plan.id)).toMatchObject({ status: 'inactive', is_purchased: false });
    expect(await watchesEverything(token)).toBe(false);
    // Nothing more is tried.
    token = await travelTo(api.clock.now() + 60 * DAY, trial.email);
    expect(await shop.transactions(token)).toHaveLength(1);
  });

  it('is refused for a plan without a trial, and needs a saved card of the viewer', async () => {
    const viewer = await shop.newViewer('no-trial');
    const annual = await shop.plan('annual');
    const monthly = await shop.plan('monthly');
    const saved = await shop.saveCard(viewer.token);
    const startTrialWith = (body: Record<string, unknown>) => shop.call<ErrorBody>('POST', '/stripe/subscription/start_trial', viewer.token, { body });
    const noTrial = await startTrialWith({ subscription_id: annual.id, payment_method_id: saved.id });
    expect(noTrial.status).toBe(422);
    expect(noTrial.body.error.errors).toHaveProperty('subscription_id');
    const noCard = await startTrialWith({ subscription_id: monthly.id });
    expect(noCard.status).toBe(422);
    expect(noCard.body.error.errors['payment_method_id']).toEqual(['Please select one of your saved cards or enter new one']);
    const unconfirmed = await shop.ok<{ id: string }>('POST', '/stripe/setup-intent', viewer.token, { body: {} });
    const pending = await startTrialWith({ subscription_id: monthly.id, setup_intent_id: unconfirmed.id });
    expect(pending.status).toBe(409);
    expect((await shop.ok<{ trial_period_used: boolean }>('GET', '/profile', viewer.token)).trial_period_used).toBe(false);
  });
});

describe('renewal', () => {
  it('renews a monthly subscription every 30 days with its card', async () => {
    const viewer = await shop.newViewer('monthly');
    const monthly = await shop.plan('monthly');
    const first = await shop.purchase(viewer.token, { type: 'subscription', id: monthly.id });
    const periodEnd = first.expires_at!;
    expect(periodEnd).toBe(first.paid_at! + 30 * DAY);

    let token = await travelTo(periodEnd - 1, viewer.email);
    expect(await shop.orders(token)).toHaveLength(1);
    await travelTo(periodEnd, viewer.email);
    token = await travelTo(periodEnd + 30 * DAY, viewer.email);
    const orders = await shop.orders(token, { type: 'subscription' });
    expect(orders.map((o: Order) => [o.subscription_event, o.status, o.amount, o.expires_at])).toEqual([
      ['updated', 'paid', monthly.price, periodEnd + 60 * DAY],
      ['updated', 'paid', monthly.price, periodEnd + 30 * DAY],
      ['created', 'paid', monthly.price, periodEnd],
    ]);
    expect(orders.map((o) => o.activity_status)).toEqual(['active', 'inactive', 'inactive']);
    expect((await shop.transactions(token)).map((t) => t.status)).toEqual(['paid', 'paid', 'paid']);
    expect(await planOf(token, monthly.id)).toMatchObject({ status: 'active', renews_at: periodEnd + 60 * DAY });
  });

  it('renews an annual subscription after 12 calendar months', async () => {
    const viewer = await shop.newViewer('annual');
    const annual = await shop.plan('annual');
    const first = await shop.purchase(viewer.token, { type: 'subscription', id: annual.id }, { card: card(), save_card: true });
    const paidAt = new Date(first.paid_at! * 1000);
    const nextYear = new Date(paidAt);
    nextYear.setUTCFullYear(paidAt.getUTCFullYear() + 1);
    if (nextYear.getUTCMonth() !== paidAt.getUTCMonth()) nextYear.setUTCDate(0);
    const periodEnd = nextYear.getTime() / 1000;
    expect(first.expires_at).toBe(periodEnd);

    let token = await travelTo(periodEnd - DAY, viewer.email);
    expect(await shop.orders(token)).toHaveLength(1);
    token = await travelTo(periodEnd, viewer.email);
    const [renewal] = await shop.orders(token);
    expect(renewal).toMatchObject({ subscription_event: 'updated', status: 'paid', amount: annual.price });
    expect(renewal!.expires_at! - periodEnd).toBeGreaterThanOrEqual(365 * DAY);
    expect(renewal!.expires_at! - periodEnd).toBeLessThanOrEqual(366 * DAY);
  });

  it('stops renewing once unsubscribed: active → canceled, access until the period ends, then expired', async () => {
    const viewer = await shop.newViewer('unsubscribe');
    const monthly = await shop.plan('monthly');
    const first = await shop.purchase(viewer.token, { type: 'subscription', id: monthly.id });
    let token = await travelTo(api.clock.now() + 10 * DAY, viewer.email);
    const cancelled = await shop.ok<Plan>('POST', '/stripe/unsubscribe', token, { body: { subscription_id: monthly.id } });
    expect(cancelled).toMatchObject({ status: 'canceled', auto_renew: false, renews_at: first.expires_at });
    expect(await watchesEverything(token)).toBe(true);

    token = await travelTo(first.expires_at!, viewer.email);
    expect(await shop.orders(token)).toHaveLength(1);
    expect(await shop.transactions(token)).toHaveLength(1);
    expect(await planOf(token, monthly.id)).toMatchObject({ status: 'expired', is_purchased: false });
    expect(await watchesEverything(token)).toBe(false);

    // An expired subscription can be bought again; unsubscribing it is a 409, and one never bought a 404.
    expect((await shop.call('POST', '/stripe/unsubscribe', token, { body: { subscription_id: monthly.id } })).status).toBe(409);
    const annual = await shop.plan('annual');
    const never = await shop.call<ErrorBody>('POST', '/stripe/unsubscribe', token, { body: { subscription_id: annual.id } });
    expect(never.status).toBe(404);
    expect(never.body.error.errors).toHaveProperty('subscription_id');
    const again = await shop.purchase(token, { type: 'subscription', id: monthly.id });
    expect(again).toMatchObject({ status: 'paid', auto_renew: true });
    expect(await planOf(token, monthly.id)).toMatchObject({ status: 'active', auto_renew: true, renews_at: again.expires_at });
  });
});
