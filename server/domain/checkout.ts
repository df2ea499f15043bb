import type { Db } from '../db/database';
import type { Scheduler } from '../jobs/scheduler';
import { type CardInput, findCard, paymentProvider, readCard, requireOneCard, requireReferenceProvider } from './cards';
import type { ChannelRow } from './channels';
import { applyCoupon, refuseWhenRedeemed } from './coupons';
import { conflict, invalid, messages } from './errors';
import { findProduct, packageOwnership, packageParticipants, type Product, type PurchaseType } from './offers';
import { getOrder, insertOrder, type OrderRow, type OrderTerms, repriceOrder, viewerOrder } from './orders';
import { coversEvent, eventCoverageFacts, type Grants, viewerGrants } from './purchases';
import { ABANDON_JOB, confirmPayment, fulfilOrder, UNCONFIRMED_LIFETIME_SECONDS } from './settlement';
import { refuseWhenSubscribed } from './subscriptions';
import { cancelPayment, createPayment, paymentBySecret, type PaymentCard, reopenPayment, type TransactionRow } from './transactions';
import type { UserRow } from './users';

export interface BuyInput {
  type: PurchaseType;
  id: number;
  single_event_package_id?: number;
  participant_id?: number;
  coupon?: string;
  payment_method_id?: string;
}

const onlyFor = (field: string, message: string) => invalid({ [field]: [message] });

/**
 * The checks of SPEC.md §5 on what is bought: a paid event goes with its single-event package id, a team pass with
 * one of its teams ("Package is TeamPass but team not selected"), and a field that does not belong to the kind of
 * purchase is refused rather than ignored. Buying what the viewer already has access to is a 409.
 */
function checkSelection(db: Db, product: Product, body: BuyInput, grants: Grants | null, now: number, userId: number): void {
  if (product.type !== 'event' && body.single_event_package_id !== undefined) {
    throw onlyFor('single_event_package_id', 'Only an event is bought with a single-event package id');
  }
  const teamPass = product.type === 'package' && product.row.is_team_pass === 1;
  if (!teamPass && body.participant_id !== undefined) throw onlyFor('participant_id', 'Only a team pass is bought with a team');

  if (product.type === 'event') {
    if (body.single_event_package_id === undefined) {
      throw onlyFor('single_event_package_id', 'A paid event is bought with its single-event package id');
    }
    if (body.single_event_package_id !== product.packageId) {
      throw onlyFor('single_event_package_id', "This is not the event's single-event package");
    }
    if (grants && coversEvent(grants, eventCoverageFacts(db, product.id))) throw conflict('id', 'You already have access to this event');
  } else if (product.type === 'package') {
    if (product.row.event_id !== null) throw onlyFor('id', 'This package sells one event: buy the event (type event)');
    if (teamPass) {
      if (body.participant_id === undefined) throw invalid({ participant_id: [messages.teamNotSelected] }, messages.teamNotSelected);
      if (!packageParticipants(db, product.id).includes(body.participant_id)) {
        throw onlyFor('participant_id', 'The team is not one of the teams of this pass');
      }
      if (packageOwnership(db, product.row, grants).teams.includes(body.participant_id)) {
        throw conflict('participant_id', 'You already have this team');
      }
    } else if (packageOwnership(db, product.row, grants).purchased) {
      throw conflict('id', 'You already have this package');
    }
  } else {
    refuseWhenSubscribed(db, userId, product.id, now, 'id');
  }
}

/** What a viewer reads when the same thing is already being paid (SPEC gives no words for it). */
const ALREADY_BEING_PAID = 'This purchase is already being paid. Wait for it to finish.';

/** What one purchase intent is: the viewer, and the product (and team) they are buying. */
type Intent = Pick<OrderRow, 'user_id' | 'type' | 'product_id' | 'participant_id'>;

