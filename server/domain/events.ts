import { demoMedia } from '../media/library';
import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import { eventOwnership } from './access';
import type { ChannelRow } from './channels';
import { notFound } from './errors';

export interface EventRow {
  id: number;
  channel_id: number;
  name: string;
  description: string;
  type: 'paid' | 'free';
  event_utc_ts: number;
  duration: number;
  time_zone: string;
  event_category_id: number | null;
  location_id: number | null;
  home_team_id: number | null;
  away_team_id: number | null;
  base_price: number;
  service_fee: number;
  single_event_package_id: number | null;
  image: string | null;
  media_slug: string | null;
}

export interface ParticipantRow {
  id: number;
  channel_id: number;
  group_id: number | null;
  name: string;
  short_name: string;
  alias: string;
  image: string | null;
  color: string | null;
  properties: string;
}

interface LocationRow {
  id: number;
  name: string;
  city: string;
  state: string;
  country: string;
  time_zone: string;
}

export type StreamStatus = 'vod' | 'live' | 'upcoming';

/** An event of the channel, or 404 on `field`. */
export function channelEvent(db: Db, channelId: number, id: number, field = 'id'): EventRow {
  const event = db.prepare<[number, number], EventRow>('SELECT * FROM events WHERE id = ? AND channel_id = ?').get(id, channelId);
  if (!event) throw notFound(field, 'Event');
  return event;
}

/** An event of any channel (media links are signed with its channel's secret, so they name no channel). */
export function eventById(db: Db, id: number): EventRow | undefined {
  return db.prepare<[number], EventRow>('SELECT * FROM events WHERE id = ?').get(id);
}

/** SPEC.md §3 event time states, from the wall clock: finished (vod), live, upcoming. */
export function streamStatus(event: Pick<EventRow, 'event_utc_ts' | 'duration'>, now: number): StreamStatus {
  if (now < event.event_utc_ts) return 'upcoming';
  return now < event.event_utc_ts + event.duration ? 'live' : 'vod';
}

export function toParticipant(p: ParticipantRow) {
  return {
    id: p.id,
    name: p.name,
    short_name: p.short_name,
    alias: p.alias,
    image: p.image,
    images: { logo: p.image },
    color: p.color,
    group_id: p.group_id,
    properties: parseJson<Record<string, string[]>>(p.properties, {}),
  };
}

/**
 * Serialises events as the contract's Event, loading participants and venues in two queries for the whole page.
 * `has_access` is answered per viewer by `eventOwnership` (the viewer's purchases read once per page).
 */
export function toEvents(db: Db, channel: ChannelRow, rows: EventRow[], now: number, viewerId: number | null) {
  const ids = JSON.stringify(rows.map((r) => r.id));
  const participants = db
    .prepare<[string], ParticipantRow & { event_id: number }>(
      `SELECT ep.event_id, p.* FROM event_participants ep JOIN participants p ON p.id = ep.participant_id
       WHERE ep.event_id IN (SELECT value FROM json_each(?)) ORDER BY p.id`,
    )
    .all(ids);
  const locations = new Map(
    db
      .prepare<[number], LocationRow>('SELECT id, name, city, state, country, time_zone FROM locations WHERE channel_id = ?')
      .all(channel.id)
      .map((l) => [l.id, l]),
  );
  const owns = eventOwnership(db, viewerId, now);
  return rows.map((e) => {
    const location = e.location_id === null ? undefined : locations.get(e.location_id);
    const status = streamStatus(e, now);
    // Away team first, so a two-participant title reads "away @ home".
    const eventParticipants = participants
      .filter((p) => p.event_id === e.id)
      .sort((a, b) => Number(a.id === e.home_team_id) - Number(b.id === e.home_team_id));
    return {
      id: e.id,
      name: e.name,
      description: e.description,
      type: e.type,
      has_access: owns({ id: e.id, type: e.type, categoryId: e.event_category_id, participantIds: eventParticipants.map((p) => p.id) }),
      event_utc_ts: e.event_utc_ts,
      duration: e.duration,
      time_zone: e.time_zone,
      event_category_id: e.event_category_id,
      location_id: e.location_id,
      home_team_id: e.home_team_id,
      away_team_id: e.away_team_id,
      stream_status: status,
      base_price: e.base_price,
      service_fee: e.service_fee,
      currency: channel.currency,
      single_event_package_id: e.single_event_package_id,
      // A replay shows a frame of its recording; a game still to come or live, its matchup art.
      image: (status === 'vod' ? demoMedia().posterPath(e.media_slug, e.id) : null) ?? e.image,
      participants: eventParticipants.map(({ event_id: _eventId, ...p }) => toParticipant(p)),
      ...(location ? { location } : {}),
    };
  });
}

/** Ids of a category and all its descendants. */
export function categoryWithDescendants(db: Db, channelId: number, categoryId: number): number[] {
  return db
    .prepare<[number, number], { id: number }>(
      `WITH RECURSIVE tree(id) AS (
         SELECT id FROM event_categories WHERE id = ? AND channel_id = ?
         UNION ALL SELECT c.id FROM event_categories c JOIN tree t ON c.parent_id = t.id)
       SELECT id FROM tree`,
    )
    .all(categoryId, channelId)
    .map((r) => r.id);
}
