/**
 * HLS media against the real server: content types and caching, VOD playlists of finished events and VOD items,
 * a live sliding window that advances with the API's clock, nothing for upcoming events, playback gating (signed
 * tokens, capabilities, purchases, geo), the public prerolls and generated images, and path traversal refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GEO_BLOCKED_MESSAGE } from '../../server/domain/geo';
import { mediaFormat } from '../../server/media/codecs';
import { demoMedia } from '../../server/media/library';
import { LIVE_WINDOW_SEGMENTS } from '../../server/media/timeline';
import { mediaToken } from '../../server/media/tokens';
import { firstTimestamps, retime, TICKS_PER_SECOND } from '../../server/media/ts';
import { startTestApi, SUMMIT, type TestApi } from './harness';
import { type EventItem, eventsIn, expectError, media, parseMultivariant, parsePlaylist, type Playback, rawGet, videoPlaylist, viewerWith } from './media-helpers';

const PLAYLIST = 'application/vnd.apple.mpegurl';
const SEGMENT = 'video/mp2t';

let api: TestApi;
let key: string;
let fan: string;
let live: EventItem[];
let finished: EventItem[];
let upcoming: EventItem[];

beforeAll(async () => {
  api = await startTestApi();
  key = await api.apiKey(SUMMIT.channelKey);
  fan = await api.login('fan@summit.test', key);
  [live, finished, upcoming] = [await eventsIn(api, key, 'live'), await eventsIn(api, key, 'vod'), await eventsIn(api, key, 'upcoming')];
});
afterAll(() => api.close());

const freeOf = (events: EventItem[]): EventItem => events.find((e) => e.type === 'free')!;
const paidOf = (events: EventItem[]): EventItem => events.find((e) => e.type === 'paid')!;

async function playback(eventId: number, token: string | null = fan): Promise<Playback> {
  const result = await api.call<Playback>('GET', `/events/${eventId}/playback`, { key, token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

/** The channel secret, to sign links the way the server does (expired or wrong-scope ones). */
const secret = (): string => api.db.prepare<[string], { secret: string }>('SELECT secret FROM channels WHERE alias = ?').get('summit')!.secret;

describe('a live event', () => {
  it('plays a sliding-window playlist whose media sequence advances with the clock, with no end', async () => {
    const event = freeOf(live);
    const grant = await playback(event.id);
    expect(grant.stream_type).toBe('live');
    expect(grant.url).toMatch(new RegExp(`^${api.origin}/media/events/${event.id}/\\d+-[0-9a-f]{64}/index\\.m3u8$`));
    expect(grant.expires_at).toBe(event.event_utc_ts + event.duration + 3600);

    const first = await videoPlaylist(grant.url);
    expect(first.status).toBe(200);
    expect(first.type).toBe(PLAYLIST);
    expect(first.cache).toBe('no-store');
    const before = parsePlaylist(first.text);
    const newest = Math.floor((api.clock.now() - event.event_utc_ts) / 2) - 1;
    expect(before.sequence).toBe(newest - LIVE_WINDOW_SEGMENTS + 1);
    expect(before.uris).toEqual(Array.from({ length: LIVE_WINDOW_SEGMENTS }, (_, i) => `${before.sequence + i}.ts`));
    expect(first.text).not.toContain('#EXT-X-ENDLIST');
    expect(first.text).not.toContain('#EXT-X-PLAYLIST-TYPE');
    expect(first.text).toContain('#EXT-X-TARGETDURATION:2');

    api.clock.advance(2);
    expect(parsePlaylist((await media(first.url)).text).sequence).toBe(before.sequence + 1);
    api.clock.advance(10);
    const later = parsePlaylist((await media(first.url)).text);
    expect(later.sequence).toBe(before.sequence + 6);
    expect(later.uris).toHaveLength(LIVE_WINDOW_SEGMENTS);
  });

  it('serves every listed segment as MPEG-TS stamped with its place on the event timeline, and none ahead of the edge', async () => {
    const event = freeOf(live);
    const grant = await playback(event.id);
    const video = await videoPlaylist(grant.url);
    const listed = parsePlaylist(video.text);
    for (const uri of listed.uris) {
      const segment = await media(new URL(uri, video.url).href);
      expect(segment.status).toBe(200);
      expect(segment.type).toBe(SEGMENT);
      expect(segment.cache).toBe('private, max-age=86400');
      expect(segment.bytes.length % 188).toBe(0);
      expect(segment.bytes[0]).toBe(0x47);
      // Segment k starts k × 2 s into the stream, whichever loop of the 24 s source it replays.
      const k = Number(uri.replace('.ts', ''));
      // (ffmpeg starts the source at 1.4 s; audio and video first timestamps differ by less than a frame.)
      const first = Math.min(...firstTimestamps(segment.bytes).values());
      expect(Math.round(first / TICKS_PER_SECOND - 1.4)).toBe(k * 2);
    }
    const ahead = listed.sequence + listed.uris.length + 1;
    expect((await media(new URL(`${ahead}.ts`, video.url).href)).status).toBe(404);
  });

  it('turns into the whole recording, with an end, once the game is over', async () => {
    // On an API of its own: the clock moves by hours.
    const own = await startTestApi();
    const ownKey = await own.apiKey(SUMMIT.channelKey);
    const event = freeOf(await eventsIn(own, ownKey, 'live'));
    const grant = (await own.call<Playback>('GET', `/events/${event.id}/playback`, { key: ownKey })).body;
    own.clock.advance(event.event_utc_ts + event.duration - own.clock.now());
    const ended = await videoPlaylist(grant.url);
    await own.close();
    const playlist = parsePlaylist(ended.text);
    expect(ended.text).toContain('#EXT-X-ENDLIST');
    expect(playlist.sequence).toBe(0);
    expect(playlist.uris).toHaveLength(Math.ceil(event.duration / 2));
    expect(ended.cache).toBe('private, max-age=60');
  });
});

