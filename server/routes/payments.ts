import { buy } from '../domain/checkout';
import {
  type CardInput,
  findCard,
  listCards,
  paymentProvider,
  readCard,
  requireOneCard,
  requireReferenceProvider,
  toCard,
} from '../domain/cards';
import { applyCoupon } from '../domain/coupons';
import {
  findPackage,
  findProduct,
  findSubscription,
  type PackageRow,
  type PassKind,
  type PurchaseType,
  type SubscriptionRow,
  toPackages,
} from '../domain/offers';
import { listOrders, type OrderFilters, viewerOrder } from '../domain/orders';
import { viewerGrants } from '../domain/purchases';
import { confirmPayment } from '../domain/settlement';
import { cardOfSetupIntent, confirmSetupIntent, createSetupIntent } from '../domain/setup-intents';
import { cancelAutoRenewal, startTrial, toSubscriptionPlans } from '../domain/subscriptions';
import { listTransactions, paymentBySecret, type PaymentCard } from '../domain/transactions';
import { type Handlers, type RequestContext, viewerOf } from '../http/context';
import { invalid } from '../http/errors';
import { limitClause, type Page, pagedList, pageFrom, wholeList } from '../http/paging';

/** SPEC.md §5: the orders and packages lists answer every item when no limit is given (the client's `no_limit=1`). */
function listPage(query: Record<string, unknown>): Page {
  const page = pageFrom(query, 0);
  return query['limit'] === undefined ? { limit: null, offset: page.offset } : page;
}

function packagesOf(ctx: RequestContext, rows: PackageRow[]) {
  const grants = ctx.viewer ? viewerGrants(ctx.services.db, ctx.viewer.id, ctx.now) : null;
  return toPackages(ctx.services.db, ctx.channel, rows, grants);
}

function plansOf(ctx: RequestContext, rows: SubscriptionRow[]) {
  return toSubscriptionPlans(ctx.services.db, ctx.channel, rows, ctx.viewer?.id ?? null, ctx.now);
}

interface ConfirmPaymentBody {
  client_secret: string;
  card?: CardInput;
  save_card?: boolean;
  payment_method_id?: string;
}

