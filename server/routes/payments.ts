import { type CardInput, listCards, toCard } from '../domain/cards';
import { buy, type BuyInput, confirmOrderPayment, type PaymentConfirmation, quoteCoupon } from '../domain/checkout';
import { findPackage, findSubscription, listPackages, type PassKind, type PurchaseType, toPackages } from '../domain/offers';
import { listOrders, type OrderFilters, viewerOrder } from '../domain/orders';
import type { Page } from '../domain/queries';
import { confirmSetupIntent, createSetupIntent } from '../domain/setup-intents';
import { cancelAutoRenewal, listPlans, startTrial, toSubscriptionPlans } from '../domain/subscriptions';
import { listTransactions } from '../domain/transactions';
import { type Handlers, Reply, viewerOf } from '../http/context';
import { pagedList, pageFrom, wholeList } from '../http/paging';

/** SPEC.md §5: the orders and packages lists answer every item when no limit is given (the client's `no_limit=1`). */
function listPage(query: Record<string, unknown>): Page {
  const page = pageFrom(query, 0);
  return query['limit'] === undefined ? { limit: null, offset: page.offset } : page;
}

export const paymentHandlers: Handlers = {
  listPackages(ctx) {
    const page = listPage(ctx.query);
    const kind = (ctx.query['type'] as PassKind | undefined) ?? null;
    const { rows, total } = listPackages(ctx.services.db, ctx.channel, ctx.viewer?.id ?? null, kind, page, ctx.now);
    return pagedList(rows, total, page);
  },

  getPackage(ctx) {
    const { db } = ctx.services;
    return toPackages(db, ctx.channel, [findPackage(db, ctx.channel.id, ctx.params['id'] as number)], ctx.viewer?.id ?? null, ctx.now)[0];
  },

  listSubscriptions(ctx) {
    const page = listPage(ctx.query);
    const { rows, total } = listPlans(ctx.services.db, ctx.channel, ctx.viewer?.id ?? null, page, ctx.now);
    return pagedList(rows, total, page);
  },

  getSubscription(ctx) {
    const { db } = ctx.services;
    return toSubscriptionPlans(db, ctx.channel, [findSubscription(db, ctx.channel.id, ctx.params['id'] as number)], ctx.viewer?.id ?? null, ctx.now)[0];
  },

  listOrders(ctx) {
    const page = listPage(ctx.query);
    const { rows, total } = listOrders(ctx.services.db, viewerOf(ctx).id, ctx.query as OrderFilters, page, ctx.now);
    return pagedList(rows, total, page);
  },

  getOrder(ctx) {
    return viewerOrder(ctx.services.db, viewerOf(ctx).id, ctx.params['id'] as number, ctx.now);
  },

  buy(ctx) {
    const viewer = viewerOf(ctx);
    return Reply.created(buy(ctx.services.db, ctx.services.jobs, ctx.channel, viewer, ctx.body as unknown as BuyInput, ctx.now));
  },

  applyCoupon(ctx) {
    return quoteCoupon(ctx.services.db, ctx.channel, ctx.query as { code: string; type: PurchaseType; id: number }, ctx.viewer?.id ?? null, ctx.now);
  },

  confirmPayment(ctx) {
    const viewer = viewerOf(ctx);
    return confirmOrderPayment(ctx.services.db, ctx.services.jobs, ctx.channel, viewer, ctx.body as unknown as PaymentConfirmation, ctx.now);
  },

  unsubscribe(ctx) {
    const viewer = viewerOf(ctx);
    return cancelAutoRenewal(ctx.services.db, ctx.channel, viewer.id, ctx.body['subscription_id'] as number, ctx.now);
  },

  startSubscriptionTrial(ctx) {
    const viewer = viewerOf(ctx);
    const request = ctx.body as { subscription_id: number; payment_method_id?: string; setup_intent_id?: string };
    return startTrial(ctx.services.db, ctx.services.jobs, ctx.channel, viewer, request, ctx.now);
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
    return createSetupIntent(ctx.services.db, ctx.channel, viewerOf(ctx).id, ctx.now);
  },

  confirmSetupIntent(ctx) {
    const confirmation = ctx.body as { client_secret: string; card: CardInput; set_default?: boolean };
    return toCard(confirmSetupIntent(ctx.services.db, ctx.channel, viewerOf(ctx).id, confirmation, ctx.now));
  },

  listTransactions(ctx) {
    const page = listPage(ctx.query);
    const status = (ctx.query['status'] as Parameters<typeof listTransactions>[2] | undefined) ?? null;
    const { rows, total } = listTransactions(ctx.services.db, viewerOf(ctx).id, status, page);
    return pagedList(rows, total, page);
  },
};
