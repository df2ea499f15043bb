/**
 * Continue watching, the player's side (machines/player/player.progress.ts) against the reference API behind real
 * Mesh: the saver the app's `reportViewing` uses keeps a signed-in viewer's place in a replay or library video and
 * nothing else, one save per item at a time (a newer report waits for the one in flight, replacing any older one
 * waiting); `readSavedPosition`, the
 * player's `readProgress`, answers that place back, and nothing for a visitor, a live game or a clip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProgressSaver, readSavedPosition } from '../../machines/player/player.progress';
import type { FirstFrameParams, PlayerSource, ViewingParams } from '../../machines/player/player.types';
import { LoginDocument } from '../../mesh/client/generated/documents/Login';
import { createMemoryKeyStore } from '../../mesh/client/keys';
import { type ChannelClient, createChannelClient } from '../../mesh/client/transport';
import { DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { eventsIn } from '../server/media-helpers';

let api: TestApi;
let key: string;
let replayId: number;
let liveId: number;
let vodItemId: number;
let counter = 0;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
  key = await api.apiKey(SUMMIT.channelKey);
  replayId = (await eventsIn(api, key, 'vod'))[0]!.id;
  liveId = (await eventsIn(api, key, 'live'))[0]!.id;
  const items = await api.call<{ data: Array<{ id: number }> }>('GET', '/vod-media-items', { key, query: { no_limit: 1 } });
  vodItemId = items.body.data[0]!.id;
});

afterAll(() => api.close());

/** A client of the real stack whose saves the test can watch: how many were sent, and how many were in flight at once. */
function watchedClient() {
  let token: string | null = null;
  const seen = { inFlight: 0, most: 0, sent: 0 };
  const client: ChannelClient = createChannelClient({
    endpoint: api.graphqlUrl,
    keyStore: createMemoryKeyStore(),
    channelKey: SUMMIT.channelKey,
    getToken: () => token,
    retry: { delayMs: 20 },
    reporting: false,
    fetch: async (input, init) => {
      const saving = typeof init?.body === 'string' && init.body.includes('SaveWatchProgress');
      if (!saving) return fetch(input, init);
      seen.sent += 1;
      seen.inFlight += 1;
      seen.most = Math.max(seen.most, seen.inFlight);
      try {
        return await fetch(input, init);
      } finally {
        seen.inFlight -= 1;
      }
    },
  });
  return {
    client,
    seen,
    async signIn(): Promise<number> {
      const email = `saver-${++counter}@example.com`;
      const registered = await api.call<{ user: { id: number } }>('POST', '/v2/auth/register', {
        key,
        body: { first_name: 'Save', last_name: 'Fan', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
      });
      expect(registered.status).toBe(201);
      const { session } = await client.request(LoginDocument, { email, password: DEMO_PASSWORD });
      token = session?.token ?? null;
      return registered.body.user.id;
    },
  };
}

const playback = (source: PlayerSource, streamType: 'live' | 'vod' = 'vod'): FirstFrameParams => ({
  source,
  details: null,
  grant: { url: 'http://media.test/index.m3u8', streamType, expiresAt: 2_000_000_000 },
});
const report = (source: PlayerSource, position: number, duration = 3600, streamType: 'live' | 'vod' = 'vod'): ViewingParams => ({
  ...playback(source, streamType),
  seconds: 30,
  position,
  duration,
});
const rows = (userId: number) =>
  api.db.prepare('SELECT item_type, item_id, position FROM watch_progress WHERE user_id = ? ORDER BY item_type').all(userId);

describe('the progress saver', () => {
  it("keeps a signed-in viewer's place in a replay and a library video, and reads it back for the player", async () => {
    const viewer = watchedClient();
    const userId = await viewer.signIn();
    const save = createProgressSaver({ client: viewer.client, signedIn: () => true });
    await save(report({ kind: 'event', id: replayId }, 754.5));
    await save(report({ kind: 'vod', id: vodItemId }, 61, 240));
    expect(rows(userId)).toEqual([
      { item_type: 'event', item_id: replayId, position: 754.5 },
      { item_type: 'vod_item', item_id: vodItemId, position: 61 },
    ]);
    const position = (source: PlayerSource, streamType: 'live' | 'vod' = 'vod') =>
      readSavedPosition(viewer.client, () => ({ id: userId, noAds: false }), playback(source, streamType), new AbortController().signal);
    expect(await position({ kind: 'event', id: replayId })).toBe(754.5);
    expect(await position({ kind: 'vod', id: vodItemId })).toBe(61);
    // A live game and a clip keep no place; another replay has none saved.
    expect(await position({ kind: 'event', id: replayId }, 'live')).toBeNull();
    expect(await position({ kind: 'clip', id: 1 })).toBeNull();
    expect(await position({ kind: 'event', id: (await eventsIn(api, key, 'vod'))[1]!.id })).toBeNull();
  });

  it('saves nothing for a visitor, a live game, a clip, or a report without a known position or length', async () => {
    const viewer = watchedClient();
    const userId = await viewer.signIn();
    await createProgressSaver({ client: viewer.client, signedIn: () => false })(report({ kind: 'event', id: replayId }, 100));
    const save = createProgressSaver({ client: viewer.client, signedIn: () => true });
    await save(report({ kind: 'event', id: liveId }, 100, 3600, 'live'));
    await save(report({ kind: 'clip', id: 1 }, 10, 15));
    await save({ ...playback({ kind: 'event', id: replayId }), seconds: 30, position: Number.NaN, duration: Number.NaN });
    await save(report({ kind: 'event', id: replayId }, 100, Number.POSITIVE_INFINITY));
    await save(report({ kind: 'event', id: replayId }, 100, Number.NaN));
    expect(viewer.seen.sent).toBe(0);
    expect(rows(userId)).toEqual([]);
    // A visitor's reader asks nothing either.
    const read = await readSavedPosition(viewer.client, () => ({ id: null, noAds: false }), playback({ kind: 'event', id: replayId }), new AbortController().signal);
    expect(read).toBeNull();
  });

  it('never has two saves of one item in flight: a newer report waits, replacing an older waiting one; the newest is kept', async () => {
    const viewer = watchedClient();
    const userId = await viewer.signIn();
    const save = createProgressSaver({ client: viewer.client, signedIn: () => true });
    const source: PlayerSource = { kind: 'event', id: replayId };
    await Promise.all([save(report(source, 100)), save(report(source, 130)), save(report(source, 160))]);
    // The first went out; 130 waited and was replaced by 160 before its turn.
    expect(viewer.seen.most).toBe(1);
    expect(viewer.seen.sent).toBe(2);
    expect(rows(userId)).toEqual([{ item_type: 'event', item_id: replayId, position: 160 }]);
    // Another item is saved beside it, not instead of it.
    await Promise.all([save(report(source, 190)), save(report({ kind: 'vod', id: vodItemId }, 50, 240))]);
    expect(rows(userId)).toEqual([
      { item_type: 'event', item_id: replayId, position: 190 },
      { item_type: 'vod_item', item_id: vodItemId, position: 50 },
    ]);
  });
});