describe('finished and upcoming events', () => {
  it('plays a finished event as a VOD playlist of its whole length', async () => {
    const event = freeOf(finished);
    const grant = await playback(event.id);
    expect(grant.stream_type).toBe('vod');
    const answer = await videoPlaylist(grant.url);
    expect(answer.type).toBe(PLAYLIST);
    const playlist = parsePlaylist(answer.text);
    expect(playlist.tags).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist.tags.at(-1)).toBe('#EXT-X-ENDLIST');
    expect(playlist.sequence).toBe(0);
    expect(playlist.uris).toHaveLength(Math.ceil(event.duration / 2));
    const last = await media(new URL(playlist.uris.at(-1)!, answer.url).href);
    expect(last.status).toBe(200);
    expect(last.type).toBe(SEGMENT);
    expect((await media(new URL(`${playlist.uris.length}.ts`, answer.url).href)).status).toBe(404);
  });

  it('has no stream for an upcoming event: the grant answers 409 and the media 404', async () => {
    const event = freeOf(upcoming);
    expectError(await api.call('GET', `/events/${event.id}/playback`, { key, token: fan }), 409, 'stream_status');
    const token = mediaToken(secret(), 'play', `event:${event.id}`, api.clock.now() + 600);
    expect((await media(`${api.origin}/media/events/${event.id}/${token}/index.m3u8`)).status).toBe(404);
    expect((await media(`${api.origin}/media/events/${event.id}/${token}/0.ts`)).status).toBe(404);
  });

  it('answers 404 for an event of another channel or none', async () => {
    const boreal = await api.apiKey('boreal-demo-channel-key');
    expectError(await api.call('GET', `/events/${freeOf(live).id}/playback`, { key: boreal }), 404, 'id');
    expectError(await api.call('GET', '/events/999999/playback', { key }), 404, 'id');
  });
});

