/**
 * SPEC §3/§4/§9 preroll gating: no_ads skips prerolls; prerolls are matched by category (an empty list means every
 * category), location and the live/VOD flags, and chosen by weight; once one has played, prerolls are off for that
 * viewer (or "unlogged") and that event until the stored time: the channel's timeout, otherwise 3 600 000 ms.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { type PrerollRequest, prerollMachine } from '../../machines/preroll/preroll.machine';
import { createPrerollActors } from '../../machines/preroll/preroll.actors';
import {
  type PlayableEvent,
  type Preroll,
  type PrerollViewer,
  PREROLL_DEFAULT_TIMEOUT_MS,
  matchingPrerolls,
  pickWeighted,
  prerollStorageKey,
} from '../../machines/preroll/preroll.types';

const arena: Preroll = { id: 1, url: 'a', weight: 5, location_id: 10, event_categories: [], for_live: true, for_vod: true };
const hockey: Preroll = { id: 2, url: 'h', weight: 3, location_id: null, event_categories: [20, 21], for_live: true, for_vod: true };
const vodOnly: Preroll = { id: 3, url: 'v', weight: 1, location_id: null, event_categories: [], for_live: false, for_vod: true };
const prerolls = [arena, hockey, vodOnly];

const event = (overrides: Partial<PlayableEvent> = {}): PlayableEvent => ({
  id: 100,
  categoryId: 20,
  locationId: 10,
  streamStatus: 'live',
  ...overrides,
});

/** What a test loads: the event, and who the app says watches it once asked (the `readViewer` port). */
type Load = PrerollRequest & { viewer: PrerollViewer };

/** The machine with its real port adapters over a memory store, a clock the test sets and a queue of draws. */
function start(timeoutMs: number | null = null, draws: number[] = [0]) {
  const stored = new Map<string, number>();
  let watching: PrerollViewer = { id: null, noAds: false };
  const clock = { time: 1_000_000, now: () => clock.time };
  const counts = { draws: 0, reads: 0 };
  const actors = createPrerollActors({
    viewer: () => watching,
    storage: {
      read: (key) => {
        counts.reads += 1;
        return stored.get(key) ?? null;
      },
      write: (key, untilMs) => void stored.set(key, untilMs),
    },
    clock,
    random: () => {
      counts.draws += 1;
      return draws.shift() ?? 0;
    },
  });
  const actor = createActor(prerollMachine.provide({ actors }), { input: { prerolls, timeoutMs } }).start();
  const load = async ({ event, viewer }: Load) => {
    watching = viewer;
    actor.send({ type: 'player.load', request: { event } });
    return waitFor(actor, (s) => !s.hasTag('busy'));
  };
  const finishPreroll = async () => {
    actor.send({ type: 'player.prerollEnded' });
    return waitFor(actor, (s) => s.matches('content'));
  };
  return { actor, stored, clock, counts, load, finishPreroll };
}

const fan = { id: 5, noAds: false };

describe('preroll matching and weighted choice', () => {
  it('matches by live/VOD flag, location and category; an empty category list means every category', () => {
    const ids = (e: PlayableEvent) => matchingPrerolls(prerolls, e).map((p) => p.id);
    expect(ids(event())).toEqual([1, 2]);
    expect(ids(event({ streamStatus: 'vod' }))).toEqual([1, 2, 3]);
    expect(ids(event({ locationId: 11 }))).toEqual([2]);
    expect(ids(event({ categoryId: 99 }))).toEqual([1]);
    expect(ids(event({ categoryId: null, locationId: null, streamStatus: 'vod' }))).toEqual([3]);
    expect(ids(event({ streamStatus: 'upcoming' }))).toEqual([]);
    expect(matchingPrerolls([{ ...arena, weight: 0 }], event())).toEqual([]);
  });

  it('picks in proportion to weight from the injected draw', () => {
    const both = [arena, hockey]; // weights 5 and 3: [0, 5/8) is the first, [5/8, 1) the second
    expect(pickWeighted(both, 0)?.id).toBe(1);
    expect(pickWeighted(both, 0.624)?.id).toBe(1);
    expect(pickWeighted(both, 0.625)?.id).toBe(2);
    expect(pickWeighted(both, 0.999)?.id).toBe(2);
    expect(pickWeighted([], 0.5)).toBeNull();
  });
});

