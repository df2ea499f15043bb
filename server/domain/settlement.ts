import type { Db } from '../db/database';
import type { Scheduler } from '../jobs/scheduler';
import { saveCard } from './cards';
import { conflict } from './errors';
import { periodEnd, type BillingPeriod } from './offers';
import { getOrder, markOrderFailed, markOrderPaid, type OrderRow } from './orders';
import { activateSubscription } from './subscriptions';
import { confirmWithCard, type PaymentCard, settlePayment, type TransactionRow } from './transactions';

/** Job kind: the processor's answer to a confirmed payment arrives (Stripe's `payment_intent.succeeded` webhook). */
export const SETTLE_JOB = 'payments.settle';
/** Job kind: a payment nobody confirmed is given up. */
export const ABANDON_JOB = 'payments.abandon';

/** A confirmed payment settles this many seconds later, so clients really poll the order (every 2000 ms). */
const SETTLE_DELAY_SECONDS = 2;
/** An order whose payment is not confirmed within a day fails (`abandoned`), like an expired checkout session. */
export const UNCONFIRMED_LIFETIME_SECONDS = 24 * 3600;

type Jobs = Pick<Scheduler, 'schedule'>;
interface JobContext {
  db: Db;
  now: number;
  jobs: Jobs;
}

/** When the access an order gives ends: events never lapse; packages with a period and subscriptions do. */
function accessEnd(db: Db, order: OrderRow, now: number): number | null {
  if (order.type === 'event') return null;
  const table = order.type === 'package' ? 'packages' : 'subscriptions';
  const period = db.prepare<[number], { period: BillingPeriod | null }>(`SELECT period FROM ${table} WHERE id = ?`).get(order.product_id)?.period;
  return period ? periodEnd(now, period) : null;
}

/**
 * Marks an order paid and grants what it bought: access derives from the paid order; a subscription also starts its
 * period, renewed with `cardId`.
 */
export function fulfilOrder(db: Db, jobs: Jobs, order: OrderRow, cardId: string | null, now: number): void {
  const expiresAt = accessEnd(db, order, now);
  markOrderPaid(db, order.id, now, expiresAt);
  if (order.type === 'subscription' && expiresAt !== null) {
    activateSubscription(db, jobs, { userId: order.user_id, planId: order.product_id, periodEnd: expiresAt, trialEndsAt: null, cardId }, now);
  }
}

/**
 * Confirms a payment with a card: the order stays `processing` and settles SETTLE_DELAY_SECONDS later. A payment is
 * confirmed once (409 on `field` afterwards, whatever became of it).
 */
export function confirmPayment(db: Db, jobs: Jobs, payment: TransactionRow, card: PaymentCard, saveNewCard: boolean, now: number, field: string): void {
  if (payment.confirmed_at !== null || payment.status !== 'created') {
    throw conflict(field, 'This payment is already confirmed');
  }
  confirmWithCard(db, payment.id, card, saveNewCard, now);
  jobs.schedule(SETTLE_JOB, SETTLE_DELAY_SECONDS, { transaction_id: payment.id });
}

function pendingPayment(db: Db, payload: Record<string, unknown>): { payment: TransactionRow; order: OrderRow } | null {
  const payment = db.prepare<[unknown], TransactionRow>('SELECT * FROM transactions WHERE id = ?').get(payload['transaction_id']);
  if (!payment || payment.status !== 'created') return null;
  const order = getOrder(db, payment.order_id);
  return order.status === 'processing' ? { payment, order } : null;
}

/**
 * The webhook-like step (job SETTLE_JOB): applies the processor's answer to a confirmed payment. Paid: the order is
 * fulfilled, and a new card is saved when asked (always for a subscription, whose renewals charge it). Declined: the
 * order and its transaction fail with the decline code. Idempotent: a payment already settled is left alone.
 */
export function settle(payload: Record<string, unknown>, { db, now, jobs }: JobContext): void {
  const pending = pendingPayment(db, payload);
  if (!pending || pending.payment.confirmed_at === null) return;
  const { payment, order } = pending;
  if (payment.decline_code !== null) {
    settlePayment(db, payment.id, 'failed', payment.decline_code, now);
    markOrderFailed(db, order.id, payment.decline_code);
    return;
  }
  let cardId = payment.card_id;
  if (cardId === null && (payment.save_card === 1 || order.type === 'subscription')) {
    const facts = {
      brand: payment.card_brand ?? 'unknown',
      last4: payment.card_last4 ?? '',
      exp_month: payment.card_exp_month ?? 1,
      exp_year: payment.card_exp_year ?? 2000,
      decline: null,
      savable: true,
    };
    cardId = saveCard(db, order.user_id, facts, false, now).id;
    db.prepare('UPDATE transactions SET card_id = ? WHERE id = ?').run(cardId, payment.id);
  }
  settlePayment(db, payment.id, 'paid', null, now);
  fulfilOrder(db, jobs, order, cardId, now);
}

/** Job ABANDON_JOB: a payment still unconfirmed fails, with its order (`abandoned`). Idempotent. */
export function abandon(payload: Record<string, unknown>, { db, now }: JobContext): void {
  const pending = pendingPayment(db, payload);
  if (!pending || pending.payment.confirmed_at !== null) return;
  settlePayment(db, pending.payment.id, 'failed', 'abandoned', now);
  markOrderFailed(db, pending.order.id, 'abandoned');
}
