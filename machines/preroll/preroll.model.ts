/**
 * Model of preroll gating (machines/preroll): the channel's prerolls, the requests a player makes, what the ports
 * answer. Who is watching (`readViewer`) is answered only after the request, as in the app, where a watch page may
 * hold its event and stream before the session has loaded the profile: every path decides on a known viewer.
 */
import { type PrerollRequest, prerollMachine } from './preroll.machine';
import { type Preroll, type PrerollSettings, type PrerollViewer, matchingPrerolls } from './preroll.types';
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

const hockeyAtArena = { id: 100, categoryId: 20, locationId: 10, streamStatus: 'live' as const };
const requests: PrerollRequest[] = [
  // Prerolls 1 and 2 suit it (weights 5 and 3).
  { event: hockeyAtArena },
  // Only preroll 3 suits a finished event elsewhere.
  { event: { id: 101, categoryId: 99, locationId: 11, streamStatus: 'vod' } },
  // A live event elsewhere in another sport: nothing suits it.
  { event: { id: 102, categoryId: 99, locationId: 11, streamStatus: 'live' } },
];
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