describe('playback gating', () => {
  it('lets a visitor watch a free event but asks them to log in for a paid one', async () => {
    const grant = await playback(freeOf(live).id, null);
    expect((await media(grant.url)).status).toBe(200);
    expectError(await api.call('GET', `/events/${paidOf(live).id}/playback`, { key }), 401, 'auth');
  });

  it('refuses a viewer without the watch capability, and a paid event that is not bought', async () => {
    const noCapabilities = await api.login('basic@summit.test', key);
    expectError(await api.call('GET', `/events/${freeOf(live).id}/playback`, { key, token: noCapabilities }), 403, 'watch');
    const watcher = await viewerWith(api, key, ['Watch']);
    expectError(await api.call('GET', `/events/${paidOf(finished).id}/playback`, { key, token: watcher.token }), 403, 'has_access');
    expect((await api.call('GET', `/events/${freeOf(finished).id}/playback`, { key, token: watcher.token })).status).toBe(200);
  });

  it("refuses a geo-blocked viewer with SPEC's sentence", async () => {
    const blocked = await api.login('blocked@summit.test', key);
    expectError(await api.call('GET', `/events/${freeOf(live).id}/playback`, { key, token: blocked }), 403, 'geo', GEO_BLOCKED_MESSAGE);
    expect(GEO_BLOCKED_MESSAGE).toBe("We're sorry, but this content is not available in your region.");
  });

  it('refuses media without a token, with a forged, foreign, wrong-scope or expired one (403)', async () => {
    const event = freeOf(finished);
    const grant = await playback(event.id);
    const base = `${api.origin}/media/events/${event.id}`;
    const token = grant.url.split('/').at(-2)!;
    const forged = token.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    const otherEvent = finished.find((e) => e.id !== event.id)!.id;
    const refused = [
      `${base}/index.m3u8`,
      `${base}/0.ts`,
      `${base}/video.m3u8`,
      `${base}/subtitles-en.m3u8`,
      `${base}/0.fr.vtt`,
      `${base}/${forged}/video.m3u8`,
      `${base}/${forged}/subtitles-fr.m3u8`,
      `${base}/${forged}/0.en.vtt`,
      `${base}/${mediaToken(secret(), 'download', `event:${event.id}`, api.clock.now() + 600)}/subtitles-en.m3u8`,
      `${base}/${mediaToken(secret(), 'play', `event:${event.id}`, api.clock.now() - 1)}/3.en.vtt`,
      `${base}/${forged}/index.m3u8`,
      `${base}/${forged}/0.ts`,
      `${base}/not-a-token/index.m3u8`,
      `${api.origin}/media/events/${otherEvent}/${token}/index.m3u8`,
      `${base}/${mediaToken(secret(), 'download', `event:${event.id}`, api.clock.now() + 600)}/index.m3u8`,
      `${base}/${mediaToken(secret(), 'play', `event:${event.id}`, api.clock.now() - 1)}/index.m3u8`,
      `${base}/${mediaToken('another-secret', 'play', `event:${event.id}`, api.clock.now() + 600)}/index.m3u8`,
    ];
    for (const url of refused) {
      const answer = await media(url);
      expect(answer.status, url).toBe(403);
      expect(JSON.parse(answer.text)).toHaveProperty('error.errors.token');
    }
    expect((await media(grant.url)).status).toBe(200);
  });

  it('stops a grant at its expiry', async () => {
    const own = await startTestApi();
    const ownKey = await own.apiKey(SUMMIT.channelKey);
    const event = freeOf(await eventsIn(own, ownKey, 'vod'));
    const grant = (await own.call<Playback>('GET', `/events/${event.id}/playback`, { key: ownKey })).body;
    expect(grant.expires_at).toBe(own.clock.now() + event.duration + 3600);
    own.clock.advance(grant.expires_at - own.clock.now() - 1);
    expect((await media(grant.url)).status).toBe(200);
    own.clock.advance(1);
    expect((await media(grant.url)).status).toBe(403);
    await own.close();
  });
});

