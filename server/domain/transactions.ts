import type { Db } from '../db/database';
import { randomToken, sha256, signaturesMatch } from '../lib/crypto';
import { notFound } from './errors';
import type { OrderRow } from './orders';
import { limitClause, type Page } from './queries';

type TransactionStatus = 'created' | 'failed' | 'paid' | 'refunded';

/** One charge of an order, shaped like a Stripe payment intent: created, confirmed with a card, then settled. */
export interface TransactionRow {
  id: number;
  order_id: number;
  user_id: number;
  intent_id: string;
  secret_hash: string | null;
  amount: number;
  currency: string;
  status: TransactionStatus;
  card_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  save_card: number;
  decline_code: string | null;
  failure_reason: string | null;
  created_at: number;
  confirmed_at: number | null;
  settled_at: number | null;
}

/** The card a payment is confirmed with: a saved one (`id`) or a new one, described by what is kept of it. */
export interface PaymentCard {
  id: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  decline: string | null;
}

/**
 * Opens a payment of the order's amount. With `clientSecret`, answers the secret the client confirms it with
 * (`pi_<id>_secret_<random>`, of which only a hash is kept); off-session charges (a saved card charged by the
 * server) have none.
 */
export function createPayment(db: Db, order: OrderRow, now: number, clientSecret: boolean): { payment: TransactionRow; clientSecret: string | null } {
  const intentId = `pi_${randomToken(12)}`;
  const secret = clientSecret ? newClientSecret(intentId) : null;
  const result = db
    .prepare(
      `INSERT INTO transactions (order_id, user_id, intent_id, secret_hash, amount, currency, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'created', ?)`,
    )
    .run(order.id, order.user_id, intentId, secret === null ? null : sha256(secret), order.amount, order.currency, now);
  return { payment: getPayment(db, Number(result.lastInsertRowid)), clientSecret: secret };
}

const newClientSecret = (intentId: string): string => `${intentId}_secret_${randomToken(16)}`;

/**
 * Gives a payment nobody has confirmed yet the amount of its order's new terms and a new client secret (only its hash
 * is kept), so the secrets answered before stop working. Without `clientSecret` (a saved card about to be charged by
 * the server) no secret works any more.
 */
export function reopenPayment(db: Db, paymentId: number, amount: number, clientSecret: boolean): { payment: TransactionRow; clientSecret: string | null } {
  const secret = clientSecret ? newClientSecret(getPayment(db, paymentId).intent_id) : null;
  db.prepare('UPDATE transactions SET amount = ?, secret_hash = ? WHERE id = ?').run(amount, secret === null ? null : sha256(secret), paymentId);
  return { payment: getPayment(db, paymentId), clientSecret: secret };
}

function getPayment(db: Db, id: number): TransactionRow {
  const row = db.prepare<[number], TransactionRow>('SELECT * FROM transactions WHERE id = ?').get(id);
  if (!row) throw new Error(`Transaction ${id} vanished`);
  return row;
}

/** The viewer's payment behind a client secret; anything else (another viewer's, a wrong secret) is a 404. */
export function paymentBySecret(db: Db, userId: number, clientSecret: string, field: string): TransactionRow {
  const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const row = db.prepare<[string, number], TransactionRow>('SELECT * FROM transactions WHERE intent_id = ? AND user_id = ?').get(intentId, userId);
  if (!row?.secret_hash || !signaturesMatch(row.secret_hash, sha256(clientSecret))) throw notFound(field, 'Payment');
  return row;
}

/** Records the card a payment is confirmed with and the processor's answer, which settlement delivers later. */
export function confirmWithCard(db: Db, paymentId: number, card: PaymentCard, saveCard: boolean, now: number): void {
  db.prepare(
    `UPDATE transactions SET card_id = ?, card_brand = ?, card_last4 = ?, card_exp_month = ?, card_exp_year = ?, save_card = ?,
       decline_code = ?, confirmed_at = ? WHERE id = ?`,
  ).run(card.id, card.brand, card.last4, card.exp_month, card.exp_year, saveCard ? 1 : 0, card.decline, now, paymentId);
}

/** Gives up a payment nobody confirmed, as Stripe cancels a payment intent (`canceled`); its client secret stops working. */
export function cancelPayment(db: Db, paymentId: number, now: number): void {
  db.prepare("UPDATE transactions SET status = 'failed', failure_reason = 'canceled', secret_hash = NULL, settled_at = ? WHERE id = ?").run(now, paymentId);
}

export function settlePayment(db: Db, paymentId: number, status: 'paid' | 'failed', reason: string | null, now: number): void {
  db.prepare('UPDATE transactions SET status = ?, failure_reason = ?, settled_at = ? WHERE id = ?').run(status, reason, now, paymentId);
}

type ListedTransaction = TransactionRow & { order_type: OrderRow['type']; product_name: string };

function toTransaction(row: ListedTransaction) {
  return {
    id: row.id,
    order_id: row.order_id,
    order_type: row.order_type,
    product_name: row.product_name,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    card_brand: row.card_brand,
    card_last4: row.card_last4,
    failure_reason: row.failure_reason,
    created_at: row.created_at,
  };
}

/** The viewer's transactions, newest first. */
export function listTransactions(db: Db, userId: number, status: TransactionStatus | null, page: Page) {
  const where = 't.user_id = ? AND (? IS NULL OR t.status = ?)';
  const args: [number, string | null, string | null] = [userId, status, status];
  const total = db.prepare<typeof args, { n: number }>(`SELECT COUNT(*) AS n FROM transactions t WHERE ${where}`).get(...args)!.n;
  const limit = limitClause(page);
  const rows = db
    .prepare<[...typeof args, ...number[]], ListedTransaction>(
      `SELECT t.*, o.type AS order_type, o.product_name FROM transactions t JOIN orders o ON o.id = t.order_id
       WHERE ${where} ORDER BY t.created_at DESC, t.id DESC${limit.sql}`,
    )
    .all(...args, ...limit.args);
  return { rows: rows.map(toTransaction), total };
}
