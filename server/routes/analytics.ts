/**
 * The analytics service (SPEC.md §7 "Analytics service"; a separate host in production, /analytics here).
 *
 * Every request names its channel by `profile`, the channel's product_analytics_key (SPEC.md §5): an unknown one
 * answers 403 naming `profile`. A session is recorded under the hash that GET /datalake/hash/ hands out and lives
 * 24 hours (SPEC.md §9); events name it as `session_uuid`. A video view (`video_view_uuid`, made by the client) is
 * started by its first video event and is bound to that stream; viewing-time reports need a started view.
 * Everything received is kept, and the read-back operations answer it per channel to holders of the read token.
 * The service does not know the channel's viewers or catalogue: user ids, emails and stream ids are kept as sent.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { ChannelRow, Handlers, RequestContext } from '../http/context';
import { ApiError, type FieldErrors, invalid, notFound } from '../http/errors';
import { limitClause, pagedList, pageFrom } from '../http/paging';
import { requireReadToken } from '../http/read-token';

/** SPEC.md §9: an analytics session lasts 24 hours. */
export const ANALYTICS_SESSION_SECONDS = 24 * 60 * 60;
const READ_DEFAULT_LIMIT = 50;

type AnalyticsEventName = 'login' | 'visit_page' | 'api_request';

/** The extra fields each event kind carries (SPEC.md §7); one kind's fields are refused on the others unless null. */
const eventKindFields: Record<AnalyticsEventName, readonly string[]> = {
  login: [],
  visit_page: ['title', 'location', 'path'],
  api_request: ['sub_event', 'request_url', 'error', 'status', 'response_length', 'total_length'],
};
const allKindFields = [...new Set(Object.values(eventKindFields).flat())];

interface SessionRow {
  id: number;
  channel_id: number;
  hash: string;
  ip: string | null;
  device_type: string;
  user_agent: string;
  resolution: string;
  platform: string;
  origin_url: string;
  outer_source: string | null;
  created_at: number;
  expires_at: number;
}

interface ViewRow {
  id: number;
  channel_id: number;
  session_id: number;
  uuid: string;
  stream_id: number;
  stream_type: string;
}

/** Where a request came from, added to every analytics request by the client. */
interface Origin {
  origin_url: string;
  outer_source?: string | null;
}

interface SessionBody extends Origin {
  profile: string;
  ip: string | null;
  session: string;
  device_type: string;
  user_agent: string;
  resolution: string;
  platform: string;
}

interface EventBody extends Origin {
  profile: string;
  session_uuid: string;
  user_id: number | null;
  user_email: string | null;
  event: AnalyticsEventName;
  [extra: string]: unknown;
}

interface VideoEventBody extends Origin {
  profile: string;
  session_uuid: string;
  video_view_uuid: string;
  stream_id: number;
  stream_type: string;
  event: string;
  position?: number;
  error_message?: string | null;
  user_id: number | null;
  user_email: string | null;
}

interface VideoViewingBody extends Origin {
  profile: string;
  video_view_uuid: string;
  stream_id: number;
  stream_type: string;
  viewing_time: number;
  category?: string | null;
  sport?: string | null;
  gender?: string | null;
  school?: string | null;
  league?: string | null;
}

/** The request body, which the glue has validated against the operation's schema in the contract. */
const bodyOf = <T>(ctx: RequestContext): T => ctx.body as unknown as T;

/** The one spelling a uuid is kept in: lower case, without the `urn:uuid:` prefix the format allows. */
const canonicalUuid = (uuid: string): string => uuid.toLowerCase().replace(/^urn:uuid:/, '');

const ack = (ctx: RequestContext) => ({ ok: true, received_at: ctx.now });