describe('subtitles', () => {
  const VTT = 'text/vtt; charset=utf-8';
  /** The MPEGTS value of a WebVTT segment's X-TIMESTAMP-MAP (its LOCAL must be 0). */
  const timestampMap = (vtt: string): number => {
    const match = /^X-TIMESTAMP-MAP=MPEGTS:(\d+),LOCAL:00:00:00\.000$/m.exec(vtt);
    expect(match, vtt).not.toBeNull();
    return Number(match![1]);
  };
  const firstVideoPts = (segment: Buffer): number => firstTimestamps(segment).get(0x100)!;

  async function expectRenditions(url: string, streamCache: string, segmentCache: string): Promise<void> {
    const multivariant = await media(url);
    expect(multivariant.type).toBe(PLAYLIST);
    expect(multivariant.cache).toBe(streamCache);
    const { variants, subtitles } = parseMultivariant(multivariant.text);
    // Both renditions share the subtitle group (the ladder's own attributes: 'the ABR ladder' below).
    expect(variants.map((v) => [v.uri, v.attributes['SUBTITLES']])).toEqual([
      ['video.m3u8', 'subs'],
      ['video-360p.m3u8', 'subs'],
    ]);
    expect(subtitles).toEqual([
      { TYPE: 'SUBTITLES', 'GROUP-ID': 'subs', LANGUAGE: 'en', NAME: 'English', DEFAULT: 'NO', AUTOSELECT: 'NO', URI: 'subtitles-en.m3u8' },
      { TYPE: 'SUBTITLES', 'GROUP-ID': 'subs', LANGUAGE: 'fr', NAME: 'Français', DEFAULT: 'NO', AUTOSELECT: 'NO', URI: 'subtitles-fr.m3u8' },
    ]);
    const video = await media(new URL('video.m3u8', url).href);
    for (const [lang, words] of [['en', 'Test pattern'], ['fr', 'Mire de test']] as const) {
      const playlist = await media(new URL(`subtitles-${lang}.m3u8`, url).href);
      expect(playlist.type).toBe(PLAYLIST);
      expect(playlist.cache).toBe(streamCache);
      // The video playlist, line for line, but for the segments' names.
      expect(playlist.text).toBe(video.text.replace(/^(\d+)\.ts$/gm, `$1.${lang}.vtt`));
      const { uris } = parsePlaylist(playlist.text);
      for (const uri of [uris[0]!, uris.at(-1)!]) {
        const cues = await media(new URL(uri, url).href);
        expect(cues.status).toBe(200);
        expect(cues.type).toBe(VTT);
        expect(cues.cache).toBe(segmentCache);
        expect(cues.text).toMatch(/^WEBVTT\n/);
        expect(cues.text).toContain(words);
        // Tied to the picture it goes with: the first video PTS of the segment of the same number, in either rendition.
        for (const rendition of ['.ts', '.360p.ts']) {
          const segment = await media(new URL(uri.replace(`.${lang}.vtt`, rendition), url).href);
          expect(segment.status).toBe(200);
          expect(timestampMap(cues.text)).toBe(firstVideoPts(segment.bytes));
        }
      }
      expect((await media(new URL(`${uris.length + parsePlaylist(playlist.text).sequence + 1}.${lang}.vtt`, url).href)).status).toBe(404);
    }
    expect((await media(new URL('subtitles-de.m3u8', url).href)).status).toBe(404);
    expect((await media(new URL('0.de.vtt', url).href)).status).toBe(404);
  }

  it('a replay offers English and French WebVTT renditions that mirror its video playlist', async () => {
    await expectRenditions((await playback(freeOf(finished).id)).url, 'private, max-age=60', 'private, max-age=86400');
  });

  it('a live game offers them over the same sliding window, never ahead of the live edge', async () => {
    const event = freeOf(live);
    const url = (await playback(event.id)).url;
    await expectRenditions(url, 'no-store', 'private, max-age=86400');
    const sequence = parsePlaylist((await media(url.replace('index.m3u8', 'subtitles-fr.m3u8'))).text).sequence;
    expect(sequence).toBe(Math.floor((api.clock.now() - event.event_utc_ts) / 2) - LIVE_WINDOW_SEGMENTS);
    expect((await media(url.replace('index.m3u8', `${sequence + LIVE_WINDOW_SEGMENTS}.en.vtt`))).status).toBe(404);
  });

  it('a VOD item offers them too; an upcoming game has no multivariant playlist yet', async () => {
    const items = (await api.call<{ data: Array<{ id: number; event_id: number | null }> }>('GET', '/vod-media-items', { key, query: { no_limit: 1 } })).body.data;
    const grant = await api.call<Playback>('GET', `/vod-media-items/${items.find((i) => i.event_id === null)!.id}/playback`, { key, token: fan });
    await expectRenditions(grant.body.url, 'private, max-age=60', 'private, max-age=86400');
    const event = freeOf(upcoming);
    const token = mediaToken(secret(), 'play', `event:${event.id}`, api.clock.now() + 600);
    for (const file of ['index.m3u8', 'video.m3u8', 'subtitles-en.m3u8', '0.en.vtt']) {
      expect((await media(`${api.origin}/media/events/${event.id}/${token}/${file}`)).status, file).toBe(404);
    }
  });
});

