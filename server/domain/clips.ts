import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import type { RequestContext } from '../http/context';
import { notFound } from '../http/errors';
import type { EventRow } from './events';

export type ClipStatus = 'queued' | 'processed' | 'failed';

export interface ClipRow {
  id: number;
  uuid: string;
  user_id: number;
  event_id: number;
  name: string;
  start_time: number;
  duration: number;
  tags: string;
  status: ClipStatus;
  created_at: number;
  processed_at: number | null;
  failure_reason: string | null;
  /** JSON `[offset, bytes][]` of the clip file's segments, once processed. */
  segments: string | null;
}

/** SPEC.md §4: a clip is queued for up to 5 minutes, then processed or failed. */
export const CLIP_TIMEOUT_SECONDS = 300;
/** How long after creation the reference API cuts a clip (its "processing" is a few milliseconds of copying). */
export const CLIP_PROCESSING_DELAY_SECONDS = 3;

/** Where a clip's links point: the app (share page) and the host serving /media. */
interface Origins {
  app: string;
  media: string;
}

/** The media host of a request: the API's own origin (the serve process mounts /media beside /api). */
export const mediaOrigin = (ctx: RequestContext): string => new URL(ctx.apiBase).origin;

const clipPlaylistPath = (uuid: string): string => `/media/clips/${uuid}/index.m3u8`;

/** The contract's Clip, with its event's summary; share and playlist links only once processed. */
export function toClips(db: Db, rows: ClipRow[], origins: Origins) {
  const events = new Map(
    db
      .prepare<[string], Pick<EventRow, 'id' | 'name' | 'event_utc_ts' | 'image'>>(
        'SELECT id, name, event_utc_ts, image FROM events WHERE id IN (SELECT value FROM json_each(?))',
      )
      .all(JSON.stringify([...new Set(rows.map((r) => r.event_id))]))
      .map((e) => [e.id, e]),
  );
  return rows.map((c) => {
    const event = events.get(c.event_id);
    const processed = c.status === 'processed';
    return {
      id: c.id,
      uuid: c.uuid,
      event_id: c.event_id,
      name: c.name,
      start_time: c.start_time,
      duration: c.duration,
      tags: parseJson<string[]>(c.tags, []),
      status: c.status,
      created_at: c.created_at,
      processed_at: c.processed_at,
      // SPEC.md §2 share route /share/{id}/{uuid}: the event's id, then the clip's uuid.
      share_url: processed ? `${origins.app}/share/${c.event_id}/${c.uuid}` : null,
      playlist_url: processed ? `${origins.media}${clipPlaylistPath(c.uuid)}` : null,
      event: {
        id: c.event_id,
        name: event?.name ?? '',
        event_utc_ts: event?.event_utc_ts ?? 0,
        image: event?.image ?? null,
      },
    };
  });
}

export const clipOrigins = (ctx: RequestContext): Origins => ({ app: ctx.appOrigin, media: mediaOrigin(ctx) });

/** One of the viewer's own clips; anybody else's answers 404 exactly as a clip that does not exist. */
export function ownClip(ctx: RequestContext, viewerId: number): ClipRow {
  const clip = ctx.services.db
    .prepare<[number, number], ClipRow>('SELECT * FROM clips WHERE id = ? AND user_id = ?')
    .get(ctx.params['id'] as number, viewerId);
  if (!clip) throw notFound('id', 'Clip');
  return clip;
}

/** An event of the request's channel, or 404. */
export function channelEvent(ctx: RequestContext, id: number, field = 'id'): EventRow {
  const event = ctx.services.db
    .prepare<[number, number], EventRow>('SELECT * FROM events WHERE id = ? AND channel_id = ?')
    .get(id, ctx.channel.id);
  if (!event) throw notFound(field, 'Event');
  return event;
}

/** A clip file's name for a person saving it: its name, made safe for file systems. */
export function downloadName(name: string, fallback: string): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .toLowerCase();
  return `${safe || fallback}.ts`;
}
