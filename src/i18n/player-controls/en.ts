/**
 * The player's controls' strings in English, the reference: every other language's must have exactly these keys
 * (`PlayerControlsMessages`). They live apart from the app's locales (src/i18n/locales) because the controls load
 * after the first frame (src/components/player/PlayerControls.tsx): the first load's budget has no room for them.
 * The controls add them under `playerControls.` when they render (src/components/player/controls-i18n.ts).
 */
export const playerControlsEn = {
  controls: 'Video controls',
  play: 'Play',
  pause: 'Pause',
  seek: 'Position in the video',
  seekLive: 'Position in the live stream',
  timeOf: '{{time}} of {{duration}}',
  behindLive: '{{time}} behind live',
  mute: 'Mute',
  volume: 'Volume',
  live: 'LIVE',
  atLive: 'Playing live',
  goLive: 'Go to live',
  quality: 'Quality',
  qualityAuto: 'Auto',
  qualityAutoPlaying: 'Auto ({{height}})',
  speed: 'Playback speed',
  speedNormal: 'Normal',
  captions: 'Subtitles',
  captionsOff: 'Off',
  pip: 'Picture-in-picture',
  fullscreen: 'Full screen',
};

export type PlayerControlsMessages = { [Key in keyof typeof playerControlsEn]: string };
