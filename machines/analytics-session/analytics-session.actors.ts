/**
 * The analytics session's real actors over the typed client (analytics.graphql). The app shell passes them with
 * `analyticsSessionMachine.provide({ actors: createAnalyticsSessionActors(deps), actions: { report:
 * createReporter(deps) } })`. The service is not called from localhost (SPEC §5): the app shell hands in
 * `profileKey: () => null` there, which turns analytics off.
 */
import { fromPromise } from 'xstate';
import { AnalyticsHashDocument } from '../../mesh/client/generated/documents/AnalyticsHash';
import { StartAnalyticsSessionDocument } from '../../mesh/client/generated/documents/StartAnalyticsSession';
import { TrackPageViewDocument } from '../../mesh/client/generated/documents/TrackPageView';
import { TrackVideoEventDocument } from '../../mesh/client/generated/documents/TrackVideoEvent';
import { TrackVideoViewingDocument } from '../../mesh/client/generated/documents/TrackVideoViewing';
import type { ChannelClient } from '../../mesh/client/transport';
import type { AnalyticsSession, ReportParams, StoreSessionInput, StoredAnalyticsSession } from './analytics-session.types';

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

/** The contract's limit on a participant property or a category name (NullableShortText). */
const SHORT_TEXT_MAX = 120;
const short = (text: string | null): string | null => (text === null ? null : text.slice(0, SHORT_TEXT_MAX));

/**
 * The `report` action: a page view is a visit_page event (TrackPageView), a video event goes to
 * /datalake/video/event/ (TrackVideoEvent) and viewing time to /datalake/video/viewing/ (TrackVideoViewing); page
 * views and video events name the viewer when one is logged in. Fire and forget: the analytics service's failures
 * are swallowed (SPEC §8), and nothing is sent once the channel has no profile key.
 */
export function createReporter(deps: Omit<AnalyticsSessionDeps, 'storage'>) {
  return (_: unknown, { report, session }: ReportParams): void => {
    const profile = deps.profileKey();
    if (!profile) return;
    const origin = deps.environment();
    const common = { profile, originUrl: origin.originUrl, outerSource: origin.outerSource };
    const viewer = deps.viewer();
    const who = { userId: viewer?.id ?? null, userEmail: viewer?.email ?? null };
    let sent: Promise<unknown>;
    switch (report.kind) {
      case 'page':
        sent = deps.client.request(TrackPageViewDocument, {
          ...common,
          ...who,
          sessionUuid: session.hash,
          title: report.page.title.slice(0, PAGE_TITLE_MAX),
          location: report.page.location.slice(0, URL_TEXT_MAX),
          path: report.page.path.slice(0, URL_TEXT_MAX),
        });
        break;
      case 'video':
        sent = deps.client.request(TrackVideoEventDocument, {
          ...common,
          ...who,
          sessionUuid: session.hash,
          videoViewUuid: report.video.viewUuid,
          streamId: report.video.streamId,
          streamType: report.video.streamType,
          event: report.video.event,
        });
        break;
      case 'viewing': {
        const v = report.viewing;
        sent = deps.client.request(TrackVideoViewingDocument, {
          ...common,
          videoViewUuid: v.viewUuid,
          streamId: v.streamId,
          streamType: v.streamType,
          viewingTime: Math.max(0, Math.round(v.viewingTime)),
          category: short(v.category),
          sport: short(v.sport),
          gender: v.gender,
          school: short(v.school),
          league: short(v.league),
        });
        break;
      }
    }
    void sent.catch(() => undefined);
  };
}
