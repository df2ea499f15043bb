/** The player's controls' strings in Italian (see ./en.ts). */
import type { PlayerControlsMessages } from './en';

export const playerControlsIt: PlayerControlsMessages = {
  controls: 'Controlli del video',
  play: 'Riproduci',
  pause: 'Pausa',
  seek: 'Posizione nel video',
  seekLive: 'Posizione nella diretta',
  timeOf: '{{time}} di {{duration}}',
  behindLive: '{{time}} indietro rispetto alla diretta',
  mute: 'Disattiva audio',
  volume: 'Volume',
  live: 'LIVE',
  atLive: 'In diretta',
  goLive: 'Vai alla diretta',
  quality: 'Qualità',
  qualityAuto: 'Automatica',
  qualityAutoPlaying: 'Automatica ({{height}})',
  speed: 'Velocità di riproduzione',
  speedNormal: 'Normale',
  captions: 'Sottotitoli',
  captionsOff: 'Disattivati',
  pip: 'Picture-in-picture',
  fullscreen: 'Schermo intero',
};
