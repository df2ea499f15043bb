/**
 * What the player's own controls (machines/playback-controls) exchange with the stream (src/adapters/hls-player.ts)
 * and the views: the facts the media element and hls.js report, and the commands the machine sends them.
 */

/** A time range of the video, in seconds: [start, end]. @public */
export type TimeRange = readonly [number, number];

/** A subtitle track of the stream, as hls.js (or the browser's own HLS) lists it. @public */
export interface CaptionsTrack {
  /** BCP 47 language code (`en`, `fr`), or '' when the playlist gives none. */
  language: string;
  /** The playlist's name for it (`English`). */
  name: string;
}

/** What the stream reports about the element and hls.js; each report carries the facts that changed. @public */
export interface MediaFacts {
  /** Where the playhead is, in seconds. */
  time: number;
  /** Seconds; Infinity on a live stream. */
  duration: number;
  buffered: readonly TimeRange[];
  /** A live stream's seekable window, its end the live edge; null on a replay. */
  window: TimeRange | null;
  paused: boolean;
  muted: boolean;
  /** 0 to 1. */
  volume: number;
  rate: number;
  /** The heights of hls.js's levels, by level index. */
  levels: readonly number[];
  /** The chosen level, -1 for Auto. */
  level: number;
  /** The height playing now (what Auto picked). */
  height: number | null;
  tracks: readonly CaptionsTrack[];
  /** The captions track showing, -1 for none. */
  track: number;
  fullscreen: boolean;
  pip: boolean;
  canFullscreen: boolean;
  canPip: boolean;
}

/** What the machine asks the stream to do. @public */
export type StreamCommand =
  /** Report every fact now: the controls may start after the stream's first reports. */
  | { type: 'stream.report' }
  | { type: 'stream.play' }
  | { type: 'stream.pause' }
  | { type: 'stream.seek'; time: number }
  | { type: 'stream.mute'; muted: boolean }
  | { type: 'stream.volume'; volume: number }
  | { type: 'stream.level'; level: number }
  | { type: 'stream.rate'; rate: number }
  | { type: 'stream.captions'; track: number }
  | { type: 'stream.fullscreen'; on: boolean }
  | { type: 'stream.pip'; on: boolean };

/** What the machine sends the player, for its stream. @public */
export interface ControlsCommand {
  type: 'controls.command';
  command: StreamCommand;
}

/** A level the quality menu offers: its index in hls.js's levels and its height. @public */
export interface QualityLevel {
  level: number;
  height: number;
}

/** The controls' menus. @public */
export type ControlsMenu = 'quality' | 'speed' | 'captions';

/** @public */
export type PlaybackControlsEvent =
  | { type: 'media.facts'; facts: Partial<MediaFacts> }
  /** The captions language the viewer chose last time (null: off), read by the `captionsMemory` port. */
  | { type: 'memory.captions'; language: string | null }
  | { type: 'user.togglePlay' }
  | { type: 'user.seek'; time: number }
  | { type: 'user.skip'; seconds: number }
  /** Home on the time bar: the start of the video, or of a live stream's window. */
  | { type: 'user.seekToStart' }
  /** End on the time bar: the end of the video, or a live stream's edge. */
  | { type: 'user.seekToEnd' }
  | { type: 'user.goLive' }
  | { type: 'user.toggleMute' }
  | { type: 'user.setVolume'; volume: number }
  | { type: 'user.setQuality'; level: number }
  | { type: 'user.setSpeed'; rate: number }
  | { type: 'user.setCaptions'; language: string | null }
  | { type: 'user.toggleCaptions' }
  | { type: 'user.toggleFullscreen' }
  | { type: 'user.togglePip' }
  | { type: 'user.openMenu'; menu: ControlsMenu }
  | { type: 'user.closeMenu' }
  /** The pointer moved over the player, or a key was pressed in it: the controls show. */
  | { type: 'user.activity' };

/** @public */
export interface PlaybackControlsInput {
  /** The preroll gets no seek, speed or quality. */
  kind: 'preroll' | 'content';
  live: boolean;
}

/** @public */
export interface PlaybackControlsContext extends PlaybackControlsInput {
  facts: MediaFacts;
  /** The viewer's captions language (null: off), remembered between videos. */
  captions: string | null;
  /** The last language shown: captions turned back on (the c key) come back in it. */
  lastCaptions: string | null;
  menu: ControlsMenu | null;
}

/** What the `captionsMemory` port is told to keep. @public */
export interface RememberCaptions {
  type: 'remember';
  language: string | null;
}
