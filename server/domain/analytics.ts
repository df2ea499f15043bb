/**
 * The analytics service (SPEC.md §7 "Analytics service"; a separate host in production, /analytics here).
 *
 * Every request names its channel by `profile`, the channel's product_analytics_key (SPEC.md §5): an unknown one
 * answers 403 naming `profile`. A session is recorded under the hash that GET /datalake/hash/ hands out and lives
 * 24 hours (SPEC.md §9); events name it as `session_uuid`. A video view (`video_view_uuid`, made by the client) is
 * started by its first video event and is bound to that stream; viewing-time reports need a started view.
 * Everything received is kept, and the read-back operations (analytics-read-back.ts) answer it per channel to
 * holders of the read token. The service does not know the channel's viewers or catalogue: user ids, emails and
 * stream ids are kept as sent.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { channelByAnalyticsKey, type ChannelRow } from './channels';
import { DomainError, type FieldErrors, invalid, notFound } from './errors';

/** SPEC.md §9: an analytics session lasts 24 hours. */
export const ANALYTICS_SESSION_SECONDS = 24 * 60 * 60;

type AnalyticsEventName = 'login' | 'visit_page' | 'api_request';

/** The extra fields each event kind carries (SPEC.md §7); one kind's fields are refused on the others unless null. */
const eventKindFields: Record<AnalyticsEventName, readonly string[]> = {
  login: [],
  visit_page: ['title', 'location', 'path'],
  api_request: ['sub_event', 'request_url', 'error', 'status', 'response_length', 'total_length'],
};
const allKindFields = [...new Set(Object.values(eventKindFields).flat())];

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

export interface SessionReport extends Origin {
  profile: string;
  ip: string | null;
  session: string;
  device_type: string;
  user_agent: string;
  resolution: string;
  platform: string;
}

export interface EventReport extends Origin {
  profile: string;
  session_uuid: string;
  user_id: number | null;
  user_email: string | null;
  event: AnalyticsEventName;
  [extra: string]: unknown;
}

