/** Orders, plans and classified failures shared by the commerce machines' models and tests (payment, order polling, free trial, auto-renewal). */
import type { OrderStatus, PurchaseType } from '../../mesh/client/generated/graphql';
import type { RenewablePlan } from '../auto-renewal/auto-renewal.machine';
import type { Order, PurchaseSelection } from '../payment/payment.types';
import type { EventItem, Shop } from '../../tests/server/commerce-helpers';
import { requestError } from './client-fixtures';

export function order(status: OrderStatus, overrides: { id?: number; type?: PurchaseType; productId?: number; participantId?: number | null; categoryId?: number | null } = {}): Order {
  return {
    id: overrides.id ?? 42,
    type: overrides.type ?? 'event',
    status,
    activity_status: status === 'paid' ? 'active' : 'inactive',
    product: {
      id: overrides.productId ?? 7,
      name: 'Summit vs Boreal',
      event_category_id: overrides.categoryId ?? null,
      participant_id: overrides.participantId ?? null,
    },
    amount: 999,
    service_fee: 100,
    currency: 'USD',
    coupon: null,
    discount: 0,
    created_at: 1_767_225_600,
    paid_at: status === 'paid' ? 1_767_225_602 : null,
    failure_reason: status === 'failed' ? 'card_declined' : null,
    expires_at: null,
    subscription_event: null,
    auto_renew: null,
  };
}

export const networkDown = requestError('network', 0, 'fetch failed');
export const serverDown = requestError('crash', 503, 'Service Unavailable');

export function plan(overrides: Partial<RenewablePlan> = {}): RenewablePlan {
  return {
    id: 3,
    name: 'All-Access Monthly',
    description: 'Every game on Summit.',
    price: 1299,
    base_price: 1299,
    service_fee: 0,
    currency: 'USD',
    offer: 'other',
    period: 'monthly',
    trial_period: 7,
    weight: 1,
    status: null,
    auto_renew: null,
    renews_at: null,
    trial_ends_at: null,
    is_purchased: false,
    ...overrides,
  };
}

/** A paid event sold through its single-event package, selected as a buy page selects it (the payment's input). */
export async function paidEventPurchase(shop: Shop): Promise<{ event: EventItem; purchase: PurchaseSelection }> {
  const event = (await shop.paidEvents()).find((e) => e.single_event_package_id !== null);
  if (!event) throw new Error('no paid event with a single-event package in the seed');
  const purchase: PurchaseSelection = {
    type: 'event',
    id: event.id,
    name: event.name,
    currency: event.currency,
    price: event.base_price + event.service_fee,
    isPaid: true,
    singleEventPackageId: event.single_event_package_id,
  };
  return { event, purchase };
}
