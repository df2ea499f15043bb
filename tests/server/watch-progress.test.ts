/**
 * Continue watching (README.md "Continue watching", the contract's /watch_progress): the real API on a temporary
 * SQLite file. A viewer's position in a replay or a library video is saved (one row per viewer and item, however
 * often and however concurrently it is reported), listed most recent first with what a card shows, and leaves the
 * row once finished. Nobody else reads or writes it: another viewer's id in the body names nothing, another channel
 * does not see it, and a visitor is refused with 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOREAL, databaseSnapshot, DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from './harness';
import { type EventItem, eventsIn } from './media-helpers';

interface Viewer {
  id: number;
  token: string;
}
interface Progress {
  item_type: 'event' | 'vod_item';
  item_id: number;
  position: number;
  duration: number;
  updated_at: number;
  title: string;
  image: string | null;
  link: string;
}
interface ErrorBody {
  error: { message: string; errors: Record<string, string[]> };
}

let api: TestApi;
let summitKey: string;
let borealKey: string;
let counter = 0;
let replay: EventItem & { name?: string };
let otherReplay: EventItem;
let upcoming: EventItem;
let vodItem: { id: number; title: string };
let borealReplay: EventItem;

async function newViewer(key: string): Promise<Viewer> {
  const email = `progress-${++counter}@example.com`;
  const result = await api.call<{ token: string; user: { id: number } }>('POST', '/v2/auth/register', {
    key,
    body: { first_name: 'Resume', last_name: 'Fan', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
  });
  expect(result.status).toBe(201);
  return { id: result.body.user.id, token: result.body.token };
}

const save = (viewer: Viewer, body: Record<string, unknown>, key = summitKey) =>
  api.call<{ finished: boolean } & ErrorBody>('PUT', '/watch_progress', { key, token: viewer.token, body });

async function row(viewer: Viewer, key = summitKey): Promise<Progress[]> {
  const list = await api.call<{ data: Progress[]; meta: { total: number } }>('GET', '/watch_progress', { key, token: viewer.token });
  expect(list.status).toBe(200);
  expect(list.body.meta.total).toBe(list.body.data.length);
  return list.body.data;
}

const rowsOf = (viewer: Viewer) => api.db.prepare('SELECT item_type, item_id, position FROM watch_progress WHERE user_id = ?').all(viewer.id);

beforeAll(async () => {
  api = await startTestApi();
  summitKey = await api.apiKey(SUMMIT.channelKey);
  borealKey = await api.apiKey(BOREAL.channelKey);
  const first = <T>(list: T[], at = 0): T => {
    const found = list[at];
    if (found === undefined) throw new Error('the demo seed has no such event');
    return found;
  };
  const replays = await eventsIn(api, summitKey, 'vod');
  [replay, otherReplay] = [first(replays), first(replays, 1)];
  upcoming = first(await eventsIn(api, summitKey, 'upcoming'));
  borealReplay = first(await eventsIn(api, borealKey, 'vod'));
  const items = await api.call<{ data: Array<{ id: number; title: string }> }>('GET', '/vod-media-items', { key: summitKey, query: { no_limit: 1 } });
  vodItem = items.body.data[0]!;
  expect(replay && otherReplay && upcoming && vodItem && borealReplay).toBeTruthy();
});

afterAll(() => api.close());

describe('saving and listing', () => {
  it('lists a replay and a library video where the viewer stopped, most recently watched first, with their card', async () => {
    const viewer = await newViewer(summitKey);
    expect((await save(viewer, { item_type: 'event', item_id: replay.id, position: 754.2, duration: 3600 })).status).toBe(200);
    api.clock.advance(5);
    expect((await save(viewer, { item_type: 'vod_item', item_id: vodItem.id, position: 61, duration: 240 })).status).toBe(200);
    const list = await row(viewer);
    expect(list.map((p) => [p.item_type, p.item_id, p.position, p.duration])).toEqual([
      ['vod_item', vodItem.id, 61, 240],
      ['event', replay.id, 754.2, 3600],
    ]);
    expect(list[0]).toMatchObject({ title: vodItem.title, link: `/vod_library/${vodItem.id}` });
    expect(list[1]).toMatchObject({ title: replay.name, link: `/watch/${replay.id}` });
    // Watching the replay again brings it to the front.
    api.clock.advance(5);
    await save(viewer, { item_type: 'event', item_id: replay.id, position: 800, duration: 3600 });
    expect((await row(viewer)).map((p) => [p.item_id, p.position])).toEqual([
      [replay.id, 800],
      [vodItem.id, 61],
    ]);
  });

  it('keeps one row per viewer and item, however many reports arrive at once', async () => {
    const viewer = await newViewer(summitKey);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => save(viewer, { item_type: 'event', item_id: otherReplay.id, position: 100 + i, duration: 3600 })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    for (let i = 0; i < 3; i++) await save(viewer, { item_type: 'event', item_id: otherReplay.id, position: 300, duration: 3600 });
    expect(rowsOf(viewer)).toEqual([{ item_type: 'event', item_id: otherReplay.id, position: 300 }]);
  });

  it('takes a finished item out of the row: from 95 % of it, or within its last 30 seconds', async () => {
    const viewer = await newViewer(summitKey);
    const at = (position: number, duration: number) => save(viewer, { item_type: 'vod_item', item_id: vodItem.id, position, duration });
    expect((await at(100, 1000)).body.finished).toBe(false);
    expect(await row(viewer)).toHaveLength(1);
    expect((await at(950, 1000)).body.finished).toBe(true);
    expect(await row(viewer)).toEqual([]);
    expect((await at(100, 1000)).body.finished).toBe(false);
    expect((await at(171, 200)).body.finished).toBe(true);
    expect(await row(viewer)).toEqual([]);
    // Short of both marks, it stays.
    expect((await at(169, 200)).body.finished).toBe(false);
    expect(await row(viewer)).toHaveLength(1);
  });

  it('removes an item on request, and a second removal finds nothing', async () => {
    const viewer = await newViewer(summitKey);
    await save(viewer, { item_type: 'event', item_id: replay.id, position: 60, duration: 3600 });
    const removed = await api.call('DELETE', `/watch_progress/event/${replay.id}`, { key: summitKey, token: viewer.token });
    expect(removed.status).toBe(200);
    expect(await row(viewer)).toEqual([]);
    const again = await api.call<ErrorBody>('DELETE', `/watch_progress/event/${replay.id}`, { key: summitKey, token: viewer.token });
    expect(again.status).toBe(404);
    expect(again.body.error.errors).toHaveProperty('item_id');
  });
});

describe('validation', () => {
  it.each([
    ['a position past the end', { item_type: 'event', position: 3700, duration: 3600 }, 422, 'position'],
    ['a negative position', { item_type: 'event', position: -1, duration: 3600 }, 422, 'position'],
    ['no duration', { item_type: 'event', position: 10 }, 422, 'duration'],
    ['an unknown item type', { item_type: 'clip', position: 10, duration: 3600 }, 422, 'item_type'],
    ['a position as text', { item_type: 'event', position: '10', duration: 3600 }, 422, 'position'],
  ])('refuses %s, naming the field, and writes nothing', async (_what, body, status, field) => {
    const viewer = await newViewer(summitKey);
    const before = databaseSnapshot(api.db);
    const result = await save(viewer, { item_id: replay.id, ...body });
    expect(result.status, JSON.stringify(result.body)).toBe(status);
    expect(result.body.error.errors).toHaveProperty(field);
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('refuses an event that has not finished (only replays are resumed) and items that do not exist', async () => {
    const viewer = await newViewer(summitKey);
    const notYet = await save(viewer, { item_type: 'event', item_id: upcoming.id, position: 10, duration: 3600 });
    expect(notYet.status).toBe(422);
    expect(notYet.body.error.errors).toHaveProperty('item_id');
    for (const item_type of ['event', 'vod_item']) {
      const unknown = await save(viewer, { item_type, item_id: 999_999, position: 10, duration: 3600 });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.errors).toHaveProperty('item_id');
    }
    expect(rowsOf(viewer)).toEqual([]);
  });
});

describe('only the viewer’s own row', () => {
  it('refuses a visitor with 401, reading or writing', async () => {
    const before = databaseSnapshot(api.db);
    const list = await api.call<ErrorBody>('GET', '/watch_progress', { key: summitKey });
    expect(list.status).toBe(401);
    const write = await api.call<ErrorBody>('PUT', '/watch_progress', {
      key: summitKey,
      body: { item_type: 'event', item_id: replay.id, position: 10, duration: 3600 },
    });
    expect(write.status).toBe(401);
    expect((await api.call('DELETE', `/watch_progress/event/${replay.id}`, { key: summitKey })).status).toBe(401);
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('never lets another viewer read, change or remove it: an id of theirs in the body names nothing', async () => {
    const owner = await newViewer(summitKey);
    const intruder = await newViewer(summitKey);
    await save(owner, { item_type: 'event', item_id: replay.id, position: 500, duration: 3600 });
    expect(await row(intruder)).toEqual([]);
    // A viewer id in the body is refused as a field the request does not have; the owner's row is untouched.
    const forged = await save(intruder, { item_type: 'event', item_id: replay.id, position: 5, duration: 3600, user_id: owner.id });
    expect(forged.status).toBe(422);
    await save(intruder, { item_type: 'event', item_id: replay.id, position: 3599, duration: 3600 });
    const removal = await api.call('DELETE', `/watch_progress/event/${replay.id}`, { key: summitKey, token: intruder.token });
    expect(removal.status).toBe(404);
    expect(rowsOf(owner)).toEqual([{ item_type: 'event', item_id: replay.id, position: 500 }]);
  });

  it('keeps each channel to its own items: another channel’s replay is not found, and the row follows the channel', async () => {
    const viewer = await newViewer(summitKey);
    const foreign = await save(viewer, { item_type: 'event', item_id: borealReplay.id, position: 10, duration: 3600 });
    expect(foreign.status).toBe(404);
    const borealViewer = await newViewer(borealKey);
    expect((await save(borealViewer, { item_type: 'event', item_id: borealReplay.id, position: 10, duration: 3600 }, borealKey)).status).toBe(200);
    expect((await row(borealViewer, borealKey)).map((p) => p.item_id)).toEqual([borealReplay.id]);
    expect(await row(viewer)).toEqual([]);
  });
});