describe('preroll machine', () => {
  it('skips prerolls for a viewer with no_ads, without drawing or reading storage', async () => {
    const { load, counts } = start();
    const snapshot = await load({ event: event(), viewer: { id: 5, noAds: true } });
    expect(snapshot.value).toBe('content');
    expect(snapshot.context.outcome).toBe('noAds');
    expect(counts).toEqual({ draws: 0, reads: 0 });
  });

  it('decides nothing until the app knows who watches, however early the event arrives: a no_ads viewer known late gets no preroll', async () => {
    const draws = { count: 0 };
    let known: (viewer: PrerollViewer) => void = () => undefined;
    const actors = createPrerollActors({
      viewer: () => new Promise<PrerollViewer>((resolve) => (known = resolve)),
      storage: { read: () => null, write: () => undefined },
      clock: { now: () => 1_000_000 },
      random: () => {
        draws.count += 1;
        return 0;
      },
    });
    const actor = createActor(prerollMachine.provide({ actors }), { input: { prerolls, timeoutMs: null } }).start();
    actor.send({ type: 'player.load', request: { event: event() } });
    // The profile is still loading: the machine waits, with a preroll suiting the event.
    await Promise.resolve();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.outcome).toBeNull();
    known({ id: 5, noAds: true });
    const decided = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(decided.context.outcome).toBe('noAds');
    expect(draws.count).toBe(0);
  });

  it('plays no preroll when the app cannot tell who watches', async () => {
    const actors = createPrerollActors({
      viewer: () => Promise.reject(new Error('the session stopped')),
      storage: { read: () => null, write: () => undefined },
      clock: { now: () => 1_000_000 },
      random: () => 0,
    });
    const actor = createActor(prerollMachine.provide({ actors }), { input: { prerolls, timeoutMs: null } }).start();
    actor.send({ type: 'player.load', request: { event: event() } });
    const decided = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(decided.context.outcome).toBe('unavailable');
    expect(decided.hasTag('preroll')).toBe(false);
  });

  it('plays the preroll the draw picks, then stores "off" for one hour by default under the viewer and event', async () => {
    const { load, finishPreroll, stored, clock } = start(null, [0.7]);
    const playing = await load({ event: event(), viewer: fan });
    expect(playing.hasTag('preroll')).toBe(true);
    expect(playing.context.chosen?.id).toBe(2);
    clock.time += 30_000;
    await finishPreroll();
    expect(PREROLL_DEFAULT_TIMEOUT_MS).toBe(3_600_000);
    expect([...stored]).toEqual([[prerollStorageKey(5, 100), 1_030_000 + 3_600_000]]);
    expect(prerollStorageKey(5, 100)).toContain(':5:100');
  });

  it("uses the channel's configured timeout, and keys a visitor who is not logged in as unlogged", async () => {
    const { load, finishPreroll, stored } = start(600_000);
    await load({ event: event(), viewer: { id: null, noAds: false } });
    await finishPreroll();
    expect([...stored]).toEqual([[prerollStorageKey(null, 100), 1_000_000 + 600_000]]);
    expect(prerollStorageKey(null, 100)).toContain('unlogged');
  });

  it('keeps prerolls off for that viewer and event until the stored time, and only for them', async () => {
    const { load, finishPreroll, clock, actor } = start(600_000);
    await load({ event: event(), viewer: fan });
    await finishPreroll();
    clock.time += 599_999;
    expect((await load({ event: event(), viewer: fan })).context.outcome).toBe('disabled');
    expect((await load({ event: event({ id: 101 }), viewer: fan })).hasTag('preroll')).toBe(true);
    expect((await load({ event: event(), viewer: { id: 6, noAds: false } })).hasTag('preroll')).toBe(true);
    clock.time += 1;
    expect((await load({ event: event(), viewer: fan })).hasTag('preroll')).toBe(true);
    expect(actor.getSnapshot().context.chosen?.id).toBe(1);
  });

  it('lets the content play without storing anything when the preroll cannot play, or nothing suits the event', async () => {
    const { load, actor, stored } = start();
    await load({ event: event(), viewer: fan });
    actor.send({ type: 'player.prerollFailed' });
    expect(actor.getSnapshot().context.outcome).toBe('failed');
    expect((await load({ event: event({ streamStatus: 'upcoming' }), viewer: fan })).context.outcome).toBe('noMatch');
    expect(stored.size).toBe(0);
  });

  it('plays no preroll, and holds nothing up, when no ports are provided', async () => {
    const actor = createActor(prerollMachine, { input: { prerolls, timeoutMs: null } }).start();
    actor.send({ type: 'player.load', request: { event: event() } });
    const snapshot = await waitFor(actor, (s) => s.matches('content'));
    expect(snapshot.context.outcome).toBe('unavailable');
  });
});
