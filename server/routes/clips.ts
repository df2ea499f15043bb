import { randomUUID } from 'node:crypto';
import { channelEvent, CLIP_PROCESSING_DELAY_SECONDS, CLIP_TIMEOUT_SECONDS, type ClipRow, clipOrigins, downloadName, mediaOrigin, ownClip, toClips } from '../domain/clips';
import { type EventRow, toEvents } from '../domain/events';
import { capabilityFlags, featureCount } from '../domain/users';
import { assertUnderLimit, recordUse } from '../domain/usage';
import { assertCanWatchEvent, assertNotGeoBlocked } from '../domain/watch';
import { type Handlers, Reply, viewerOf } from '../http/context';
import { ApiError, invalid, notFound } from '../http/errors';
import { limitClause, pagedList, pageFrom, wholeList } from '../http/paging';
import { clipsDirOf, removeClipFiles } from '../media/clip-files';
import { DOWNLOAD_LINK_SECONDS, mediaToken } from '../media/tokens';

const DEFAULT_PAGE = 20;

interface ClipCreate {
  event_id: number;
  name: string;
  start_time: number;
  duration: number;
  tags: string[];
}

/** SPEC.md §3-§5 and §7 clips: cut from an event (queued, then processed or failed by server/media/clip-jobs.ts). */
export const clipHandlers: Handlers = {
  createClip(ctx) {
    const viewer = viewerOf(ctx);
    const { db, jobs } = ctx.services;
    if (!capabilityFlags(viewer).clipping) {
      throw new ApiError(403, 'Your account cannot make clips', { clipping: ['The clipping capability is required'] });
    }
    assertUnderLimit(db, viewer.id, 'clips');
    const body = ctx.body as unknown as ClipCreate;
    const event = channelEvent(ctx, body.event_id, 'event_id');
    assertCanWatchEvent(ctx, event);
    // What has been broadcast so far: all of a finished event, the part of a live one up to now.
    const broadcast = Math.min(ctx.now - event.event_utc_ts, event.duration);
    if (broadcast <= 0) throw invalid({ event_id: ['The event has not started yet: there is nothing to clip'] });
    if (body.start_time >= broadcast) throw invalid({ start_time: ['Your clip starts after the end time'] });
    if (body.start_time + body.duration > broadcast) throw invalid({ duration: ['Your clip duration is longer than the end time'] });

    const uuid = randomUUID();
    const id = Number(
      db
        .prepare('INSERT INTO clips (uuid, user_id, event_id, name, start_time, duration, tags, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(uuid, viewer.id, event.id, body.name.trim(), body.start_time, body.duration, JSON.stringify(body.tags.map((t) => t.trim())), ctx.now)
        .lastInsertRowid,
    );
    recordUse(db, viewer.id, 'clip', id, ctx.now);
    jobs.schedule('process_clip', CLIP_PROCESSING_DELAY_SECONDS, { clipId: id });
    jobs.schedule('fail_clip', CLIP_TIMEOUT_SECONDS, { clipId: id });
    return Reply.created(toClips(db, [clipById(ctx.services.db, id)], clipOrigins(ctx))[0]);
  },

  listEventClips(ctx) {
    const viewer = viewerOf(ctx);
    const event = channelEvent(ctx, ctx.params['id'] as number);
    const rows = ctx.services.db
      .prepare<[number, number], ClipRow>('SELECT * FROM clips WHERE event_id = ? AND user_id = ? ORDER BY created_at DESC, id DESC')
      .all(event.id, viewer.id);
    return wholeList(toClips(ctx.services.db, rows, clipOrigins(ctx)));
  },

  listUserClips(ctx) {
    const viewer = viewerOf(ctx);
    const { db } = ctx.services;
    const status = (ctx.query['status'] as string | undefined) ?? null;
    const page = pageFrom(ctx.query, DEFAULT_PAGE);
    const where = 'user_id = ? AND (? IS NULL OR status = ?)';
    const total = db.prepare<[number, string | null, string | null], { n: number }>(`SELECT count(*) AS n FROM clips WHERE ${where}`).get(viewer.id, status, status)!.n;
    const limit = limitClause(page);
    const rows = db
      .prepare<Array<number | string | null>, ClipRow>(`SELECT * FROM clips WHERE ${where} ORDER BY created_at DESC, id DESC${limit.sql}`)
      .all(viewer.id, status, status, ...limit.args);
    return pagedList(toClips(db, rows, clipOrigins(ctx)), total, page);
  },

  listEventsWithClips(ctx) {
    const viewer = viewerOf(ctx);
    const { db } = ctx.services;
    const page = pageFrom(ctx.query, DEFAULT_PAGE);
    const where = 'e.channel_id = ? AND EXISTS (SELECT 1 FROM clips c WHERE c.event_id = e.id AND c.user_id = ?)';
    const total = db.prepare<[number, number], { n: number }>(`SELECT count(*) AS n FROM events e WHERE ${where}`).get(ctx.channel.id, viewer.id)!.n;
    const limit = limitClause(page);
    const rows = db
      .prepare<number[], EventRow>(`SELECT e.* FROM events e WHERE ${where} ORDER BY e.event_utc_ts DESC, e.id DESC${limit.sql}`)
      .all(ctx.channel.id, viewer.id, ...limit.args);
    return pagedList(toEvents(db, ctx.channel, rows, ctx.now, viewer.id), total, page);
  },

  getSharedClip(ctx) {
    const clip = ctx.services.db
      .prepare<[string, number], ClipRow>(
        `SELECT c.* FROM clips c JOIN events e ON e.id = c.event_id WHERE c.uuid = ? AND c.status = 'processed' AND e.channel_id = ?`,
      )
      .get(ctx.params['id'] as string, ctx.channel.id);
    if (!clip) throw notFound('id', 'Clip');
    return toClips(ctx.services.db, [clip], clipOrigins(ctx))[0];
  },

  downloadClip(ctx) {
    const viewer = viewerOf(ctx);
    const { db } = ctx.services;
    if (!capabilityFlags(viewer).download_clip) {
      throw new ApiError(403, 'Your account cannot download clips', { download_clip: ['The download_clip capability is required'] });
    }
    const clip = ownClip(ctx, viewer.id);
    assertNotGeoBlocked(ctx);
    if (clip.status !== 'processed') {
      throw new ApiError(409, `The clip is ${clip.status}: only a processed clip can be downloaded`, { status: [`The clip is ${clip.status}`] });
    }
    recordUse(db, viewer.id, 'clip_download', clip.id, ctx.now);
    const expiresAt = ctx.now + DOWNLOAD_LINK_SECONDS;
    const token = mediaToken(ctx.channel.secret, 'download', `clip:${clip.uuid}`, expiresAt);
    return {
      url: `${mediaOrigin(ctx)}/media/clips/${clip.uuid}/${token}/download.ts`,
      file_name: downloadName(clip.name, 'clip'),
      content_type: 'video/mp2t',
      expires_at: expiresAt,
      featureCount: featureCount(db, viewer.id),
    };
  },

  deleteClip(ctx) {
    const viewer = viewerOf(ctx);
    const clip = ownClip(ctx, viewer.id);
    if (clip.status === 'queued') {
      throw new ApiError(409, 'A clip cannot be deleted while it is being processed', { status: ['The clip is queued'] });
    }
    ctx.services.db.prepare('DELETE FROM clips WHERE id = ?').run(clip.id);
    // Last, so nothing after it can roll the row back and leave a clip without its file.
    removeClipFiles(clipsDirOf(ctx.services.config), clip.uuid);
    return { message: 'Clip deleted' };
  },
};

function clipById(db: Parameters<typeof toClips>[0], id: number): ClipRow {
  const clip = db.prepare<[number], ClipRow>('SELECT * FROM clips WHERE id = ?').get(id);
  if (!clip) throw new Error(`Clip ${id} vanished`);
  return clip;
}
