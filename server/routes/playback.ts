import { eventForDownload, eventPlayback, vodPlayback } from '../domain/playback';
import { type Handlers, viewerOf, watcherOf } from '../http/context';
import { DOWNLOAD_LINK_SECONDS, mediaToken } from '../media/tokens';

/**
 * Playback grants (`GET /events/{id}/playback`, `GET /vod-media-items/{id}/playback`) and event downloads. Each
 * answers a signed, expiring link to `/media/...` (server/media/stream-routes.ts), after the checks of
 * server/domain/watch.ts.
 */
export const playbackHandlers: Handlers = {
  getEventPlayback(ctx) {
    const { eventId, streamType, expiresAt } = eventPlayback(ctx.services.db, watcherOf(ctx), ctx.params['id'] as number);
    const token = mediaToken(ctx.channel.secret, 'play', `event:${eventId}`, expiresAt);
    return { url: `${ctx.mediaOrigin}/media/events/${eventId}/${token}/index.m3u8`, stream_type: streamType, expires_at: expiresAt };
  },

  getVodMediaPlayback(ctx) {
    const { itemId, expiresAt } = vodPlayback(ctx.services.db, watcherOf(ctx), ctx.params['id'] as number);
    const token = mediaToken(ctx.channel.secret, 'play', `vod:${itemId}`, expiresAt);
    return { url: `${ctx.mediaOrigin}/media/vod-items/${itemId}/${token}/index.m3u8`, stream_type: 'vod', expires_at: expiresAt };
  },

  downloadEvent(ctx) {
    const { eventId, featureCount } = eventForDownload(ctx.services.db, watcherOf(ctx), viewerOf(ctx), ctx.params['id'] as number);
    const expiresAt = ctx.now + DOWNLOAD_LINK_SECONDS;
    const token = mediaToken(ctx.channel.secret, 'download', `event:${eventId}`, expiresAt);
    return {
      url: `${ctx.mediaOrigin}/media/events/${eventId}/${token}/download.ts`,
      file_name: `event-${eventId}.ts`,
      content_type: 'video/mp2t',
      expires_at: expiresAt,
      featureCount,
    };
  },
};
