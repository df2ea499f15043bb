import { ownsEvent } from '../domain/access';
import { channelEvent, mediaOrigin } from '../domain/clips';
import { type EventRow, streamStatus } from '../domain/events';
import { capabilityFlags, featureCount } from '../domain/users';
import { assertUnderLimit, recordUse } from '../domain/usage';
import { assertCanWatchEvent, assertCanWatchVod, assertNotGeoBlocked } from '../domain/watch';
import { type Handlers, viewerOf } from '../http/context';
import { ApiError, notFound } from '../http/errors';
import { demoMedia } from '../media/library';
import { DOWNLOAD_LINK_SECONDS, mediaToken } from '../media/tokens';

/**
 * A playback grant lasts as long as the stream it opens, plus this: a live grant until the game ends, a VOD grant
 * for one viewing with pauses. A player that outlives it gets 403 and asks for a new grant.
 */
const PLAYBACK_GRACE_SECONDS = 3600;

const noMedia = (): ApiError => new ApiError(404, 'This video is not available', { media: ['There is no video for it'] });

/**
 * Playback grants (`GET /events/{id}/playback`, `GET /vod-media-items/{id}/playback`) and event downloads. Each
 * answers a signed, expiring link to `/media/...` (server/media/stream-routes.ts), after the checks of
 * server/domain/watch.ts.
 */
export const playbackHandlers: Handlers = {
  getEventPlayback(ctx) {
    const event = channelEvent(ctx, ctx.params['id'] as number);
    assertCanWatchEvent(ctx, event);
    const status = streamStatus(event, ctx.now);
    if (status === 'upcoming') {
      throw new ApiError(409, 'The event has not started yet', { stream_status: ['An upcoming event has no stream yet'] });
    }
    if (!demoMedia().looped(event.media_slug)) throw noMedia();
    const end = event.event_utc_ts + event.duration;
    const expiresAt = status === 'live' ? end + PLAYBACK_GRACE_SECONDS : ctx.now + event.duration + PLAYBACK_GRACE_SECONDS;
    const token = mediaToken(ctx.channel.secret, 'play', `event:${event.id}`, expiresAt);
    return { url: `${mediaOrigin(ctx)}/media/events/${event.id}/${token}/index.m3u8`, stream_type: status, expires_at: expiresAt };
  },

  getVodMediaPlayback(ctx) {
    const { db } = ctx.services;
    const item = db
      .prepare<[number, number], { id: number; event_id: number | null; duration: number; media_slug: string | null }>(
        'SELECT id, event_id, duration, media_slug FROM vod_media WHERE id = ? AND channel_id = ?',
      )
      .get(ctx.params['id'] as number, ctx.channel.id);
    if (!item) throw notFound('id', 'VOD media');
    const event = item.event_id === null ? undefined : db.prepare<[number], EventRow>('SELECT * FROM events WHERE id = ?').get(item.event_id);
    assertCanWatchVod(ctx, event);
    if (!demoMedia().looped(item.media_slug)) throw noMedia();
    const expiresAt = ctx.now + item.duration + PLAYBACK_GRACE_SECONDS;
    const token = mediaToken(ctx.channel.secret, 'play', `vod:${item.id}`, expiresAt);
    return { url: `${mediaOrigin(ctx)}/media/vod-items/${item.id}/${token}/index.m3u8`, stream_type: 'vod', expires_at: expiresAt };
  },

  downloadEvent(ctx) {
    const viewer = viewerOf(ctx);
    const { db } = ctx.services;
    const event = channelEvent(ctx, ctx.params['id'] as number);
    if (!capabilityFlags(viewer).download) {
      throw new ApiError(403, 'Your account cannot download events', { download: ['The download capability is required'] });
    }
    assertNotGeoBlocked(ctx);
    if (!ownsEvent(db, viewer.id, event, ctx.now)) {
      throw new ApiError(403, 'This event must be bought before it can be downloaded', { download: ['Buy this event or a pass that covers it'] });
    }
    if (streamStatus(event, ctx.now) !== 'vod') {
      throw new ApiError(409, 'Only a finished event can be downloaded', { stream_status: ['The event has not finished yet'] });
    }
    if (!demoMedia().looped(event.media_slug)) throw noMedia();
    assertUnderLimit(db, viewer.id, 'downloads');
    recordUse(db, viewer.id, 'download', event.id, ctx.now);
    const expiresAt = ctx.now + DOWNLOAD_LINK_SECONDS;
    const token = mediaToken(ctx.channel.secret, 'download', `event:${event.id}`, expiresAt);
    return {
      url: `${mediaOrigin(ctx)}/media/events/${event.id}/${token}/download.ts`,
      file_name: `event-${event.id}.ts`,
      content_type: 'video/mp2t',
      expires_at: expiresAt,
      featureCount: featureCount(db, viewer.id),
    };
  },
};
