/** The player's controls' strings in German (see ./en.ts). */
import type { PlayerControlsMessages } from './en';

export const playerControlsDe: PlayerControlsMessages = {
  controls: 'Videosteuerung',
  play: 'Abspielen',
  pause: 'Pause',
  seek: 'Position im Video',
  seekLive: 'Position im Livestream',
  timeOf: '{{time}} von {{duration}}',
  behindLive: '{{time}} hinter live',
  mute: 'Stummschalten',
  volume: 'Lautstärke',
  live: 'LIVE',
  atLive: 'Live',
  goLive: 'Zu live springen',
  quality: 'Qualität',
  qualityAuto: 'Automatisch',
  qualityAutoPlaying: 'Automatisch ({{height}})',
  speed: 'Wiedergabegeschwindigkeit',
  speedNormal: 'Normal',
  captions: 'Untertitel',
  captionsOff: 'Aus',
  pip: 'Bild-in-Bild',
  fullscreen: 'Vollbild',
};
