/**
 * Bad input to every writing operation of clips and downloads, generated: bodies that break the contract and
 * bodies that pass it but ask for the impossible (a window past what was broadcast, an event of another channel,
 * an upcoming one, a viewer without the capability), and clip or event ids that are not the viewer's to touch.
 * Each must answer a 4xx with the error envelope and leave the database exactly as it was. (`downloadClip` and
 * `downloadEvent` are GETs, but they record a use, so they are writing operations too.)
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOREAL, databaseSnapshot, startTestApi, SUMMIT, type TestApi } from './harness';
import { type EventItem, eventsIn, viewerWith } from './media-helpers';
import { plainObject } from './arbitraries';

const NUM_RUNS = 30;

let api: TestApi;
let key: string;
let fan: string;
let clipless: string;
/** Fresh viewers who own no purchase (the demo fan may), with the capability the call needs. */
let clipper: string;
let downloader: string;
let finished: EventItem[];
let live: EventItem[];
let upcoming: EventItem[];
let borealEvents: number[];
/** Clip ids that `fan` must not delete or download: another viewer's, a queued own one, a failed own one. */
const untouchable: number[] = [];

beforeAll(async () => {
  api = await startTestApi();
  key = await api.apiKey(SUMMIT.channelKey);
  fan = await api.login('fan@summit.test', key);
  clipless = (await viewerWith(api, key, ['Watch'])).token;
  clipper = (await viewerWith(api, key, ['Watch', 'Clipping'])).token;
  downloader = (await viewerWith(api, key, ['Watch', 'Download'])).token;
  [finished, live, upcoming] = [await eventsIn(api, key, 'vod'), await eventsIn(api, key, 'live'), await eventsIn(api, key, 'upcoming')];
  const borealKey = await api.apiKey(BOREAL.channelKey);
  borealEvents = (await eventsIn(api, borealKey, 'vod')).map((e) => e.id);

  const other = await viewerWith(api, key, ['Watch', 'Clipping', 'Download_Clip']);
  const event = finished.find((e) => e.type === 'free')!;
  const body = { event_id: event.id, name: 'Someone else', start_time: 0, duration: 10, tags: ['DEFAULT'] };
  const theirs = await api.call<{ id: number }>('POST', '/clip', { key, token: other.token, body });
  api.clock.advance(3);
  api.runJobs();
  const queued = await api.call<{ id: number }>('POST', '/clip', { key, token: fan, body });
  untouchable.push(theirs.body.id, queued.body.id);
});
afterAll(() => api.close());

/** Sends, then checks the envelope and that no table changed. */
async function refused(method: string, path: string, token: string | null, body?: unknown): Promise<void> {
  const before = databaseSnapshot(api.db);
  const result = await api.call<{ error?: { message?: unknown; errors?: Record<string, unknown> } }>(method, path, { key, token, body });
  const what = `${method} ${path} ${JSON.stringify(body)} → ${result.status} ${JSON.stringify(result.body)}`;
  expect(result.status, what).toBeGreaterThanOrEqual(400);
  expect(result.status, what).toBeLessThan(500);
  expect(typeof result.body.error?.message, what).toBe('string');
  expect(Object.keys(result.body.error?.errors ?? {}).length, what).toBeGreaterThan(0);
  expect(databaseSnapshot(api.db) === before, `${what}: the database changed`).toBe(true);
}

const validClip = () => ({ event_id: finished.find((e) => e.type === 'free')!.id, name: 'Breakaway', start_time: 10, duration: 20, tags: ['DEFAULT'] });

/** Bodies the contract refuses: a field removed, of the wrong type, out of range, or unknown. */
const malformedBody = (): fc.Arbitrary<Record<string, unknown>> => fc.oneof(
  fc.constantFrom('event_id', 'name', 'start_time', 'duration', 'tags').map((field) => {
    const body: Record<string, unknown> = validClip();
    delete body[field];
    return body;
  }),
  fc.record({
    field: fc.constantFrom('event_id', 'name', 'start_time', 'duration', 'tags'),
    value: fc.oneof(fc.string({ maxLength: 5 }).filter((s) => s.trim() === ''), fc.constant(null), fc.boolean(), fc.double({ noInteger: true }), plainObject(1)),
  }).map(({ field, value }) => ({ ...validClip(), [field]: value })),
  fc.integer({ max: 0 }).map((event_id) => ({ ...validClip(), event_id })),
  fc.integer({ max: -1 }).map((start_time) => ({ ...validClip(), start_time })),
  fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 601 })).map((duration) => ({ ...validClip(), duration })),
  fc.string({ minLength: 121, maxLength: 200 }).map((name) => ({ ...validClip(), name })),
  fc.oneof(
    fc.constant([] as string[]),
    fc.array(fc.constantFrom('', ' ', '\t'), { minLength: 1, maxLength: 3 }),
    fc.array(fc.string({ minLength: 41, maxLength: 60 }), { minLength: 1, maxLength: 2 }),
    fc.array(fc.constant('DEFAULT'), { minLength: 2, maxLength: 3 }),
    fc.array(fc.string({ minLength: 1, maxLength: 5 }), { minLength: 21, maxLength: 25 }),
  ).map((tags) => ({ ...validClip(), tags })),
  fc.stringMatching(/^[a-z][a-z_]{0,10}$/).filter((f) => !['event_id', 'name', 'start_time', 'duration', 'tags', 'api_key'].includes(f)).map((f) => ({ ...validClip(), [f]: 1 })),
);

