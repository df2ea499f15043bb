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

/** The params of the `reportPageView` app effect: the page and the session it is reported with. */
export interface ReportPageViewParams {
  page: PageView;
  session: AnalyticsSession;
}

/** @public */
export interface AnalyticsSessionContext {
  session: AnalyticsSession | null;
  /** Milliseconds the current session has left when it became current. */
  lifetimeLeftMs: number;
  /** Page views that arrived while no session was active, oldest first; reported once one is. */
  pendingPageViews: PageView[];
}

/**
 * `app.mounted` is sent once by the app shell after it mounted (SPEC §1 startup, step 4); later ones are ignored.
 * `page.viewed` is sent by the router on every page view (SPEC §2).
 *
 * @public
 */
export type AnalyticsSessionEvent = { type: 'app.mounted' } | { type: 'page.viewed'; page: PageView };
