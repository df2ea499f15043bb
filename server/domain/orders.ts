import type { Db } from '../db/database';
import { notFound } from './errors';
import type { PurchaseType } from './offers';
import { limitClause, type Page } from './queries';
import { activeOrderSql } from './purchases';

type OrderStatus = 'processing' | 'paid' | 'failed' | 'refunded';

export interface OrderRow {
  id: number;
  user_id: number;
  type: PurchaseType;
  product_id: number;
  product_name: string;
  package_id: number | null;
  event_category_id: number | null;
  participant_id: number | null;
  status: OrderStatus;
  amount: number;
  service_fee: number;
  discount: number;
  coupon: string | null;
  currency: string;
  subscription_event: 'created' | 'updated' | null;
  created_at: number;
  paid_at: number | null;
  failure_reason: string | null;
  expires_at: number | null;
}

type NewOrder = Omit<OrderRow, 'id' | 'status' | 'created_at' | 'paid_at' | 'failure_reason' | 'expires_at'>;

/** An order as listed: with the renewal setting of its subscription, when it is a subscription order. */
type ListedOrder = OrderRow & { sub_auto_renew: number | null };

const ORDER_SELECT = `SELECT o.*, us.auto_renew AS sub_auto_renew FROM orders o
  LEFT JOIN user_subscriptions us ON o.type = 'subscription' AND us.user_id = o.user_id AND us.subscription_id = o.product_id`;

/** Records an order waiting for its payment (`processing`). */
export function insertOrder(db: Db, order: NewOrder, now: number): OrderRow {
  const result = db
    .prepare(
      `INSERT INTO orders (user_id, type, product_id, product_name, package_id, event_category_id, participant_id, status, amount,
         service_fee, discount, coupon, currency, subscription_event, created_at)
       VALUES (@user_id, @type, @product_id, @product_name, @package_id, @event_category_id, @participant_id, 'processing', @amount,
         @service_fee, @discount, @coupon, @currency, @subscription_event, @created_at)`,
    )
    .run({ ...order, created_at: now });
  return getOrder(db, Number(result.lastInsertRowid));
}

/** The price terms of an order, which a new request for the same purchase replaces while it is not yet paid. */
export type OrderTerms = Pick<OrderRow, 'amount' | 'service_fee' | 'discount' | 'coupon'>;

export function repriceOrder(db: Db, orderId: number, terms: OrderTerms): OrderRow {
  db.prepare('UPDATE orders SET amount = @amount, service_fee = @service_fee, discount = @discount, coupon = @coupon WHERE id = @id').run({
    ...terms,
    id: orderId,
  });
  return getOrder(db, orderId);
}

export function getOrder(db: Db, id: number): OrderRow {
  const row = db.prepare<[number], OrderRow>('SELECT * FROM orders WHERE id = ?').get(id);
  if (!row) throw new Error(`Order ${id} vanished`);
  return row;
}

export function markOrderPaid(db: Db, orderId: number, now: number, expiresAt: number | null): void {
  db.prepare("UPDATE orders SET status = 'paid', paid_at = ?, expires_at = ?, failure_reason = NULL WHERE id = ?").run(now, expiresAt, orderId);
}

export function markOrderFailed(db: Db, orderId: number, reason: string): void {
  db.prepare("UPDATE orders SET status = 'failed', failure_reason = ? WHERE id = ?").run(reason, orderId);
}

/** Whether the viewer has a paid order of the product that grants access at `now`. */
export function hasActiveOrder(db: Db, userId: number, type: PurchaseType, productId: number, now: number): boolean {
  return (
    db
      .prepare<[number, string, number, number], { id: number }>(
        `SELECT o.id FROM orders o WHERE o.user_id = ? AND o.type = ? AND o.product_id = ? AND ${activeOrderSql()} LIMIT 1`,
      )
      .get(userId, type, productId, now) !== undefined
  );
}

function isActive(row: OrderRow, now: number): boolean {
  return row.status === 'paid' && (row.expires_at === null || row.expires_at > now);
}

function toOrder(row: ListedOrder, now: number) {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    activity_status: isActive(row, now) ? ('active' as const) : ('inactive' as const),
    product: {
      id: row.product_id,
      name: row.product_name,
      event_category_id: row.event_category_id,
      participant_id: row.participant_id,
    },
    amount: row.amount,
    service_fee: row.service_fee,
    currency: row.currency,
    coupon: row.coupon,
    discount: row.discount,
    created_at: row.created_at,
    paid_at: row.paid_at,
    failure_reason: row.failure_reason,
    expires_at: row.expires_at,
    subscription_event: row.subscription_event,
    auto_renew: row.type === 'subscription' ? row.sub_auto_renew === 1 : null,
  };
}

/** One of the viewer's orders, serialised; another viewer's order is a 404 like one that never existed. */
export function viewerOrder(db: Db, userId: number, id: number, now: number, field = 'id') {
  const row = db.prepare<[number, number], ListedOrder>(`${ORDER_SELECT} WHERE o.id = ? AND o.user_id = ?`).get(id, userId);
  if (!row) throw notFound(field, 'Order');
  return toOrder(row, now);
}

export interface OrderFilters {
  type?: PurchaseType;
  status?: OrderStatus;
  activity_status?: 'active' | 'inactive';
}

/** The viewer's orders, newest first, with the contract's filters. */
export function listOrders(db: Db, userId: number, filters: OrderFilters, page: Page, now: number) {
  const where = [
    'o.user_id = @user',
    '(@type IS NULL OR o.type = @type)',
    '(@status IS NULL OR o.status = @status)',
    `(@activity IS NULL OR (@activity = 'active') = ${activeOrderSql('@now')})`,
  ].join(' AND ');
  const args = { user: userId, now, type: filters.type ?? null, status: filters.status ?? null, activity: filters.activity_status ?? null };
  const total = db.prepare<[typeof args], { n: number }>(`SELECT COUNT(*) AS n FROM orders o WHERE ${where}`).get(args)!.n;
  const limit = limitClause(page);
  const rows = db
    .prepare<[typeof args, ...number[]], ListedOrder>(`${ORDER_SELECT} WHERE ${where} ORDER BY o.created_at DESC, o.id DESC${limit.sql}`)
    .all(args, ...limit.args);
  return { rows: rows.map((r) => toOrder(r, now)), total };
}
