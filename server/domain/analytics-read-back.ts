/**
 * What the analytics service has received (server/domain/analytics.ts), oldest first, one channel at a time: the
 * profile's. The operator's read token is checked before (server/http/read-token.ts).
 */
import type { Db } from '../db/database';
import { canonicalUuid, channelOfProfile } from './analytics';
import { Conditions, type Page, selectPage } from './queries';

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

export interface ReadBackFilters {
  profile?: string;
  session_uuid?: string;
  video_view_uuid?: string;
  event?: string;
}

/** A read-back list: its tables, columns and id order, its channel column, and the column each filter matches. */
interface ReadBackList {
  from: string;
  select: string;
  order: string;
  channel: string;
  filters: Partial<Record<Exclude<keyof ReadBackFilters, 'profile'>, string>>;
}

const UUID_FILTERS: ReadonlySet<keyof ReadBackFilters> = new Set(['session_uuid', 'video_view_uuid']);

function readBack<Row>(db: Db, list: ReadBackList, filters: ReadBackFilters, page: Page) {
  const where = new Conditions().add(`${list.channel} = ?`, channelOfProfile(db, filters.profile).id);
  for (const [name, column] of Object.entries(list.filters) as Array<[keyof ReadBackFilters, string]>) {
    const value = filters[name];
    if (value !== undefined) where.add(`${column} = ?`, UUID_FILTERS.has(name) ? canonicalUuid(value) : value);
  }
  return selectPage<Row>(db, { select: list.select, from: list.from, where, order: list.order }, page);
}

const SESSIONS: ReadBackList = { from: 'analytics_sessions', select: '*', order: 'id', channel: 'channel_id', filters: { session_uuid: 'hash' } };

const EVENTS: ReadBackList = {
  from: 'analytics_events e JOIN analytics_sessions s ON s.id = e.session_id',
  select: `e.id, s.hash AS session_uuid, e.event, e.user_id, e.user_email, e.title, e.location, e.path, e.sub_event, e.request_url,
   e.error, e.status, e.response_length, e.total_length, e.origin_url, e.outer_source, e.received_at`,
  order: 'e.id',
  channel: 'e.channel_id',
  filters: { session_uuid: 's.hash', event: 'e.event' },
};

const VIDEO_EVENTS: ReadBackList = {
  from: 'video_events e JOIN video_views v ON v.id = e.view_id JOIN analytics_sessions s ON s.id = e.session_id',
  select: `e.id, s.hash AS session_uuid, v.uuid AS video_view_uuid, v.stream_id, v.stream_type, e.event, e.position, e.error_message,
   e.user_id, e.user_email, e.origin_url, e.outer_source, e.received_at`,
  order: 'e.id',
  channel: 'e.channel_id',
  filters: { session_uuid: 's.hash', video_view_uuid: 'v.uuid', event: 'e.event' },
};

const VIDEO_VIEWINGS: ReadBackList = {
  from: 'video_viewings w JOIN video_views v ON v.id = w.view_id JOIN analytics_sessions s ON s.id = v.session_id',
  select: `w.id, v.uuid AS video_view_uuid, s.hash AS session_uuid, v.stream_id, v.stream_type, w.viewing_time, w.category, w.sport,
   w.gender, w.school, w.league, w.origin_url, w.outer_source, w.received_at`,
  order: 'w.id',
  channel: 'w.channel_id',
  filters: { video_view_uuid: 'v.uuid' },
};

export function listSessions(db: Db, filters: ReadBackFilters, page: Page) {
  const { rows, total } = readBack<SessionRow>(db, SESSIONS, filters, page);
  return { rows: rows.map(({ id: _id, channel_id: _c, ...session }) => session), total };
}

export const listEvents = (db: Db, filters: ReadBackFilters, page: Page) => readBack<Record<string, unknown>>(db, EVENTS, filters, page);

export const listVideoEvents = (db: Db, filters: ReadBackFilters, page: Page) => readBack<Record<string, unknown>>(db, VIDEO_EVENTS, filters, page);

export const listVideoViewings = (db: Db, filters: ReadBackFilters, page: Page) => readBack<Record<string, unknown>>(db, VIDEO_VIEWINGS, filters, page);
