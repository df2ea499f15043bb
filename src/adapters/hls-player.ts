/**
 * The player machine's `stream` actor over the page's `<video>` element (docs/architecture.md, the player): hls.js when
 * Media Source Extensions work (`Hls.isSupported()`), the browser's own HLS only as a fallback (Safari on iOS). The
 * media library is loaded on demand (built with subtitles and no other optional feature, about 130 kB gzipped): it must stay
 * out of the initial bundle, so nothing here imports it statically. `preloadHls()` starts it early: from the entry on a watch URL (while the
 * startup requests run), and from `usePlayer` right after the request for the playback grant has gone out.
 *
 * What the element does becomes the machine's media events: playing, waiting (buffering), ended, a fatal error,
 * every 30 s of actual playback (and at a pause or the end) the seconds watched since the last report with the
 * position and the length, and for the player's controls the element's and hls.js's facts (src/adapters/media-element.ts,
 * loaded with hls.js). The controls' commands arrive as events and apply to the element and hls.js.
 */
import { type EventObject, fromCallback } from 'xstate';
import type { MediaFacts, StreamCommand } from '../../machines/playback-controls/playback-controls.types';
import type { MediaEvent, MediaSurface, StreamInput } from '../../machines/player/player.types';
import type { ControlElement, ElementControl, HlsFailure, HlsLibrary, HlsPlayback } from './hls-types';

/** How often the seconds watched are reported while the video plays (SPEC §7 analytics viewing). */
const WATCHED_REPORT_SECONDS = 30;
/** Fatal media errors hls.js is asked to recover from before the player gives up (then swapping the audio codec). */
const MEDIA_RECOVERIES = 2;
/** A jump of the playhead larger than this between two timeupdates is a seek, not playback. */
const MAX_TIMEUPDATE_STEP_SECONDS = 2;
const NATIVE_HLS = 'application/vnd.apple.mpegurl';

let loading: Promise<HlsLibrary> | null = null;

const loadMediaElement = (): Promise<ControlElement> => import('./media-element').then((module) => module.controlElement);

/**
 * Loads hls.js once, with the player's wrapper of it (a dynamic import: its own chunk), and the element's side of the
 * controls beside it: the stream starts once it has both, so neither waits for the other's download.
 */
function loadHlsLibrary(): Promise<HlsLibrary> {
  void loadMediaElement().catch(() => undefined);
  loading ??= import('./hls-library').then((module) => module.hlsLibrary);
  // A failed download may succeed on the next try (the retry button).
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The media playlist of a stream's lowest rendition, beside its multivariant `index.m3u8` (server/media/captions.ts
 * STREAM_FILES): the one hls.js starts with (hls-library.ts `startLevel: 0`).
 */
const FIRST_RENDITION = 'video.m3u8';

/**
 * Starts downloading hls.js now, so that it is there when the playback grant arrives; given a granted stream's URL,
 * its multivariant playlist and the playlist of the rendition playback starts on too, which hls.js would otherwise
 * ask for only once the first had answered. The browser keeps a preloaded `fetch` for the request that matches it,
 * so hls.js's own requests (XMLHttpRequests, same mode and credentials) take those answers instead of asking again.
 */
export function preloadHls(playlist?: string): void {
  loadHlsLibrary().catch(() => undefined);
  if (playlist === undefined) return;
  for (const href of [playlist, new URL(FIRST_RENDITION, playlist).href]) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.append(link);
  }
}

/** What the adapter needs from the page; tests pass fakes. */
export interface HlsStreamDeps {
  /** The `<video>` element behind the player's surface, once React has rendered it. */
  videoOf?(surface: MediaSurface): HTMLVideoElement | null;
  loadHls?: () => Promise<HlsLibrary>;
  /** The element's side of the controls (src/adapters/media-element.ts, loaded on demand). */
  loadControl?: () => Promise<ControlElement>;
  /** `performance.mark` (the benchmark reads `video-first-frame:<preroll|content>`). */
  mark?: (name: string) => void;
}

