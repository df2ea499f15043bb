import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import type { Handlers } from '../http/context';
import { notFound } from '../http/errors';
import { limitClause, pagedList, pageFrom, wholeList } from '../http/paging';

interface VodRow {
  id: number;
  title: string;
  description: string;
  date: number;
  duration: number;
  category_id: number | null;
  event_id: number | null;
  assets: string;
}

const VOD_COLUMNS = 'v.id, v.title, v.description, v.date, v.duration, v.category_id, v.event_id, v.assets';
/** SPEC.md §5 and §9: VOD search defaults to limit 10, offset 0, sort_field date. */
const SEARCH_DEFAULT_LIMIT = 10;
const ITEMS_DEFAULT_LIMIT = 20;

const toVodMedia = (v: VodRow) => ({ ...v, assets: parseJson<Array<{ type: string; path: string }>>(v.assets, []) });

function vodPage(db: Db, where: string, args: Array<string | number>, order: string, page: ReturnType<typeof pageFrom>) {
  const total = db.prepare<Array<string | number>, { n: number }>(`SELECT count(*) AS n FROM vod_media v WHERE ${where}`).get(...args)!.n;
  const limit = limitClause(page);
  const rows = db
    .prepare<Array<string | number>, VodRow>(`SELECT ${VOD_COLUMNS} FROM vod_media v WHERE ${where} ORDER BY ${order}${limit.sql}`)
    .all(...args, ...limit.args);
  return pagedList(rows.map(toVodMedia), total, page);
}

export const vodHandlers: Handlers = {
  listVodMedia(ctx) {
    const parts = ['v.channel_id = ?'];
    const args: Array<string | number> = [ctx.channel.id];
    if (typeof ctx.query['category_id'] === 'number') {
      // A category lists its own items and those of its sub-categories.
      parts.push('(v.category_id = ? OR v.category_id IN (SELECT id FROM vod_categories WHERE parent_id = ?))');
      args.push(ctx.query['category_id'], ctx.query['category_id']);
    }
    if (typeof ctx.query['event_id'] === 'number') {
      parts.push('v.event_id = ?');
      args.push(ctx.query['event_id']);
    }
    return vodPage(ctx.services.db, parts.join(' AND '), args, 'v.date DESC, v.id DESC', pageFrom(ctx.query, ITEMS_DEFAULT_LIMIT));
  },

  getVodMedia(ctx) {
    const row = ctx.services.db
      .prepare<[number, number], VodRow>(`SELECT ${VOD_COLUMNS} FROM vod_media v WHERE v.id = ? AND v.channel_id = ?`)
      .get(ctx.params['id'] as number, ctx.channel.id);
    if (!row) throw notFound('id', 'VOD media');
    return toVodMedia(row);
  },

  listVodCategories(ctx) {
    return wholeList(
      ctx.services.db
        .prepare<[number], Record<string, unknown>>('SELECT id, name, alias, parent_id FROM vod_categories WHERE channel_id = ? ORDER BY id')
        .all(ctx.channel.id),
    );
  },

  searchVodMedia(ctx) {
    const parts = ['v.channel_id = ?'];
    const args: Array<string | number> = [ctx.channel.id];
    const title = ctx.query['title'];
    if (typeof title === 'string' && title.trim() !== '') {
      parts.push(`v.title LIKE ? ESCAPE '\\'`);
      args.push(`%${title.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    const field = ({ date: 'v.date', title: 'v.title', id: 'v.id' } as Record<string, string>)[String(ctx.query['sort_field'] ?? 'date')] ?? 'v.date';
    const fallback = field === 'v.title' ? 'ASC' : 'DESC';
    const direction = ctx.query['sort_direction'] === undefined ? fallback : ctx.query['sort_direction'] === 'desc' ? 'DESC' : 'ASC';
    return vodPage(ctx.services.db, parts.join(' AND '), args, `${field} ${direction}, v.id ${direction}`, pageFrom(ctx.query, SEARCH_DEFAULT_LIMIT));
  },

  listVodRails(ctx) {
    const { db } = ctx.services;
    const rails = db
      .prepare<[number], { id: number; title: string }>('SELECT id, title FROM vod_rails WHERE channel_id = ? ORDER BY position, id')
      .all(ctx.channel.id);
    const items = db
      .prepare<[number], VodRow & { rail_id: number }>(
        `SELECT i.rail_id, ${VOD_COLUMNS} FROM vod_rail_items i JOIN vod_rails r ON r.id = i.rail_id JOIN vod_media v ON v.id = i.vod_media_id
         WHERE r.channel_id = ? ORDER BY i.position`,
      )
      .all(ctx.channel.id);
    return wholeList(
      rails.map((rail) => ({
        ...rail,
        vod_media_items: items.filter((i) => i.rail_id === rail.id).map(({ rail_id: _railId, ...v }) => toVodMedia(v)),
      })),
    );
  },
};
