/**
 * SPEC §3 order labels in the orders list: an order is labelled by its status and activity together. Refunded;
 * paid and active is Active (Paid for a game, whose access never lapses); paid and inactive is Inactive (its period
 * ended or its renewal stopped); failed and processing say so. Pure.
 */
import type { OrderActivityStatus, OrderStatus, PurchaseType } from '../../mesh/client/generated/graphql';

export type OrderLabel = 'paid' | 'active' | 'inactive' | 'refunded' | 'failed' | 'processing';

export function orderLabel(order: { type: PurchaseType; status: OrderStatus; activity_status: OrderActivityStatus | null }): OrderLabel {
  if (order.status !== 'paid') return order.status;
  if (order.activity_status === 'inactive') return 'inactive';
  return order.type === 'event' ? 'paid' : 'active';
}
