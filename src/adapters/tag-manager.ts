/**
 * The channel's tag manager (SPEC §3 "a tag-manager analytics setting", §7 "Ecommerce tag events"): the
 * `dataLayer` that ecommerce events are pushed to, and the container script when the channel names one. Nothing
 * is loaded on localhost, where analytics is refused (SPEC §5).
 */
import type { ViewedItemList } from '../../machines/analytics-session/analytics-session.types';
import type { AnalyticsTrackerSettings } from '../../machines/app-load/app-load.types';

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
