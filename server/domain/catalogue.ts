import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import type { ChannelRow } from './channels';
import { notFound } from './errors';
import { categoryWithDescendants, channelEvent, type EventRow, type ParticipantRow, type StreamStatus, toEvents, toParticipant } from './events';
import { Conditions, containing, type Page, selectPage } from './queries';

const HOMEPAGE_RAIL_SIZE = 12;

/** The order of an event list: by date unless another field is named. */
export interface EventSort {
  sort_field?: 'event_utc_ts' | 'name' | 'id';
  sort_direction?: 'asc' | 'desc';
}

/** The time filters every event list takes. */
interface EventTimeFilters {
  stream_status?: StreamStatus;
  start_date?: number;
  end_date?: number;
}

/** SPEC.md §2 list filters (gender, sport, city, state) and the other event parameters in use. */
export interface EventFilters extends EventTimeFilters {
  gender?: string;
  /** A sport category's alias. */
  sport?: string;
  city?: string;
  state?: string;
  location?: number;
  event_category_id?: number;
  /** A participant group's id or alias. */
  school?: string;
  /** A participant's id or alias. */
  team?: string;
  participant_id?: number;
  division?: string;
  search?: string;
}

export interface ParticipantFilters {
  group_id?: number;
  gender?: string;
  sport?: string;
  search?: string;
}

const participantOfEvent = (inner: string): string =>
  `EXISTS (SELECT 1 FROM event_participants ep JOIN participants p ON p.id = ep.participant_id
           WHERE ep.event_id = e.id AND ${inner})`;

function addStreamStatus(where: Conditions, status: StreamStatus | undefined, now: number): void {
  if (status === 'upcoming') where.add('e.event_utc_ts > ?', now);
  if (status === 'live') where.add('e.event_utc_ts <= ? AND e.event_utc_ts + e.duration > ?', now, now);
  if (status === 'vod') where.add('e.event_utc_ts + e.duration <= ?', now);
}

/** A school or team may be named by id or alias. */
const idOrAlias = (value: string): [number, string] => [/^\d+$/.test(value) ? Number(value) : -1, value];

function eventConditions(db: Db, channelId: number, filters: EventFilters, now: number): Conditions {
  const where = new Conditions().add('e.channel_id = ?', channelId);
  addStreamStatus(where, filters.stream_status, now);
  if (filters.start_date !== undefined) where.add('e.event_utc_ts >= ?', filters.start_date);
  if (filters.end_date !== undefined) where.add('e.event_utc_ts < ?', filters.end_date);
  if (filters.gender) {
    where.add(participantOfEvent(`EXISTS (SELECT 1 FROM json_each(p.properties, '$.gender') g WHERE g.value = ?)`), filters.gender);
  }
  if (filters.sport) {
    // The sport is the event's category (or an ancestor of it) named by alias.
    where.add(
      `e.event_category_id IN (
         WITH RECURSIVE tree(id) AS (
           SELECT id FROM event_categories WHERE channel_id = ? AND alias = ?
           UNION ALL SELECT c.id FROM event_categories c JOIN tree t ON c.parent_id = t.id)
         SELECT id FROM tree)`,
      channelId,
      filters.sport,
    );
  }
  if (filters.city) where.add('e.location_id IN (SELECT id FROM locations WHERE city = ? COLLATE NOCASE)', filters.city);
  if (filters.state) where.add('e.location_id IN (SELECT id FROM locations WHERE state = ? COLLATE NOCASE)', filters.state);
  if (filters.location !== undefined) where.add('e.location_id = ?', filters.location);
  if (filters.event_category_id !== undefined) {
    const ids = categoryWithDescendants(db, channelId, filters.event_category_id);
    where.add('e.event_category_id IN (SELECT value FROM json_each(?))', JSON.stringify(ids));
  }
  if (filters.school) {
    where.add(
      participantOfEvent('p.group_id IN (SELECT id FROM participant_groups WHERE channel_id = ? AND (id = ? OR alias = ?))'),
      channelId,
      ...idOrAlias(filters.school),
    );
  }
  if (filters.team) where.add(participantOfEvent('(p.id = ? OR p.alias = ?)'), ...idOrAlias(filters.team));
  if (filters.participant_id !== undefined) where.add(participantOfEvent('p.id = ?'), filters.participant_id);
  if (filters.division) {
    where.add(
      participantOfEvent(
        `p.group_id IN (SELECT g.id FROM participant_groups g, json_each(g.properties, '$.division') d
                        WHERE g.channel_id = ? AND d.value = ? COLLATE NOCASE)`,
      ),
      channelId,
      filters.division,
    );
  }
  if (filters.search) where.add(`e.name LIKE ? ESCAPE '\\'`, containing(filters.search));
  return where;
}