/**
 * Refuses to charge for what the viewer is already buying: another order of theirs for the same product (and team)
 * whose payment is confirmed and settling, or that is paid and active. Checked when an order is opened and again
 * when a payment is confirmed, inside the request's one SQLite transaction, so ten parallel buy-and-confirm calls
 * charge once, and a second purchase inside the settlement window is refused rather than charged twice.
 */
function refuseWhenAlreadyBeingPaid(db: Db, order: Intent & { id?: number }, now: number, field: string): void {
  const other = db
    .prepare<[number, string, number, number | null, number, number], { id: number }>(
      `SELECT o.id FROM orders o
       WHERE o.user_id = ? AND o.type = ? AND o.product_id = ? AND o.participant_id IS ? AND o.id != ?
         AND ((o.status = 'processing' AND EXISTS (
                SELECT 1 FROM transactions t WHERE t.order_id = o.id AND t.status = 'created' AND t.confirmed_at IS NOT NULL))
           OR (o.status = 'paid' AND (o.expires_at IS NULL OR o.expires_at > ?)))
       LIMIT 1`,
    )
    .get(order.user_id, order.type, order.product_id, order.participant_id, order.id ?? 0, now);
  if (other) throw conflict(field, ALREADY_BEING_PAID);
}

/**
 * The viewer's open order for the same purchase: still processing, with a payment nobody has confirmed. A new buy
 * takes it over instead of opening a second one, as a checkout resumes its payment intent.
 */
function openOrder(db: Db, intent: Intent): { order: OrderRow; payment: TransactionRow } | null {
  const open = db
    .prepare<[number, string, number, number | null], { order_id: number; payment_id: number }>(
      `SELECT o.id AS order_id, t.id AS payment_id FROM orders o JOIN transactions t ON t.order_id = o.id
       WHERE o.user_id = ? AND o.type = ? AND o.product_id = ? AND o.participant_id IS ? AND o.status = 'processing'
         AND t.status = 'created' AND t.confirmed_at IS NULL
       ORDER BY o.id DESC, t.id DESC LIMIT 1`,
    )
    .get(intent.user_id, intent.type, intent.product_id, intent.participant_id);
  if (!open) return null;
  const payment = db.prepare<[number], TransactionRow>('SELECT * FROM transactions WHERE id = ?').get(open.payment_id)!;
  return { order: getOrder(db, open.order_id), payment };
}

/**
 * POST stripe/buy: records the order and opens its payment. Nothing to pay (a free or register pass, a full
 * discount): the order is paid at once. A saved card (`payment_method_id`) is charged at once and settles like a
 * confirmation. Otherwise the client confirms with the answered client secret (POST stripe/confirm, or Stripe.js
 * when the channel has a Stripe publishable key); a payment nobody confirms is abandoned a day after the order opened.
 *
 * One open order per purchase: when the viewer already has one for the same product (and team) whose payment is not
 * confirmed, it is reused with this request's terms and answered like a new one, with a new client secret (the
 * earlier secrets stop working).
 */
