/**
 * Clips and downloads against the real server: the life cycle (queued → processed, queued → failed for an event
 * with no recording, queued → failed after 5 minutes when the clip store cannot be written), SPEC §5's messages,
 * the clipping capability and the per-viewer limit, downloads that are real MPEG-TS files and count toward
 * featureCount, a processed clip offering its game's 240p/360p ladder (a download is the 240p), and one viewer never
 * reaching another's clips.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_LIMITS } from '../../server/domain/usage';
import { mediaFormat } from '../../server/media/codecs';
import { demoMedia } from '../../server/media/library';
import { firstTimestamps } from '../../server/media/ts';
import { BOREAL, databaseSnapshot, startTestApi, SUMMIT, type TestApi } from './harness';
import { type EventItem, eventsIn, expectError, media, parseMultivariant, parsePlaylist, videoPlaylist, viewerWith } from './media-helpers';

interface Clip {
  id: number;
  uuid: string;
  event_id: number;
  name: string;
  start_time: number;
  duration: number;
  tags: string[];
  status: 'queued' | 'processed' | 'failed';
  created_at: number;
  processed_at: number | null;
  share_url: string | null;
  playlist_url: string | null;
  event: { id: number; name: string; event_utc_ts: number; time_zone: string };
}
interface Download {
  url: string;
  file_name: string;
  content_type: string;
  expires_at: number;
  featureCount: { clips: number; downloads: number };
}
interface List<T> {
  data: T[];
  meta: { total: number };
}

let api: TestApi;
let key: string;
let fan: string;
let finished: EventItem[];
let live: EventItem[];

beforeAll(async () => {
  api = await startTestApi();
  key = await api.apiKey(SUMMIT.channelKey);
  fan = await api.login('fan@summit.test', key);
  [finished, live] = [await eventsIn(api, key, 'vod'), await eventsIn(api, key, 'live')];
});
afterAll(() => api.close());

const freeFinished = (): EventItem => finished.find((e) => e.type === 'free')!;
const clipBody = (overrides: Record<string, unknown> = {}) => ({
  event_id: freeFinished().id,
  name: 'Overtime winner',
  start_time: 30,
  duration: 15,
  tags: ['DEFAULT'],
  ...overrides,
});

async function createClip(token: string, overrides: Record<string, unknown> = {}, on: TestApi = api, withKey = key): Promise<Clip> {
  const result = await on.call<Clip>('POST', '/clip', { key: withKey, token, body: clipBody(overrides) });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body;
}

async function processJobs(on: TestApi = api, seconds = 3): Promise<void> {
  on.clock.advance(seconds);
  on.runJobs();
}

const clipsOf = async (token: string, on: TestApi = api, withKey = key): Promise<Clip[]> =>
  (await on.call<List<Clip>>('GET', '/clips/user', { key: withKey, token, query: { no_limit: 1 } })).body.data;

const profileCounts = async (token: string): Promise<{ clips: number; downloads: number }> =>
  (await api.call<{ featureCount: { clips: number; downloads: number } }>('GET', '/profile', { key, token })).body.featureCount;

describe('the clip life cycle', () => {
  it('is queued, then processed a few seconds later into a playable, shareable clip', async () => {
    const viewer = await viewerWith(api, key, ['Watch', 'Clipping']);
    // Stored as the app sends it (mesh/validation.ts normalizedClip): trimmed, and a tag that repeats once trimmed kept once.
    const clip = await createClip(viewer.token, { name: '  Overtime winner ', tags: [' goal', 'goal ', 'DEFAULT'] });
    expect(clip).toMatchObject({ status: 'queued', name: 'Overtime winner', tags: ['goal', 'DEFAULT'], share_url: null, playlist_url: null, processed_at: null });
    expect(clip.event.id).toBe(freeFinished().id);
    // Its game's time and time zone, so a clip's page shows the game at the time the game's page does.
    const game = api.db.prepare<[number], { event_utc_ts: number; time_zone: string }>('SELECT event_utc_ts, time_zone FROM events WHERE id = ?').get(clip.event.id);
    expect(clip.event).toMatchObject({ event_utc_ts: game?.event_utc_ts, time_zone: game?.time_zone });
    expect(game?.time_zone).not.toBe('UTC');
    expect(await profileCounts(viewer.token)).toEqual({ clips: 1, downloads: 0 });

    api.clock.advance(2);
    api.runJobs();
    expect((await clipsOf(viewer.token))[0]?.status).toBe('queued');
    await processJobs(api, 1);
    const [processed] = await clipsOf(viewer.token);
    expect(processed).toMatchObject({ id: clip.id, status: 'processed', processed_at: api.clock.now() });
    expect(processed?.share_url).toBe(`${api.origin}/share/${clip.event_id}/${clip.uuid}`);
    expect(processed?.playlist_url).toBe(`${api.origin}/media/clips/${clip.uuid}/index.m3u8`);

    // Seconds 30 to 45 are segments 15 to 22 of the event: 8 segments of 2 s, played by anyone holding the link.
    const playlist = await videoPlaylist(processed!.playlist_url!);
    expect(playlist.type).toBe('application/vnd.apple.mpegurl');
    expect(playlist.text).toContain('#EXT-X-ENDLIST');
    const { uris } = parsePlaylist(playlist.text);
    expect(uris).toEqual(Array.from({ length: 8 }, (_, j) => `${j}.ts`));
    const segment = await media(new URL(uris[0]!, playlist.url).href);
    expect(segment.type).toBe('video/mp2t');
    expect(segment.bytes[0]).toBe(0x47);
    // Its subtitles are the event's at those seconds (segment 15 replays the pattern's seconds 6 and 7), timed from
    // zero like its picture, public and cached like its segments.
    const subtitles = await media(new URL('subtitles-fr.m3u8', playlist.url).href);
    expect(parsePlaylist(subtitles.text).uris).toEqual(Array.from({ length: 8 }, (_, j) => `${j}.fr.vtt`));
    const cues = await media(new URL('0.fr.vtt', playlist.url).href);
    expect(cues).toMatchObject({ status: 200, type: 'text/vtt; charset=utf-8', cache: 'public, max-age=3600' });
    expect(cues.text).toContain(`X-TIMESTAMP-MAP=MPEGTS:${firstTimestamps(segment.bytes).get(0x100)},LOCAL:00:00:00.000`);
    expect(cues.text).toMatch(/^Mire de test [ABC] · 0:06$/m);
    expect(cues.text).toMatch(/^Mire de test [ABC] · 0:07$/m);
    expect((await media(new URL('8.fr.vtt', playlist.url).href)).status).toBe(404);

    // The game's ladder: a 360p rendition of the same 8 segments, from a file of its own, at the same timestamps.
    const { variants } = parseMultivariant((await media(processed!.playlist_url!)).text);
    expect(variants.map((v) => [v.uri, v.attributes['RESOLUTION'], v.attributes['SUBTITLES']])).toEqual([
      ['video.m3u8', '426x240', 'subs'],
      ['video-360p.m3u8', '640x360', 'subs'],
    ]);
    const high = await media(new URL('video-360p.m3u8', playlist.url).href);
    expect(high.cache).toBe(playlist.cache);
    expect(high.text).toBe(playlist.text.replace(/^(\d+)\.ts$/gm, '$1.360p.ts'));
    for (const j of [0, 7]) {
      const [low, higher] = [await media(new URL(`${j}.ts`, playlist.url).href), await media(new URL(`${j}.360p.ts`, playlist.url).href)];
      expect(higher).toMatchObject({ status: 200, type: 'video/mp2t', cache: low.cache });
      expect(higher.bytes.length).toBeGreaterThan(low.bytes.length);
      expect(firstTimestamps(higher.bytes)).toEqual(firstTimestamps(low.bytes));
    }
    for (const file of ['8.360p.ts', 'video-720p.m3u8', '0.720p.ts', '0.360.ts']) expect((await media(new URL(file, playlist.url).href)).status, file).toBe(404);
    const folder = join(api.db.name.replace(/test\.sqlite$/, ''), 'clips', clip.uuid);
    expect(readdirSync(folder).sort()).toEqual(['clip.360p.ts', 'clip.ts']);

    const shared = await api.call<Clip>('GET', `/shared-clip/${clip.uuid}`, { key });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ id: clip.id, status: 'processed' });
    expect((await api.call<List<Clip>>('GET', `/clips/event/${clip.event_id}`, { key, token: viewer.token })).body.data.map((c) => c.id)).toEqual([clip.id]);
    const events = await api.call<List<{ id: number }>>('GET', '/events/with_clip', { key, token: viewer.token });
    expect(events.body.data.map((e) => e.id)).toEqual([clip.event_id]);
  });

  it('plays a clip cut before the ladder (one file, its segments stored as a bare list) as its one rendition', async () => {
    const clip = await createClip(fan, { name: 'Before the ladder', start_time: 10, duration: 4 });
    await processJobs();
    const row = api.db.prepare<[number], { segments: string }>('SELECT segments FROM clips WHERE id = ?').get(clip.id)!;
    const stored = JSON.parse(row.segments) as Array<{ name: string | null; ranges: Array<[number, number]> }>;
    expect(stored.map((r) => r.name)).toEqual([null, '360p']);
    api.db.prepare('UPDATE clips SET segments = ? WHERE id = ?').run(JSON.stringify(stored[0]!.ranges), clip.id);
    const url = `${api.origin}/media/clips/${clip.uuid}/index.m3u8`;
    expect(parseMultivariant((await media(url)).text).variants.map((v) => v.uri)).toEqual(['video.m3u8']);
    const playlist = await videoPlaylist(url);
    expect(parsePlaylist(playlist.text).uris).toEqual(['0.ts', '1.ts']);
    expect((await media(new URL('1.ts', url).href)).type).toBe('video/mp2t');
    for (const file of ['video-360p.m3u8', '0.360p.ts']) expect((await media(new URL(file, url).href)).status, file).toBe(404);
  });

  it('keeps playing its own files once its game has lost its media: the multivariant stands for the 240p playlist, no subtitles', async () => {
    const clip = await createClip(fan, { name: 'Outlives its game', start_time: 6, duration: 4 });
    await processJobs();
    const slug = api.db.prepare<[number], { media_slug: string }>('SELECT media_slug FROM events WHERE id = ?').get(clip.event_id)!.media_slug;
    api.db.prepare('UPDATE events SET media_slug = NULL WHERE id = ?').run(clip.event_id);
    try {
      const url = `${api.origin}/media/clips/${clip.uuid}/index.m3u8`;
      const index = await media(url);
      expect(parsePlaylist(index.text).uris).toEqual(['0.ts', '1.ts']);
      expect(parsePlaylist((await media(new URL('video-360p.m3u8', url).href)).text).uris).toEqual(['0.360p.ts', '1.360p.ts']);
      expect((await media(new URL('1.360p.ts', url).href)).status).toBe(200);
      for (const file of ['subtitles-en.m3u8', '0.en.vtt', 'video-720p.m3u8']) expect((await media(new URL(file, url).href)).status, file).toBe(404);
    } finally {
      api.db.prepare('UPDATE events SET media_slug = ? WHERE id = ?').run(slug, clip.event_id);
    }
  });

  it('fails at once when the event has no recording to cut from', async () => {
    const event = finished.filter((e) => e.type === 'free')[1]!;
    api.db.prepare('UPDATE events SET media_slug = NULL WHERE id = ?').run(event.id);
    try {
      const clip = await createClip(fan, { event_id: event.id });
      await processJobs();
      const failed = (await clipsOf(fan)).find((c) => c.id === clip.id);
      expect(failed).toMatchObject({ status: 'failed', share_url: null, playlist_url: null, processed_at: api.clock.now() });
      expectError(await api.call('GET', `/shared-clip/${clip.uuid}`, { key }), 404, 'id');
      expectError(await api.call('GET', `/clip/download/${clip.id}`, { key, token: fan }), 409, 'status');
      expect((await api.call('DELETE', `/clip/${clip.id}`, { key, token: fan })).status).toBe(200);
    } finally {
      api.db.prepare("UPDATE events SET media_slug = 'pattern-a' WHERE id = ?").run(event.id);
    }
  });

  it('fails after 5 minutes, never later, when processing keeps failing (the clip store cannot be written)', async () => {
    const broken = await startTestApi({ clipsDir: '/dev/null/clips' });
    try {
      const brokenKey = await broken.apiKey(SUMMIT.channelKey);
      const token = await broken.login('fan@summit.test', brokenKey);
      const event = (await eventsIn(broken, brokenKey, 'vod')).find((e) => e.type === 'free')!;
      const clip = await createClip(token, { event_id: event.id }, broken, brokenKey);
      await processJobs(broken, 3);
      expect((await clipsOf(token, broken, brokenKey))[0]?.status).toBe('queued');
      const attempts = broken.db.prepare<[], { attempts: number; last_error: string }>("SELECT attempts, last_error FROM jobs WHERE kind = 'process_clip'").get();
      expect(attempts?.attempts).toBeGreaterThan(1);
      expect(attempts?.last_error).toMatch(/ENOTDIR|EEXIST|ENOENT/);
      await processJobs(broken, 296);
      expect((await clipsOf(token, broken, brokenKey))[0]?.status).toBe('queued');
      await processJobs(broken, 1);
      const [failed] = await clipsOf(token, broken, brokenKey);
      expect(failed).toMatchObject({ id: clip.id, status: 'failed', processed_at: clip.created_at + 300 });
    } finally {
      await broken.close();
    }
  });
});

describe('validation (SPEC §5)', () => {
  it('needs a name and at least one tag, with the messages the app shows', async () => {
    for (const name of ['', '   ', undefined]) {
      const body = clipBody({ name });
      const result = await api.call('POST', '/clip', { key, token: fan, body: JSON.parse(JSON.stringify(body)) });
      expectError(result, 422, 'name');
      expect((result.body as { error: { errors: { name: string[] } } }).error.errors.name).toEqual(['Please fill in the input field']);
    }
    for (const tags of [[], undefined]) {
      const result = await api.call('POST', '/clip', { key, token: fan, body: JSON.parse(JSON.stringify(clipBody({ tags }))) });
      expectError(result, 422, 'tags');
      expect((result.body as { error: { errors: { tags: string[] } } }).error.errors.tags).toEqual(['Please select tag']);
    }
  });

  it("keeps the clip within what has been broadcast: a finished event's length, a live event's elapsed time", async () => {
    const event = freeFinished();
    const tooLong = await api.call('POST', '/clip', { key, token: fan, body: clipBody({ start_time: event.duration - 10, duration: 11 }) });
    expectError(tooLong, 422, 'duration');
    expect((tooLong.body as { error: { errors: { duration: string[] } } }).error.errors.duration).toEqual(['Your clip duration is longer than the end time']);
    expectError(await api.call('POST', '/clip', { key, token: fan, body: clipBody({ start_time: event.duration }) }), 422, 'start_time');
    await createClip(fan, { start_time: event.duration - 10, duration: 10 });

    const onAir = live.find((e) => e.type === 'free')!;
    const elapsed = api.clock.now() - onAir.event_utc_ts;
    expectError(await api.call('POST', '/clip', { key, token: fan, body: clipBody({ event_id: onAir.id, start_time: elapsed - 5, duration: 10 }) }), 422, 'duration');
    await createClip(fan, { event_id: onAir.id, start_time: elapsed - 10, duration: 10 });

    const upcoming = (await eventsIn(api, key, 'upcoming')).find((e) => e.type === 'free')!;
    expectError(await api.call('POST', '/clip', { key, token: fan, body: clipBody({ event_id: upcoming.id, start_time: 0 }) }), 422, 'event_id');
    expectError(await api.call('POST', '/clip', { key, token: fan, body: clipBody({ event_id: 999999 }) }), 404, 'event_id');
  });

  it('needs the clipping capability, and the right to watch the event', async () => {
    const basic = await api.login('basic@summit.test', key);
    expectError(await api.call('POST', '/clip', { key, token: basic, body: clipBody() }), 403, 'clipping');
    const clipper = await viewerWith(api, key, ['Watch', 'Clipping']);
    const paid = finished.find((e) => e.type === 'paid')!;
    expectError(await api.call('POST', '/clip', { key, token: clipper.token, body: clipBody({ event_id: paid.id }) }), 403, 'has_access');
    const blocked = await viewerWith(api, key, ['Watch', 'Clipping']);
    api.db.prepare('UPDATE users SET is_geo_blocked = 1 WHERE id = ?').run(blocked.id);
    expectError(await api.call('POST', '/clip', { key, token: blocked.token, body: clipBody() }), 403, 'geo');
  });

  it(`stops a viewer at ${FEATURE_LIMITS.clips} clips, and deleting one does not give it back`, async () => {
    const viewer = await viewerWith(api, key, ['Watch', 'Clipping']);
    for (let i = 0; i < FEATURE_LIMITS.clips; i++) await createClip(viewer.token, { name: `Clip ${i}` });
    const before = databaseSnapshot(api.db);
    expectError(await api.call('POST', '/clip', { key, token: viewer.token, body: clipBody() }), 403, 'clips');
    expect(databaseSnapshot(api.db)).toBe(before);
    await processJobs();
    const [newest] = await clipsOf(viewer.token);
    expect((await api.call('DELETE', `/clip/${newest!.id}`, { key, token: viewer.token })).status).toBe(200);
    expect(await profileCounts(viewer.token)).toEqual({ clips: FEATURE_LIMITS.clips, downloads: 0 });
    expectError(await api.call('POST', '/clip', { key, token: viewer.token, body: clipBody() }), 403, 'clips');
  });
});

describe('downloads', () => {
  it('hands the owner of a processed clip a signed link to a real MPEG-TS file, gated by download_clip', async () => {
    const viewer = await viewerWith(api, key, ['Watch', 'Clipping', 'Download_Clip']);
    const clip = await createClip(viewer.token, { name: 'Save: top corner!', start_time: 20, duration: 6 });
    expectError(await api.call('GET', `/clip/download/${clip.id}`, { key, token: viewer.token }), 409, 'status');
    await processJobs();
    const grant = await api.call<Download>('GET', `/clip/download/${clip.id}`, { key, token: viewer.token });
    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({ file_name: 'save-top-corner.ts', content_type: 'video/mp2t', expires_at: api.clock.now() + 3600 });
    // A clip's download counts toward the viewer's downloads, as a game's does.
    expect(grant.body.featureCount).toEqual({ clips: 1, downloads: 1 });

    const file = await fetch(grant.body.url);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp2t');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="save-top-corner.ts"');
    expect(bytes.length).toBe(Number(file.headers.get('content-length')));
    // The download is the 240p rendition, the clip's own file.
    const ranges = (JSON.parse(api.db.prepare<[number], { segments: string }>('SELECT segments FROM clips WHERE id = ?').get(clip.id)!.segments) as Array<{ ranges: Array<[number, number]> }>)[0]!.ranges;
    expect(bytes.length).toBe(ranges.reduce((total, [, size]) => total + size, 0));
    expect(mediaFormat(bytes).height).toBe(240);
    expect(bytes.length % 188).toBe(0);
    expect(bytes.length).toBeGreaterThan(3 * 20_000);
    expect([...Array(bytes.length / 188).keys()].every((p) => bytes[p * 188] === 0x47)).toBe(true);

    api.clock.advance(3600);
    expect((await media(grant.body.url)).status).toBe(403);

    const noDownload = await viewerWith(api, key, ['Watch', 'Clipping']);
    const own = await createClip(noDownload.token);
    await processJobs();
    expectError(await api.call('GET', `/clip/download/${own.id}`, { key, token: noDownload.token }), 403, 'download_clip');
  });

  it('hands a finished event, gated by download, and counts every download', async () => {
    const viewer = await viewerWith(api, key, ['Watch', 'Download']);
    const event = freeFinished();
    const grant = await api.call<Download>('GET', `/download-event/${event.id}`, { key, token: viewer.token });
    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({ file_name: `event-${event.id}.ts`, content_type: 'video/mp2t', featureCount: { clips: 0, downloads: 1 } });
    const file = await fetch(grant.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp2t');
    // The whole game is hundreds of megabytes: read the start of it and hang up.
    expect(Number(file.headers.get('content-length'))).toBeGreaterThan(event.duration * 10_000);
    const reader = file.body!.getReader();
    const first = await reader.read();
    await reader.cancel();
    expect(first.value?.[0]).toBe(0x47);
    // The 240p timeline: the size of its segments, one pattern loop after another.
    const slug = api.db.prepare<[number], { media_slug: string }>('SELECT media_slug FROM events WHERE id = ?').get(event.id)!.media_slug;
    const own = demoMedia().looped(slug)!.segments;
    const total = Math.ceil(event.duration / 2);
    expect(Number(file.headers.get('content-length'))).toBe(Array.from({ length: total }, (_, k) => own[k % own.length]!.data.length).reduce((a, b) => a + b, 0));
    expect(await profileCounts(viewer.token)).toEqual({ clips: 0, downloads: 1 });

    expectError(await api.call('GET', `/download-event/${live[0]!.id}`, { key, token: viewer.token }), 409, 'stream_status');
    expectError(await api.call('GET', `/download-event/${finished.find((e) => e.type === 'paid')!.id}`, { key, token: viewer.token }), 403, 'download');
    const basic = await api.login('basic@summit.test', key);
    expectError(await api.call('GET', `/download-event/${event.id}`, { key, token: basic }), 403, 'download');
    for (let i = 1; i < FEATURE_LIMITS.downloads; i++) expect((await api.call('GET', `/download-event/${event.id}`, { key, token: viewer.token })).status).toBe(200);
    expectError(await api.call('GET', `/download-event/${event.id}`, { key, token: viewer.token }), 403, 'downloads');
    expect(await profileCounts(viewer.token)).toEqual({ clips: 0, downloads: FEATURE_LIMITS.downloads });
  });
  it('counts clip and game downloads together: past the limit a clip is refused with the downloads message, and nothing is recorded', async () => {
    const viewer = await viewerWith(api, key, ['Watch', 'Clipping', 'Download_Clip', 'Download']);
    const clip = await createClip(viewer.token, { name: 'Last one', start_time: 10, duration: 4 });
    await processJobs();
    const event = freeFinished();
    for (let i = 0; i < FEATURE_LIMITS.downloads - 1; i++) expect((await api.call('GET', `/download-event/${event.id}`, { key, token: viewer.token })).status).toBe(200);
    const last = await api.call<Download>('GET', `/clip/download/${clip.id}`, { key, token: viewer.token });
    expect(last.status).toBe(200);
    expect(last.body.featureCount.downloads).toBe(FEATURE_LIMITS.downloads);
    const before = databaseSnapshot(api.db);
    expectError(await api.call('GET', `/clip/download/${clip.id}`, { key, token: viewer.token }), 403, 'downloads', `You have used all ${FEATURE_LIMITS.downloads} of your downloads`);
    expect(databaseSnapshot(api.db)).toEqual(before);
    expectError(await api.call('GET', `/download-event/${event.id}`, { key, token: viewer.token }), 403, 'downloads');
  });
});

describe('deleting', () => {
  it('removes a processed clip and its file; a queued one answers 409', async () => {
    const clip = await createClip(fan, { name: 'To delete' });
    expectError(await api.call('DELETE', `/clip/${clip.id}`, { key, token: fan }), 409, 'status');
    await processJobs();
    const file = join(api.db.name.replace(/test\.sqlite$/, ''), 'clips', clip.uuid, 'clip.ts');
    expect(existsSync(file)).toBe(true);
    expect((await api.call('DELETE', `/clip/${clip.id}`, { key, token: fan })).status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await media(`${api.origin}/media/clips/${clip.uuid}/index.m3u8`)).status).toBe(404);
    expect((await clipsOf(fan)).some((c) => c.id === clip.id)).toBe(false);
    expectError(await api.call('DELETE', `/clip/${clip.id}`, { key, token: fan }), 404, 'id');
  });
});

describe('isolation', () => {
  it("one viewer cannot see, download or delete another's clips; another channel cannot open its share", async () => {
    const owner = await viewerWith(api, key, ['Watch', 'Clipping', 'Download_Clip']);
    const other = await viewerWith(api, key, ['Watch', 'Clipping', 'Download_Clip']);
    const clip = await createClip(owner.token);
    await processJobs();
    const before = databaseSnapshot(api.db);

    expect(await clipsOf(other.token)).toEqual([]);
    expect((await api.call<List<Clip>>('GET', `/clips/event/${clip.event_id}`, { key, token: other.token })).body.data).toEqual([]);
    expect((await api.call<List<unknown>>('GET', '/events/with_clip', { key, token: other.token })).body.data).toEqual([]);
    expectError(await api.call('GET', `/clip/download/${clip.id}`, { key, token: other.token }), 404, 'id');
    expectError(await api.call('DELETE', `/clip/${clip.id}`, { key, token: other.token }), 404, 'id');
    expect(databaseSnapshot(api.db)).toBe(before);

    const boreal = await api.apiKey(BOREAL.channelKey);
    expectError(await api.call('GET', `/shared-clip/${clip.uuid}`, { key: boreal }), 404, 'id');
    expect((await clipsOf(owner.token)).map((c) => c.id)).toEqual([clip.id]);
    expect((await api.call('GET', `/clip/download/${clip.id}`, { key, token: owner.token })).status).toBe(200);
  });
});