describe('the ABR ladder', () => {
  const slugOf = (eventId: number): string =>
    api.db.prepare<[number], { media_slug: string }>('SELECT media_slug FROM events WHERE id = ?').get(eventId)!.media_slug;
  /** Bits per second of a 2-second segment, rounded up: a variant's BANDWIDTH is its largest. */
  const bitRate = (bytes: number): number => Math.ceil((bytes * 8) / 2);

  it('lists a 240p and a 360p variant, lowest first, with the bit rates, codecs, size and frame rate of their bytes', async () => {
    const event = freeOf(finished);
    const { variants } = parseMultivariant((await media((await playback(event.id)).url)).text);
    const [low, high] = demoMedia().looped(slugOf(event.id))!.renditions;
    const rates = (sizes: number[]) => ({
      BANDWIDTH: String(Math.max(...sizes.map(bitRate))),
      'AVERAGE-BANDWIDTH': String(Math.ceil((sizes.reduce((a, b) => a + b, 0) * 8) / 24)),
    });
    expect(variants.map((v) => v.uri)).toEqual(['video.m3u8', 'video-360p.m3u8']);
    expect(variants.map((v) => v.attributes)).toEqual([
      { ...rates(low!.segments.map((s) => s.data.length)), CODECS: 'avc1.42c01e,mp4a.40.2', RESOLUTION: '426x240', 'FRAME-RATE': '25.000', SUBTITLES: 'subs' },
      { ...rates(high!.segments.map((s) => s.data.length)), CODECS: 'avc1.4d401e,mp4a.40.2', RESOLUTION: '640x360', 'FRAME-RATE': '25.000', SUBTITLES: 'subs' },
    ]);
    expect(Number(variants[1]!.attributes['BANDWIDTH'])).toBeGreaterThan(Number(variants[0]!.attributes['BANDWIDTH']));
    // The order of the attributes RFC 8216's examples use, one line each.
    expect(variants[1]!.streamInf).toMatch(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,CODECS="[^"]+",RESOLUTION=640x360,FRAME-RATE=25\.000,SUBTITLES="subs"$/);
  });

  it('gives both renditions the same segments, under their own names: a live window, a replay and a VOD item', async () => {
    const items = (await api.call<{ data: Array<{ id: number; event_id: number | null }> }>('GET', '/vod-media-items', { key, query: { no_limit: 1 } })).body.data;
    const item = await api.call<Playback>('GET', `/vod-media-items/${items.find((i) => i.event_id === null)!.id}/playback`, { key, token: fan });
    const urls = [(await playback(freeOf(live).id)).url, (await playback(freeOf(finished).id)).url, item.body.url];
    for (const url of urls) {
      const low = await media(new URL('video.m3u8', url).href);
      const high = await media(new URL('video-360p.m3u8', url).href);
      expect(high.status, url).toBe(200);
      expect(high.type).toBe(PLAYLIST);
      expect(high.cache).toBe(low.cache);
      // Line for line the 240p playlist (media sequence, durations, program date, end), but for the segments' names.
      expect(high.text).toBe(low.text.replace(/^(\d+)\.ts$/gm, '$1.360p.ts'));
      const [lowList, highList] = [parsePlaylist(low.text), parsePlaylist(high.text)];
      expect(highList.uris.length).toBe(lowList.uris.length);
      expect(highList.tags.filter((t) => t.startsWith('#EXTINF'))).toEqual(lowList.tags.filter((t) => t.startsWith('#EXTINF')));
      expect(highList.uris.every((uri) => /^\d+\.360p\.ts$/.test(uri))).toBe(true);
    }
  });

  it('serves 360p segments under the same token, stamped like the 240p ones, with the subtitles lining up with both', async () => {
    const event = freeOf(finished);
    const url = (await playback(event.id)).url;
    const own = demoMedia().looped(slugOf(event.id))!;
    for (const k of [0, 11, 12, 500]) {
      const low = await media(new URL(`${k}.ts`, url).href);
      const high = await media(new URL(`${k}.360p.ts`, url).href);
      expect(high).toMatchObject({ status: 200, type: SEGMENT, cache: low.cache });
      expect(high.bytes.length % 188).toBe(0);
      expect(high.bytes.length).toBe(own.renditions[1]!.segments[k % 12]!.data.length);
      expect(mediaFormat(high.bytes)).toEqual({ codecs: 'avc1.4d401e,mp4a.40.2', width: 640, height: 360 });
      expect(mediaFormat(low.bytes)).toEqual({ codecs: 'avc1.42c01e,mp4a.40.2', width: 426, height: 240 });
      // Every elementary stream starts at the same timestamp in both: a switch between them is seamless.
      expect(firstTimestamps(high.bytes)).toEqual(firstTimestamps(low.bytes));
      expect(Math.round(firstTimestamps(high.bytes).get(0x100)! / TICKS_PER_SECOND - 1.4)).toBe(k * 2);
      const cues = (await media(new URL(`${k}.fr.vtt`, url).href)).text;
      expect(cues).toContain(`X-TIMESTAMP-MAP=MPEGTS:${firstTimestamps(high.bytes).get(0x100)},LOCAL:00:00:00.000`);
    }
    expect((await media(new URL(`${Math.ceil(event.duration / 2)}.360p.ts`, url).href)).status).toBe(404);
  });

  it('keeps 360p files behind the token (403 without one or with a forged one) and 404s a rendition the stream has not', async () => {
    const event = freeOf(finished);
    const url = (await playback(event.id)).url;
    const base = `${api.origin}/media/events/${event.id}`;
    const forged = url.split('/').at(-2)!.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    for (const path of [`${base}/0.360p.ts`, `${base}/video-360p.m3u8`, `${base}/${forged}/0.360p.ts`, `${base}/${forged}/video-360p.m3u8`]) {
      expect((await media(path)).status, path).toBe(403);
    }
    const unknown = ['video-720p.m3u8', '0.720p.ts', 'video-360.m3u8', '0.360.ts', '0.360p.vtt', 'video-0360p.m3u8', '0.0360p.ts', '0.360p.360p.ts', 'video-360p.ts', '360p%2F0.ts', '0.360P.ts'];
    for (const file of unknown) {
      const answer = await media(new URL(file, url).href);
      expect(answer.status, file).toBe(404);
      expect(JSON.parse(answer.text)).toHaveProperty('error.errors.media');
    }
    // A live game's 360p segments are no more ahead of its edge than its 240p ones.
    const game = freeOf(live);
    const liveUrl = (await playback(game.id)).url;
    const edge = Math.floor((api.clock.now() - game.event_utc_ts) / 2);
    expect((await media(new URL(`${edge - 1}.360p.ts`, liveUrl).href)).status).toBe(200);
    expect((await media(new URL(`${edge}.360p.ts`, liveUrl).href)).status).toBe(404);
  });
});

