/**
 * The player's real actors (createPlayerActors) against the reference API behind real Mesh: the details and the
 * playback grant in one request, every refusal of server/domain/watch.ts as the denial the viewer reads, and the
 * preroll decision of the existing preroll machine on the channel's own settings, remembered once the ad ended.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createPlayerActors } from '../../machines/player/player.actors';
import { playerMachine } from '../../machines/player/player.machine';
import type { Authorization, PlayerSource } from '../../machines/player/player.types';
import { prerollSettingsFrom } from '../../machines/preroll/preroll.actors';
import type { PrerollViewer } from '../../machines/preroll/preroll.types';
import { CreateClipDocument } from '../../mesh/client/generated/documents/CreateClip';
import { EventsListDocument } from '../../mesh/client/generated/documents/EventsList';
import type { EventCardFragment } from '../../mesh/client/generated/graphql';
import { StartupDocument } from '../../mesh/client/generated/documents/Startup';
import { VodLibraryDocument } from '../../mesh/client/generated/documents/VodLibrary';
import { startTestApi, type TestApi } from '../server/harness';
import { type RealClient, realClient } from './real-client';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
});

afterAll(async () => {
  await api.close();
});

/** A player's actors for a fresh viewer (a new client, logged in when `email` is given). */
async function playerFor(email?: string) {
  const real: RealClient = realClient(api);
  const profile = email ? await real.login(email) : null;
  const { data } = await real.client.execute(StartupDocument);
  const stored = new Map<string, number>();
  const viewer: PrerollViewer = { id: profile?.id ?? null, noAds: profile?.capabilities.includes('No_Ads') ?? false };
  const effects = createPlayerActors({
    client: real.client,
    preroll: {
      viewer: () => viewer,
      storage: { read: (key) => stored.get(key) ?? null, write: (key, until) => void stored.set(key, until) },
      clock: { now: () => api.clock.now() * 1000 },
      random: () => 0,
    },
  });
  const authorize = (source: PlayerSource): Promise<Authorization> => {
    const actor = createActor(effects.authorize, { input: source }).start();
    return waitFor(actor, (s) => s.status !== 'active', { timeout: 10_000 }).then((s) => {
      if (s.status === 'error') throw s.error;
      return s.output as Authorization;
    });
  };
  /** A player with these real effects, on the channel's own prerolls (its preroll child invoked by it). */
  const startPlayer = () =>
    createActor(playerMachine.provide({ actors: effects }), {
      input: { prerolls: prerollSettingsFrom(data?.settings ?? null), surface: { current: null } },
    }).start();
  return { real, stored, authorize, startPlayer };
}

async function events(real: RealClient, streamStatus: 'live' | 'upcoming'): Promise<EventCardFragment[]> {
  const { events: list } = await real.client.request(EventsListDocument, { streamStatus, limit: 100 });
  return (list?.data ?? []).filter((e): e is EventCardFragment => e !== null);
}

function pick(list: EventCardFragment[], test: (e: EventCardFragment) => boolean): EventCardFragment {
  const found = list.find(test);
  if (!found) throw new Error('the seed has no such event');
  return found;
}

