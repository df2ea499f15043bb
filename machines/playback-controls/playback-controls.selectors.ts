/**
 * What the player's controls (playback-controls.machine.ts) read from the stream's facts: where the viewer may seek
 * and where a seek lands, whether a live stream plays at its edge, the quality menu's items, and the captions track
 * of a language. The views read the same through the controls' facade.
 */
import type { MediaFacts, PlaybackControlsContext, QualityLevel, StreamCommand, TimeRange } from './playback-controls.types';

/** The speeds a replay offers. */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** Seconds behind the live edge (hls.js's live sync point, which moves a segment at a time) that still count as live. */
const LIVE_TOLERANCE = 3;
/**
 * Seconds past a live window's start that the earliest seek lands on. The window slides on a segment at a time while
 * the stream seeks, and hls.js sends a position that fell behind it back to the live edge: the very start is gone by
 * the time the segment there is asked for.
 */
export const LIVE_START_MARGIN = 10;

/** What the controls know before the stream reports. */
export const NO_FACTS: MediaFacts = {
  time: 0,
  duration: 0,
  buffered: [],
  window: null,
  paused: true,
  muted: false,
  volume: 1,
  rate: 1,
  levels: [],
  level: -1,
  height: null,
  tracks: [],
  track: -1,
  fullscreen: false,
  pip: false,
  canFullscreen: false,
  canPip: false,
};

/** Where the viewer may seek: a live stream's window, else the whole video; null before it is known. */
export function seekRange({ facts, live }: Pick<PlaybackControlsContext, 'facts' | 'live'>): TimeRange | null {
  if (live) return facts.window;
  return Number.isFinite(facts.duration) && facts.duration > 0 ? [0, facts.duration] : null;
}

/** A live stream plays at (or near) its edge. */
export function isAtLiveEdge({ facts, live }: Pick<PlaybackControlsContext, 'facts' | 'live'>): boolean {
  return live && facts.window !== null && facts.window[1] - facts.time <= LIVE_TOLERANCE;
}

/**
 * The levels the quality menu offers, highest first (as players list them): one per height, the highest bit rate of
 * it (hls.js orders its levels by bit rate), so a ladder with two bit rates of one height offers it once.
 */
export function qualityLevels({ facts }: { facts: Pick<MediaFacts, 'levels'> }): QualityLevel[] {
  const offered = new Map<number, QualityLevel>();
  facts.levels.forEach((height, level) => offered.set(height, { level, height }));
  return [...offered.values()].sort((a, b) => b.height - a.height || b.level - a.level);
}

/** Where a seek may land: the seek range, less a live window's first seconds (`LIVE_START_MARGIN`). */
export const landingRange = (context: PlaybackControlsContext): TimeRange => {
  const [start, end] = seekRange(context) ?? [0, 0];
  return [context.live ? Math.min(start + LIVE_START_MARGIN, end) : start, end];
};
export const clampTo = (context: PlaybackControlsContext, time: number): number => {
  const [start, end] = landingRange(context);
  return Math.min(Math.max(time, start), end);
};
export const trackOf = ({ facts }: PlaybackControlsContext, language: string | null): number =>
  language === null ? -1 : facts.tracks.findIndex((track) => track.language === language);
export const captionsCommand = (context: PlaybackControlsContext, language: string | null): StreamCommand => ({
  type: 'stream.captions',
  track: trackOf(context, language),
});
