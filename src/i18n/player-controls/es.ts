/** The player's controls' strings in Spanish (see ./en.ts). */
import type { PlayerControlsMessages } from './en';

export const playerControlsEs: PlayerControlsMessages = {
  controls: 'Controles del vídeo',
  play: 'Reproducir',
  pause: 'Pausa',
  seek: 'Posición en el vídeo',
  seekLive: 'Posición en el directo',
  timeOf: '{{time}} de {{duration}}',
  behindLive: '{{time}} por detrás del directo',
  mute: 'Silenciar',
  volume: 'Volumen',
  live: 'EN DIRECTO',
  atLive: 'En directo',
  goLive: 'Ir al directo',
  quality: 'Calidad',
  qualityAuto: 'Automática',
  qualityAutoPlaying: 'Automática ({{height}})',
  speed: 'Velocidad de reproducción',
  speedNormal: 'Normal',
  captions: 'Subtítulos',
  captionsOff: 'Desactivados',
  pip: 'Imagen en imagen',
  fullscreen: 'Pantalla completa',
};
