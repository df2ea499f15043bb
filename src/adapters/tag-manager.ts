/**
 * The channel's tag manager (SPEC §3 "a tag-manager analytics setting", §7 "Ecommerce tag events"): the
 * `dataLayer` that ecommerce events are pushed to, and the container script when the channel names one. Nothing
 * is loaded on localhost, where analytics is refused (SPEC §5).
 */
import type { ViewedItemList } from '../../machines/analytics-session/analytics-session.types';
import type { AnalyticsTrackerSettings } from '../../machines/app-load/app-load.types';
import type { CheckoutReport } from '../../machines/payment/payment.types';

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/** The hosts analytics never runs on (SPEC §5 "Analytics requests are refused from localhost"). */
export function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1';
}

/** A container id as tag managers issue them (GTM-XXXX); anything else is not put into a script URL. */
const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

export function initTagManager(settings: AnalyticsTrackerSettings): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: 'gtm.js', 'gtm.start': Date.now() });
  const id = settings.tagManagerId;
  if (!id || !CONTAINER_ID.test(id) || isLocalhost(window.location.hostname)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

/**
 * Pushes `view_item_list` to the dataLayer. The ecommerce object is cleared first, as tag managers ask, so that a
 * previous list's items are never merged into this one.
 */
export function pushViewItemList(list: ViewedItemList): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push({ event: 'view_item_list', ecommerce: list });
}

/**
 * A checkout step as the dataLayer receives it (SPEC §7 "Ecommerce tag events"; GA4's ecommerce names): the
 * product as the one item, the amounts in the currency's major units, and for `purchase` and after, the order's id as
 * `transaction_id` with its fee (`fee`), `tax` (none is charged: 0), `coupon`, `discount` and, for a failure,
 * `error_reason`. Pure.
 */
export function checkoutEvent(report: CheckoutReport): Record<string, unknown> {
  const { purchase, coupon, order, step } = report;
  const currency = purchase.currency.toUpperCase();
  const due = coupon?.amount ?? purchase.price;
  const ordered = order !== null && step !== 'view_buy_page' && step !== 'add_to_cart' && step !== 'begin_checkout';
  return {
    event: step,
    ecommerce: {
      currency,
      value: (ordered ? order.amount : due) / 100,
      items: [{ item_id: `${purchase.type}-${String(purchase.id)}`, item_name: purchase.name, item_category: purchase.type, price: purchase.price / 100, quantity: 1 }],
      ...(coupon ? { coupon: coupon.code, discount: coupon.discount_amount / 100 } : {}),
      ...(ordered
        ? { transaction_id: String(order.id), tax: 0, fee: order.service_fee / 100, coupon: order.coupon ?? undefined, discount: order.discount / 100 }
        : {}),
      ...(step === 'purchase_failed' ? { error_reason: report.errorReason ?? 'unknown' } : {}),
    },
  };
}

/** Pushes a checkout step to the dataLayer, after clearing the previous ecommerce object (outside a page: nothing). */
export function pushCheckoutEvent(report: CheckoutReport): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push(checkoutEvent(report));
}
