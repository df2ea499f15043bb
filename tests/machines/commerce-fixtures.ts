/**
 * Commerce fixtures only tests use: a server failure and a purchase of the seeded shop. The orders, plans and network
 * failure the models need too are in machines/shared/commerce-fixtures.ts.
 */
import type { PurchaseSelection } from '../../machines/payment/payment.types';
import { requestError } from '../../machines/shared/client-fixtures';
import type { EventItem, Shop } from '../server/commerce-helpers';

export const serverDown = requestError('crash', 503, 'Service Unavailable');

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
