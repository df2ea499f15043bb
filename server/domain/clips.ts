import { randomUUID } from 'node:crypto';
import { clipFitsEndTime, normalizedClip, VALIDATION_MESSAGES } from '../../mesh/validation';
import { type Db, inTransaction, parseJson } from '../db/database';
import type { Scheduler } from '../jobs/scheduler';
import type { ClipRendition } from '../media/clip-files';
import { DomainError, invalid, notFound, specWords } from './errors';
import { channelEvent, type EventRow } from './events';
import { Conditions, type Page, selectPage } from './queries';
import { assertUnderLimit, recordUse } from './usage';
import { featureCount, type UserRow } from './users';
import { assertCanWatchEvent, assertCapability, assertNotGeoBlocked, type Watcher } from './watch';

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
  /** Once processed, JSON of the clip's renditions and their files' segments (server/media/clip-files.ts `clipRenditions`). */
  segments: string | null;
}

/** SPEC.md §4: a clip is queued for up to 5 minutes, then processed or failed. */
const CLIP_TIMEOUT_SECONDS = 300;
/** How long after creation the reference API cuts a clip (its "processing" is a few milliseconds of copying). */
export const CLIP_PROCESSING_DELAY_SECONDS = 3;

/** Where a clip's links point: the app (share page) and the host serving /media. */
export interface ClipOrigins {
  app: string;
  media: string;
}

const clipPlaylistPath = (uuid: string): string => `/media/clips/${uuid}/index.m3u8`;

/** The contract's Clip, with its event's summary; share and playlist links only once processed. */
function toClips(db: Db, rows: ClipRow[], origins: ClipOrigins) {
  const events = new Map(
    db
      .prepare<[string], Pick<EventRow, 'id' | 'name' | 'event_utc_ts' | 'time_zone' | 'image'>>(
        'SELECT id, name, event_utc_ts, time_zone, image FROM events WHERE id IN (SELECT value FROM json_each(?))',
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
        time_zone: event?.time_zone ?? 'UTC',
        image: event?.image ?? null,
      },
    };
  });
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

/** One of the viewer's own clips; anybody else's answers 404 exactly as a clip that does not exist. */
function ownClip(db: Db, viewerId: number, id: number): ClipRow {
  const clip = db.prepare<[number, number], ClipRow>('SELECT * FROM clips WHERE id = ? AND user_id = ?').get(id, viewerId);
  if (!clip) throw notFound('id', 'Clip');
  return clip;
}

function clipById(db: Db, id: number): ClipRow {
  const clip = db.prepare<[number], ClipRow>('SELECT * FROM clips WHERE id = ?').get(id);
  if (!clip) throw new Error(`Clip ${id} vanished`);
  return clip;
}

export interface NewClip {
  event_id: number;
  name: string;
  start_time: number;
  duration: number;
  tags: string[];
}

/**
 * Cuts a clip from what has been broadcast of an event (SPEC.md §3-§5): queued now, then processed or failed by
 * server/media/clip-jobs.ts. Needs the clipping capability, a clip left under the limit, and the right to watch.
 * One transaction: the limit's check, the clip, its counted use and its jobs.
 */
