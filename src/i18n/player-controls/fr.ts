/** The player's controls' strings in French (see ./en.ts). */
import type { PlayerControlsMessages } from './en';

export const playerControlsFr: PlayerControlsMessages = {
  controls: 'Commandes de la vidéo',
  play: 'Lecture',
  pause: 'Pause',
  seek: 'Position dans la vidéo',
  seekLive: 'Position dans le direct',
  timeOf: '{{time}} sur {{duration}}',
  behindLive: '{{time}} de retard sur le direct',
  mute: 'Couper le son',
  volume: 'Volume',
  live: 'DIRECT',
  atLive: 'En direct',
  goLive: 'Revenir au direct',
  quality: 'Qualité',
  qualityAuto: 'Auto',
  qualityAutoPlaying: 'Auto ({{height}})',
  speed: 'Vitesse de lecture',
  speedNormal: 'Normale',
  captions: 'Sous-titres',
  captionsOff: 'Désactivés',
  pip: 'Image dans l’image',
  fullscreen: 'Plein écran',
};