/** Bodies the contract accepts that still cannot become a clip (built once the catalogue is known). */
const impossibleBody = (): fc.Arbitrary<Record<string, unknown>> => fc.oneof(
  // Past the end of a finished event, or past what a live one has broadcast so far.
  fc.record({ event: fc.constantFrom(...finished.filter((e) => e.type === 'free')), over: fc.integer({ min: 1, max: 600 }), duration: fc.integer({ min: 1, max: 600 }) })
    .map(({ event, over, duration }) => ({ ...validClip(), event_id: event.id, start_time: Math.max(0, event.duration + over - duration), duration })),
  fc.record({ event: fc.constantFrom(...live.filter((e) => e.type === 'free')), over: fc.integer({ min: 1, max: 600 }), duration: fc.integer({ min: 1, max: 600 }) })
    .map(({ event, over, duration }) => ({ ...validClip(), event_id: event.id, start_time: Math.max(0, api.clock.now() - event.event_utc_ts + over - duration), duration })),
  fc.constantFrom(...upcoming).map((event) => ({ ...validClip(), event_id: event.id, start_time: 0, duration: 1 })),
  // Events of another channel, and ids that are no event at all.
  fc.oneof(fc.constantFrom(...borealEvents), fc.integer({ min: 100_000, max: 2 ** 31 })).map((event_id) => ({ ...validClip(), event_id })),
  // A paid event the viewer has not bought.
  fc.constantFrom(...finished.filter((e) => e.type === 'paid')).map((event) => ({ ...validClip(), event_id: event.id })),
);

const foreignClipId = (): fc.Arbitrary<number> => fc.oneof(fc.constantFrom(...untouchable), fc.integer({ min: 10_000, max: 2 ** 31 }));
const badPathId: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ max: 0 }).map(String),
  fc.integer({ min: 1, max: 1000 }).map((n) => `${n}.5`),
  fc.stringMatching(/^[a-z_]{1,12}$/),
);

describe('bad input to clips and downloads: 4xx with the error envelope, nothing written', () => {
  it('createClip refuses bodies that break the contract', async () => {
    await fc.assert(fc.asyncProperty(malformedBody(), (body) => refused('POST', '/clip', fan, body)), { numRuns: NUM_RUNS });
  });

  it('createClip refuses clips that cannot be cut', async () => {
    await fc.assert(fc.asyncProperty(impossibleBody(), (body) => refused('POST', '/clip', clipper, body)), { numRuns: NUM_RUNS });
  });

  it('createClip refuses a viewer without the clipping capability, whatever the body', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(impossibleBody(), fc.constant(validClip())), (body) => refused('POST', '/clip', clipless, body)), { numRuns: 15 });
  });

  it("deleteClip and downloadClip refuse ids that are not the viewer's processed clips, and malformed ids", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(foreignClipId().map(String), badPathId), fc.constantFrom('DELETE /clip/', 'GET /clip/download/'), async (id, call) => {
        const [method, path] = call.split(' ') as [string, string];
        await refused(method, `${path}${encodeURIComponent(id)}`, fan);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('downloadEvent refuses events that are not finished, not bought, not of the channel, and malformed ids', async () => {
    const notDownloadable = [...live, ...upcoming, ...finished.filter((e) => e.type === 'paid')].map((e) => e.id);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom(...notDownloadable, ...borealEvents).map(String), fc.integer({ min: 100_000, max: 2 ** 31 }).map(String), badPathId), (id) =>
        refused('GET', `/download-event/${encodeURIComponent(id)}`, downloader),
      ),
      { numRuns: NUM_RUNS },
    );
    const noCapability = await api.login('basic@summit.test', key);
    await refused('GET', `/download-event/${finished.find((e) => e.type === 'free')!.id}`, noCapability);
  });

  it('the valid requests the bad ones were derived from are accepted', async () => {
    const created = await api.call<{ id: number }>('POST', '/clip', { key, token: fan, body: validClip() });
    expect(created.status).toBe(201);
    api.clock.advance(3);
    api.runJobs();
    expect((await api.call('GET', `/clip/download/${created.body.id}`, { key, token: fan })).status).toBe(200);
    expect((await api.call('DELETE', `/clip/${created.body.id}`, { key, token: fan })).status).toBe(200);
    expect((await api.call('POST', '/clip', { key, token: clipper, body: validClip() })).status).toBe(201);
    expect((await api.call('GET', `/download-event/${validClip().event_id}`, { key, token: downloader })).status).toBe(200);
  });
});
