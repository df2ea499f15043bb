/**
 * Orders, plans and a network failure as mesh/client answers them, for the commerce machines' models (payment, order
 * polling, free trial, auto-renewal) and their tests. What only tests need (the seeded shop) is in
 * tests/machines/commerce-fixtures.ts.
 */
import type { OrderStatus, PurchaseType } from '../../mesh/client/generated/graphql';
import type { RenewablePlan } from '../auto-renewal/auto-renewal.machine';
import type { Order } from '../payment/payment.types';
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
