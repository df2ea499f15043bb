/** The player's controls' strings in Portuguese (see ./en.ts). */
import type { PlayerControlsMessages } from './en';

export const playerControlsPt: PlayerControlsMessages = {
  controls: 'Controlos do vídeo',
  play: 'Reproduzir',
  pause: 'Pausa',
  seek: 'Posição no vídeo',
  seekLive: 'Posição no direto',
  timeOf: '{{time}} de {{duration}}',
  behindLive: '{{time}} atrás do direto',
  mute: 'Silenciar',
  volume: 'Volume',
  live: 'DIRETO',
  atLive: 'Em direto',
  goLive: 'Ir para o direto',
  quality: 'Qualidade',
  qualityAuto: 'Automática',
  qualityAutoPlaying: 'Automática ({{height}})',
  speed: 'Velocidade de reprodução',
  speedNormal: 'Normal',
  captions: 'Legendas',
  captionsOff: 'Desativadas',
  pip: 'Imagem na imagem',
  fullscreen: 'Ecrã inteiro',
};