describe('authorize', () => {
  it('grants a free live event to a visitor, with its details, in one request', async () => {
    const { real, authorize } = await playerFor();
    const free = pick(await events(real, 'live'), (e) => e.type === 'free');
    const before = api.requestLog.entries.length;
    const answer = await authorize({ kind: 'event', id: free.id });
    expect(answer.grant).toMatchObject({ streamType: 'live', url: expect.stringMatching(/\/media\/events\/\d+\/.+\/index\.m3u8$/) });
    expect(answer.details?.kind === 'event' && answer.details.event.id).toBe(free.id);
    // getEvent and getEventPlayback, both behind one GraphQL request.
    const calls = api.requestLog.entries.slice(before).map((e) => e.operationId);
    expect(calls.sort()).toEqual(['getEvent', 'getEventPlayback']);
  });

  it('asks a visitor to log in and a viewer to buy a paid event they have not bought', async () => {
    const visitor = await playerFor();
    const paid = pick(await events(visitor.real, 'live'), (e) => e.type === 'paid');
    expect(await visitor.authorize({ kind: 'event', id: paid.id })).toMatchObject({ denial: 'loginRequired' });
    const fan = await playerFor('fan@summit.test');
    const refused = await fan.authorize({ kind: 'event', id: paid.id });
    expect(refused.denial).toBe('purchaseRequired');
    // The details still arrive: the screen shows the event and the link to buy it.
    expect(refused.details?.kind === 'event' && refused.details.event.single_event_package_id).toEqual(expect.any(Number));
  });

  it('refuses the geo-blocked viewer, an upcoming event, an unknown one and a viewer without capabilities', async () => {
    const blocked = await playerFor('blocked@summit.test');
    const free = pick(await events(blocked.real, 'live'), (e) => e.type === 'free');
    expect((await blocked.authorize({ kind: 'event', id: free.id })).denial).toBe('geoBlocked');

    const visitor = await playerFor();
    const upcoming = pick(await events(visitor.real, 'upcoming'), (e) => e.type === 'free');
    expect(await visitor.authorize({ kind: 'event', id: upcoming.id })).toMatchObject({ denial: 'notStarted' });
    expect(await visitor.authorize({ kind: 'event', id: 999_999 })).toEqual({ details: null, denial: 'notFound' });
    expect((await visitor.authorize({ kind: 'clip', id: 1 })).denial).toBe('loginRequired');

    const basic = await playerFor('basic@summit.test');
    expect((await basic.authorize({ kind: 'event', id: free.id })).denial).toBe('notAllowed');
    const { rails } = await basic.real.client.request(VodLibraryDocument);
    const item = rails?.data[0]?.vod_media_items[0];
    if (!item) throw new Error('the seed has no VOD item');
    const vod = await basic.authorize({ kind: 'vod', id: item.id });
    expect(vod.denial).toBe('notAllowed');
    expect(vod.details?.kind === 'vod' && vod.details.item.title).toBe(item.title);
  });

  it('grants a VOD item to the fan (vod_media) and answers notFound for a clip that is not theirs', async () => {
    const fan = await playerFor('fan@summit.test');
    const { rails } = await fan.real.client.request(VodLibraryDocument);
    const item = rails?.data.flatMap((r) => r?.vod_media_items ?? []).find((i) => i?.event_id === null);
    if (!item) throw new Error('the seed has no VOD item without an event');
    expect((await fan.authorize({ kind: 'vod', id: item.id })).grant?.streamType).toBe('vod');
    expect(await fan.authorize({ kind: 'clip', id: 424_242 })).toEqual({ details: null, denial: 'notFound' });
  });

  it('plays a shared clip for a visitor by its link; another event’s id, an unknown uuid or a queued clip is not found', async () => {
    const fan = await playerFor('fan@summit.test');
    const { events: finished } = await fan.real.client.request(EventsListDocument, { streamStatus: 'vod', limit: 50 });
    const event = finished?.data.find((e) => e?.type === 'free');
    if (!event) throw new Error('the seed has no free finished event');
    const { clip } = await fan.real.client.request(CreateClipDocument, { eventId: event.id, name: 'Shared goal', startTime: 10, duration: 5 });
    if (!clip) throw new Error('no clip');
    const visitor = await playerFor();
    expect(await visitor.authorize({ kind: 'sharedClip', id: event.id, uuid: clip.uuid })).toEqual({ details: null, denial: 'notFound' });
    api.clock.advance(3);
    api.runJobs();

    const shared = await visitor.authorize({ kind: 'sharedClip', id: event.id, uuid: clip.uuid });
    expect(shared.grant).toMatchObject({ streamType: 'vod', url: expect.stringContaining(`/media/clips/${clip.uuid}/index.m3u8`) });
    expect(shared.details?.kind === 'clip' && shared.details.clip.name).toBe('Shared goal');
    expect(await visitor.authorize({ kind: 'sharedClip', id: event.id + 1, uuid: clip.uuid })).toEqual({ details: null, denial: 'notFound' });
    expect(await visitor.authorize({ kind: 'sharedClip', id: event.id, uuid: crypto.randomUUID() })).toEqual({ details: null, denial: 'notFound' });
    expect(await visitor.authorize({ kind: 'sharedClip', id: event.id, uuid: 'not-a-uuid' })).toEqual({ details: null, denial: 'notFound' });
  });

  it('fails (for a retry) when the API cannot answer', async () => {
    const { real, authorize } = await playerFor();
    const free = pick(await events(real, 'live'), (e) => e.type === 'free');
    api.faults.add({ operationId: 'getEventPlayback', status: 503, times: 2 });
    await expect(authorize({ kind: 'event', id: free.id })).rejects.toMatchObject({ error: { kind: 'crash', status: 503 } });
    api.faults.clear();
  });
});

describe('the player and its preroll child', () => {
  it("plays the channel's preroll before a free live game at Northfield once, then not again for an hour", async () => {
    const { real, stored, startPlayer } = await playerFor();
    const lives = await events(real, 'live');
    const northfield = pick(lives, (e) => e.type === 'free' && e.name === 'Huskies Spring Game');
    const player = startPlayer();
    player.send({ type: 'player.open', source: { kind: 'event', id: northfield.id } });
    const withAd = await waitFor(player, (s) => !s.hasTag('busy') || s.matches('preroll'), { timeout: 10_000 });
    expect(withAd.hasTag('preroll')).toBe(true);
    expect(withAd.context.prerollUrl).toMatch(/prerolls/);

    player.send({ type: 'media.playing' });
    player.send({ type: 'media.ended' });
    expect(player.getSnapshot().matches('content')).toBe(true);
    // The preroll child stores the time in the background while the video plays.
    await vi.waitFor(() => expect([...stored.keys()]).toEqual([`preroll_disabled_until:unlogged:${northfield.id}`]));

    player.send({ type: 'player.open', source: { kind: 'event', id: northfield.id } });
    const again = await waitFor(player, (s) => s.matches('content') || s.matches('preroll'), { timeout: 10_000 });
    expect(again.matches('content')).toBe(true);
    player.stop();
  });

  it('never plays a preroll for the fan (no_ads)', async () => {
    const { real, startPlayer } = await playerFor('fan@summit.test');
    const northfield = pick(await events(real, 'live'), (e) => e.name === 'Huskies Spring Game');
    const player = startPlayer();
    player.send({ type: 'player.open', source: { kind: 'event', id: northfield.id } });
    const shown = await waitFor(player, (s) => s.matches('content') || s.matches('preroll') || s.hasTag('denied'), { timeout: 10_000 });
    expect(shown.matches('content')).toBe(true);
    player.stop();
  });
});
