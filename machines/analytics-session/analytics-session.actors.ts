/**
 * The analytics session's real actors over the typed client (analytics.graphql). The app shell passes them with
 * `analyticsSessionMachine.provide({ actors: createAnalyticsSessionActors(deps), actions: { reportPageView:
 * createPageViewReporter(deps) } })`. The service is not called from localhost (SPEC §5): the app shell hands in
 * `profileKey: () => null` there, which turns analytics off.
 */
import { fromPromise } from 'xstate';
import { AnalyticsHashDocument } from '../../mesh/client/generated/documents/AnalyticsHash';
import { StartAnalyticsSessionDocument } from '../../mesh/client/generated/documents/StartAnalyticsSession';
import { TrackPageViewDocument } from '../../mesh/client/generated/documents/TrackPageView';
import type { ChannelClient } from '../../mesh/client/transport';
import type { AnalyticsSession, ReportPageViewParams, StoreSessionInput, StoredAnalyticsSession } from './analytics-session.types';

/** What the browser tells about itself when a session is created (POST /datalake/session/). @public */
export interface AnalyticsEnvironment {
  /** The page the app is on; sent with every analytics request. */
  originUrl: string;
  /** The stored `trk` tracking value (kept 3 hours), or null. */
  outerSource: string | null;
  deviceType: 'desktop' | 'mobile' | 'tablet';
  /** As the browser gives it; it is percent-encoded here. */
  userAgent: string;
  /** Width x height in pixels: `1280x720`. */
  resolution: string;
}

export interface AnalyticsSessionDeps {
  client: ChannelClient;
  /** The channel's product_analytics_key; null: analytics is off. Read when the session is created. */
  profileKey: () => string | null;
  /** Browser facts, read when the session is created and, for the page and tracker, at each page view. */
  environment: () => AnalyticsEnvironment;
  /** Storage of the session with its expiry (the app hands in local storage with the product prefix). */
  storage: { read(): StoredAnalyticsSession | null; write(session: AnalyticsSession, lifetimeMs: number): void };
  /** The logged-in viewer, sent with page views; null for an anonymous visitor. */
  viewer: () => { id: number; email: string } | null;
}

/** The contract's limits (mesh/openapi.yaml PageTitle, UrlText): longer values would be refused. */
const PAGE_TITLE_MAX = 300;
const URL_TEXT_MAX = 2000;

/** Real implementations of `readStoredSession`, `createSession` and `storeSession`. */
export function createAnalyticsSessionActors(deps: AnalyticsSessionDeps) {
  const { client } = deps;
  return {
    readStoredSession: fromPromise<StoredAnalyticsSession | null>(async () => deps.storage.read()),
    // `request()` never rejects for analytics operations (SPEC §8): a failed call answers null, turned into a throw
    // here so that the machine turns analytics off.
    createSession: fromPromise<AnalyticsSession>(async ({ signal }) => {
      const profile = deps.profileKey();
      if (!profile) throw new Error('analytics is off: the channel has no product analytics key');
      const env = deps.environment();
      const origin = { originUrl: env.originUrl, outerSource: env.outerSource };
      const { analytics } = await client.request(AnalyticsHashDocument, { profile, ...origin }, { signal });
      if (!analytics?.hash) throw new Error('the analytics service answered no session hash');
      const sent = {
        deviceType: env.deviceType,
        // encodeURIComponent leaves exactly the characters the contract's EncodedUserAgent allows unescaped.
        userAgent: encodeURIComponent(env.userAgent),
        resolution: env.resolution,
      };
      const { ack } = await client.request(StartAnalyticsSessionDocument, { profile, session: analytics.hash, ...sent, ...origin }, { signal });
      if (!ack?.ok) throw new Error('the analytics service did not record the session');
      const data: Record<string, string> = {
        device_type: sent.deviceType,
        user_agent: sent.userAgent,
        resolution: sent.resolution,
        platform: 'web',
        origin_url: origin.originUrl,
      };
      if (origin.outerSource !== null) data['outer_source'] = origin.outerSource;
      return { hash: analytics.hash, data };
    }),
    storeSession: fromPromise<void, StoreSessionInput>(async ({ input }) => {
      deps.storage.write(input.session, input.lifetimeMs);
    }),
  };
}

/**
 * The `reportPageView` action: sends a visit_page event (TrackPageView) with the viewer when one is logged in. Fire
 * and forget: the analytics service's failures are swallowed (SPEC §8), and nothing is sent once the channel has no
 * profile key.
 */
export function createPageViewReporter(deps: Omit<AnalyticsSessionDeps, 'storage'>) {
  return (_: unknown, { page, session }: ReportPageViewParams): void => {
    const profile = deps.profileKey();
    if (!profile) return;
    const { originUrl, outerSource } = deps.environment();
    const viewer = deps.viewer();
    const variables = {
      profile,
      sessionUuid: session.hash,
      userId: viewer?.id ?? null,
      userEmail: viewer?.email ?? null,
      title: page.title.slice(0, PAGE_TITLE_MAX),
      location: page.location.slice(0, URL_TEXT_MAX),
      path: page.path.slice(0, URL_TEXT_MAX),
      originUrl,
      outerSource,
    };
    void deps.client.request(TrackPageViewDocument, variables).catch(() => undefined);
  };
}
