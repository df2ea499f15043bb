import { parseJson } from '../db/database';
import { categoryWithDescendants, type EventRow, type ParticipantRow, type StreamStatus, toEvents, toParticipant } from '../domain/events';
import { type Handlers, type RequestContext, viewerOf } from '../http/context';
import { notFound } from '../http/errors';
import { limitClause, type Page, pagedList, pageFrom, wholeList } from '../http/paging';

const EVENTS_DEFAULT_LIMIT = 20;
const PARTICIPANTS_DEFAULT_LIMIT = 50;
const HOMEPAGE_RAIL_SIZE = 12;

/** A WHERE clause assembled from optional filters, with its positional arguments. */
class Conditions {
  readonly parts: string[] = [];
  readonly args: Array<string | number> = [];

  add(sql: string, ...args: Array<string | number>): this {
    this.parts.push(sql);
    this.args.push(...args);
    return this;
  }

  get sql(): string {
    return this.parts.length > 0 ? ` WHERE ${this.parts.join(' AND ')}` : '';
  }
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

/** SPEC.md §2 list filters (gender, sport, city, state) and the other event parameters in use. */
function eventConditions(ctx: RequestContext, query: Record<string, unknown>): Conditions {
  const where = new Conditions().add('e.channel_id = ?', ctx.channel.id);
  const text = (name: string): string | undefined => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
  const num = (name: string): number | undefined => (typeof query[name] === 'number' ? (query[name] as number) : undefined);

  addStreamStatus(where, text('stream_status') as StreamStatus | undefined, ctx.now);
  if (num('start_date') !== undefined) where.add('e.event_utc_ts >= ?', num('start_date')!);
  if (num('end_date') !== undefined) where.add('e.event_utc_ts < ?', num('end_date')!);
  if (text('gender')) {
    where.add(participantOfEvent(`EXISTS (SELECT 1 FROM json_each(p.properties, '$.gender') g WHERE g.value = ?)`), text('gender')!);
  }
  if (text('sport')) {
    // The sport is the event's category (or an ancestor of it) named by alias.
    where.add(
      `e.event_category_id IN (
         WITH RECURSIVE tree(id) AS (
           SELECT id FROM event_categories WHERE channel_id = ? AND alias = ?
           UNION ALL SELECT c.id FROM event_categories c JOIN tree t ON c.parent_id = t.id)
         SELECT id FROM tree)`,
      ctx.channel.id,
      text('sport')!,
    );
  }
  if (text('city')) where.add('e.location_id IN (SELECT id FROM locations WHERE city = ? COLLATE NOCASE)', text('city')!);
  if (text('state')) where.add('e.location_id IN (SELECT id FROM locations WHERE state = ? COLLATE NOCASE)', text('state')!);
  if (num('location') !== undefined) where.add('e.location_id = ?', num('location')!);
  if (num('event_category_id') !== undefined) {
    const ids = categoryWithDescendants(ctx.services.db, ctx.channel.id, num('event_category_id')!);
    where.add('e.event_category_id IN (SELECT value FROM json_each(?))', JSON.stringify(ids));
  }
  if (text('school')) {
    where.add(
      participantOfEvent('p.group_id IN (SELECT id FROM participant_groups WHERE channel_id = ? AND (id = ? OR alias = ?))'),
      ctx.channel.id,
      ...idOrAlias(text('school')!),
    );
  }
  if (text('team')) where.add(participantOfEvent('(p.id = ? OR p.alias = ?)'), ...idOrAlias(text('team')!));
  if (num('participant_id') !== undefined) where.add(participantOfEvent('p.id = ?'), num('participant_id')!);
  if (text('division')) {
    where.add(
      participantOfEvent(
        `p.group_id IN (SELECT g.id FROM participant_groups g, json_each(g.properties, '$.division') d
                        WHERE g.channel_id = ? AND d.value = ? COLLATE NOCASE)`,
      ),
      ctx.channel.id,
      text('division')!,
    );
  }
  if (text('search')) where.add(`e.name LIKE ? ESCAPE '\\'`, `%${text('search')!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return where;
}

function orderBy(query: Record<string, unknown>, fallback: 'asc' | 'desc' = 'asc'): string {
  const field = ({ event_utc_ts: 'e.event_utc_ts', name: 'e.name', id: 'e.id' } as Record<string, string>)[
    String(query['sort_field'] ?? 'event_utc_ts')
  ];
  const direction = query['sort_direction'] === 'desc' || (query['sort_direction'] === undefined && fallback === 'desc') ? 'DESC' : 'ASC';
  return ` ORDER BY ${field ?? 'e.event_utc_ts'} ${direction}, e.id ${direction}`;
}

function pageOfEvents(ctx: RequestContext, where: Conditions, page: Page, order: string) {
  const { db } = ctx.services;
  const total = db.prepare<Array<string | number>, { n: number }>(`SELECT count(*) AS n FROM events e${where.sql}`).get(...where.args)!.n;
  const limit = limitClause(page);
  const rows = db
    .prepare<Array<string | number>, EventRow>(`SELECT e.* FROM events e${where.sql}${order}${limit.sql}`)
    .all(...where.args, ...limit.args);
  return pagedList(toEvents(db, ctx.channel, rows, ctx.now, ctx.viewer?.id ?? null), total, page);
}

interface CategoryRow { id: number; name: string; alias: string; parent_id: number | null }
interface CategoryNode extends CategoryRow { children: CategoryNode[] }

export const catalogueHandlers: Handlers = {
  listEvents(ctx) {
    return pageOfEvents(ctx, eventConditions(ctx, ctx.query), pageFrom(ctx.query, EVENTS_DEFAULT_LIMIT), orderBy(ctx.query));
  },

  getEvent(ctx) {
    const { db } = ctx.services;
    const row = db
      .prepare<[number, number], EventRow>('SELECT * FROM events WHERE id = ? AND channel_id = ?')
      .get(ctx.params['id'] as number, ctx.channel.id);
    if (!row) throw notFound('id', 'Event');
    return toEvents(db, ctx.channel, [row], ctx.now, ctx.viewer?.id ?? null)[0];
  },

  listEventCategories(ctx) {
    const rows = ctx.services.db
      .prepare<[number], CategoryRow>('SELECT id, name, alias, parent_id FROM event_categories WHERE channel_id = ? ORDER BY position, id')
      .all(ctx.channel.id);
    const nodes = new Map<number, CategoryNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
    const roots: CategoryNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
      (parent ? parent.children : roots).push(node);
    }
    return wholeList(roots);
  },

  getHomepageEvents(ctx) {
    const group = ctx.query['group'] as string | undefined;
    let groupId: number | null = null;
    if (group) {
      const found = ctx.services.db
        .prepare<[number, string, string], { id: number }>(
          'SELECT id FROM participant_groups WHERE channel_id = ? AND (alias = ? OR name = ? COLLATE NOCASE)',
        )
        .get(ctx.channel.id, group, group);
      if (!found) throw notFound('group', 'Participant group');
      groupId = found.id;
    }
    const section = (status: StreamStatus, direction: 'asc' | 'desc') => {
      const where = new Conditions().add('e.channel_id = ?', ctx.channel.id);
      addStreamStatus(where, status, ctx.now);
      if (groupId !== null) where.add(participantOfEvent('p.group_id = ?'), groupId);
      const page = { limit: status === 'live' ? null : HOMEPAGE_RAIL_SIZE, offset: 0 };
      return pageOfEvents(ctx, where, page, orderBy({}, direction)).data;
    };
    return { live: section('live', 'asc'), upcoming: section('upcoming', 'asc'), vod: section('vod', 'desc') };
  },

  listFavoriteEvents(ctx) {
    const viewer = viewerOf(ctx);
    const where = eventConditions(ctx, { stream_status: ctx.query['stream_status'], start_date: ctx.query['start_date'], end_date: ctx.query['end_date'] });
    where.add(
      `(${participantOfEvent(`(p.id IN (SELECT favoritable_id FROM favorites WHERE user_id = ? AND favoritable_type = 'participant')
                               OR p.group_id IN (SELECT favoritable_id FROM favorites WHERE user_id = ? AND favoritable_type = 'group'))`)}
        OR e.event_category_id IN (
          WITH RECURSIVE tree(id) AS (
            SELECT favoritable_id FROM favorites WHERE user_id = ? AND favoritable_type = 'category'
            UNION ALL SELECT c.id FROM event_categories c JOIN tree t ON c.parent_id = t.id)
          SELECT id FROM tree))`,
      viewer.id,
      viewer.id,
      viewer.id,
    );
    return pageOfEvents(ctx, where, pageFrom(ctx.query, EVENTS_DEFAULT_LIMIT), orderBy(ctx.query));
  },

  listEventLocations(ctx) {
    return wholeList(
      ctx.services.db
        .prepare<[number], Record<string, unknown>>('SELECT id, name, city, state, country, time_zone FROM locations WHERE channel_id = ? ORDER BY name')
        .all(ctx.channel.id),
    );
  },

  listParticipants(ctx) {
    const { db } = ctx.services;
    const q = ctx.query;
    const where = new Conditions().add('p.channel_id = ?', ctx.channel.id);
    if (typeof q['group_id'] === 'number') where.add('p.group_id = ?', q['group_id']);
    if (typeof q['gender'] === 'string') where.add(`EXISTS (SELECT 1 FROM json_each(p.properties, '$.gender') g WHERE g.value = ?)`, q['gender']);
    if (typeof q['sport'] === 'string') where.add(`EXISTS (SELECT 1 FROM json_each(p.properties, '$.sport') s WHERE s.value = ?)`, q['sport']);
    if (typeof q['search'] === 'string') {
      where.add(`(p.name LIKE ? ESCAPE '\\' OR p.short_name LIKE ? ESCAPE '\\')`, ...Array(2).fill(`%${q['search'].replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    }
    const page = pageFrom(q, PARTICIPANTS_DEFAULT_LIMIT);
    const total = db.prepare<Array<string | number>, { n: number }>(`SELECT count(*) AS n FROM participants p${where.sql}`).get(...where.args)!.n;
    const limit = limitClause(page);
    const rows = db
      .prepare<Array<string | number>, ParticipantRow>(`SELECT p.* FROM participants p${where.sql} ORDER BY p.name, p.id${limit.sql}`)
      .all(...where.args, ...limit.args);
    return pagedList(rows.map(toParticipant), total, page);
  },

  listParticipantGroups(ctx) {
    const rows = ctx.services.db
      .prepare<[number], { id: number; name: string; alias: string; image: string | null; properties: string }>(
        'SELECT id, name, alias, image, properties FROM participant_groups WHERE channel_id = ? ORDER BY name',
      )
      .all(ctx.channel.id);
    return wholeList(
      rows.map((g) => ({ ...g, url: `/?group=${encodeURIComponent(g.alias)}`, properties: parseJson<Record<string, string[]>>(g.properties, {}) })),
    );
  },

  listParticipantGroupProperties(ctx) {
    const { db } = ctx.services;
    const values = new Map<string, Set<string>>();
    const collect = (json: string): void => {
      for (const [name, list] of Object.entries(parseJson<Record<string, string[]>>(json, {}))) {
        const set = values.get(name) ?? new Set<string>();
        for (const value of list) set.add(value);
        values.set(name, set);
      }
    };
    for (const table of ['participant_groups', 'participants'] as const) {
      for (const row of db.prepare<[number], { properties: string }>(`SELECT properties FROM ${table} WHERE channel_id = ?`).all(ctx.channel.id)) {
        collect(row.properties);
      }
    }
    const data = [...values.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, set]) => ({ name, values: [...set].sort((a, b) => a.localeCompare(b)) }));
    return wholeList(data);
  },
};
