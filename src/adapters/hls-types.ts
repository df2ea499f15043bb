/**
 * The ports between the player's stream (src/adapters/hls-player.ts, in the first load) and what it loads on demand:
 * hls.js behind its wrapper (src/adapters/hls-library.ts) and the element's side of the controls
 * (src/adapters/media-element.ts). Types only, so that none of them imports another.
 */
import type { MediaFacts, StreamCommand } from '../../machines/playback-controls/playback-controls.types';

/** An hls.js error, as far as the player cares. */
export interface HlsFailure {
  fatal: boolean;
  /** A media (decoding, buffer) error, which hls.js can try to recover from; network errors are final once fatal. */
  media: boolean;
  details: string;
}

/** One hls.js instance playing into the element. */
export interface HlsPlayback {
  recoverMediaError(): void;
  swapAudioCodec(): void;
  destroy(): void;
  /** A level by index, -1 for Auto. */
  setLevel(level: number): void;
  /** A subtitle track by index, -1 for none. */
  setCaptions(track: number): void;
  /** Where a live stream plays at its edge (hls.js's live sync position); null before it is known, or on a replay. */
  liveEdge(): number | null;
  /** Its levels and subtitle tracks, and what plays of them, now. */
  facts(): Partial<MediaFacts>;
}

/** The part of hls.js the player uses; the real one is src/adapters/hls-library.ts, unit tests pass a fake. */
export interface HlsLibrary {
  isSupported(): boolean;
  start(
    video: HTMLVideoElement,
    url: string,
    options: {
      live: boolean;
      startAt?: number | undefined;
      onReady(): void;
      onError(failure: HlsFailure): void;
      /** Levels, subtitle tracks and what plays of them, for the controls. */
      onFacts(facts: Partial<MediaFacts>): void;
    },
  ): HlsPlayback;
}

/** The element's side of the controls, while a stream plays. */
export interface ElementControl {
  apply(command: StreamCommand): void;
  stop(): void;
}

/** Starts reporting the element's facts through `report` (until stopped) and applying commands to it. */
export type ControlElement = (
  video: HTMLVideoElement,
  playback: () => HlsPlayback | null,
  live: boolean,
  report: (facts: Partial<MediaFacts>) => void,
) => ElementControl;
