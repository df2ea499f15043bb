import type { Db } from '../db/database';
import type { Scheduler } from '../jobs/scheduler';
import { type CardRow, findCard, requireOneCard } from './cards';
import type { ChannelRow } from './channels';
import { conflict, invalid, notFound } from './errors';
import { findSubscription, periodEnd, type SubscriptionRow } from './offers';
import { hasActiveOrder, insertOrder, markOrderFailed, markOrderPaid } from './orders';
import { Conditions, type Page, selectPage } from './queries';
import { cardOfSetupIntent } from './setup-intents';
import { confirmWithCard, createPayment, settlePayment } from './transactions';
import type { UserRow } from './users';

/** Job kind: the end of a subscription period (renew, or expire when auto-renewal is off). */
export const RENEW_JOB = 'subscriptions.renew';

const DAY = 86_400;

type Jobs = Pick<Scheduler, 'schedule'>;

interface UserSubscriptionRow {
  id: number;
  user_id: number;
  subscription_id: number;
  status: 'expired' | 'inactive' | 'active' | 'canceled';
  auto_renew: number;
  current_period_end: number;
  trial_ends_at: number | null;
  card_id: string | null;
  updated_at: number;
}

function userSubscription(db: Db, userId: number, planId: number): UserSubscriptionRow | undefined {
  return db.prepare<[number, number], UserSubscriptionRow>('SELECT * FROM user_subscriptions WHERE user_id = ? AND subscription_id = ?').get(userId, planId);
}

/**
 * Starts a period of the viewer's subscription that ends at `periodEnd` (the end of a trial or of a paid period),
 * with auto-renewal on, and schedules what happens then. The card, when given, is the one renewals charge.
 */
export function activateSubscription(
  db: Db,
  jobs: Jobs,
  start: { userId: number; planId: number; periodEnd: number; trialEndsAt: number | null; cardId: string | null },
  now: number,
): void {
  db.prepare(
    `INSERT INTO user_subscriptions (user_id, subscription_id, status, auto_renew, current_period_end, trial_ends_at, card_id, updated_at)
     VALUES (@userId, @planId, 'active', 1, @periodEnd, @trialEndsAt, @cardId, @now)
     ON CONFLICT (user_id, subscription_id) DO UPDATE SET status = 'active', auto_renew = 1, current_period_end = excluded.current_period_end,
       trial_ends_at = excluded.trial_ends_at, card_id = COALESCE(excluded.card_id, card_id), updated_at = excluded.updated_at`,
  ).run({ ...start, now });
  const row = userSubscription(db, start.userId, start.planId)!;
  jobs.schedule(RENEW_JOB, start.periodEnd - now, { user_subscription_id: row.id, period_end: start.periodEnd });
}

/** A subscription plan as the contract's SubscriptionPlan, personalised for the viewer when there is one. */
export function toSubscriptionPlans(db: Db, channel: ChannelRow, rows: SubscriptionRow[], viewerId: number | null, now: number) {
  return rows.map((plan) => {
    const own = viewerId === null ? undefined : userSubscription(db, viewerId, plan.id);
    // A cancelled subscription has ended once its period is over, even before the job that records it has run.
    const status = own && own.status === 'canceled' && now >= own.current_period_end ? 'expired' : (own?.status ?? null);
    return {
      id: plan.id,
      name: plan.name,
      description: plan.description,
      price: plan.base_price + plan.service_fee,
      base_price: plan.base_price,
      service_fee: plan.service_fee,
      currency: channel.currency,
      offer: plan.offer,
      period: plan.period,
      trial_period: plan.trial_period,
      weight: plan.weight,
      status,
      auto_renew: own ? own.auto_renew === 1 : null,
      renews_at: own?.current_period_end ?? null,
      trial_ends_at: own?.trial_ends_at !== null && own?.trial_ends_at !== undefined && own.trial_ends_at > now ? own.trial_ends_at : null,
      is_purchased: viewerId !== null && hasActiveOrder(db, viewerId, 'subscription', plan.id, now),
    };
  });
}

/** The channel's subscription plans, by weight. */
export function listPlans(db: Db, channel: ChannelRow, viewerId: number | null, page: Page, now: number) {
  const where = new Conditions().add('channel_id = ?', channel.id);
  const { rows, total } = selectPage<SubscriptionRow>(db, { select: '*', from: 'subscriptions', where, order: 'weight, id' }, page);
  return { rows: toSubscriptionPlans(db, channel, rows, viewerId, now), total };
}

/** Refuses a second subscription to a plan the viewer already has access through. */
export function refuseWhenSubscribed(db: Db, userId: number, planId: number, now: number, field: string): void {
  if (hasActiveOrder(db, userId, 'subscription', planId, now)) {
    throw conflict(field, 'You already have this subscription');
  }
}

/** What a trial starts with: the plan, and exactly one of a saved card or a succeeded setup intent to renew with. */
interface TrialRequest {
  subscription_id: number;
  payment_method_id?: string;
  setup_intent_id?: string;
}

/**
 * SPEC.md §4 "free trial": `trial_period` days of access at no charge (an order of 0), then the saved card is charged
 * automatically unless the viewer cancels first. A viewer has one trial (`trial_period_used`). Answers the plan.
 */
