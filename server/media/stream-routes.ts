import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { channelSecret } from '../domain/channels';
import { eventById } from '../domain/events';
import { vodMediaSource } from '../domain/vod';
import type { Services } from '../http/context';
import { ApiError } from '../http/errors';
import { offeredRendition, sendRendition } from './content-stream';
import { attachment, CACHE, idParam, mediaNotFound, SEGMENT_TYPE, sendMedia, streamFile } from './http';
import type { MediaLibrary, Source } from './library';
import { eventPlaylist, eventSegmentAvailable, renderPlaylist, segmentCount, timelineSegment, timelineSegmentSize } from './timeline';
import { checkMediaToken } from './tokens';

type Params = { id: string; token: string; file: string };

/**
 * The signed streams: `/media/events/{id}/{token}/…` and `/media/vod-items/{id}/{token}/…`. The token comes from
 * the playback call (scope `play`: the multivariant `index.m3u8`, each video rendition's playlist and segments
 * (`video.m3u8` and its `<k>.ts`, `video-360p.m3u8` and its `<k>.360p.ts`), and the subtitle playlists and their
 * `<k>.<lang>.vtt`: content-stream.ts) or from `download-event` (scope `download`: `download.ts`, events only, the
 * source's own rendition). A missing, forged or expired token answers 403, whatever the file.
 */
export function registerStreamRoutes(scope: FastifyInstance, services: Services, library: MediaLibrary): void {
  // The streams exist only behind a grant: a path without a token is refused like a bad one.
  for (const path of ['/events/:id/:file', '/vod-items/:id/:file']) {
    scope.get(path, async () => {
      throw new ApiError(403, 'This media needs a signed link', { token: ['Ask the playback or download call for a link'] });
    });
  }

  scope.get<{ Params: Params }>('/events/:id/:token/:file', async (request, reply) => {
    const { token, file } = request.params;
    const id = idParam(request.params.id);
    const event = eventById(services.db, id);
    if (!event) throw mediaNotFound('No such event');
    const now = services.clock.now();
    const secret = channelSecret(services.db, event.channel_id);
    const source = library.looped(event.media_slug);

    if (file === 'download.ts') {
      checkMediaToken(secret, 'download', `event:${id}`, token, now);
      if (!source || now < event.event_utc_ts + event.duration) throw mediaNotFound('The event has no finished recording');
      const total = segmentCount(event.duration);
      return sendMedia(reply, wholeTimeline(source, total), SEGMENT_TYPE, CACHE.download, attachment(`event-${id}.ts`, timelineBytes(source, total)));
    }
    checkMediaToken(secret, 'play', `event:${id}`, token, now);
    if (!source) throw mediaNotFound('The event has no recording');
    const target = streamFile(file);
    if (target === null) throw mediaNotFound('No such segment (yet)');
    if (target.kind === 'segment') {
      const rendition = offeredRendition(source.renditions, target.rendition);
      if (!eventSegmentAvailable(event, now, target.k)) throw mediaNotFound('No such segment (yet)');
      return sendMedia(reply, timelineSegment(rendition, target.k), SEGMENT_TYPE, CACHE.segment);
    }
    const live = now < event.event_utc_ts + event.duration;
    return sendRendition(reply, target, {
      source,
      renditions: source.renditions,
      playlist: (uri) => eventPlaylist(event, now, uri),
      noPlaylist: 'The event has not started yet',
      playlistCache: live ? CACHE.live : CACHE.vodPlaylist,
      segmentCache: CACHE.segment,
      segment: (k) => (eventSegmentAvailable(event, now, k) ? { index: k, position: k } : null),
    });
  });

  scope.get<{ Params: Params }>('/vod-items/:id/:token/:file', async (request, reply) => {
    const { token, file } = request.params;
    const id = idParam(request.params.id);
    const item = vodMediaSource(services.db, id);
    if (!item) throw mediaNotFound('No such VOD item');
    checkMediaToken(channelSecret(services.db, item.channel_id), 'play', `vod:${id}`, token, services.clock.now());
    const source = library.looped(item.media_slug);
    if (!source) throw mediaNotFound('The item has no media');
    const total = segmentCount(item.duration);
    const target = streamFile(file);
    if (target === null) throw mediaNotFound('No such segment');
    if (target.kind === 'segment') {
      const rendition = offeredRendition(source.renditions, target.rendition);
      if (target.k >= total) throw mediaNotFound('No such segment');
      return sendMedia(reply, timelineSegment(rendition, target.k), SEGMENT_TYPE, CACHE.segment);
    }
    return sendRendition(reply, target, {
      source,
      renditions: source.renditions,
      playlist: (uri) => renderPlaylist({ first: 0, end: total, type: 'vod', uri }),
      noPlaylist: 'The item has no media',
      playlistCache: CACHE.vodPlaylist,
      segmentCache: CACHE.segment,
      segment: (k) => (k < total ? { index: k, position: k } : null),
    });
  });
}

/** A finished event's whole recording as one continuous TS file, produced segment by segment as it is sent. */
function wholeTimeline(source: Source, total: number): Readable {
  const continuity = new Map<number, number>();
  return Readable.from(
    (function* segments() {
      for (let k = 0; k < total; k++) yield timelineSegment(source, k, k, continuity);
    })(),
  );
}

function timelineBytes(source: Source, total: number): number {
  let bytes = 0;
  for (let k = 0; k < total; k++) bytes += timelineSegmentSize(source, k);
  return bytes;
}
