/**
 * The media element's side of the player's controls (machines/playback-controls), loaded on demand with hls.js: it
 * reports what the element does as facts (time, length, buffered ranges, a live stream's window, paused, volume,
 * speed, fullscreen, picture-in-picture, and with the browser's own HLS its subtitle tracks) and applies the
 * machine's commands to the element, to hls.js (level, captions) and to the document (fullscreen on the player's
 * frame, the element's parent, so the controls stay over the video).
 */
import type { TimeRange } from '../../machines/playback-controls/playback-controls.types';
import type { ControlElement } from './hls-types';

const rangesOf = (ranges: TimeRanges): TimeRange[] => Array.from({ length: ranges.length }, (_, i) => [ranges.start(i), ranges.end(i)] as const);

/** The browser's own subtitle tracks (Safari's HLS): hls.js lists its own. */
const subtitleTracksOf = (video: HTMLVideoElement): TextTrack[] =>
  Array.from(video.textTracks ?? []).filter((track) => track.kind === 'subtitles' || track.kind === 'captions');

/** Reports the element's facts through `report` until stopped, and applies commands to it. */
export const controlElement: ControlElement = (video, playback, live, report) => {
  const frame = video.parentElement;
  const time = () => {
    const seekable = rangesOf(video.seekable);
    const edge = playback()?.liveEdge() ?? null;
    const window = live && seekable.length > 0 ? ([seekable[0]![0], edge ?? seekable[seekable.length - 1]![1]] as const) : null;
    report({ time: video.currentTime, duration: video.duration, buffered: rangesOf(video.buffered), window });
  };
  const state = () =>
    report({
      paused: video.paused,
      muted: video.muted,
      volume: video.volume,
      rate: video.playbackRate,
      ...(video.videoHeight ? { height: video.videoHeight } : {}),
    });
  const native = () => {
    if (playback() !== null) return;
    const tracks = subtitleTracksOf(video);
    report({ tracks: tracks.map((track) => ({ language: track.language, name: track.label })), track: tracks.findIndex((track) => track.mode === 'showing') });
  };
  const screen = () => report({ fullscreen: document.fullscreenElement === frame && frame !== null, pip: document.pictureInPictureElement === video });

  const listeners: Array<[EventTarget, string, () => void]> = [
    ...['timeupdate', 'durationchange', 'progress', 'loadedmetadata', 'seeked'].map((type): [EventTarget, string, () => void] => [video, type, time]),
    ...['play', 'pause', 'volumechange', 'ratechange', 'resize'].map((type): [EventTarget, string, () => void] => [video, type, state]),
    [video, 'enterpictureinpicture', screen],
    [video, 'leavepictureinpicture', screen],
    [document, 'fullscreenchange', screen],
  ];
  if (video.textTracks) listeners.push([video.textTracks, 'addtrack', native], [video.textTracks, 'change', native]);
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  const abilities = () =>
    report({
      canFullscreen: document.fullscreenEnabled === true && frame !== null,
      canPip: document.pictureInPictureEnabled === true && !video.disablePictureInPicture,
    });
  abilities();
  state();

  const ignore = () => undefined;
  return {
    apply(command) {
      const hls = playback();
      switch (command.type) {
        case 'stream.report':
          time();
          state();
          screen();
          abilities();
          if (hls) report(hls.facts());
          return native();
        case 'stream.play':
          return void video.play().catch(ignore);
        case 'stream.pause':
          return video.pause();
        case 'stream.seek': {
          // Past hls.js's live sync point the stream would stall: the live edge is that point.
          const edge = hls?.liveEdge() ?? null;
          video.currentTime = edge !== null && command.time > edge ? edge : command.time;
          return;
        }
        case 'stream.mute':
          video.muted = command.muted;
          return;
        case 'stream.volume':
          video.volume = command.volume;
          video.muted = command.volume === 0;
          return;
        case 'stream.rate':
          video.playbackRate = command.rate;
          return;
        case 'stream.level':
          return hls?.setLevel(command.level);
        case 'stream.captions':
          if (hls) return hls.setCaptions(command.track);
          subtitleTracksOf(video).forEach((track, i) => (track.mode = i === command.track ? 'showing' : 'disabled'));
          return native();
        case 'stream.fullscreen':
          return void (command.on ? frame?.requestFullscreen() : document.exitFullscreen())?.catch(ignore);
        case 'stream.pip':
          return void (command.on ? video.requestPictureInPicture() : document.exitPictureInPicture()).catch(ignore);
      }
    },
    stop() {
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    },
  };
};