/** SPEC.md §5: analytics requests need a profile key; the service refuses an unknown one. */
function channelOfProfile(db: Db, profile: unknown): ChannelRow {
  const channel =
    typeof profile === 'string'
      ? db.prepare<[string], ChannelRow>('SELECT * FROM channels WHERE product_analytics_key = ?').get(profile)
      : undefined;
  if (!channel) throw new ApiError(403, 'Analytics requests need a valid profile key', { profile: ['The profile key is not known'] });
  return channel;
}

/** A session of the channel that has not expired; its id. */
function liveSession(ctx: RequestContext, channel: ChannelRow, uuid: string): number {
  const row = ctx.services.db
    .prepare<[string, number], { id: number; expires_at: number }>('SELECT id, expires_at FROM analytics_sessions WHERE hash = ? AND channel_id = ?')
    .get(canonicalUuid(uuid), channel.id);
  if (!row) throw notFound('session_uuid', 'Analytics session');
  if (row.expires_at <= ctx.now) {
    throw new ApiError(410, 'The analytics session has expired', { session_uuid: ['The analytics session has expired (24 h): start a new one'] });
  }
  return row.id;
}

/** The per-kind rules of POST /datalake/event/, all reported at once. */
function checkEventFields(body: EventBody): void {
  const errors: FieldErrors = {};
  const own = eventKindFields[body.event];
  for (const field of allKindFields) {
    // A kind's own fields must be there (`error` may be null); another kind's may only be absent or null.
    if (own.includes(field) && body[field] === undefined) errors[field] = ['Field is required'];
    if (!own.includes(field) && body[field] != null) errors[field] = [`is not a field of a ${body.event} event`];
  }
  if (body.event === 'login') {
    for (const field of ['user_id', 'user_email'] as const) {
      if (body[field] === null) errors[field] = ['A login event names the viewer who logged in'];
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** The view a video event belongs to, started by this event when it is the view's first. */
function viewFor(ctx: RequestContext, channel: ChannelRow, sessionId: number, body: VideoEventBody): number {
  const { db } = ctx.services;
  const uuid = canonicalUuid(body.video_view_uuid);
  const view = db.prepare<[string], ViewRow>('SELECT * FROM video_views WHERE uuid = ?').get(uuid);
  if (!view) {
    return Number(
      db
        .prepare('INSERT INTO video_views (channel_id, session_id, uuid, stream_id, stream_type, started_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(channel.id, sessionId, uuid, body.stream_id, body.stream_type, ctx.now).lastInsertRowid,
    );
  }
  if (view.channel_id !== channel.id) {
    throw new ApiError(409, 'The video view belongs to another channel', { video_view_uuid: ['This video view uuid is already used'] });
  }
  checkSameStream(view, body);
  return view.id;
}

/** A view is bound to the stream it started on. */
function checkSameStream(view: ViewRow, body: { stream_id: number; stream_type: string }): void {
  const errors: FieldErrors = {};
  if (view.stream_id !== body.stream_id) errors['stream_id'] = [`The video view is of stream ${view.stream_id}`];
  if (view.stream_type !== body.stream_type) errors['stream_type'] = [`The video view is of a ${view.stream_type} stream`];
  if (Object.keys(errors).length > 0) throw new ApiError(409, 'The video view is of another stream', errors);
}

// ------------------------------------------------------------------------------------------- read-back

interface Filter {
  sql: string[];
  args: Array<string | number>;
}

/** The read token, then the profile's channel: read-back only ever shows that channel's data. */
function readBackChannel(ctx: RequestContext): ChannelRow {
  requireReadToken(ctx, ctx.services.config.analyticsReadToken, 'ANALYTICS_READ_TOKEN');
  return channelOfProfile(ctx.services.db, ctx.query['profile']);
}

function addFilter(filter: Filter, column: string, value: unknown, transform: (v: string) => string = (v) => v): void {
  if (typeof value === 'string') {
    filter.sql.push(`${column} = ?`);
    filter.args.push(transform(value));
  }
}

/** One page of a read-back list, oldest first (`order` is the table's id column). */
function readPage<Row, Out>(ctx: RequestContext, from: string, select: string, order: string, filter: Filter, toItem: (row: Row) => Out) {
  const { db } = ctx.services;
  const where = ` WHERE ${filter.sql.join(' AND ')}`;
  const page = pageFrom(ctx.query, READ_DEFAULT_LIMIT);
  const total = db.prepare<Array<string | number>, { n: number }>(`SELECT count(*) AS n FROM ${from}${where}`).get(...filter.args)!.n;
  const limit = limitClause(page);
  const rows = db.prepare<Array<string | number>, Row>(`SELECT ${select} FROM ${from}${where} ORDER BY ${order}${limit.sql}`).all(...filter.args, ...limit.args);
  return pagedList(rows.map(toItem), total, page);
}

const identity = <T>(row: T): T => row;

export const analyticsHandlers: Handlers = {
  getAnalyticsHash(ctx) {
    channelOfProfile(ctx.services.db, ctx.query['profile']);
    // Nothing is kept until the session is recorded: a GET stays safe to repeat.
    return { hash: randomUUID() };
  },

  createAnalyticsSession(ctx) {
    const { db } = ctx.services;
    const body = bodyOf<SessionBody>(ctx);
    const channel = channelOfProfile(db, body.profile);
    const hash = canonicalUuid(body.session);
    if (db.prepare<[string], { id: number }>('SELECT id FROM analytics_sessions WHERE hash = ?').get(hash)) {
      throw new ApiError(409, 'The analytics session already exists', { session: ['This session hash is already recorded: ask GET /datalake/hash/ for a new one'] });
    }
    db.prepare(
      `INSERT INTO analytics_sessions
        (channel_id, hash, ip, device_type, user_agent, resolution, platform, origin_url, outer_source, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      channel.id,
      hash,
      body.ip,
      body.device_type,
      body.user_agent,
      body.resolution,
      body.platform,
      body.origin_url,
      body.outer_source ?? null,
      ctx.now,
      ctx.now + ANALYTICS_SESSION_SECONDS,
    );
    return ack(ctx);
  },

  trackAnalyticsEvent(ctx) {
    const { db } = ctx.services;
    const body = bodyOf<EventBody>(ctx);
    const channel = channelOfProfile(db, body.profile);
    checkEventFields(body);
    const sessionId = liveSession(ctx, channel, body.session_uuid);
    const extra = (field: string): unknown => body[field] ?? null;
    db.prepare(
      `INSERT INTO analytics_events
        (channel_id, session_id, event, user_id, user_email, title, location, path, sub_event, request_url, error, status,
         response_length, total_length, origin_url, outer_source, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      channel.id,
      sessionId,
      body.event,
      body.user_id,
      body.user_email,
      extra('title'),
      extra('location'),
      extra('path'),
      extra('sub_event'),
      extra('request_url'),
      extra('error'),
      extra('status'),
      extra('response_length'),
      extra('total_length'),
      body.origin_url,
      body.outer_source ?? null,
      ctx.now,
    );
    return ack(ctx);
  },

  trackVideoEvent(ctx) {
    const { db } = ctx.services;
    const body = bodyOf<VideoEventBody>(ctx);
    const channel = channelOfProfile(db, body.profile);
    if (body.event !== 'error' && body.error_message != null) {
      throw invalid({ error_message: ['Only an error event carries an error message'] });
    }
    const sessionId = liveSession(ctx, channel, body.session_uuid);
    const viewId = viewFor(ctx, channel, sessionId, body);
    db.prepare(
      `INSERT INTO video_events
        (channel_id, view_id, session_id, event, position, error_message, user_id, user_email, origin_url, outer_source, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      channel.id,
      viewId,
      sessionId,
      body.event,
      body.position ?? null,
      body.error_message ?? null,
      body.user_id,
      body.user_email,
      body.origin_url,
      body.outer_source ?? null,
      ctx.now,
    );
    return ack(ctx);
  },

  trackVideoViewing(ctx) {
    const { db } = ctx.services;
    const body = bodyOf<VideoViewingBody>(ctx);
    const channel = channelOfProfile(db, body.profile);
    const view = db
      .prepare<[string, number], ViewRow>('SELECT * FROM video_views WHERE uuid = ? AND channel_id = ?')
      .get(canonicalUuid(body.video_view_uuid), channel.id);
    if (!view) throw notFound('video_view_uuid', 'Video view');
    checkSameStream(view, body);
    db.prepare(
      `INSERT INTO video_viewings
        (channel_id, view_id, viewing_time, category, sport, gender, school, league, origin_url, outer_source, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      channel.id,
      view.id,
      body.viewing_time,
      body.category ?? null,
      body.sport ?? null,
      body.gender ?? null,
      body.school ?? null,
      body.league ?? null,
      body.origin_url,
      body.outer_source ?? null,
      ctx.now,
    );
    return ack(ctx);
  },

  listAnalyticsSessions(ctx) {
    const channel = readBackChannel(ctx);
    const filter: Filter = { sql: ['channel_id = ?'], args: [channel.id] };
    addFilter(filter, 'hash', ctx.query['session_uuid'], canonicalUuid);
    return readPage<SessionRow, Omit<SessionRow, 'id' | 'channel_id'>>(ctx, 'analytics_sessions', '*', 'id', filter, ({ id: _id, channel_id: _c, ...session }) => session);
  },

  listAnalyticsEvents(ctx) {
    const channel = readBackChannel(ctx);
    const filter: Filter = { sql: ['e.channel_id = ?'], args: [channel.id] };
    addFilter(filter, 's.hash', ctx.query['session_uuid'], canonicalUuid);
    addFilter(filter, 'e.event', ctx.query['event']);
    return readPage(
      ctx,
      'analytics_events e JOIN analytics_sessions s ON s.id = e.session_id',
      `e.id, s.hash AS session_uuid, e.event, e.user_id, e.user_email, e.title, e.location, e.path, e.sub_event, e.request_url,
       e.error, e.status, e.response_length, e.total_length, e.origin_url, e.outer_source, e.received_at`,
      'e.id',
      filter,
      identity,
    );
  },

  listVideoEvents(ctx) {
    const channel = readBackChannel(ctx);
    const filter: Filter = { sql: ['e.channel_id = ?'], args: [channel.id] };
    addFilter(filter, 's.hash', ctx.query['session_uuid'], canonicalUuid);
    addFilter(filter, 'v.uuid', ctx.query['video_view_uuid'], canonicalUuid);
    addFilter(filter, 'e.event', ctx.query['event']);
    return readPage(
      ctx,
      'video_events e JOIN video_views v ON v.id = e.view_id JOIN analytics_sessions s ON s.id = e.session_id',
      `e.id, s.hash AS session_uuid, v.uuid AS video_view_uuid, v.stream_id, v.stream_type, e.event, e.position, e.error_message,
       e.user_id, e.user_email, e.origin_url, e.outer_source, e.received_at`,
      'e.id',
      filter,
      identity,
    );
  },

  listVideoViewings(ctx) {
    const channel = readBackChannel(ctx);
    const filter: Filter = { sql: ['w.channel_id = ?'], args: [channel.id] };
    addFilter(filter, 'v.uuid', ctx.query['video_view_uuid'], canonicalUuid);
    return readPage(
      ctx,
      'video_viewings w JOIN video_views v ON v.id = w.view_id JOIN analytics_sessions s ON s.id = v.session_id',
      `w.id, v.uuid AS video_view_uuid, s.hash AS session_uuid, v.stream_id, v.stream_type, w.viewing_time, w.category, w.sport,
       w.gender, w.school, w.league, w.origin_url, w.outer_source, w.received_at`,
      'w.id',
      filter,
      identity,
    );
  },
};
