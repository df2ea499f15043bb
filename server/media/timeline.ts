import { type Rendition, SEGMENT_SECONDS } from './library';
import { retime, TICKS_PER_SECOND } from './ts';

/**
 * An event (or VOD item) is a timeline of 2-second segments counted from its start: segment k plays source
 * segment k mod n, re-timed to k × 2 s, so the 24-second demo pattern loops for as long as the game lasts with
 * continuous timestamps (no EXT-X-DISCONTINUITY is needed: to the player it is one unbroken stream). Clips and
 * downloads cut the same timeline, so a clip's start_time points at the same picture the viewer saw.
 */

/**
 * How many segments a live playlist lists: its last five minutes, the window a viewer can seek back in (the time
 * bar, `j` and ←) and return to the edge from with LIVE. hls.js still starts three target durations behind the newest
 * one. (It was 10 s: with hls.js three segments behind, a seek back of 10 s fell out of it within two seconds.)
 */
export const LIVE_WINDOW_SEGMENTS = 150;
const SEGMENT_TICKS = SEGMENT_SECONDS * TICKS_PER_SECOND;

/** Segments needed to cover `seconds` (the last one may run past the end by less than a segment). */
export const segmentCount = (seconds: number): number => Math.max(1, Math.ceil(seconds / SEGMENT_SECONDS));

/** The segments of a timeline whose 2 seconds are complete `elapsed` seconds after its start. */
const completeSegments = (elapsed: number): number => Math.max(0, Math.floor(elapsed / SEGMENT_SECONDS));

/**
 * Segment `index` of the timeline in one rendition of its source (a source is its own folder's rendition), placed
 * at `position` (its index in the stream being written: the same for an event; from 0 for a clip). The renditions
 * of a source are cut alike (library.ts), so segment k of each carries the same timestamps. The returned bytes are
 * a new buffer.
 */
export function timelineSegment(rendition: Rendition, index: number, position = index, continuity?: Map<number, number>): Buffer {
  const n = rendition.segments.length;
  const sourceIndex = index % n;
  const segment = rendition.segments[sourceIndex];
  if (!segment) throw new Error(`The rendition has no segment ${sourceIndex}`);
  return retime(segment.data, (position - sourceIndex) * SEGMENT_TICKS, continuity);
}

/** Byte size of timeline segment `index` (re-timing never changes a size). */
export const timelineSegmentSize = (rendition: Rendition, index: number): number =>
  rendition.segments[index % rendition.segments.length]?.data.length ?? 0;

interface PlaylistShape {
  /** Media sequence number of the first listed segment (its index on the timeline). */
  first: number;
  /** One past the last listed segment. */
  end: number;
  /** `vod`: complete, with EXT-X-ENDLIST; `live`: a sliding window the player reloads. */
  type: 'vod' | 'live';
  /** Wall-clock start of segment 0 (unix seconds), written as EXT-X-PROGRAM-DATE-TIME; null to leave it out. */
  startedAt?: number | null;
  /** Segment k's URI, relative to the playlist. */
  uri?: (k: number) => string;
}

/** Renders a media playlist (HLS version 3) of timeline segments [first, end). */
export function renderPlaylist(shape: PlaylistShape): string {
  const uri = shape.uri ?? ((k: number) => `${k}.ts`);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`, `#EXT-X-MEDIA-SEQUENCE:${shape.first}`];
  if (shape.type === 'vod') lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  if (shape.startedAt !== undefined && shape.startedAt !== null && shape.end > shape.first) {
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date((shape.startedAt + shape.first * SEGMENT_SECONDS) * 1000).toISOString()}`);
  }
  for (let k = shape.first; k < shape.end; k++) lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, uri(k));
  if (shape.type === 'vod') lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/**
 * The playlist of an event at `now` (its video segments `<k>.ts`, or with `uri` the subtitle segments that mirror
 * them): a live sliding window of the newest complete segments, whose media sequence
 * advances one step every 2 seconds of the clock, or the whole recording once it has finished. Null while it is
 * upcoming.
 */
export function eventPlaylist(event: { event_utc_ts: number; duration: number }, now: number, uri?: (k: number) => string): string | null {
  const elapsed = now - event.event_utc_ts;
  if (elapsed < 0) return null;
  const total = segmentCount(event.duration);
  if (elapsed >= event.duration) return renderPlaylist({ first: 0, end: total, type: 'vod', startedAt: event.event_utc_ts, uri });
  const end = Math.min(completeSegments(elapsed), total);
  return renderPlaylist({ first: Math.max(0, end - LIVE_WINDOW_SEGMENTS), end, type: 'live', startedAt: event.event_utc_ts, uri });
}

/** Whether timeline segment `k` of an event may be fetched at `now` (it has been broadcast, in full). */
export function eventSegmentAvailable(event: { event_utc_ts: number; duration: number }, now: number, k: number): boolean {
  const elapsed = now - event.event_utc_ts;
  if (elapsed < 0 || k >= segmentCount(event.duration)) return false;
  return elapsed >= event.duration || k < completeSegments(elapsed);
}
