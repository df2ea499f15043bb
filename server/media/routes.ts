import { createReadStream, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { channelSecretOfEvent } from '../domain/channels';
import { type ClipRow, downloadName, processedClipByUuid } from '../domain/clips';
import type { Services } from '../http/context';
import { clipFile, clipRenditions, clipsDirOf, readClipRange } from './clip-files';
import { STREAM_FILES } from './captions';
import { registerClipJobs } from './clip-jobs';
import { eventById } from '../domain/events';
import { SEGMENT_SECONDS } from './library';
import { offeredRendition, sendRendition } from './content-stream';
import { attachment, CACHE, mediaNotFound, PLAYLIST_TYPE, SEGMENT_TYPE, sendMedia, streamFile } from './http';
import { registerImageRoutes } from './images';
import { demoMedia, type Source } from './library';
import { registerStreamRoutes } from './stream-routes';
import { renderPlaylist } from './timeline';
import { checkMediaToken } from './tokens';

/**
 * Everything under `/media` (outside the REST contract): the public demo files (prerolls, VOD previews), the
 * signed event and VOD streams, clips (public by uuid, like the share page; their download signed), and the
 * generated images the seed refers to. Also registers the clip jobs, which write the files served here.
 *
 * Media answers `access-control-allow-origin: *`: hls.js fetches playlists and segments with XHR, and the app may
 * be served from another origin than the API in development. The links are capability URLs, so this leaks nothing.
 */
export function registerMedia(app: FastifyInstance, services: Services): void {
  const library = demoMedia();
  const clipsDir = clipsDirOf(services.config);
  registerClipJobs(services.jobs, clipsDir, library);

  app.register(
    async (scope) => {
      scope.addHook('onSend', async (_request, reply, payload) => {
        reply.header('access-control-allow-origin', '*');
        // Read by pages of other origins too (the header above): the global same-origin resource policy does not apply.
        reply.header('cross-origin-resource-policy', 'cross-origin');
        return payload;
      });

      const sendStatic = (source: Source | undefined, file: string) => {
        if (!source) throw mediaNotFound();
        if (file === 'index.m3u8') return { body: source.playlist, type: PLAYLIST_TYPE };
        const segment = source.segments.find((s) => s.file === file);
        if (!segment) throw mediaNotFound();
        return { body: segment.data, type: SEGMENT_TYPE };
      };
      scope.get<{ Params: { slug: string; file: string } }>('/prerolls/:slug/:file', async (request, reply) => {
        const { slug, file } = request.params;
        const { body, type } = sendStatic(/^preroll-\d+$/.test(slug) ? library.get(slug) : undefined, file);
        return sendMedia(reply, body, type, CACHE.static);
      });
      // A VOD item's `preview` asset: its source pattern played once, public like a trailer.
      scope.get<{ Params: { slug: string; file: string } }>('/vod/:slug/:file', async (request, reply) => {
        const { body, type } = sendStatic(library.looped(request.params.slug), request.params.file);
        return sendMedia(reply, body, type, CACHE.static);
      });

      // The frames taken from a pattern when the demo media was made: VOD items' and replays' posters.
      scope.get<{ Params: { slug: string; file: string } }>('/posters/:slug/:file', async (request, reply) => {
        const n = /^poster-([1-9]\d*)\.jpg$/.exec(request.params.file)?.[1];
        const poster = n === undefined ? undefined : library.looped(request.params.slug)?.posters[Number(n) - 1];
        if (!poster) throw mediaNotFound('No such poster');
        return sendMedia(reply, poster, 'image/jpeg', CACHE.static);
      });

      const processedClip = (uuid: string): ClipRow & { segments: string } => {
        const clip = processedClipByUuid(services.db, uuid);
        if (!clip?.segments) throw mediaNotFound('No such clip');
        return { ...clip, segments: clip.segments };
      };
      // A clip's segments are its own files' (one per rendition); its subtitles and the variants' attributes are those
      // of the event timeline it was cut from (segment j is timeline segment first + j, re-timed from zero as
      // clip-jobs.ts cut it). Without the event's pattern (its media changed since), the clip plays its source's own
      // rendition alone, its video playlist standing in for the multivariant one.
      scope.get<{ Params: { uuid: string; file: string } }>('/clips/:uuid/:file', async (request, reply) => {
        const clip = processedClip(request.params.uuid);
        const files = clipRenditions(clip.segments);
        const count = files[0]?.ranges.length ?? 0;
        const target = streamFile(request.params.file);
        const playlist = (uri?: (k: number) => string) => renderPlaylist({ first: 0, end: count, type: 'vod', uri });
        if (target === null) throw mediaNotFound('No such segment');
        if (target.kind === 'segment') {
          const { name, ranges } = offeredRendition(files, target.rendition);
          const range = ranges[target.k];
          if (!range) throw mediaNotFound('No such segment');
          return sendMedia(reply, readClipRange(clipsDir, clip.uuid, name, range), SEGMENT_TYPE, CACHE.clipSegment);
        }
        const source = library.looped(eventById(services.db, clip.event_id)?.media_slug);
        if (!source) {
          if (target.kind === 'multivariant') return sendMedia(reply, playlist(), PLAYLIST_TYPE, CACHE.clipPlaylist);
          if (target.kind !== 'video') throw mediaNotFound('The clip has no subtitles');
          const { name } = offeredRendition(files, target.rendition);
          return sendMedia(reply, playlist((k) => STREAM_FILES.segment(k, name)), PLAYLIST_TYPE, CACHE.clipPlaylist);
        }
        const first = Math.floor(clip.start_time / SEGMENT_SECONDS);
        return sendRendition(reply, target, {
          source,
          renditions: source.renditions.filter((r) => files.some((f) => f.name === r.name)),
          playlist,
          noPlaylist: 'No such clip',
          playlistCache: CACHE.clipPlaylist,
          segmentCache: CACHE.clipSegment,
          segment: (j) => (j < count ? { index: first + j, position: j } : null),
        });
      });
      scope.get<{ Params: { uuid: string; token: string; file: string } }>('/clips/:uuid/:token/:file', async (request, reply) => {
        const clip = processedClip(request.params.uuid);
        checkMediaToken(channelSecretOfEvent(services.db, clip.event_id), 'download', `clip:${clip.uuid}`, request.params.token, services.clock.now());
        if (request.params.file !== 'download.ts') throw mediaNotFound();
        const file = clipFile(clipsDir, clip.uuid);
        const bytes = statSync(file).size;
        return sendMedia(reply, createReadStream(file), SEGMENT_TYPE, CACHE.download, attachment(downloadName(clip.name, 'clip'), bytes));
      });

      registerStreamRoutes(scope, services, library);
      registerImageRoutes(scope, services);
    },
    { prefix: '/media' },
  );
}