describe('VOD items', () => {
  interface VodItem {
    id: number;
    duration: number;
    event_id: number | null;
  }

  it('play as a VOD playlist for a viewer with vod_media; not for a visitor or a viewer without it', async () => {
    const items = (await api.call<{ data: VodItem[] }>('GET', '/vod-media-items', { key, query: { no_limit: 1 } })).body.data;
    const item = items.find((i) => i.event_id === null)!;
    const grant = await api.call<Playback>('GET', `/vod-media-items/${item.id}/playback`, { key, token: fan });
    expect(grant.status).toBe(200);
    expect(grant.body.stream_type).toBe('vod');
    const playlist = await videoPlaylist(grant.body.url);
    expect(playlist.type).toBe(PLAYLIST);
    expect(playlist.text).toContain('#EXT-X-ENDLIST');
    expect(parsePlaylist(playlist.text).uris).toHaveLength(Math.ceil(item.duration / 2));
    const segment = await media(grant.body.url.replace('index.m3u8', '0.ts'));
    expect(segment.type).toBe(SEGMENT);

    expectError(await api.call('GET', `/vod-media-items/${item.id}/playback`, { key }), 401, 'auth');
    const watchOnly = await viewerWith(api, key, ['Watch']);
    expectError(await api.call('GET', `/vod-media-items/${item.id}/playback`, { key, token: watchOnly.token }), 403, 'vod_media');
    expect((await media(`${api.origin}/media/vod-items/${item.id}/index.m3u8`)).status).toBe(403);
  });
});

