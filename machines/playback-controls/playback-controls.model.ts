/**
 * Model of the player's controls (machines/playback-controls): a replay, a live stream and an ad, what their stream
 * reports (playing or paused, two heights, English and French captions, a live window) and what the viewer asks.
 */
import { playbackControlsMachine } from './playback-controls.machine';
import { isAtLiveEdge, seekRange } from './playback-controls.selectors';
import type { MediaFacts } from './playback-controls.types';
import { defineModel } from '../shared/machine-model';

const tracks = [
  { language: 'en', name: 'English' },
  { language: 'fr', name: 'Français' },
];
/**
 * What a stream reports: playing, paused, what it offers once loaded (length, live window, two heights, captions,
 * fullscreen and picture-in-picture), and captions showing.
 */
const reports: Array<Partial<MediaFacts>> = [
  { paused: false },
  { paused: true },
  { time: 30, duration: 240, window: [0, 60], levels: [360, 720], tracks, track: -1, canFullscreen: true, canPip: true },
  { track: 0 },
];

export const playbackControlsModel = defineModel({
  machine: playbackControlsMachine,
  inputs: [
    { kind: 'content', live: false },
    { kind: 'content', live: true },
    { kind: 'preroll', live: false },
  ],
  inputLabel: (input) => (input.kind === 'preroll' ? 'an ad' : input.live ? 'a live game' : 'a replay'),
  events: {
    'media.facts': reports.map((facts) => ({ type: 'media.facts' as const, facts })),
    'memory.captions': [{ type: 'memory.captions', language: 'fr' }],
    'user.seek': [{ type: 'user.seek', time: 500 }],
    'user.skip': [{ type: 'user.skip', seconds: -10 }],
    'user.setVolume': [{ type: 'user.setVolume', volume: 0.5 }],
    'user.setQuality': [{ type: 'user.setQuality', level: 1 }],
    'user.setSpeed': [{ type: 'user.setSpeed', rate: 1.5 }],
    'user.setCaptions': [{ type: 'user.setCaptions', language: 'en' }],
    'user.openMenu': [{ type: 'user.openMenu', menu: 'quality' }],
  },
  // Most of the viewer's events are handled in every state: the traversal tries each of them everywhere.
  limit: 20_000,
  // Time and the facts' values beyond what the guards read are not states of their own.
  abstractState: (snapshot) => {
    const { kind, live, facts, menu } = snapshot.context;
    return {
      value: snapshot.value,
      kind,
      live,
      menu: menu !== null,
      paused: facts.paused,
      loaded: seekRange(snapshot.context) !== null,
      track: facts.track >= 0,
    };
  },
  check: (snapshot) => {
    const { facts, menu, kind, live } = snapshot.context;
    if (snapshot.matches('hidden') && (facts.paused || menu !== null)) throw new Error('controls hidden while paused or a menu is open');
    if (kind === 'preroll' && (snapshot.can({ type: 'user.seek', time: 0 }) || snapshot.can({ type: 'user.setSpeed', rate: 1 }))) {
      throw new Error('an ad offers seek or speed');
    }
    if (live && snapshot.can({ type: 'user.setSpeed', rate: 1 })) throw new Error('a live game offers a speed');
    if (!live && isAtLiveEdge(snapshot.context)) throw new Error('a replay at the live edge');
  },
});