function orderBy(sort: EventSort, fallback: 'asc' | 'desc' = 'asc'): string {
  const field = ({ event_utc_ts: 'e.event_utc_ts', name: 'e.name', id: 'e.id' } as Record<string, string>)[sort.sort_field ?? 'event_utc_ts'];
  const direction = sort.sort_direction === 'desc' || (sort.sort_direction === undefined && fallback === 'desc') ? 'DESC' : 'ASC';
  return `${field ?? 'e.event_utc_ts'} ${direction}, e.id ${direction}`;
}

function pageOfEvents(db: Db, channel: ChannelRow, viewerId: number | null, where: Conditions, order: string, page: Page, now: number) {
  const { rows, total } = selectPage<EventRow>(db, { select: 'e.*', from: 'events e', where, order }, page);
  return { rows: toEvents(db, channel, rows, now, viewerId), total };
}

export function listEvents(db: Db, channel: ChannelRow, viewerId: number | null, query: EventFilters & EventSort, page: Page, now: number) {
  return pageOfEvents(db, channel, viewerId, eventConditions(db, channel.id, query, now), orderBy(query), page, now);
}

export function getEvent(db: Db, channel: ChannelRow, viewerId: number | null, id: number, now: number) {
  return toEvents(db, channel, [channelEvent(db, channel.id, id)], now, viewerId)[0];
}

/** The home page's rails: every live event, and the next and the latest upcoming and finished ones, of a group if named. */
export function homepageEvents(db: Db, channel: ChannelRow, viewerId: number | null, group: string | undefined, now: number) {
  let groupId: number | null = null;
  if (group) {
    const found = db
      .prepare<[number, string, string], { id: number }>('SELECT id FROM participant_groups WHERE channel_id = ? AND (alias = ? OR name = ? COLLATE NOCASE)')
      .get(channel.id, group, group);
    if (!found) throw notFound('group', 'Participant group');
    groupId = found.id;
  }
  const section = (status: StreamStatus, direction: 'asc' | 'desc') => {
    const where = new Conditions().add('e.channel_id = ?', channel.id);
    addStreamStatus(where, status, now);
    if (groupId !== null) where.add(participantOfEvent('p.group_id = ?'), groupId);
    const page = { limit: status === 'live' ? null : HOMEPAGE_RAIL_SIZE, offset: 0 };
    return pageOfEvents(db, channel, viewerId, where, orderBy({}, direction), page, now).rows;
  };
  return { live: section('live', 'asc'), upcoming: section('upcoming', 'asc'), vod: section('vod', 'desc') };
}

/** Events of the viewer's favourite teams, schools and sports (a sport covers its sub-categories). */
export function listFavoriteEvents(db: Db, channel: ChannelRow, viewerId: number, query: EventTimeFilters & EventSort, page: Page, now: number) {
  const where = eventConditions(db, channel.id, { stream_status: query.stream_status, start_date: query.start_date, end_date: query.end_date }, now);
  where.add(
    `(${participantOfEvent(`(p.id IN (SELECT favoritable_id FROM favorites WHERE user_id = ? AND favoritable_type = 'participant')
                             OR p.group_id IN (SELECT favoritable_id FROM favorites WHERE user_id = ? AND favoritable_type = 'group'))`)}
      OR e.event_category_id IN (
        WITH RECURSIVE tree(id) AS (
          SELECT favoritable_id FROM favorites WHERE user_id = ? AND favoritable_type = 'category'
          UNION ALL SELECT c.id FROM event_categories c JOIN tree t ON c.parent_id = t.id)
        SELECT id FROM tree))`,
    viewerId,
    viewerId,
    viewerId,
  );
  return pageOfEvents(db, channel, viewerId, where, orderBy(query), page, now);
}

