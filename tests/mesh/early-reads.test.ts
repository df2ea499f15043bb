/**
 * A read started before its caller has loaded (the watch page's grant, sent by the entry) is taken by the caller's
 * own request for the same viewer, once; for anyone else, or later, the request goes out as usual. The real client
 * against the real stack; the REST request log counts what reached the API.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEarlyReads, EARLY_READ_TTL_MS } from '../../mesh/client/early-reads';
import { WatchEventDocument } from '../../mesh/client/generated/documents/WatchEvent';
import { readSavedPosition } from '../../machines/player/player.progress';
import { startEarlyWatch } from '../../src/app/early-watch';
import { startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { clientFor, restCalls } from './client-harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
});
afterAll(() => api.close());

const grantsOf = (id: number): number => api.requestLog.entries.filter((entry) => entry.path.endsWith(`/events/${id}/playback`)).length;

async function viewer() {
  const under = clientFor(api, { channelKey: SUMMIT.channelKey });
  under.token = await api.login('fan@summit.test', await under.client.ensureApiKey());
  return under;
}

describe('early reads', () => {
  it('hands the grant it asked for to the player\'s own request: one request for the two', async () => {
    const under = await viewer();
    const early = createEarlyReads(under.client, () => under.token);
    api.requestLog.clear();
    early.start(WatchEventDocument, { id: 2 }, { tolerate: ['http', 'notFound'] });
    const answer = await early.client.execute(WatchEventDocument, { id: 2 });
    expect(answer.data?.event?.id).toBe(2);
    expect(restCalls(api, 'getEventPlayback')).toBe(1);
    // Taken once: the next request goes out.
    await early.client.execute(WatchEventDocument, { id: 2 });
    expect(restCalls(api, 'getEventPlayback')).toBe(2);
  });

  it('never hands one viewer\'s grant to another: after a sign-out the request goes out again, without the token', async () => {
    const under = await viewer();
    const early = createEarlyReads(under.client, () => under.token);
    api.requestLog.clear();
    early.start(WatchEventDocument, { id: 2 });
    under.token = null;
    await early.client.execute(WatchEventDocument, { id: 2 });
    // The early request (which may still be on its way) and the visitor's own.
    await vi.waitFor(() => expect(restCalls(api, 'getEventPlayback')).toBe(2));
  });

  it('asks again for another game, or once the early answer is too old', async () => {
    const under = await viewer();
    let now = 1_000_000;
    const early = createEarlyReads(under.client, () => under.token, () => now);
    api.requestLog.clear();
    early.start(WatchEventDocument, { id: 2 });
    await early.client.execute(WatchEventDocument, { id: 3 });
    expect(grantsOf(3)).toBe(1);
    await vi.waitFor(() => expect(grantsOf(2)).toBe(1));
    now += EARLY_READ_TTL_MS;
    await early.client.execute(WatchEventDocument, { id: 2 });
    // The early request, then the player's own: the early answer was too old.
    expect(grantsOf(2)).toBe(2);
  });

  it('answers a caller that gives up as cancelled, without waiting for the early request', async () => {
    const under = await viewer();
    const early = createEarlyReads(under.client, () => under.token);
    api.faults.add({ operationId: 'getEvent', delayMs: 600_000, times: 1 });
    early.start(WatchEventDocument, { id: 2 });
    const controller = new AbortController();
    const waiting = early.client.execute(WatchEventDocument, { id: 2 }, { signal: controller.signal });
    controller.abort();
    expect((await waiting).errors.map((e) => e.kind)).toEqual(['cancelled']);
    api.faults.clear();
  });

  it("the watch page's early read says when playback is granted (hls.js loads then), and not when the game is refused", async () => {
    const fan = await viewer();
    const granted = vi.fn();
    startEarlyWatch({ early: createEarlyReads(fan.client, () => fan.token) }, 2, granted, () => fan.token);
    await vi.waitFor(() => expect(granted).toHaveBeenCalledTimes(1));

    // A visitor on a paid game: the grant is refused, so hls.js is never asked for.
    const visitor = clientFor(api, { channelKey: SUMMIT.channelKey });
    const paid = api.db.prepare<[], { id: number }>("SELECT e.id FROM events e JOIN channels c ON c.id = e.channel_id WHERE e.type = 'paid' AND c.alias = 'summit' LIMIT 1").get();
    if (!paid) throw new Error('the demo channel has no paid game');
    const refused = vi.fn();
    const early = createEarlyReads(visitor.client, () => null);
    startEarlyWatch({ early }, paid.id, refused, () => null);
    const answer = await early.client.execute(WatchEventDocument, { id: paid.id }, { tolerate: ['http', 'notFound'] });
    expect(answer.data?.playback ?? null).toBeNull();
    expect(refused).not.toHaveBeenCalled();
  });

  it("a signed-in viewer's places go out beside the grant, and the player's reader takes them on a replay: one request", async () => {
    const fan = await viewer();
    const early = createEarlyReads(fan.client, () => fan.token);
    api.requestLog.clear();
    startEarlyWatch({ early }, 2, () => undefined, () => fan.token);
    await vi.waitFor(() => expect(restCalls(api, 'listWatchProgress')).toBe(1));
    const replay = { source: { kind: 'event', id: 2 }, details: null, grant: { url: 'index.m3u8', streamType: 'vod', expiresAt: 0 } } as const;
    const viewerOf = () => ({ id: 1, noAds: true });
    expect(await readSavedPosition(early.client, viewerOf, replay, new AbortController().signal)).toBeNull();
    expect(restCalls(api, 'listWatchProgress')).toBe(1);

    // A visitor has no places: only the grant goes out. A signed-in viewer's places go out beside the grant whatever
    // the game (a live game's are not read, but waiting for the grant to know would delay a replay's first frame).
    const now = api.clock.now();
    const live = api.db
      .prepare<[number, number], { id: number }>(
        "SELECT e.id FROM events e JOIN channels c ON c.id = e.channel_id WHERE c.alias = 'summit' AND e.type = 'free' AND e.event_utc_ts <= ? AND e.event_utc_ts + e.duration > ? LIMIT 1",
      )
      .get(now, now);
    if (!live) throw new Error('the demo channel has no live game');
    for (const [id, token, expected] of [
      [live.id, fan.token, ['ResumePositions', 'WatchEvent']],
      [2, null, ['WatchEvent']],
    ] as const) {
      const reads = createEarlyReads(fan.client, () => token);
      const started: string[] = [];
      const watched = { ...reads, start: ((document, ...rest) => (started.push(document.__meta__.name), reads.start(document, ...rest))) as typeof reads.start };
      startEarlyWatch({ early: watched }, id, () => undefined, () => token);
      // Both went out before either answered.
      expect(started).toEqual(expected);
      expect((await reads.client.execute(WatchEventDocument, { id })).data?.playback).toBeTruthy();
      expect(started).toEqual(expected);
    }
  });
});