export interface VideoEventReport extends Origin {
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

export interface VideoViewingReport extends Origin {
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

/** The one spelling a uuid is kept in: lower case, without the `urn:uuid:` prefix the format allows. */
export const canonicalUuid = (uuid: string): string => uuid.toLowerCase().replace(/^urn:uuid:/, '');

/** SPEC.md §5: analytics requests need a profile key; the service refuses an unknown one. */
export function channelOfProfile(db: Db, profile: string | undefined): ChannelRow {
  const channel = profile === undefined ? undefined : channelByAnalyticsKey(db, profile);
  if (!channel) throw new DomainError('forbidden', 'Analytics requests need a valid profile key', { profile: ['The profile key is not known'] });
  return channel;
}

/** A session of the channel that has not expired; its id. */
function liveSession(db: Db, channel: ChannelRow, uuid: string, now: number): number {
  const row = db
    .prepare<[string, number], { id: number; expires_at: number }>('SELECT id, expires_at FROM analytics_sessions WHERE hash = ? AND channel_id = ?')
    .get(canonicalUuid(uuid), channel.id);
  if (!row) throw notFound('session_uuid', 'Analytics session');
  if (row.expires_at <= now) {
    throw new DomainError('expired', 'The analytics session has expired', { session_uuid: ['The analytics session has expired (24 h): start a new one'] });
  }
  return row.id;
}

/** The per-kind rules of POST /datalake/event/, all reported at once. */
function checkEventFields(report: EventReport): void {
  const errors: FieldErrors = {};
  const own = eventKindFields[report.event];
  for (const field of allKindFields) {
    // A kind's own fields must be there (`error` may be null); another kind's may only be absent or null.
    if (own.includes(field) && report[field] === undefined) errors[field] = ['Field is required'];
    if (!own.includes(field) && report[field] != null) errors[field] = [`is not a field of a ${report.event} event`];
  }
  if (report.event === 'login') {
    for (const field of ['user_id', 'user_email'] as const) {
      if (report[field] === null) errors[field] = ['A login event names the viewer who logged in'];
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** The view a video event belongs to, started by this event when it is the view's first. */
function viewFor(db: Db, channel: ChannelRow, sessionId: number, report: VideoEventReport, now: number): number {
  const uuid = canonicalUuid(report.video_view_uuid);
  const view = db.prepare<[string], ViewRow>('SELECT * FROM video_views WHERE uuid = ?').get(uuid);
  if (!view) {
    return Number(
      db
        .prepare('INSERT INTO video_views (channel_id, session_id, uuid, stream_id, stream_type, started_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(channel.id, sessionId, uuid, report.stream_id, report.stream_type, now).lastInsertRowid,
    );
  }
  if (view.channel_id !== channel.id) {
    throw new DomainError('conflict', 'The video view belongs to another channel', { video_view_uuid: ['This video view uuid is already used'] });
  }
  checkSameStream(view, report);
  return view.id;
}

/** A view is bound to the stream it started on. */
function checkSameStream(view: ViewRow, report: { stream_id: number; stream_type: string }): void {
  const errors: FieldErrors = {};
  if (view.stream_id !== report.stream_id) errors['stream_id'] = [`The video view is of stream ${view.stream_id}`];
  if (view.stream_type !== report.stream_type) errors['stream_type'] = [`The video view is of a ${view.stream_type} stream`];
  if (Object.keys(errors).length > 0) throw new DomainError('conflict', 'The video view is of another stream', errors);
}

/** A fresh session hash for the profile's channel. Nothing is kept until the session is recorded: a GET stays safe to repeat. */
export function newSessionHash(db: Db, profile: string | undefined): { hash: string } {
  channelOfProfile(db, profile);
  return { hash: randomUUID() };
}

export function recordSession(db: Db, report: SessionReport, now: number): void {
  const channel = channelOfProfile(db, report.profile);
  const hash = canonicalUuid(report.session);
  if (db.prepare<[string], { id: number }>('SELECT id FROM analytics_sessions WHERE hash = ?').get(hash)) {
    throw new DomainError('conflict', 'The analytics session already exists', { session: ['This session hash is already recorded: ask GET /datalake/hash/ for a new one'] });
  }
  db.prepare(
    `INSERT INTO analytics_sessions
      (channel_id, hash, ip, device_type, user_agent, resolution, platform, origin_url, outer_source, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    channel.id,
    hash,
    report.ip,
    report.device_type,
    report.user_agent,
    report.resolution,
    report.platform,
    report.origin_url,
    report.outer_source ?? null,
    now,
    now + ANALYTICS_SESSION_SECONDS,
  );
}

export function recordEvent(db: Db, report: EventReport, now: number): void {
  const channel = channelOfProfile(db, report.profile);
  checkEventFields(report);
  const sessionId = liveSession(db, channel, report.session_uuid, now);
  const extra = (field: string): unknown => report[field] ?? null;
  db.prepare(
    `INSERT INTO analytics_events
      (channel_id, session_id, event, user_id, user_email, title, location, path, sub_event, request_url, error, status,
       response_length, total_length, origin_url, outer_source, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    channel.id,
    sessionId,
    report.event,
    report.user_id,
    report.user_email,
    extra('title'),
    extra('location'),
    extra('path'),
    extra('sub_event'),
    extra('request_url'),
    extra('error'),
    extra('status'),
    extra('response_length'),
    extra('total_length'),
    report.origin_url,
    report.outer_source ?? null,
    now,
  );
}

export function recordVideoEvent(db: Db, report: VideoEventReport, now: number): void {
  const channel = channelOfProfile(db, report.profile);
  if (report.event !== 'error' && report.error_message != null) {
    throw invalid({ error_message: ['Only an error event carries an error message'] });
  }
  const sessionId = liveSession(db, channel, report.session_uuid, now);
  const viewId = viewFor(db, channel, sessionId, report, now);
  db.prepare(
    `INSERT INTO video_events
      (channel_id, view_id, session_id, event, position, error_message, user_id, user_email, origin_url, outer_source, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    channel.id,
    viewId,
    sessionId,
    report.event,
    report.position ?? null,
    report.error_message ?? null,
    report.user_id,
    report.user_email,
    report.origin_url,
    report.outer_source ?? null,
    now,
  );
}

export function recordVideoViewing(db: Db, report: VideoViewingReport, now: number): void {
  const channel = channelOfProfile(db, report.profile);
  const view = db
    .prepare<[string, number], ViewRow>('SELECT * FROM video_views WHERE uuid = ? AND channel_id = ?')
    .get(canonicalUuid(report.video_view_uuid), channel.id);
  if (!view) throw notFound('video_view_uuid', 'Video view');
  checkSameStream(view, report);
  db.prepare(
    `INSERT INTO video_viewings
      (channel_id, view_id, viewing_time, category, sport, gender, school, league, origin_url, outer_source, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    channel.id,
    view.id,
    report.viewing_time,
    report.category ?? null,
    report.sport ?? null,
    report.gender ?? null,
    report.school ?? null,
    report.league ?? null,
    report.origin_url,
    report.outer_source ?? null,
    now,
  );
}
