/**
 * Model of the player (machines/player): a free live event the viewer may watch, the same event refused, a
 * preroll or none, a saved position to resume from (or one too early to offer, or none), and what the media
 * element reports while the ad and the video play.
 */
import { playbackControlsMachine } from '../playback-controls/playback-controls.machine';
import { playerMachine } from './player.machine';
import type { Authorization, PlayerDetails } from './player.types';
import type { PrerollRequest } from '../preroll/preroll.machine';
import { defineModel } from '../shared/machine-model';
import { requestError } from '../shared/client-fixtures';

const details: PlayerDetails = {
  kind: 'vod',
  item: { id: 7, title: 'Top 10 Saves of the Season', description: '', date: 0, duration: 240, category_id: 1, event_id: null, assets: [] },
};
const granted: Authorization = {
  details,
  grant: { url: 'http://media.test/media/vod-items/7/token/index.m3u8', streamType: 'vod', expiresAt: 2_000_000_000 },
};
const refused: Authorization = { details, denial: 'notAllowed' };
const PREROLL_URL = 'http://media.test/media/prerolls/1/index.m3u8';

/**
 * The controls' machine as `loadControls` resolves it. A machine is no data: the studio's paths write it as its name
 * (a machine's own toJSON would not end).
 */
const loadedControls = Object.assign(Object.create(playbackControlsMachine) as typeof playbackControlsMachine, {
  toJSON: () => 'the playback controls machine',
});

const request: PrerollRequest = { event: { id: -7, categoryId: null, locationId: null, streamStatus: 'vod' } };

export const playerModel = defineModel({
  machine: playerMachine,
  input: { prerolls: { prerolls: [], timeoutMs: null }, surface: { current: null } },
  events: {
    'player.open': [{ type: 'player.open', source: { kind: 'vod', id: 7 } }],
    // What the preroll child (invoked by the player) decides.
    'preroll.chosen': [{ type: 'preroll.chosen', url: PREROLL_URL }],
    'preroll.skipped': [{ type: 'preroll.skipped' }],
    'media.error': [{ type: 'media.error', message: 'manifestLoadError' }],
    'media.watched': [{ type: 'media.watched', seconds: 30, position: 95, duration: 240 }],
    // What the stream reports for the controls, and a command of theirs for the stream.
    'media.facts': [{ type: 'media.facts', facts: { time: 12, paused: false } }],
    'controls.command': [{ type: 'controls.command', command: { type: 'stream.pause' } }],
  },
  outputs: {
    authorize: [granted, refused],
    loadControls: [loadedControls],
    describePlayable: [request],
    // Where the viewer stopped: nowhere, in the first 10 seconds (not offered), or part-way.
    readProgress: [null, 8, 754],
  },
  errors: {
    authorize: [requestError('network', 0, 'fetch failed')],
  },
  titles: { outputs: { loadControls: 'the controls load' } },
  // The controls' actor stands for itself by whether it runs.
  abstractState: (snapshot) => ({ value: snapshot.value, context: { ...snapshot.context, controls: snapshot.context.controls !== null } }),
  check: (snapshot) => {
    const { source, grant, denial, prerollUrl } = snapshot.context;
    if (!snapshot.matches('idle') && source === null) throw new Error('a player state without a source');
    if (snapshot.hasTag('denied') !== (denial !== null)) throw new Error(`denial ${denial} in ${JSON.stringify(snapshot.value)}`);
    if ((snapshot.matches('content') || snapshot.matches('preroll') || snapshot.matches('ended')) && grant === null) {
      throw new Error('playing without a grant');
    }
    if (snapshot.hasTag('preroll') && prerollUrl === null) throw new Error('an ad plays without a preroll');
    const { savedPosition, startAt } = snapshot.context;
    if (snapshot.hasTag('resumeOffer') && !(savedPosition !== null && savedPosition > 10)) throw new Error(`offering to resume from ${savedPosition}`);
    if (startAt !== null && startAt !== savedPosition) throw new Error(`starting at ${startAt}, saved ${savedPosition}`);
    // The screen shows one thing at a time (the player facade reads these tags in turn).
    const shown = (['denied', 'failed', 'ended', 'buffering', 'playing', 'resumeOffer'] as const).filter((tag) => snapshot.hasTag(tag));
    if (shown.length > 1) throw new Error(`the screen would show ${shown.join(' and ')}`);
    if (snapshot.hasTag('buffering') && !snapshot.hasTag('busy')) throw new Error('buffering without the spinner');
    // Controls run only over the ad or the video, and stop with them.
    if (snapshot.context.controls !== null && !snapshot.matches('content') && !snapshot.matches('preroll')) throw new Error('controls left running');
  },
});
