/**
 * What the channel's public pages are made of, read as an anonymous visitor may (server/seo: link previews and the
 * sitemap): a game or a VOD item of the channel by id, a processed clip by its share link's uuid and its game, and
 * the channel's latest games and VOD items. Each read is one lookup by primary key or unique index, or one ordered
 * scan with a limit.
 */
import type { Db } from '../db/database';

/** A game as a preview shows it. */
export interface PublicGame {
  id: number;
  name: string;
  description: string;
  event_utc_ts: number;
  duration: number;
  image: string | null;
  media_slug: string | null;
}

export function publicGame(db: Db, channelId: number, id: number): PublicGame | undefined {
  return db
    .prepare<[number, number], PublicGame>('SELECT id, name, description, event_utc_ts, duration, image, media_slug FROM events WHERE id = ? AND channel_id = ?')
    .get(id, channelId);
}

/** A VOD item as a preview shows it; `assets` is the item's JSON list of assets. */
export function publicVodItem(db: Db, channelId: number, id: number): { title: string; description: string; assets: string } | undefined {
  return db
    .prepare<[number, number], { title: string; description: string; assets: string }>('SELECT title, description, assets FROM vod_media WHERE id = ? AND channel_id = ?')
    .get(id, channelId);
}

/** A processed clip by its share link (its uuid and its own game's id), with its game: public, as GET /shared-clip is. */
export function sharedClip(db: Db, channelId: number, gameId: number, uuid: string): (PublicGame & { clip_name: string; uuid: string }) | undefined {
  return db
    .prepare<[string, number, number], PublicGame & { clip_name: string; uuid: string }>(
      `SELECT c.name AS clip_name, c.uuid, e.id, e.name, e.description, e.event_utc_ts, e.duration, e.image, e.media_slug
       FROM clips c JOIN events e ON e.id = c.event_id
       WHERE c.uuid = ? AND c.status = 'processed' AND e.id = ? AND e.channel_id = ?`,
    )
    .get(uuid, gameId, channelId);
}

/** The channel's latest games (by start), at most `limit`. */
export function latestGames(db: Db, channelId: number, limit: number): Array<{ id: number; event_utc_ts: number; duration: number }> {
  return db
    .prepare<[number, number], { id: number; event_utc_ts: number; duration: number }>(
      'SELECT id, event_utc_ts, duration FROM events WHERE channel_id = ? ORDER BY event_utc_ts DESC, id DESC LIMIT ?',
    )
    .all(channelId, limit);
}

/** The channel's latest VOD items (by date), at most `limit`. */
export function latestVodItems(db: Db, channelId: number, limit: number): Array<{ id: number; date: number }> {
  return db
    .prepare<[number, number], { id: number; date: number }>('SELECT id, date FROM vod_media WHERE channel_id = ? ORDER BY date DESC, id DESC LIMIT ?')
    .all(channelId, limit);
}
