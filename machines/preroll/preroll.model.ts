/**
 * Model of preroll gating (machines/preroll): the channel's prerolls, the requests a player makes, what the ports
 * answer. Who is watching (`readViewer`) is answered only after the request, as in the app, where a watch page may
 * hold its event and stream before the session has loaded the profile: every path decides on a known viewer.
 */
import { type PrerollRequest, prerollMachine } from './preroll.machine';
import { type PlayableEvent, type Preroll, type PrerollSettings, type PrerollViewer, matchingPrerolls } from './preroll.types';
import { defineModel } from '../shared/machine-model';

const NOW = 1_767_225_600_000;
const PREROLL_LENGTH_MS = 30_000;

/** Like the seeded channel: one for a location, one for two categories, one for VOD only. */
const prerolls: Preroll[] = [
  { id: 1, url: '/media/prerolls/arena.m3u8', weight: 5, location_id: 10, event_categories: [], for_live: true, for_vod: true },
  { id: 2, url: '/media/prerolls/hockey.m3u8', weight: 3, location_id: null, event_categories: [20, 21], for_live: true, for_vod: true },
  { id: 3, url: '/media/prerolls/vod.m3u8', weight: 1, location_id: null, event_categories: [], for_live: false, for_vod: true },
];
const settings: PrerollSettings = { prerolls, timeoutMs: 1_800_000 };

/** Prerolls 1 and 2 suit it (weights 5 and 3). */
export const HOCKEY_AT_ARENA: PlayableEvent = { id: 100, categoryId: 20, locationId: 10, streamStatus: 'live' };
/** Only preroll 3 suits a finished event elsewhere. */
export const FINISHED_ELSEWHERE: PlayableEvent = { id: 101, categoryId: 99, locationId: 11, streamStatus: 'vod' };
/** A live event elsewhere in another sport: nothing suits it. */
export const LIVE_ELSEWHERE: PlayableEvent = { id: 102, categoryId: 99, locationId: 11, streamStatus: 'live' };
const requests: PrerollRequest[] = [HOCKEY_AT_ARENA, FINISHED_ELSEWHERE, LIVE_ELSEWHERE].map((event) => ({ event }));

/** How a path's title names the event it opens: by what makes prerolls suit it or not. */
const EVENT_WORDS = new Map<number, string>([
  [HOCKEY_AT_ARENA.id, 'open the live hockey game at the arena'],
  [FINISHED_ELSEWHERE.id, 'open a finished game elsewhere'],
  [LIVE_ELSEWHERE.id, 'open a live game no preroll suits'],
]);
/** A signed-in fan with ads, a visitor (prerolls off per "unlogged"), and a viewer with the no_ads capability. */
const viewers: PrerollViewer[] = [
  { id: 5, noAds: false },
  { id: null, noAds: false },
  { id: 6, noAds: true },
];

export const prerollModel = defineModel({
  machine: prerollMachine,
  input: settings,
  events: {
    'player.load': requests.map((request) => ({ type: 'player.load' as const, request })),
  },
  outputs: {
    readViewer: viewers,
    readClock: [NOW],
    readEndClock: [NOW + PREROLL_LENGTH_MS],
    // Nothing stored, or off for one more second.
    readDisabledUntil: [null, NOW + 1000],
    // The first and the second preroll of two suitable ones (0 × 8 and 0.7 × 8 of the total weight 8).
    drawRandom: [0, 0.7],
    writeDisabledUntil: [undefined],
  },
  errors: {
    // The app could not tell who watches: no preroll is the safe answer.
    readViewer: [new Error('session stopped')],
  },
  // How paths read in their titles (`npm run paths`): what the viewer opens, who they are, what is stored and drawn,
  // and how the ad goes. The clock's readings say nothing a title needs: they are left out.
  titles: {
    events: {
      'player.load': (event) => EVENT_WORDS.get(event.request.event.id) ?? `open event ${event.request.event.id}`,
      'player.prerollEnded': 'the ad plays to its end',
      'player.prerollFailed': 'the ad fails to play',
    },
    outputs: {
      readViewer: (viewer: PrerollViewer) => (viewer.noAds ? 'a viewer with no_ads' : viewer.id === null ? 'a visitor' : 'a signed-in fan with ads'),
      readClock: '',
      readEndClock: '',
      readDisabledUntil: (until: number | null) => (until === null ? 'nothing stored' : 'prerolls still off for them'),
      // Which preroll it picks depends on the event's suitable ones: the title says where the draw falls.
      drawRandom: (draw: number) => `a preroll drawn at ${draw} of the weights`,
      writeDisabledUntil: 'prerolls kept off for them',
    },
    errors: {
      readViewer: 'who is watching cannot be told',
      readClock: 'no clock',
      readEndClock: 'no clock when the ad ends',
      readDisabledUntil: 'storage unreadable',
      drawRandom: 'no random draw',
      writeDisabledUntil: 'storage refuses the time',
    },
  },
  check: (snapshot) => {
    const { request, viewer, chosen, outcome } = snapshot.context;
    if (snapshot.hasTag('preroll')) {
      if (request === null || chosen === null) throw new Error('a preroll plays without a request or a choice');
      if (viewer === null) throw new Error('a preroll plays before the viewer is known');
      if (viewer.noAds) throw new Error('a preroll plays for a viewer with no_ads');
      if (!matchingPrerolls(settings.prerolls, request.event).some((p) => p.id === chosen.id)) {
        throw new Error(`preroll ${chosen.id} does not suit event ${request.event.id}`);
      }
    }
    if (snapshot.matches('content')) {
      if (viewer?.noAds && outcome !== 'noAds') throw new Error(`no_ads viewer ended with ${outcome}`);
      if (request?.event.id === 102 && viewer?.noAds === false && outcome !== 'noMatch') {
        throw new Error(`an event without prerolls ended with ${outcome}`);
      }
      if (outcome === null) throw new Error('content without an outcome');
    }
  },
});
