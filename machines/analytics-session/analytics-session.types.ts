/**
 * What the analytics-session machine exchanges with the app shell and with its actors (SPEC §2 page views, §3
 * Analytics session, §7 Analytics service).
 */

/** The session hash (GET /datalake/hash/) plus what was sent with it (POST /datalake/session/). */
export interface AnalyticsSession {
  hash: string;
  data: Record<string, string>;
}

/** What storage answers: the session and how long it has left, or null when none is stored or it expired. */
export interface StoredAnalyticsSession {
  session: AnalyticsSession;
  remainingMs: number;
}

/** @public */
export interface StoreSessionInput {
  session: AnalyticsSession;
  lifetimeMs: number;
}

/**
 * One page view, as the router reports it (SPEC §2: title, location and path).
 *
 * @public
 */
export interface PageView {
  /** The document title. */
  title: string;
  /** The full URL of the page. */
  location: string;
  /** The route's path (`/live`). */
  path: string;
}

/** What a stream is, as the analytics service names it (mesh/openapi.yaml StreamType). @public */
export type AnalyticsStreamType = 'live' | 'vod' | 'clip' | 'preroll';

/**
 * A player event of one view of a stream (POST /datalake/video/event/): the first one, `first_frame` by default,
 * starts the view.
 *
 * @public
 */
export interface VideoEventReport {
  /** Made by the player for each playback (a UUID). */
  viewUuid: string;
  streamId: number;
  streamType: AnalyticsStreamType;
  event: 'first_frame' | 'play' | 'pause' | 'ended' | 'error';
}

/**
 * Seconds watched in one view so far, with the event's classification (POST /datalake/video/viewing/).
 *
 * @public
 */
export interface VideoViewingReport {
  viewUuid: string;
  streamId: number;
  streamType: AnalyticsStreamType;
  /** Whole seconds. */
  viewingTime: number;
  category: string | null;
  sport: string | null;
  gender: 'male' | 'female' | null;
  school: string | null;
  league: string | null;
}

/** Something to send to the analytics service with the session: a page view or a video report. */
export type AnalyticsReport =
  | { kind: 'page'; page: PageView }
  | { kind: 'video'; video: VideoEventReport }
  | { kind: 'viewing'; viewing: VideoViewingReport };

/** The params of the `report` app effect: what to send and the session it is sent with. */
export interface ReportParams {
  report: AnalyticsReport;
  session: AnalyticsSession;
}

/** One product of an ecommerce list (GA4's item): an event, with its base price in the currency's major units. @public */
export interface EcommerceItem {
  item_id: string;
  item_name: string;
  price: number;
  currency: string;
  item_category?: string;
}

/** A list of products the viewer was shown (SPEC §7 "Ecommerce tag events": view_item_list). @public */
export interface ViewedItemList {
  item_list_id: string;
  item_list_name: string;
  items: EcommerceItem[];
}

/** What makes a shown list another list: its items, in order. */
export function itemListKey(list: ViewedItemList): string {
  return list.items.map((item) => item.item_id).join(',');
}

/** @public */
export interface AnalyticsSessionContext {
  session: AnalyticsSession | null;
  /** Milliseconds the current session has left when it became current. */
  lifetimeLeftMs: number;
  /** Reports that arrived while no session was active, oldest first; sent once one is. */
  pending: AnalyticsReport[];
  /** The location of the last page view counted: the same page again (its title translated) is not another view. */
  lastPageLocation: string | null;
  /** The items last pushed for each list id (`itemListKey`): a list is pushed again only when it shows other items. */
  itemLists: Readonly<Record<string, string>>;
}

/**
 * `app.mounted` is sent once by the app shell after it mounted (SPEC §1 startup, step 4); later ones are ignored.
 * `page.viewed` is sent by the router whenever the page or its title changes (the machine counts one view per
 * location, SPEC §2); `itemList.shown` by lists of events whenever they show (SPEC §7 view_item_list, pushed once
 * per list and items); `video.event` and `video.viewing` by the player (SPEC §7 analytics video events).
 *
 * @public
 */
export type AnalyticsSessionEvent =
  | { type: 'app.mounted' }
  | { type: 'page.viewed'; page: PageView }
  | { type: 'itemList.shown'; list: ViewedItemList }
  | { type: 'video.event'; video: VideoEventReport }
  | { type: 'video.viewing'; video: VideoViewingReport };
