import type { FastifyReply } from 'fastify';
import { renderMultivariant, STREAM_FILES, timelineSubtitles } from './captions';
import { mediaNotFound, PLAYLIST_TYPE, sendMedia, type StreamFile, SUBTITLES_TYPE } from './http';
import type { Rendition, Source } from './library';

/**
 * A content stream (an event, a VOD item, a clip) as its routes describe it: the pattern it loops, the renditions
 * of it that it offers, its media playlist, and where each of its segments sits on the pattern's timeline. The
 * multivariant playlist, the video playlists and the subtitles follow from it the same way for all three; the
 * video segments are the caller's own.
 */
export interface ContentStream {
  source: Source;
  /** The video renditions it offers: the source's (a clip: those it has files of). */
  renditions: readonly Rendition[];
  /** The media playlist with segment URIs `uri(k)` (`<k>.ts` when left out), or null while there is none yet. */
  playlist(uri?: (k: number) => string): string | null;
  /** Why there is no playlist (the 404's detail). */
  noPlaylist: string;
  /** Cache-Control of the playlists: a live window is never stored. */
  playlistCache: string;
  /** Cache-Control of a subtitle segment: the same as the video segment it goes with. */
  segmentCache: string;
  /** Stream segment `k`'s timeline index and position (as `timelineSegment` takes them), or null if it is not served. */
  segment(k: number): { index: number; position: number } | null;
}

/** The rendition of `renditions` a stream file names, or a 404: a stream serves no rendition it does not offer. */
export function offeredRendition<R extends Pick<Rendition, 'name'>>(renditions: readonly R[], name: string | null): R {
  const rendition = renditions.find((r) => r.name === name);
  if (!rendition) throw mediaNotFound('No such rendition');
  return rendition;
}

/**
 * Answers one of the stream's playlists or subtitle segments. Every video playlist is the same list of segments,
 * each rendition's under its own names, and a subtitle playlist is that list with the `.vtt` URIs of the same
 * segments: same media sequence, window, target duration and end, so hls.js switches and pairs them.
 */
export function sendRendition(reply: FastifyReply, file: Exclude<StreamFile, { kind: 'segment' }>, stream: ContentStream): FastifyReply {
  if (file.kind === 'cues') {
    const at = stream.segment(file.k);
    const vtt = at && timelineSubtitles(stream.source, file.lang, at.index, at.position);
    if (!vtt) throw mediaNotFound('No such subtitle segment (yet)');
    return sendMedia(reply, vtt, SUBTITLES_TYPE, stream.segmentCache);
  }
  if (file.kind === 'multivariant') {
    if (stream.playlist() === null) throw mediaNotFound(stream.noPlaylist);
    return sendMedia(reply, renderMultivariant(stream.source, stream.renditions), PLAYLIST_TYPE, stream.playlistCache);
  }
  let uri: (k: number) => string;
  if (file.kind === 'subtitles') {
    if (!stream.source.captions[file.lang]) throw mediaNotFound('No subtitles in that language');
    uri = (k) => STREAM_FILES.cues(k, file.lang);
  } else {
    const { name } = offeredRendition(stream.renditions, file.rendition);
    uri = (k) => STREAM_FILES.segment(k, name);
  }
  const playlist = stream.playlist(uri);
  if (playlist === null) throw mediaNotFound(stream.noPlaylist);
  return sendMedia(reply, playlist, PLAYLIST_TYPE, stream.playlistCache);
}
