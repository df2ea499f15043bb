import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../http/errors';
import { isSubtitleLanguage, STREAM_FILES, type SubtitleLanguage } from './captions';

export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
export const SEGMENT_TYPE = 'video/mp2t';
export const SUBTITLES_TYPE = 'text/vtt; charset=utf-8';

/**
 * Cache policies. Token-signed URLs are private (the token is in the path, so each grant is its own cache key);
 * a live playlist changes every 2 seconds and is never stored; a timeline segment never changes.
 */
export const CACHE = {
  static: 'public, max-age=3600',
  live: 'no-store',
  vodPlaylist: 'private, max-age=60',
  segment: 'private, max-age=86400',
  clipPlaylist: 'public, max-age=60',
  clipSegment: 'public, max-age=3600',
  download: 'private, no-store',
} as const;

/** `video-<rendition>.m3u8`, a rendition named by its height (`360p`) as library.ts names their folders. */
const VIDEO_PLAYLIST = /^video-([1-9]\d{1,3}p)\.m3u8$/;
/** `<index>.ts` or `<index>.<rendition>.ts`: a video segment of a timeline (or of a clip), by its media sequence number. */
const SEGMENT = /^(\d{1,7})(?:\.([1-9]\d{1,3}p))?\.ts$/;

/**
 * What a content stream's file name asks for (the layout of captions.ts's STREAM_FILES): the multivariant
 * `index.m3u8`, a video rendition's playlist (`video.m3u8`, `video-<rendition>.m3u8`) or segment (`<k>.ts`,
 * `<k>.<rendition>.ts`), a language's subtitle playlist, or subtitle segment `<k>.<lang>.vtt`. Null for any other
 * name. A rendition is null for the source's own; whether the stream has the one named is for its route to say.
 */
export type StreamFile =
  | { kind: 'multivariant' }
  | { kind: 'video'; rendition: string | null }
  | { kind: 'subtitles'; lang: SubtitleLanguage }
  | { kind: 'segment'; k: number; rendition: string | null }
  | { kind: 'cues'; k: number; lang: SubtitleLanguage };

export function streamFile(file: string): StreamFile | null {
  if (file === 'index.m3u8') return { kind: 'multivariant' };
  if (file === STREAM_FILES.video(null)) return { kind: 'video', rendition: null };
  const video = VIDEO_PLAYLIST.exec(file);
  if (video) return { kind: 'video', rendition: video[1]! };
  const segment = SEGMENT.exec(file);
  if (segment) return { kind: 'segment', k: Number(segment[1]), rendition: segment[2] ?? null };
  const subtitles = /^subtitles-([a-z]{2})\.m3u8$/.exec(file)?.[1];
  if (subtitles !== undefined && isSubtitleLanguage(subtitles)) return { kind: 'subtitles', lang: subtitles };
  const cues = /^(\d{1,7})\.([a-z]{2})\.vtt$/.exec(file);
  if (cues && isSubtitleLanguage(cues[2]!)) return { kind: 'cues', k: Number(cues[1]), lang: cues[2] };
  return null;
}

/** A positive integer path value (an event's or VOD item's id), or 404: media paths answer nothing else. */
export function idParam(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw mediaNotFound();
  return Number(value);
}

export const mediaNotFound = (detail = 'No such media'): ApiError => new ApiError(404, 'Not found', { media: [detail] });

export function sendMedia(
  reply: FastifyReply,
  body: Buffer | string | Readable,
  type: string,
  cache: string,
  headers: Record<string, string> = {},
): FastifyReply {
  return reply.code(200).headers({ 'content-type': type, 'cache-control': cache, ...headers }).send(body);
}

/** Headers that make a browser save the response as `fileName`. */
export const attachment = (fileName: string, bytes: number): Record<string, string> => ({
  'content-disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
  'content-length': String(bytes),
});
