/**
 * One viewer can never list, download or delete another viewer's clips (each answers as if the clip did not exist,
 * and nothing is written), a visitor is refused every viewer-only clip call, another channel never reaches them, and
 * a share link answers its one clip with no owner data.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOREAL, databaseSnapshot, DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from './harness';
import { type EventItem, eventsIn } from './media-helpers';

interface Clip {
  id: number;
  uuid: string;
  event_id: number;
  name: string;
  status: 'queued' | 'processed' | 'failed';
  share_url: string | null;
  playlist_url: string | null;
}
interface List<T> {
  data: T[];
  meta: { total: number };
}
interface ErrorBody {
  error: { message: string; errors: Record<string, string[]> };
}
interface Viewer {
  id: number;
  email: string;
  token: string;
}

const CAPABILITIES = ['Watch', 'Clipping', 'Download_Clip', 'Vod_Media'];
/** What the contract's Clip holds (mesh/openapi.yaml): nothing about who cut it. */
const CLIP_FIELDS = ['created_at', 'duration', 'event', 'event_id', 'id', 'name', 'playlist_url', 'processed_at', 'share_url', 'start_time', 'status', 'tags', 'uuid'];

let api: TestApi;
let summitKey: string;
let borealKey: string;
let counter = 0;
/** A: the owner. B: an intruder of the same channel, with clips of its own. Boreal: a viewer of the other channel. */
let a: Viewer;
let b: Viewer;
let boreal: Viewer;
/** Free finished events: X clipped by A only, Y by both, Z by B only. */
let x: EventItem;
let y: EventItem;
let z: EventItem;
let aOnX: Clip;
let aOnY: Clip;
let bOnY: Clip;

