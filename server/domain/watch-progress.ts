/**
 * Continue watching (README "Continue watching"): where a signed-in viewer stopped in a replay (a finished event) or
 * a library video (a VOD item). Every read and write is scoped to the viewer of the request: ids in a body name an
 * item, never a viewer.
 */
import { type Db, inTransaction, parseJson } from '../db/database';
import { demoMedia } from '../media/library';
import { invalid, notFound } from './errors';
import { channelEvent, type EventRow, streamStatus } from './events';

export type ProgressItemType = 'event' | 'vod_item';

export interface ProgressReport {
  item_type: ProgressItemType;
  item_id: number;
  position: number;
  duration: number;
}

/** A video counts as finished from 95 % of it, or within its last 30 seconds (the credits): it leaves the row. */
const FINISHED_SHARE = 0.95;
const FINISHED_TAIL_SECONDS = 30;

const isFinished = (position: number, duration: number): boolean =>
  position >= duration * FINISHED_SHARE || duration - position <= FINISHED_TAIL_SECONDS;

interface ProgressRow {
  item_type: ProgressItemType;
  item_id: number;
  position: number;
  duration: number;
  updated_at: number;
}

interface TitledRow extends ProgressRow {
  title: string;
  image: string | null;
  media_slug: string | null;
  assets: string | null;
}

/** An event the viewer may resume: one of their channel's, finished (only replays are watched from a position). */
function assertResumableEvent(db: Db, channelId: number, id: number, now: number): EventRow {
  const event = channelEvent(db, channelId, id, 'item_id');
  if (streamStatus(event, now) !== 'vod') throw invalid({ item_id: ['Only a finished event has a position to resume'] });
  return event;
}

function assertChannelVodItem(db: Db, channelId: number, id: number): void {
  const found = db.prepare<[number, number], { id: number }>('SELECT id FROM vod_media WHERE id = ? AND channel_id = ?').get(id, channelId);
  if (!found) throw notFound('item_id', 'VOD media');
}

/**
 * Saves where the viewer is in an item: one row per viewer and item, replaced by each report (so repeated or
 * concurrent reports leave one row). A finished position deletes the row instead. Answers what was kept.
 */
export function saveWatchProgress(db: Db, viewer: { id: number; channel_id: number }, report: ProgressReport, now: number) {
  const { item_type: type, item_id: id, position, duration } = report;
  if (position > duration) throw invalid({ position: ['The position is past the end of the video'] });
  if (type === 'event') assertResumableEvent(db, viewer.channel_id, id, now);
  else assertChannelVodItem(db, viewer.channel_id, id);
  const finished = isFinished(position, duration);
  inTransaction(db, () => {
    if (finished) {
      db.prepare('DELETE FROM watch_progress WHERE user_id = ? AND item_type = ? AND item_id = ?').run(viewer.id, type, id);
    } else {
      db.prepare(
        `INSERT INTO watch_progress (user_id, item_type, item_id, position, duration, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, item_type, item_id) DO UPDATE SET position = excluded.position, duration = excluded.duration,
           updated_at = excluded.updated_at`,
      ).run(viewer.id, type, id, position, duration, now);
    }
  });
  return { item_type: type, item_id: id, position, duration, finished, updated_at: now };
}

/** The app's page for an item: a replay's watch page, a library video's item page (SPEC §2). */
const linkOf = (type: ProgressItemType, id: number): string => (type === 'event' ? `/watch/${id}` : `/vod_library/${id}`);

/**
 * The viewer's unfinished items on their channel, most recently watched first, with what a rail card shows. Items
 * removed from the channel since are left out.
 */
export function listWatchProgress(db: Db, viewer: { id: number; channel_id: number }) {
  const rows = db
    .prepare<[{ user: number; channel: number }], TitledRow>(
      `SELECT * FROM (
         SELECT w.item_type, w.item_id, w.position, w.duration, w.updated_at, e.name AS title, e.image, e.media_slug, NULL AS assets
           FROM watch_progress w JOIN events e ON e.id = w.item_id AND e.channel_id = @channel
           WHERE w.user_id = @user AND w.item_type = 'event'
         UNION ALL
         SELECT w.item_type, w.item_id, w.position, w.duration, w.updated_at, v.title, NULL AS image, v.media_slug, v.assets
           FROM watch_progress w JOIN vod_media v ON v.id = w.item_id AND v.channel_id = @channel
           WHERE w.user_id = @user AND w.item_type = 'vod_item'
       ) ORDER BY updated_at DESC, item_type, item_id DESC`,
    )
    .all({ user: viewer.id, channel: viewer.channel_id });
  return rows.map(({ media_slug: slug, assets, image, ...row }) => ({
    ...row,
    image:
      row.item_type === 'event'
        ? (demoMedia().posterPath(slug, row.item_id) ?? image)
        : (parseJson<Array<{ type: string; path: string }>>(assets ?? '[]', []).find((a) => a.type === 'image')?.path ?? null),
    link: linkOf(row.item_type, row.item_id),
  }));
}

/** Takes an item out of the viewer's row ("remove from row"); an item not in it is not found. */
export function removeWatchProgress(db: Db, userId: number, type: ProgressItemType, id: number): void {
  const result = db.prepare('DELETE FROM watch_progress WHERE user_id = ? AND item_type = ? AND item_id = ?').run(userId, type, id);
  if (result.changes === 0) throw notFound('item_id', 'Watch progress');
}
