import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import { notFound } from './errors';
import { Conditions, containing, type Page, selectPage } from './queries';

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

export interface VodFilters {
  /** A category lists its own items and those of its sub-categories. */
  category_id?: number;
  event_id?: number;
}

export interface VodSearch {
  title?: string;
  sort_field?: 'date' | 'title' | 'id';
  sort_direction?: 'asc' | 'desc';
}

const VOD_COLUMNS = 'v.id, v.title, v.description, v.date, v.duration, v.category_id, v.event_id, v.assets';

const toVodMedia = (v: VodRow) => ({ ...v, assets: parseJson<Array<{ type: string; path: string }>>(v.assets, []) });

function vodPage(db: Db, where: Conditions, order: string, page: Page) {
  const { rows, total } = selectPage<VodRow>(db, { select: VOD_COLUMNS, from: 'vod_media v', where, order }, page);
  return { rows: rows.map(toVodMedia), total };
}

/** The channel's VOD items, latest first. */
export function listVodMedia(db: Db, channelId: number, filters: VodFilters, page: Page) {
  const where = new Conditions().add('v.channel_id = ?', channelId);
  if (filters.category_id !== undefined) {
    where.add('(v.category_id = ? OR v.category_id IN (SELECT id FROM vod_categories WHERE parent_id = ?))', filters.category_id, filters.category_id);
  }
  if (filters.event_id !== undefined) where.add('v.event_id = ?', filters.event_id);
  return vodPage(db, where, 'v.date DESC, v.id DESC', page);
}

/** SPEC.md §5 and §9: VOD search by title, by date (latest first) unless another order is asked for. */
export function searchVodMedia(db: Db, channelId: number, search: VodSearch, page: Page) {
  const where = new Conditions().add('v.channel_id = ?', channelId);
  const title = search.title?.trim();
  if (title) where.add(`v.title LIKE ? ESCAPE '\\'`, containing(title));
  const field = ({ date: 'v.date', title: 'v.title', id: 'v.id' } as Record<string, string>)[search.sort_field ?? 'date'] ?? 'v.date';
  const fallback = field === 'v.title' ? 'ASC' : 'DESC';
  const direction = search.sort_direction === undefined ? fallback : search.sort_direction === 'desc' ? 'DESC' : 'ASC';
  return vodPage(db, where, `${field} ${direction}, v.id ${direction}`, page);
}

export function getVodMedia(db: Db, channelId: number, id: number) {
  const row = db.prepare<[number, number], VodRow>(`SELECT ${VOD_COLUMNS} FROM vod_media v WHERE v.id = ? AND v.channel_id = ?`).get(id, channelId);
  if (!row) throw notFound('id', 'VOD media');
  return toVodMedia(row);
}

/** What a VOD item's signed stream needs: its channel (whose secret signs it), length and media. */
export function vodMediaSource(db: Db, id: number): { channel_id: number; duration: number; media_slug: string | null } | undefined {
  return db
    .prepare<[number], { channel_id: number; duration: number; media_slug: string | null }>('SELECT channel_id, duration, media_slug FROM vod_media WHERE id = ?')
    .get(id);
}

export function listVodCategories(db: Db, channelId: number) {
  return db
    .prepare<[number], Record<string, unknown>>('SELECT id, name, alias, parent_id FROM vod_categories WHERE channel_id = ? ORDER BY id')
    .all(channelId);
}

/** The channel's VOD rails, each with its items in order. */
export function listVodRails(db: Db, channelId: number) {
  const rails = db
    .prepare<[number], { id: number; title: string }>('SELECT id, title FROM vod_rails WHERE channel_id = ? ORDER BY position, id')
    .all(channelId);
  const items = db
    .prepare<[number], VodRow & { rail_id: number }>(
      `SELECT i.rail_id, ${VOD_COLUMNS} FROM vod_rail_items i JOIN vod_rails r ON r.id = i.rail_id JOIN vod_media v ON v.id = i.vod_media_id
       WHERE r.channel_id = ? ORDER BY i.position`,
    )
    .all(channelId);
  return rails.map((rail) => ({
    ...rail,
    vod_media_items: items.filter((i) => i.rail_id === rail.id).map(({ rail_id: _railId, ...v }) => toVodMedia(v)),
  }));
}