export function createClip(db: Db, jobs: Pick<Scheduler, 'schedule'>, watcher: Watcher, viewer: UserRow, input: NewClip, origins: ClipOrigins) {
  return inTransaction(db, () => {
    const { now } = watcher;
    assertCapability(viewer, 'clipping', 'Your account cannot make clips');
    assertUnderLimit(db, viewer.id, 'clips');
    const event = channelEvent(db, watcher.channel.id, input.event_id, 'event_id');
    assertCanWatchEvent(db, watcher, event);
    // What has been broadcast so far: all of a finished event, the part of a live one up to now.
    const broadcast = Math.min(now - event.event_utc_ts, event.duration);
    if (broadcast <= 0) throw invalid({ event_id: ['The event has not started yet: there is nothing to clip'] });
    if (input.start_time >= broadcast) throw invalid({ start_time: ['Your clip starts after the end time'] });
    if (!clipFitsEndTime(input.start_time, input.duration, broadcast)) throw invalid({ duration: [specWords(VALIDATION_MESSAGES.clipTooLong)] });

    // Stored as the app sends it: name and tags trimmed, tags that are the same once trimmed kept once.
    const clip = normalizedClip(input);
    const id = Number(
      db
        .prepare('INSERT INTO clips (uuid, user_id, event_id, name, start_time, duration, tags, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(randomUUID(), viewer.id, event.id, clip.name, clip.start_time, clip.duration, JSON.stringify(clip.tags), now)
        .lastInsertRowid,
    );
    recordUse(db, viewer.id, 'clip', id, now);
    jobs.schedule('process_clip', CLIP_PROCESSING_DELAY_SECONDS, { clipId: id });
    jobs.schedule('fail_clip', CLIP_TIMEOUT_SECONDS, { clipId: id });
    return toClips(db, [clipById(db, id)], origins)[0];
  });
}

/** The viewer's clips of one event of the channel, newest first. */
export function listEventClips(db: Db, channelId: number, viewerId: number, eventId: number, origins: ClipOrigins) {
  const event = channelEvent(db, channelId, eventId);
  const rows = db
    .prepare<[number, number], ClipRow>('SELECT * FROM clips WHERE event_id = ? AND user_id = ? ORDER BY created_at DESC, id DESC')
    .all(event.id, viewerId);
  return toClips(db, rows, origins);
}

/** The viewer's clips, newest first, of one status when named. */
export function listUserClips(db: Db, viewerId: number, status: ClipStatus | null, page: Page, origins: ClipOrigins) {
  const where = new Conditions().add('user_id = ? AND (? IS NULL OR status = ?)', viewerId, status, status);
  const { rows, total } = selectPage<ClipRow>(db, { select: '*', from: 'clips', where, order: 'created_at DESC, id DESC' }, page);
  return { rows: toClips(db, rows, origins), total };
}

/** A processed clip of the channel by its uuid, for anybody who has the share link. */
export function sharedClip(db: Db, channelId: number, uuid: string, origins: ClipOrigins) {
  const clip = db
    .prepare<[string, number], ClipRow>(
      `SELECT c.* FROM clips c JOIN events e ON e.id = c.event_id WHERE c.uuid = ? AND c.status = 'processed' AND e.channel_id = ?`,
    )
    .get(uuid, channelId);
  if (!clip) throw notFound('id', 'Clip');
  return toClips(db, [clip], origins)[0];
}

/**
 * The viewer's processed clip, cleared for download (the download_clip capability, not geo-blocked, downloads left);
 * the download counts toward the viewer's downloads, as a game's does. One transaction, though it is asked for with
 * a GET: the limit's check and the use it counts cannot be split by another write.
 */
export function clipForDownload(db: Db, watcher: Watcher, viewer: UserRow, id: number) {
  return inTransaction(db, () => {
    assertCapability(viewer, 'download_clip', 'Your account cannot download clips');
    const clip = ownClip(db, viewer.id, id);
    assertNotGeoBlocked(watcher);
    if (clip.status !== 'processed') {
      throw new DomainError('conflict', `The clip is ${clip.status}: only a processed clip can be downloaded`, { status: [`The clip is ${clip.status}`] });
    }
    assertUnderLimit(db, viewer.id, 'downloads');
    recordUse(db, viewer.id, 'clip_download', clip.id, watcher.now);
    return { clip, featureCount: featureCount(db, viewer.id) };
  });
}

/** A processed clip by its uuid, of any channel: its files are public by uuid, like the share page. */
export function processedClipByUuid(db: Db, uuid: string): ClipRow | undefined {
  return db.prepare<[string], ClipRow>("SELECT * FROM clips WHERE uuid = ? AND status = 'processed'").get(uuid);
}

/** A clip still waiting to be processed; one processed or failed since (a job run again) is left alone. */
export function queuedClip(db: Db, id: number): ClipRow | undefined {
  const clip = db.prepare<[number], ClipRow>('SELECT * FROM clips WHERE id = ?').get(id);
  return clip?.status === 'queued' ? clip : undefined;
}

/** A clip whose files have been cut: `segments` are its renditions' `[offset, bytes]` per segment. */
export function markClipProcessed(db: Db, id: number, segments: readonly ClipRendition[], now: number): void {
  db.prepare("UPDATE clips SET status = 'processed', processed_at = ?, segments = ? WHERE id = ?").run(now, JSON.stringify(segments), id);
}

export function markClipFailed(db: Db, id: number, reason: string, now: number): void {
  db.prepare("UPDATE clips SET status = 'failed', processed_at = ?, failure_reason = ? WHERE id = ?").run(now, reason, id);
}

/** Deletes one of the viewer's clips, unless it is still being processed; answers the deleted row. */
export function deleteClip(db: Db, viewerId: number, id: number): ClipRow {
  const clip = ownClip(db, viewerId, id);
  if (clip.status === 'queued') {
    throw new DomainError('conflict', 'A clip cannot be deleted while it is being processed', { status: ['The clip is queued'] });
  }
  db.prepare('DELETE FROM clips WHERE id = ?').run(clip.id);
  return clip;
}