export function startTrial(db: Db, jobs: Jobs, channel: ChannelRow, viewer: UserRow, request: TrialRequest, now: number) {
  const plan = findSubscription(db, channel.id, request.subscription_id, 'subscription_id');
  requireOneCard(request.payment_method_id, request.setup_intent_id, ['payment_method_id', 'setup_intent_id']);
  const card = request.payment_method_id
    ? findCard(db, viewer.id, request.payment_method_id, 'payment_method_id')
    : cardOfSetupIntent(db, viewer.id, request.setup_intent_id ?? '', 'setup_intent_id');
  if (plan.trial_period === 0) throw invalid({ subscription_id: ['This subscription has no free trial'] });
  if (viewer.trial_period_used === 1) {
    throw conflict('subscription_id', 'The free trial has already been used');
  }
  refuseWhenSubscribed(db, viewer.id, plan.id, now, 'subscription_id');
  const trialEnd = now + plan.trial_period * DAY;
  db.prepare('UPDATE users SET trial_period_used = 1 WHERE id = ?').run(viewer.id);
  const order = insertOrder(
    db,
    {
      user_id: viewer.id, type: 'subscription', product_id: plan.id, product_name: plan.name, package_id: null, event_category_id: null,
      participant_id: null, amount: 0, service_fee: 0, discount: 0, coupon: null, currency: channel.currency, subscription_event: 'created',
    },
    now,
  );
  markOrderPaid(db, order.id, now, trialEnd);
  activateSubscription(db, jobs, { userId: viewer.id, planId: plan.id, periodEnd: trialEnd, trialEndsAt: trialEnd, cardId: card.id }, now);
  return toSubscriptionPlans(db, channel, [plan], viewer.id, now)[0];
}

/** SPEC.md §4 "subscription auto-renewal": active → cancelled. Access lasts until the period ends. Answers the plan. */
export function cancelAutoRenewal(db: Db, channel: ChannelRow, userId: number, planId: number, now: number) {
  const plan = findSubscription(db, channel.id, planId, 'subscription_id');
  const own = userSubscription(db, userId, plan.id);
  if (!own) throw notFound('subscription_id', 'Subscription');
  if (own.status === 'active') {
    db.prepare("UPDATE user_subscriptions SET status = 'canceled', auto_renew = 0, updated_at = ? WHERE id = ?").run(now, own.id);
  } else if (own.status !== 'canceled') {
    throw conflict('subscription_id', 'The subscription is not active');
  }
  return toSubscriptionPlans(db, channel, [plan], userId, now)[0];
}

/**
 * The end of a period (job RENEW_JOB). A cancelled subscription expires; an active one charges its card for the next
 * period: paid, the period is extended and the next end scheduled; declined, the subscription becomes inactive.
 * Idempotent: a job for a period that is no longer the current one does nothing.
 */
export function endPeriod(payload: Record<string, unknown>, { db, now, jobs }: { db: Db; now: number; jobs: Jobs }): void {
  const own = db.prepare<[unknown], UserSubscriptionRow>('SELECT * FROM user_subscriptions WHERE id = ?').get(payload['user_subscription_id']);
  if (!own || own.current_period_end !== payload['period_end'] || (own.status !== 'active' && own.status !== 'canceled')) return;
  if (own.status === 'canceled' || own.auto_renew === 0) {
    db.prepare("UPDATE user_subscriptions SET status = 'expired', updated_at = ? WHERE id = ?").run(now, own.id);
    return;
  }
  const user = db.prepare<[number], { channel_id: number; currency: string }>(
    'SELECT u.channel_id, c.currency FROM users u JOIN channels c ON c.id = u.channel_id WHERE u.id = ?',
  ).get(own.user_id)!;
  const plan = findSubscription(db, user.channel_id, own.subscription_id);
  const order = insertOrder(
    db,
    {
      user_id: own.user_id, type: 'subscription', product_id: plan.id, product_name: plan.name, package_id: null, event_category_id: null,
      participant_id: null, amount: plan.base_price + plan.service_fee, service_fee: plan.service_fee, discount: 0, coupon: null,
      currency: user.currency, subscription_event: 'updated',
    },
    now,
  );
  const card = own.card_id === null ? undefined : db.prepare<[string], CardRow>('SELECT * FROM cards WHERE id = ?').get(own.card_id);
  let decline: string | null = null;
  if (order.amount > 0) {
    const { payment } = createPayment(db, order, now, false);
    decline = card ? card.charge_decline : 'no_payment_method';
    if (card) confirmWithCard(db, payment.id, { ...card, decline }, false, now);
    settlePayment(db, payment.id, decline === null ? 'paid' : 'failed', decline, now);
  }
  if (decline !== null) {
    markOrderFailed(db, order.id, decline);
    db.prepare("UPDATE user_subscriptions SET status = 'inactive', updated_at = ? WHERE id = ?").run(now, own.id);
    return;
  }
  const end = periodEnd(own.current_period_end, plan.period);
  markOrderPaid(db, order.id, now, end);
  db.prepare('UPDATE user_subscriptions SET current_period_end = ?, trial_ends_at = NULL, updated_at = ? WHERE id = ?').run(end, now, own.id);
  jobs.schedule(RENEW_JOB, end - now, { user_subscription_id: own.id, period_end: end });
}
