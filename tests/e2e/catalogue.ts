/**
 * Picks seeded events and VOD items for the browser suites and the watch benchmark, by what they are (live or
 * finished, free or paid, with or without a preroll for a visitor) rather than by id, so a change of the seed data
 * that keeps such an event keeps the suites working. Reads the reference API's database directly: the test's own
 * knowledge of the world, never what the app under test shows.
 */
import { type Preroll, matchingPrerolls } from '../../machines/preroll/preroll.types';
import type { TestApi } from '../server/harness';

type ChannelAlias = 'summit' | 'boreal';
type When = 'live' | 'finished' | 'upcoming';

interface EventRow {
  id: number;
  name: string;
  type: 'paid' | 'free';
  event_utc_ts: number;
  duration: number;
  event_category_id: number | null;
  location_id: number | null;
}

interface PrerollRow {
  id: number;
  url: string;
  weight: number;
  location_id: number | null;
  event_categories: string;
  for_live: number;
  for_vod: number;
}

export interface EventQuery {
  channel?: ChannelAlias;
  when: When;
  type: 'paid' | 'free';
  /** true: a preroll suits it (a visitor sees one); false: none does; absent: either. */
  preroll?: boolean;
  /** Seconds it must stay in that state from now (a live game must not end during the test). */
  forAtLeast?: number;
  /** Not bought by this viewer (by email): no order of theirs names it. Passes and packages are not looked at. */
  notBoughtBy?: string;
}

/** A seeded channel's id by its alias. */
export function channelId(api: TestApi, alias: ChannelAlias): number {
  const row = api.db.prepare<[string], { id: number }>('SELECT id FROM channels WHERE alias = ?').get(alias);
  if (!row) throw new Error(`no channel ${alias} in the seed`);
  return row.id;
}

/** A channel's prerolls as the app reads them, in the order they were seeded. */
export function prerollsOf(api: TestApi, channel: number): Preroll[] {
  return api.db
    .prepare<[number], PrerollRow>('SELECT * FROM prerolls WHERE channel_id = ? ORDER BY id')
    .all(channel)
    .map((p) => ({
      id: p.id,
      url: p.url,
      weight: p.weight,
      location_id: p.location_id,
      event_categories: JSON.parse(p.event_categories) as number[],
      for_live: p.for_live === 1,
      for_vod: p.for_vod === 1,
    }));
}

function boughtBy(api: TestApi, email: string, eventId: number): boolean {
  const order = api.db
    .prepare<[string, number], { id: number }>(
      "SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = ? AND o.type = 'event' AND o.product_id = ?",
    )
    .get(email, eventId);
  return order !== undefined;
}

/** The first seeded event (by start time) that answers the query; throws when the seed has none. */
export function pickEvent(api: TestApi, query: EventQuery): EventRow {
  const channel = channelId(api, query.channel ?? 'summit');
  const now = api.clock.now();
  const margin = query.forAtLeast ?? 120;
  const prerolls = prerollsOf(api, channel);
  const rows = api.db
    .prepare<[number, string], EventRow>(
      'SELECT id, name, type, event_utc_ts, duration, event_category_id, location_id FROM events ' +
        'WHERE channel_id = ? AND type = ? AND media_slug IS NOT NULL ORDER BY event_utc_ts',
    )
    .all(channel, query.type);
  const found = rows.find((e) => {
    const end = e.event_utc_ts + e.duration;
    const when: When = now < e.event_utc_ts ? 'upcoming' : now < end ? 'live' : 'finished';
    if (when !== query.when) return false;
    if (when === 'live' && end - now < margin) return false;
    if (when === 'upcoming' && e.event_utc_ts - now < margin) return false;
    if (query.notBoughtBy !== undefined && boughtBy(api, query.notBoughtBy, e.id)) return false;
    if (query.preroll === undefined) return true;
    const playable = { id: e.id, categoryId: e.event_category_id, locationId: e.location_id, streamStatus: when === 'live' ? 'live' : 'vod' } as const;
    return matchingPrerolls(prerolls, playable).length > 0 === query.preroll;
  });
  if (!found) throw new Error(`the seed has no event for ${JSON.stringify(query)}`);
  return found;
}

/** A seeded VOD item of the channel that is not cut from a paid event. */
export function pickVodItem(api: TestApi, channel: ChannelAlias = 'summit'): { id: number; title: string } {
  const row = api.db
    .prepare<[number], { id: number; title: string }>(
      "SELECT v.id, v.title FROM vod_media v LEFT JOIN events e ON e.id = v.event_id WHERE v.channel_id = ? AND v.media_slug IS NOT NULL AND (e.id IS NULL OR e.type = 'free') ORDER BY v.id",
    )
    .get(channelId(api, channel));
  if (!row) throw new Error(`the seed has no free VOD item on ${channel}`);
  return row;
}