/** The `stream` actor: plays `input.url` on the element and reports what it does. */
export function createHlsStream(deps: HlsStreamDeps = {}) {
  const videoOf = deps.videoOf ?? ((surface: MediaSurface) => (surface.current instanceof HTMLVideoElement ? surface.current : null));
  const loadHls = deps.loadHls ?? loadHlsLibrary;
  const loadControl = deps.loadControl ?? loadMediaElement;
  const mark = deps.mark ?? ((name: string) => void globalThis.performance?.mark(name));

  return fromCallback<EventObject, StreamInput>(({ input, sendBack, receive }) => {
    const send = (event: MediaEvent) => sendBack(event);
    const video = videoOf(input.surface);
    if (!video) {
      send({ type: 'media.error', message: 'no video element' });
      return undefined;
    }
    let stopped = false;
    let hls: HlsPlayback | null = null;
    let control: ElementControl | null = null;
    receive((event) => control?.apply(event as StreamCommand));
    const reportFacts = (facts: Partial<MediaFacts>) => {
      if (!stopped) send({ type: 'media.facts', facts });
    };
    let recoveries = 0;
    let firstFrame = false;
    let lastTime: number | null = null;
    let unreported = 0;

    const reportWatched = () => {
      const seconds = Math.floor(unreported);
      if (seconds <= 0) return;
      // Whole seconds go out; the fraction waits for the next report.
      unreported -= seconds;
      send({ type: 'media.watched', seconds, position: video.currentTime, duration: video.duration });
    };
    const play = () => {
      video
        .play()
        .catch((error: unknown) => {
          // Browsers refuse autoplay with sound until the viewer interacts: play muted (the controls unmute).
          if (error instanceof Error && error.name === 'NotAllowedError' && !video.muted) {
            video.muted = true;
            return video.play();
          }
          throw error;
        })
        .catch((error: unknown) => {
          // An aborted play (the source changed) or a second refusal: the native controls still let the viewer start.
          if (stopped || (error instanceof Error && (error.name === 'AbortError' || error.name === 'NotAllowedError'))) return;
          send({ type: 'media.error', message: error instanceof Error ? error.message : String(error) });
        });
    };
    const markFirstFrame = () => {
      const name = `video-first-frame:${input.kind}`;
      if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(() => mark(name));
      else mark(name);
    };

    const listeners: Array<[keyof HTMLMediaElementEventMap, () => void]> = [
      [
        'playing',
        () => {
          if (!firstFrame) markFirstFrame();
          firstFrame = true;
          // Playback counts from here: the time before (a resume point, a live edge) was not watched.
          lastTime = video.currentTime;
          send({ type: 'media.playing' });
        },
      ],
      ['waiting', () => send({ type: 'media.waiting' })],
      [
        'timeupdate',
        () => {
          const now = video.currentTime;
          const step = lastTime === null ? 0 : now - lastTime;
          lastTime = now;
          if (video.paused || video.seeking || step <= 0 || step > MAX_TIMEUPDATE_STEP_SECONDS) return;
          unreported += step;
          if (unreported >= WATCHED_REPORT_SECONDS) reportWatched();
        },
      ],
      ['seeking', () => void (lastTime = null)],
      ['pause', reportWatched],
      [
        'ended',
        () => {
          reportWatched();
          send({ type: 'media.ended' });
        },
      ],
      [
        'error',
        () => {
          // hls.js reports its own errors; the element's only matter with native HLS.
          if (hls === null) send({ type: 'media.error', message: video.error?.message || 'media error' });
        },
      ],
    ];
    for (const [type, listener] of listeners) video.addEventListener(type, listener);

    const onHlsError = (failure: HlsFailure) => {
      if (!failure.fatal || stopped) return;
      if (failure.media && recoveries < MEDIA_RECOVERIES) {
        recoveries += 1;
        if (recoveries > 1) hls?.swapAudioCodec();
        hls?.recoverMediaError();
        return;
      }
      send({ type: 'media.error', message: failure.details });
    };

    Promise.all([loadHls(), loadControl()]).then(
      ([library, controlElement]) => {
        if (stopped) return;
        control = controlElement(video, () => hls, input.live, reportFacts);
        if (library.isSupported()) {
          // Playing starts once the playlist is known (hls.js's own advice).
          hls = library.start(video, input.url, { live: input.live, startAt: input.startAt, onReady: play, onError: onHlsError, onFacts: reportFacts });
        } else if (video.canPlayType(NATIVE_HLS) !== '') {
          video.src = input.url;
          const { startAt } = input;
          if (startAt !== undefined) video.addEventListener('loadedmetadata', () => void (video.currentTime = startAt), { once: true });
          play();
        } else {
          send({ type: 'media.error', message: 'HLS is not supported by this browser' });
        }
      },
      (error: unknown) => {
        if (!stopped) send({ type: 'media.error', message: error instanceof Error ? error.message : 'hls.js failed to load' });
      },
    );

    return () => {
      stopped = true;
      for (const [type, listener] of listeners) video.removeEventListener(type, listener);
      control?.stop();
      hls?.destroy();
      hls = null;
      video.removeAttribute('src');
      video.load();
    };
  });
}