export function buy(db: Db, jobs: Pick<Scheduler, 'schedule'>, channel: ChannelRow, viewer: UserRow, body: BuyInput, now: number) {
  const product = findProduct(db, channel.id, body.type, body.id);
  checkSelection(db, product, body, viewerGrants(db, viewer.id, now), now, viewer.id);
  const price = product.basePrice + product.serviceFee;
  const discount = body.coupon === undefined ? null : applyCoupon(db, channel.id, body.coupon, body.type, price, now, 'coupon', { viewerId: viewer.id });
  const card = body.payment_method_id === undefined ? null : findCard(db, viewer.id, body.payment_method_id, 'payment_method_id');
  const amount = price - (discount?.discount_amount ?? 0);
  const intent: Intent = { user_id: viewer.id, type: product.type, product_id: product.id, participant_id: body.participant_id ?? null };
  refuseWhenAlreadyBeingPaid(db, intent, now, 'id');
  const open = openOrder(db, intent);
  const terms: OrderTerms = {
    amount,
    // The discount comes off the base price first; the fee is charged only as far as the amount still covers it.
    service_fee: Math.min(product.serviceFee, amount),
    discount: discount?.discount_amount ?? 0,
    coupon: discount?.code ?? null,
  };

  const order = open
    ? repriceOrder(db, open.order.id, terms)
    : insertOrder(
        db,
        {
          ...intent,
          ...terms,
          product_name: product.name,
          package_id: product.type === 'event' ? product.packageId : null,
          event_category_id: product.type === 'event' ? product.categoryId : null,
          currency: channel.currency,
          subscription_event: product.type === 'subscription' ? 'created' : null,
        },
        now,
      );
  let clientSecret: string | null = null;
  if (amount === 0) {
    // The reused order's payment is never charged.
    if (open) cancelPayment(db, open.payment.id, now);
    fulfilOrder(db, jobs, order, card?.id ?? null, now);
  } else if (card) {
    const { payment } = open ? reopenPayment(db, open.payment.id, amount, false) : createPayment(db, order, now, false);
    confirmPayment(db, jobs, payment, { ...card, decline: card.charge_decline }, false, now, 'payment_method_id');
  } else if (open) {
    clientSecret = reopenPayment(db, open.payment.id, amount, true).clientSecret;
  } else {
    const opened = createPayment(db, order, now, true);
    clientSecret = opened.clientSecret;
    jobs.schedule(ABANDON_JOB, UNCONFIRMED_LIFETIME_SECONDS, { transaction_id: opened.payment.id });
  }
  return { order: viewerOrder(db, viewer.id, order.id, now), client_secret: clientSecret, ...paymentProvider(channel) };
}

/** What a promo code takes off a product (GET stripe/coupon), before anything is bought. */
export function quoteCoupon(db: Db, channel: ChannelRow, quote: { code: string; type: PurchaseType; id: number }, viewerId: number | null, now: number) {
  const product = findProduct(db, channel.id, quote.type, quote.id);
  const price = product.basePrice + product.serviceFee;
  const discount = applyCoupon(db, channel.id, quote.code, quote.type, price, now, 'code', { viewerId });
  return { ...discount, price, amount: price - discount.discount_amount, currency: channel.currency };
}

export interface PaymentConfirmation {
  client_secret: string;
  card?: CardInput;
  save_card?: boolean;
  payment_method_id?: string;
}

/**
 * POST stripe/confirm: the reference processor's confirmation of a payment opened by `buy`, with a new card (saved
 * when asked) or a saved one. Answers the order, still processing until the payment settles.
 */
export function confirmOrderPayment(db: Db, jobs: Pick<Scheduler, 'schedule'>, channel: ChannelRow, viewer: UserRow, confirmation: PaymentConfirmation, now: number) {
  requireOneCard(confirmation.card, confirmation.payment_method_id, ['card', 'payment_method_id']);
  if (confirmation.save_card !== undefined && confirmation.card === undefined) throw invalid({ save_card: ['Only a new card can be saved'] });
  const payment = paymentBySecret(db, viewer.id, confirmation.client_secret, 'client_secret');
  requireReferenceProvider(channel, 'client_secret');
  const order = getOrder(db, payment.order_id);
  refuseWhenAlreadyBeingPaid(db, order, now, 'client_secret');
  // Other orders may have redeemed the code since this one was opened.
  if (order.coupon !== null) refuseWhenRedeemed(db, channel.id, order.coupon, { viewerId: viewer.id, orderId: order.id }, 'coupon');
  let card: PaymentCard;
  if (confirmation.card) {
    card = { id: null, ...readCard(confirmation.card, now) };
  } else {
    const saved = findCard(db, viewer.id, confirmation.payment_method_id ?? '', 'payment_method_id');
    card = { ...saved, decline: saved.charge_decline };
  }
  confirmPayment(db, jobs, payment, card, confirmation.save_card === true, now, 'client_secret');
  return viewerOrder(db, viewer.id, payment.order_id, now);
}
