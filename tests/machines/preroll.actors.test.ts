/**
 * Preroll gating with its real actors (createPrerollActors: storage, clock and random ports) on the channel's own
 * settings, read through mesh/client from the reference API (the Startup query, SPEC §1). A visitor opening a
 * finished hockey game at Northfield gets the preroll the draw picks among the three seeded ones that suit it, and
 * no preroll for the next hour. The failure path: when the settings cannot be read there is nothing to play.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createPrerollActors, playableEventFrom, prerollSettingsFrom } from '../../machines/preroll/preroll.actors';
import { type PrerollRequest, prerollMachine } from '../../machines/preroll/preroll.machine';
import { type PrerollSettings, type PrerollViewer, prerollStorageKey } from '../../machines/preroll/preroll.types';
import { EventsListDocument } from '../../mesh/client/generated/documents/EventsList';
import { StartupDocument } from '../../mesh/client/generated/documents/Startup';
import { UserAccessDocument } from '../../mesh/client/generated/documents/UserAccess';
import { startTestApi, type TestApi } from '../server/harness';
import { type RealClient, realClient } from './real-client';

let api: TestApi;
let real: RealClient;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
  real = realClient(api);
});

afterAll(async () => {
  await api.close();
});

async function channelSettings(): Promise<PrerollSettings> {
  const { data } = await real.client.execute(StartupDocument);
  return prerollSettingsFrom(data?.settings ?? null);
}

function startMachine(settings: PrerollSettings, draw: number) {
  const stored = new Map<string, number>();
  const clock = { time: api.clock.now() * 1000, now: () => clock.time };
  let watching: PrerollViewer = { id: null, noAds: false };
  const actors = createPrerollActors({
    viewer: () => watching,
    storage: { read: (key) => stored.get(key) ?? null, write: (key, until) => void stored.set(key, until) },
    clock,
    random: () => draw,
  });
  const actor = createActor(prerollMachine.provide({ actors }), { input: settings }).start();
  const load = ({ event, viewer }: PrerollRequest & { viewer: PrerollViewer }) => {
    watching = viewer;
    actor.send({ type: 'player.load', request: { event } });
    return waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 10_000 });
  };
  return { actor, stored, clock, load };
}

describe('preroll gating on the channel settings', () => {
  it("picks by weight among the channel's prerolls that suit the event, then keeps them off for an hour", async () => {
    const settings = await channelSettings();
    // Summit: weight 5 at Northfield, weight 3 for men's and women's hockey, weight 1 for VOD only.
    expect(settings.prerolls.map((p) => p.weight)).toEqual([5, 3, 1]);
    expect(settings.timeoutMs).toBeNull();
    const [atArena, forHockey] = settings.prerolls;
    const { events } = await real.client.request(EventsListDocument, { streamStatus: 'vod', limit: 100 });
    const game = events?.data.find(
      (e) => e !== null && e.location_id === atArena?.location_id && forHockey?.event_categories.includes(e.event_category_id ?? -1),
    );
    if (!game || !forHockey) throw new Error('no finished hockey game at the Northfield arena');

    // All three suit it (total weight 9): 0.6 × 9 = 5.4 falls in the hockey preroll's share [5, 8).
    const { load, actor, stored, clock } = startMachine(settings, 0.6);
    const request = { event: playableEventFrom(game), viewer: { id: null, noAds: false } };
    const playing = await load(request);
    expect(playing.hasTag('preroll')).toBe(true);
    expect(playing.context.chosen).toEqual(forHockey);

    clock.time += 30_000;
    actor.send({ type: 'player.prerollEnded' });
    await waitFor(actor, (s) => s.matches('content'));
    expect([...stored]).toEqual([[prerollStorageKey(null, game.id), clock.time + 3_600_000]]);
    expect((await load(request)).context.outcome).toBe('disabled');
    actor.stop();
  });

  it("skips prerolls for fan@summit.test's no_ads capability, and has nothing to play when the settings fail", async () => {
    const profile = await real.login('fan@summit.test');
    const { access } = await real.client.request(UserAccessDocument, {});
    expect(access?.capabilities.no_ads).toBe(true);
    const event = { id: 1, categoryId: null, locationId: null, streamStatus: 'vod' as const };

    const withAds = startMachine(await channelSettings(), 0);
    const skipped = await withAds.load({ event, viewer: { id: profile.id, noAds: access?.capabilities.no_ads ?? false } });
    expect(skipped.context.outcome).toBe('noAds');

    api.faults.add({ operationId: 'getSettings', status: 503 });
    const settings = await channelSettings();
    api.faults.clear();
    expect(settings).toEqual({ prerolls: [], timeoutMs: null });
    const bare = startMachine(settings, 0);
    expect((await bare.load({ event, viewer: { id: null, noAds: false } })).context.outcome).toBe('noMatch');
  });
});
