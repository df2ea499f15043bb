import type { FastifyReply } from 'fastify';
import { renderMultivariant, STREAM_FILES, timelineSubtitles } from './captions';
import { mediaNotFound, PLAYLIST_TYPE, sendMedia, type StreamFile, SUBTITLES_TYPE } from './http';
import type { Source } from './library';

/**
 * A content stream (an event, a VOD item, a clip) as its routes describe it: the pattern it loops, its media
 * playlist, and where each of its segments sits on the pattern's timeline. The multivariant playlist, the video
 * playlist and the subtitles follow from it the same way for all three; the video segments are the caller's own.
 */
export interface ContentStream {
  source: Source;
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

/**
 * Answers one of the stream's playlists or subtitle segments. A subtitle playlist is the video playlist with the
 * `.vtt` URIs of the same segments: same media sequence, window, target duration and end, so hls.js pairs them.
 */
export function sendRendition(reply: FastifyReply, file: Exclude<StreamFile, { kind: 'segment' }>, stream: ContentStream): FastifyReply {
  if (file.kind === 'cues') {
    const at = stream.segment(file.k);
    const vtt = at && timelineSubtitles(stream.source, file.lang, at.index, at.position);
    if (!vtt) throw mediaNotFound('No such subtitle segment (yet)');
    return sendMedia(reply, vtt, SUBTITLES_TYPE, stream.segmentCache);
  }
  const uri = file.kind === 'subtitles' ? (k: number) => STREAM_FILES.cues(k, file.lang) : undefined;
  if (file.kind === 'subtitles' && !stream.source.captions[file.lang]) throw mediaNotFound('No subtitles in that language');
  const playlist = stream.playlist(uri);
  if (playlist === null) throw mediaNotFound(stream.noPlaylist);
  return sendMedia(reply, file.kind === 'multivariant' ? renderMultivariant(stream.source) : playlist, PLAYLIST_TYPE, stream.playlistCache);
}