async function newViewer(key: string, domain: string): Promise<Viewer> {
  const email = `clips-${++counter}@${domain}`;
  const result = await api.call<{ token: string; user: { id: number } }>('POST', '/v2/auth/register', {
    key,
    body: { first_name: 'Clip', last_name: 'Iso', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
  });
  expect(result.status).toBe(201);
  api.db.prepare('UPDATE users SET capabilities = ? WHERE id = ?').run(JSON.stringify(CAPABILITIES), result.body.user.id);
  return { id: result.body.user.id, email, token: result.body.token };
}

async function cut(viewer: Viewer, event: EventItem, name: string): Promise<Clip> {
  const result = await api.call<Clip>('POST', '/clip', {
    key: summitKey,
    token: viewer.token,
    body: { event_id: event.id, name, start_time: 30, duration: 15, tags: ['DEFAULT'] },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body;
}

async function userClips(viewer: Viewer, key = summitKey, query: Record<string, string | number> = {}): Promise<Clip[]> {
  const list = await api.call<List<Clip>>('GET', '/clips/user', { key, token: viewer.token, query: { no_limit: 1, ...query } });
  expect(list.status).toBe(200);
  expect(list.body.meta.total).toBe(list.body.data.length);
  return list.body.data;
}

const ids = (items: Array<{ id: number }>): number[] => items.map((item) => item.id).sort((p, q) => p - q);
const clipIdsOf = (viewer: Viewer): number[] =>
  api.db.prepare<[number], { id: number }>('SELECT id FROM clips WHERE user_id = ? ORDER BY id').all(viewer.id).map((row) => row.id);
const clipRow = (id: number): unknown => api.db.prepare('SELECT * FROM clips WHERE id = ?').get(id);
const usesOf = (viewer: Viewer): unknown[] => api.db.prepare('SELECT * FROM feature_uses WHERE user_id = ? ORDER BY id').all(viewer.id);

function expectRefused(result: { status: number; body: unknown }, status: number, errors: Record<string, string[]>, message?: string): void {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  const body = result.body as ErrorBody;
  expect(body.error.errors).toEqual(errors);
  if (message !== undefined) expect(body.error.message).toBe(message);
}
const visitorRefusal = { auth: ['A valid bearer token is required'] };
const clipNotFound = { id: ['Clip not found'] };

beforeAll(async () => {
  api = await startTestApi();
  summitKey = await api.apiKey(SUMMIT.channelKey);
  borealKey = await api.apiKey(BOREAL.channelKey);
  const free = (await eventsIn(api, summitKey, 'vod')).filter((e) => e.type === 'free');
  expect(free.length).toBeGreaterThanOrEqual(3);
  [x, y, z] = free as [EventItem, EventItem, EventItem];

  a = await newViewer(summitKey, 'summit.test');
  b = await newViewer(summitKey, 'summit.test');
  boreal = await newViewer(borealKey, 'boreal.test');
  const created = [await cut(a, x, 'A on X'), await cut(a, y, 'A on Y'), await cut(b, y, 'B on Y'), await cut(b, z, 'B on Z')];
  api.clock.advance(3);
  api.runJobs();
  const processed = [...(await userClips(a)), ...(await userClips(b))];
  expect(ids(processed)).toEqual(ids(created));
  expect(processed.every((clip) => clip.status === 'processed')).toBe(true);
  const find = (id: number): Clip => processed.find((clip) => clip.id === id)!;
  [aOnX, aOnY, bOnY] = [find(created[0]!.id), find(created[1]!.id), find(created[2]!.id)];
});
afterAll(() => api.close());

describe('A’s clips, reached by anyone else', () => {
  it('POST /clip: a clip B cuts is B’s; B cannot cut into A’s account, nor Boreal from a Summit event', async () => {
    const before = databaseSnapshot(api.db);
    const planted = await api.call('POST', '/clip', {
      key: summitKey,
      token: b.token,
      body: { event_id: x.id, name: 'Planted', start_time: 0, duration: 10, tags: ['DEFAULT'], user_id: a.id },
    });
    expectRefused(planted, 422, { user_id: ['is not an accepted field'] }, 'The given data was invalid.');
    const fromSummit = await api.call('POST', '/clip', {
      key: borealKey,
      token: boreal.token,
      body: { event_id: x.id, name: 'Cross', start_time: 0, duration: 10, tags: ['DEFAULT'] },
    });
    expectRefused(fromSummit, 404, { event_id: ['Event not found'] });
    const visitor = await api.call('POST', '/clip', { key: summitKey, body: { event_id: x.id, name: 'Nobody', start_time: 0, duration: 10, tags: ['DEFAULT'] } });
    expectRefused(visitor, 401, visitorRefusal, 'Unauthenticated.');
    expect(databaseSnapshot(api.db)).toBe(before);

    const aBefore = ids(await userClips(a));
    const own = await cut(b, z, 'B again on Z');
    expect(api.db.prepare<[number], { user_id: number }>('SELECT user_id FROM clips WHERE id = ?').get(own.id)?.user_id).toBe(b.id);
    expect(ids(await userClips(a))).toEqual(aBefore);
    expect(ids(await userClips(b))).toContain(own.id);
  });

  it('GET /clips/user: B lists only B’s clips, in every status; Boreal lists none; a visitor is refused', async () => {
    const before = databaseSnapshot(api.db);
    const aIds = clipIdsOf(a);
    expect(aIds).toEqual(ids([aOnX, aOnY]));
    expect(ids(await userClips(b))).toEqual(clipIdsOf(b));
    for (const status of ['queued', 'processed', 'failed']) {
      const listed = await userClips(b, summitKey, { status });
      expect(listed.every((clip) => clipIdsOf(b).includes(clip.id)), status).toBe(true);
      expect(listed.some((clip) => aIds.includes(clip.id)), status).toBe(false);
    }
    expect(await userClips(boreal, borealKey)).toEqual([]);
    expectRefused(await api.call('GET', '/clips/user', { key: summitKey }), 401, visitorRefusal);
    expect(databaseSnapshot(api.db)).toBe(before);
    expect(ids(await userClips(a))).toEqual(aIds);
  });

  it('GET /clips/event/{id}: B gets only B’s clips of an event, none of A’s; Boreal gets 404; a visitor is refused', async () => {
    const before = databaseSnapshot(api.db);
    const ofEvent = async (viewer: Viewer, event: EventItem): Promise<number[]> => {
      const list = await api.call<List<Clip>>('GET', `/clips/event/${event.id}`, { key: summitKey, token: viewer.token });
      expect(list.status).toBe(200);
      return ids(list.body.data);
    };
    expect(await ofEvent(b, x)).toEqual([]);
    expect(await ofEvent(b, y)).toEqual([bOnY.id]);
    expect(await ofEvent(a, y)).toEqual([aOnY.id]);
    expect(await ofEvent(a, x)).toEqual([aOnX.id]);
    expectRefused(await api.call('GET', `/clips/event/${x.id}`, { key: borealKey, token: boreal.token }), 404, { id: ['Event not found'] });
    expectRefused(await api.call('GET', `/clips/event/${x.id}`, { key: summitKey }), 401, visitorRefusal);
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('GET /events/with_clip: B’s events are the ones B clipped, never the one only A clipped; a visitor is refused', async () => {
    const before = databaseSnapshot(api.db);
    const withClip = async (viewer: Viewer, key = summitKey): Promise<number[]> => {
      const list = await api.call<List<{ id: number }>>('GET', '/events/with_clip', { key, token: viewer.token, query: { no_limit: 1 } });
      expect(list.status).toBe(200);
      return ids(list.body.data);
    };
    expect(await withClip(b)).toEqual(ids([y, z]));
    expect(await withClip(a)).toEqual(ids([x, y]));
    expect(await withClip(boreal, borealKey)).toEqual([]);
    expectRefused(await api.call('GET', '/events/with_clip', { key: summitKey }), 401, visitorRefusal);
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('GET /shared-clip/{id}: the uuid answers that one clip to anyone, with no owner data; Boreal gets 404', async () => {
    const before = databaseSnapshot(api.db);
    for (const clip of [aOnX, aOnY]) {
      for (const token of [null, b.token, boreal.token, a.token]) {
        const shared = await api.call<Clip>('GET', `/shared-clip/${clip.uuid}`, { key: summitKey, token });
        expect(shared.status).toBe(200);
        expect(shared.body).toEqual(clip);
        expect(Object.keys(shared.body).sort()).toEqual(CLIP_FIELDS);
        expect(JSON.stringify(shared.body)).not.toContain(a.email);
      }
    }
    expectRefused(await api.call('GET', `/shared-clip/${aOnX.uuid}`, { key: borealKey, token: boreal.token }), 404, clipNotFound);
    expectRefused(await api.call('GET', `/shared-clip/${aOnX.uuid}`, { key: borealKey }), 404, clipNotFound);
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('GET /clip/download/{id}: B and Boreal get 404 for A’s clip and nothing is recorded; a visitor is refused', async () => {
    const before = databaseSnapshot(api.db);
    const bUses = usesOf(b);
    const bProfile = await api.call<{ featureCount: unknown }>('GET', '/profile', { key: summitKey, token: b.token });
    for (const clip of [aOnX, aOnY]) {
      expectRefused(await api.call('GET', `/clip/download/${clip.id}`, { key: summitKey, token: b.token }), 404, clipNotFound, 'Clip not found');
      expectRefused(await api.call('GET', `/clip/download/${clip.id}`, { key: borealKey, token: boreal.token }), 404, clipNotFound);
      expectRefused(await api.call('GET', `/clip/download/${clip.id}`, { key: summitKey }), 401, visitorRefusal);
    }
    expect(databaseSnapshot(api.db)).toBe(before);
    expect(usesOf(b)).toEqual(bUses);
    expect((await api.call<{ featureCount: unknown }>('GET', '/profile', { key: summitKey, token: b.token })).body.featureCount).toEqual(bProfile.body.featureCount);

    // B may download: its own clip is granted, and the owner's is granted to the owner alone, recorded for each.
    const own = await api.call<{ url: string }>('GET', `/clip/download/${bOnY.id}`, { key: summitKey, token: b.token });
    expect(own.status).toBe(200);
    expect(own.body.url).toContain(`/media/clips/${bOnY.uuid}/`);
    const owners = await api.call<{ url: string }>('GET', `/clip/download/${aOnX.id}`, { key: summitKey, token: a.token });
    expect(owners.status).toBe(200);
    expect(owners.body.url).toContain(`/media/clips/${aOnX.uuid}/`);
    const downloads = api.db.prepare("SELECT user_id, subject_id FROM feature_uses WHERE feature = 'clip_download' ORDER BY id").all();
    expect(downloads).toEqual([
      { user_id: b.id, subject_id: bOnY.id },
      { user_id: a.id, subject_id: aOnX.id },
    ]);
  });

  it('DELETE /clip/{id}: B and Boreal get 404, A’s row and file stay; a visitor is refused', async () => {
    const before = databaseSnapshot(api.db);
    const row = clipRow(aOnX.id);
    const file = join(api.db.name.replace(/test\.sqlite$/, ''), 'clips', aOnX.uuid, 'clip.ts');
    expect(existsSync(file)).toBe(true);
    expectRefused(await api.call('DELETE', `/clip/${aOnX.id}`, { key: summitKey, token: b.token }), 404, clipNotFound, 'Clip not found');
    expectRefused(await api.call('DELETE', `/clip/${aOnX.id}`, { key: borealKey, token: boreal.token }), 404, clipNotFound);
    expectRefused(await api.call('DELETE', `/clip/${aOnX.id}`, { key: summitKey }), 401, visitorRefusal);
    expect(databaseSnapshot(api.db)).toBe(before);
    expect(clipRow(aOnX.id)).toEqual(row);
    expect(existsSync(file)).toBe(true);
    expect((await api.call('GET', `/shared-clip/${aOnX.uuid}`, { key: summitKey })).status).toBe(200);

    // The refusal is about whose clip it is: B deletes its own processed clip, A deletes this one.
    expect((await api.call('DELETE', `/clip/${bOnY.id}`, { key: summitKey, token: b.token })).status).toBe(200);
    expect(clipRow(aOnX.id)).toEqual(row);
    expect(ids(await userClips(a))).toEqual(ids([aOnX, aOnY]));
    const deleted = await api.call('DELETE', `/clip/${aOnX.id}`, { key: summitKey, token: a.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Clip deleted' });
    expect(existsSync(file)).toBe(false);
  });
});