/** The viewer's events that have clips of theirs, latest first. */
export function listEventsWithClips(db: Db, channel: ChannelRow, viewerId: number, page: Page, now: number) {
  const where = new Conditions()
    .add('e.channel_id = ?', channel.id)
    .add('EXISTS (SELECT 1 FROM clips c WHERE c.event_id = e.id AND c.user_id = ?)', viewerId);
  return pageOfEvents(db, channel, viewerId, where, orderBy({}, 'desc'), page, now);
}

interface CategoryRow {
  id: number;
  name: string;
  alias: string;
  parent_id: number | null;
}
interface CategoryNode extends CategoryRow {
  children: CategoryNode[];
}

/** The channel's event categories as a tree: the roots, each with its children. */
export function eventCategoryTree(db: Db, channelId: number): CategoryNode[] {
  const rows = db
    .prepare<[number], CategoryRow>('SELECT id, name, alias, parent_id FROM event_categories WHERE channel_id = ? ORDER BY position, id')
    .all(channelId);
  const nodes = new Map<number, CategoryNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export function listLocations(db: Db, channelId: number) {
  return db
    .prepare<[number], Record<string, unknown>>('SELECT id, name, city, state, country, time_zone FROM locations WHERE channel_id = ? ORDER BY name')
    .all(channelId);
}

export function listParticipants(db: Db, channelId: number, filters: ParticipantFilters, page: Page) {
  const where = new Conditions().add('p.channel_id = ?', channelId);
  if (filters.group_id !== undefined) where.add('p.group_id = ?', filters.group_id);
  if (filters.gender !== undefined) where.add(`EXISTS (SELECT 1 FROM json_each(p.properties, '$.gender') g WHERE g.value = ?)`, filters.gender);
  if (filters.sport !== undefined) where.add(`EXISTS (SELECT 1 FROM json_each(p.properties, '$.sport') s WHERE s.value = ?)`, filters.sport);
  if (filters.search !== undefined) {
    const pattern = containing(filters.search);
    where.add(`(p.name LIKE ? ESCAPE '\\' OR p.short_name LIKE ? ESCAPE '\\')`, pattern, pattern);
  }
  const { rows, total } = selectPage<ParticipantRow>(db, { select: 'p.*', from: 'participants p', where, order: 'p.name, p.id' }, page);
  return { rows: rows.map(toParticipant), total };
}

export function listParticipantGroups(db: Db, channelId: number) {
  return db
    .prepare<[number], { id: number; name: string; alias: string; image: string | null; properties: string }>(
      'SELECT id, name, alias, image, properties FROM participant_groups WHERE channel_id = ? ORDER BY name',
    )
    .all(channelId)
    .map((g) => ({ ...g, url: `/?group=${encodeURIComponent(g.alias)}`, properties: parseJson<Record<string, string[]>>(g.properties, {}) }));
}

/** Every property name used by the channel's schools and teams, with the values each takes, sorted. */
export function participantGroupProperties(db: Db, channelId: number) {
  const values = new Map<string, Set<string>>();
  const collect = (json: string): void => {
    for (const [name, list] of Object.entries(parseJson<Record<string, string[]>>(json, {}))) {
      const set = values.get(name) ?? new Set<string>();
      for (const value of list) set.add(value);
      values.set(name, set);
    }
  };
  for (const table of ['participant_groups', 'participants'] as const) {
    for (const row of db.prepare<[number], { properties: string }>(`SELECT properties FROM ${table} WHERE channel_id = ?`).all(channelId)) {
      collect(row.properties);
    }
  }
  return [...values.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, set]) => ({ name, values: [...set].sort((a, b) => a.localeCompare(b)) }));
}
