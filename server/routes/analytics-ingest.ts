/** The analytics service's ingest (server/domain/analytics.ts): sessions, events, video events and viewing time. */
import type { Db } from '../db/database';
import { newSessionHash, recordEvent, recordSession, recordVideoEvent, recordVideoViewing } from '../domain/analytics';
import type { Handlers, RequestContext } from '../http/context';

/**
 * A handler that records what was sent and acknowledges it. The body has been validated against the operation's
 * schema in the contract, so it is the report the domain expects.
 */
const ingest =
  <Report>(record: (db: Db, report: Report, now: number) => void) =>
  (ctx: RequestContext) => {
    record(ctx.services.db, ctx.body as unknown as Report, ctx.now);
    return { ok: true, received_at: ctx.now };
  };

export const analyticsIngestHandlers: Handlers = {
  getAnalyticsHash: (ctx) => newSessionHash(ctx.services.db, ctx.query['profile'] as string | undefined),
  createAnalyticsSession: ingest(recordSession),
  trackAnalyticsEvent: ingest(recordEvent),
  trackVideoEvent: ingest(recordVideoEvent),
  trackVideoViewing: ingest(recordVideoViewing),
};