describe('public media', () => {
  it('serves the prerolls the settings name, 5 seconds each, with the right types', async () => {
    const settings = await api.call<{ prerolls: Array<{ url: string }> }>('GET', '/settings', { key });
    expect(settings.body.prerolls.length).toBeGreaterThan(0);
    for (const preroll of settings.body.prerolls) {
      const playlist = await media(`${api.origin}${preroll.url}`);
      expect(playlist.status).toBe(200);
      expect(playlist.type).toBe(PLAYLIST);
      expect(playlist.cache).toBe('public, max-age=3600');
      const durations = playlist.text.match(/#EXTINF:([\d.]+)/g)!.map((t) => Number(t.split(':')[1]));
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(5, 3);
      for (const uri of parsePlaylist(playlist.text).uris) {
        expect(uri).toMatch(/^seg-\d{3}\.ts$/);
        const segment = await media(new URL(uri, `${api.origin}${preroll.url}`).href);
        expect(segment.status).toBe(200);
        expect(segment.type).toBe(SEGMENT);
      }
    }
  });

  it("serves a VOD item's preview asset", async () => {
    const item = (await api.call<{ data: Array<{ assets: Array<{ type: string; path: string }> }> }>('GET', '/vod-media-items', { key })).body.data[0]!;
    const preview = item.assets.find((a) => a.type === 'preview')!;
    const playlist = await media(`${api.origin}${preview.path}`);
    expect(playlist.type).toBe(PLAYLIST);
    expect(parsePlaylist(playlist.text).uris).toHaveLength(12);
  });

  it('draws every image the catalogue refers to as SVG, and 404s for the rest', async () => {
    const settings = await api.call<{ channel: { logo: string } }>('GET', '/settings', { key });
    const participant = (await api.call<{ data: Array<{ image: string }> }>('GET', '/participants', { key, query: { no_limit: 1 } })).body.data[0]!;
    const group = (await api.call<{ data: Array<{ image: string }> }>('GET', '/participant-groups', { key })).body.data[0]!;
    const slide = (await api.call<{ data: Array<{ image: string }> }>('GET', '/slides/web', { key })).body.data[0]!;
    const paths = [settings.body.channel.logo, participant.image, group.image, slide.image, live[0]!.image];
    for (const path of paths) {
      const image = await media(`${api.origin}${path}`);
      expect(image.status, path).toBe(200);
      expect(image.type).toBe('image/svg+xml; charset=utf-8');
      expect(image.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
      expect(image.bytes.length).toBeLessThan(4000);
    }
    for (const path of ['/media/images/events/999999.svg', '/media/images/teams/x.svg', '/media/images/participants/UPPER.svg']) {
      expect((await media(`${api.origin}${path}`)).status, path).toBe(404);
    }
  });

  it("draws the slides' art without words (home writes their titles, once) and the logo as a monogram and the name large", async () => {
    const slides = (await api.call<{ data: Array<{ title: string; image: string }> }>('GET', '/slides/web', { key })).body.data;
    expect(slides.length).toBeGreaterThan(1);
    for (const slide of slides) {
      const art = (await media(`${api.origin}${slide.image}`)).text;
      expect(art, slide.title).not.toContain('<text');
    }
    // Slides differ by more than their colours: their arcs are placed by their titles.
    const arts = await Promise.all(slides.map(async (slide) => (await media(`${api.origin}${slide.image}`)).text));
    expect(new Set(arts).size).toBe(slides.length);

    const settings = await api.call<{ channel: { name: string; logo: string } }>('GET', '/settings', { key });
    const logo = (await media(`${api.origin}${settings.body.channel.logo}`)).text;
    expect(settings.body.channel.name).toBe('Summit Sports Network');
    expect(logo).toContain('<title>Summit Sports Network</title>');
    // The word the alias is made of, at 60 of the logo's 120 units (half its height), the rest small under it.
    expect(logo).toMatch(/font-size="60"[^>]*>Summit<\/text>/);
    expect(logo).toMatch(/font-size="22"[^>]*>SPORTS NETWORK<\/text>/);
    expect(logo).toMatch(/viewBox="0 0 \d+ 120"/);
  });

  it('shows VOD items and replays as frames of what they play (JPEG posters), live games as their matchup art', async () => {
    const vod = (await api.call<{ data: Array<{ assets: Array<{ type: string; path: string }> }> }>('GET', '/vod-media-items', { key })).body.data;
    const posters = [...vod.map((item) => item.assets.find((a) => a.type === 'image')!.path), ...finished.map((event) => event.image)];
    expect(posters.length).toBeGreaterThan(3);
    for (const path of posters) {
      expect(path).toMatch(/^\/media\/posters\/pattern-[a-c]\/poster-[1-3]\.jpg$/);
      const image = await media(`${api.origin}${path}`);
      expect(image.status, path).toBe(200);
      expect(image.type).toBe('image/jpeg');
      // A JPEG's start-of-image marker.
      expect([...image.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    // Each pattern has three frames to tell items apart.
    expect(new Set(posters).size).toBeGreaterThan(3);
    expect(live[0]!.image).toMatch(/^\/media\/images\/events\/\d+\.svg$/);
    for (const path of ['/media/posters/pattern-a/poster-4.jpg', '/media/posters/preroll-1/poster-1.jpg', '/media/posters/pattern-a/poster-01.jpg', '/media/posters/..%2Fpattern-a/poster-1.jpg']) {
      expect((await media(`${api.origin}${path}`)).status, path).toBe(404);
    }
  });

  it('never serves a file outside the media it knows (path traversal)', async () => {
    const attempts = [
      '/media/prerolls/../../../package.json',
      '/media/prerolls/preroll-1/../../../../package.json',
      '/media/prerolls/preroll-1/..%2F..%2F..%2F..%2Fpackage.json',
      '/media/prerolls/..%2F..%2F..%2Fconfig.ts/index.m3u8',
      '/media/vod/..%2Fpreroll-1/index.m3u8',
      '/media/vod/pattern-a/..%2F..%2Fmake-demo-media.sh',
      '/media/vod/pattern-a/%2e%2e%2f%2e%2e%2fmake-demo-media.sh',
      '/media/images/..%2F..%2F..%2Fpackage.json/x.svg',
      '/media/clips/..%2F..%2Fchannel.sqlite/index.m3u8',
      '/media/clips/..%2F..%2F..%2Fetc/passwd',
    ];
    for (const path of attempts) {
      const answer = await rawGet(api.origin, path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.body, path).not.toMatch(/"name": "sports-channel-app"|#!\/usr\/bin\/env|root:|SQLite format/);
    }
  });
});

describe('the committed demo media', () => {
  it('holds three distinct 24 s patterns of 2 s segments at 240p and 360p, and three 5 s 240p prerolls, under 4.5 MB in all', () => {
    const library = demoMedia();
    const patterns = ['pattern-a', 'pattern-b', 'pattern-c'].map((slug) => library.looped(slug)!);
    for (const pattern of patterns) {
      expect(pattern.renditions.map((r) => [r.name, r.format.height])).toEqual([
        [null, 240],
        ['360p', 360],
      ]);
      for (const rendition of pattern.renditions) expect(rendition.segments.map((s) => s.seconds)).toEqual(Array(12).fill(2));
    }
    expect(new Set(patterns.map((p) => p.segments[3]!.data.toString('base64'))).size).toBe(3);
    for (const slug of ['preroll-1', 'preroll-2', 'preroll-3']) {
      expect(library.get(slug)!.segments.reduce((total, s) => total + s.seconds, 0)).toBeCloseTo(5, 6);
      expect(library.get(slug)!.renditions).toHaveLength(1);
      expect(library.looped(slug)).toBeUndefined();
    }
    const dir = join(import.meta.dirname, '../../server/media/files');
    const bytes = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((total, entry) => total + statSync(join(entry.parentPath, entry.name)).size, 0);
    expect(bytes).toBeLessThan(4.5 * 1024 * 1024);
  });

  it('re-times a segment: every timestamp moves by the shift, wrapping at 2^33, and the bytes keep their size', () => {
    const segment = demoMedia().looped('pattern-b')!.segments[5]!.data;
    const before = firstTimestamps(segment);
    for (const shift of [180_000 * 12, -180_000 * 5, 2 ** 33 - 100_000]) {
      const moved = retime(segment, shift);
      expect(moved.length).toBe(segment.length);
      for (const [pid, ticks] of firstTimestamps(moved)) expect(ticks).toBe((before.get(pid)! + shift + 2 ** 33) % 2 ** 33);
    }
    expect(() => retime(segment.subarray(0, 100), 0)).toThrow(/188/);
  });
});
