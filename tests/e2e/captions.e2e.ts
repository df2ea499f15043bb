/**
 * The streams' subtitles in Debian's Chromium (issue 30): hls.js lists a replay's English and French WebVTT
 * renditions as the video's text tracks, loads only the one the viewer turns on, and places its cues on the
 * picture they describe.
 *
 * The app's player runs hls.js's light build, which has no subtitle support; until the player's captions control is
 * there, the stream is played by hls.js's full build (the one that control needs) on a bare page of the channel's host
 * that the test serves itself (so neither the app's markup nor its CSP is involved). Everything it plays comes from
 * the real API: the grant, the signed playlists, the segments and the cues.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { SUMMIT } from '../server/harness';
import { pickEvent } from './catalogue';
import { expect, test } from './fixtures';

const HLS_FULL_BUILD = createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js');

interface Track {
  language: string;
  label: string;
  mode: string;
  cues: Array<{ start: number; end: number; text: string }>;
}

/** The video's text tracks, as the DOM has them. */
const textTracks = (page: Page): Promise<Track[]> =>
  page.locator('video').evaluate((video: HTMLVideoElement) =>
    Array.from(video.textTracks, (track) => ({
      language: track.language,
      label: track.label,
      mode: track.mode,
      cues: Array.from(track.cues ?? [], (cue) => ({ start: cue.startTime, end: cue.endTime, text: (cue as VTTCue).text })),
    })),
  );

test('a replay lists English and French subtitles as text tracks; the one turned on is loaded, its cues on their picture', async ({ page, stack }) => {
  const replay = pickEvent(stack.api, { when: 'finished', type: 'free' });
  const key = await stack.api.apiKey(SUMMIT.channelKey);
  const grant = await stack.api.call<{ url: string }>('GET', `/events/${replay.id}/playback`, { key });
  expect(grant.status).toBe(200);

  const origin = stack.originFor('summit');
  // Asked from Node, the grant names the API's 127.0.0.1 address; the page plays it from the channel's host, the same
  // server (Chromium does not let a page of one address space read another's).
  const stream = new URL(new URL(grant.body.url).pathname, origin).href;
  await page.route(`${origin}/captions-check/**`, (route) =>
    new URL(route.request().url()).pathname.endsWith('/hls.js')
      ? route.fulfill({ path: HLS_FULL_BUILD, contentType: 'text/javascript' })
      : route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: '<!doctype html><html lang="en"><title>Captions</title><video muted playsinline></video><script src="hls.js"></script>',
        }),
  );
  const vtt: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').at(-1)!;
    if (/\.(vtt|m3u8)$/.test(file)) vtt.push(file);
  });
  await page.goto(`${origin}/captions-check/`);
  await page.evaluate((url) => {
    const Hls = (window as unknown as { Hls: new () => { loadSource(url: string): void; attachMedia(video: HTMLVideoElement): void } }).Hls;
    const hls = new Hls();
    const video = document.querySelector('video')!;
    hls.loadSource(url);
    hls.attachMedia(video);
    void video.play();
  }, stream);

  // Both renditions are tracks of the video, neither showing nor loaded until the viewer asks.
  await expect.poll(async () => (await textTracks(page)).map(({ language, label }) => ({ language, label }))).toEqual([
    { language: 'en', label: 'English' },
    { language: 'fr', label: 'Français' },
  ]);
  expect(vtt.filter((file) => file.endsWith('.vtt') || file.startsWith('subtitles-'))).toEqual([]);

  // The viewer turns French on (what a captions control does: hls.js follows the track's mode).
  await page.locator('video').evaluate((video: HTMLVideoElement) => {
    video.textTracks[1]!.mode = 'showing';
  });
  await expect.poll(async () => (await textTracks(page))[1]!.cues.length).toBeGreaterThan(1);
  const [english, french] = await textTracks(page);
  expect(french!.mode).toBe('showing');
  expect(english!.cues).toEqual([]);
  expect(vtt).toContain('subtitles-fr.m3u8');
  expect(vtt.some((file) => /^\d+\.fr\.vtt$/.test(file))).toBe(true);
  expect(vtt.some((file) => file.endsWith('.en.vtt') || file === 'subtitles-en.m3u8')).toBe(false);

  // Each cue shows during the second of the pattern it names: the X-TIMESTAMP-MAP put it on its picture (within the
  // 21 ms between the pattern's first audio and video timestamps, which hls.js starts the timeline from).
  for (const second of [0, 1]) {
    const cue = french!.cues.find((c) => c.text.includes(`· 0:0${second}\n`));
    expect(cue, JSON.stringify(french!.cues)).toBeDefined();
    expect(cue!.text).toMatch(/^Mire de test [ABC] · 0:0\d\n/);
    expect(Math.abs(cue!.start - second)).toBeLessThan(0.1);
    expect(cue!.end - cue!.start).toBeCloseTo(1, 3);
  }
});