export const paymentHandlers: Handlers = {
  listPackages(ctx) {
    const { db } = ctx.services;
    const type = (ctx.query['type'] as PassKind | undefined) ?? null;
    // Single-event packages are reached through their event (single_event_package_id), not listed with the passes.
    const where = 'channel_id = ? AND event_id IS NULL AND (? IS NULL OR type = ?)';
    const args: [number, string | null, string | null] = [ctx.channel.id, type, type];
    const total = db.prepare<typeof args, { n: number }>(`SELECT COUNT(*) AS n FROM packages WHERE ${where}`).get(...args)!.n;
    const page = listPage(ctx.query);
    const limit = limitClause(page);
    const rows = db
      .prepare<[...typeof args, ...number[]], PackageRow>(`SELECT * FROM packages WHERE ${where} ORDER BY weight, id${limit.sql}`)
      .all(...args, ...limit.args);
    return pagedList(packagesOf(ctx, rows), total, page);
  },

  getPackage(ctx) {
    return packagesOf(ctx, [findPackage(ctx.services.db, ctx.channel.id, ctx.params['id'] as number)])[0];
  },

  listSubscriptions(ctx) {
    const { db } = ctx.services;
    const total = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM subscriptions WHERE channel_id = ?').get(ctx.channel.id)!.n;
    const page = listPage(ctx.query);
    const limit = limitClause(page);
    const rows = db
      .prepare<[number, ...number[]], SubscriptionRow>(`SELECT * FROM subscriptions WHERE channel_id = ? ORDER BY weight, id${limit.sql}`)
      .all(ctx.channel.id, ...limit.args);
    return pagedList(plansOf(ctx, rows), total, page);
  },

  getSubscription(ctx) {
    return plansOf(ctx, [findSubscription(ctx.services.db, ctx.channel.id, ctx.params['id'] as number)])[0];
  },

  listOrders(ctx) {
    const page = listPage(ctx.query);
    const { rows, total } = listOrders(ctx.services.db, viewerOf(ctx).id, ctx.query as OrderFilters, page, ctx.now);
    return pagedList(rows, total, page);
  },

  getOrder(ctx) {
    return viewerOrder(ctx.services.db, viewerOf(ctx).id, ctx.params['id'] as number, ctx.now);
  },

  buy,

  applyCoupon(ctx) {
    const { db } = ctx.services;
    const { code, type, id } = ctx.query as { code: string; type: PurchaseType; id: number };
    const product = findProduct(db, ctx.channel.id, type, id);
    const price = product.basePrice + product.serviceFee;
    const discount = applyCoupon(db, ctx.channel.id, code, type, price, ctx.now, 'code');
    return { ...discount, price, amount: price - discount.discount_amount, currency: ctx.channel.currency };
  },

  confirmPayment(ctx) {
    const viewer = viewerOf(ctx);
    const { db, jobs } = ctx.services;
    const body = ctx.body as unknown as ConfirmPaymentBody;
    requireOneCard(body.card, body.payment_method_id, ['card', 'payment_method_id']);
    if (body.save_card !== undefined && body.card === undefined) throw invalid({ save_card: ['Only a new card can be saved'] });
    const payment = paymentBySecret(db, viewer.id, body.client_secret, 'client_secret');
    requireReferenceProvider(ctx.channel, 'client_secret');
    let card: PaymentCard;
    if (body.card) {
      card = { id: null, ...readCard(body.card, ctx.now) };
    } else {
      const saved = findCard(db, viewer.id, body.payment_method_id ?? '', 'payment_method_id');
      card = { ...saved, decline: saved.charge_decline };
    }
    confirmPayment(db, jobs, payment, card, body.save_card === true, ctx.now, 'client_secret');
    return viewerOrder(db, viewer.id, payment.order_id, ctx.now);
  },

  unsubscribe(ctx) {
    const viewer = viewerOf(ctx);
    const plan = findSubscription(ctx.services.db, ctx.channel.id, ctx.body['subscription_id'] as number, 'subscription_id');
    cancelAutoRenewal(ctx.services.db, viewer.id, plan.id, ctx.now);
    return plansOf(ctx, [plan])[0];
  },

  startSubscriptionTrial(ctx) {
    const viewer = viewerOf(ctx);
    const { db, jobs } = ctx.services;
    const body = ctx.body as { subscription_id: number; payment_method_id?: string; setup_intent_id?: string };
    const plan = findSubscription(db, ctx.channel.id, body.subscription_id, 'subscription_id');
    requireOneCard(body.payment_method_id, body.setup_intent_id, ['payment_method_id', 'setup_intent_id']);
    const card = body.payment_method_id
      ? findCard(db, viewer.id, body.payment_method_id, 'payment_method_id')
      : cardOfSetupIntent(db, viewer.id, body.setup_intent_id ?? '', 'setup_intent_id');
    startTrial(db, jobs, ctx.channel, viewer, plan, card, ctx.now);
    return plansOf(ctx, [plan])[0];
  },

  getCustomerPortal(ctx) {
    // The reference processor has no hosted billing portal: the app's profile is where the viewer sees the
    // subscriptions (with auto-renewal and cancelling), orders and transactions.
    return { url: `${ctx.appOrigin}/profile` };
  },

  listCards(ctx) {
    return wholeList(listCards(ctx.services.db, viewerOf(ctx).id).map(toCard));
  },

  createSetupIntent(ctx) {
    return { ...createSetupIntent(ctx.services.db, viewerOf(ctx).id, ctx.now), ...paymentProvider(ctx.channel) };
  },

  confirmSetupIntent(ctx) {
    const body = ctx.body as { client_secret: string; card: CardInput; set_default?: boolean };
    requireReferenceProvider(ctx.channel, 'client_secret');
    return toCard(confirmSetupIntent(ctx.services.db, viewerOf(ctx).id, body.client_secret, body.card, body.set_default === true, ctx.now));
  },

  listTransactions(ctx) {
    const page = listPage(ctx.query);
    const status = (ctx.query['status'] as Parameters<typeof listTransactions>[2] | undefined) ?? null;
    const { rows, total } = listTransactions(ctx.services.db, viewerOf(ctx).id, status, page);
    return pagedList(rows, total, page);
  },
};
