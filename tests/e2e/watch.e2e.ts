/**
 * Watching on the real stack (ISSUE 7): hls.js in Debian's Chromium plays the reference API's signed streams. From
 * home to a live game whose time advances, a VOD item, a preroll that plays once and is then skipped for that visitor
 * and event, the geo-blocked viewer, a paid game nobody bought, the embed without header and footer, an upcoming
 * game saved to a calendar, and no axe violations on the watch page.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { calendarFileName } from '../../src/format/calendar-file';
import { SUMMIT } from '../server/harness';
import { openAccount } from './accounts';
import { pickEvent, pickVodItem } from './catalogue';
import { expect, test, type Stack } from './fixtures';
import { appReady, expectNoAxeViolations, withStoredToken } from './helpers';

async function logIn(stack: Stack, page: Page, email: string): Promise<void> {
  const token = await stack.api.login(email, await stack.api.apiKey(SUMMIT.channelKey));
  await withStoredToken(page, token);
}

/** The player's video time, in seconds. */
const videoTime = (page: Page) => page.locator('[data-testid="player"] video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** The video plays: the player says so and its time moves on by more than a second. */
async function expectPlaying(page: Page): Promise<void> {
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  const start = await videoTime(page);
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(start + 1);
}

test('from home, a viewer picks a live game and watches it: the video time advances', async ({ page, stack }) => {
  // The fan has no_ads: the game itself starts at once.
  const live = pickEvent(stack.api, { when: 'live', type: 'free', forAtLeast: 600 });
  await logIn(stack, page, 'fan@summit.test');
  await page.goto('/');
  await appReady(page);
  await page.locator(`a[href="/watch/${live.id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/watch/${live.id}$`));
  await expectPlaying(page);
  await expect(page.getByRole('banner')).toBeVisible();
  // axe reads the page, not the picture: the video is paused first, so decoding does not compete with it for the CPU.
  await page.locator('[data-testid="player"] video').evaluate((v: HTMLVideoElement) => v.pause());
  await expectNoAxeViolations(page);
});

/** A video rendition's media playlist: `video.m3u8`, `video-360p.m3u8`. */
const VIDEO_PLAYLIST = /\/video(-\d+p)?\.m3u8$/;

test('opened directly, a watch page asks for the game and its grant once, from the entry, and hls.js takes the playlist the entry preloaded', async ({
  page,
  stack,
}) => {
  // A replay: a live stream's video playlist is asked for again as it grows, which could come before the first
  // segment on a busy machine; a finished game's is asked for once.
  // A new ad-free viewer: the replay plays from its start, never a preroll or an offer to resume.
  const replay = pickEvent(stack.api, { when: 'finished', type: 'free' });
  await withStoredToken(page, (await openAccount(stack, { tag: 'preload', basicPass: true, noAds: true })).token);
  // In the order the page sent them. The granted `index.m3u8` is a multivariant playlist: it names the media playlist
  // of each video rendition (`video.m3u8` at 240p, `video-360p.m3u8`), of which hls.js loads the one it starts with,
  // and the subtitle renditions, which no request asks for until captions are turned on.
  const sent: Array<'grant' | 'multivariant' | 'video playlist' | 'other playlist' | 'segment'> = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/graphql' && (request.postDataJSON() as { operationName?: string } | null)?.operationName === 'WatchEvent') sent.push('grant');
    else if (path.endsWith('/index.m3u8')) sent.push('multivariant');
    else if (VIDEO_PLAYLIST.test(path)) sent.push('video playlist');
    else if (path.endsWith('.m3u8')) sent.push('other playlist');
    else if (path.endsWith('.ts')) sent.push('segment');
  });
  await page.goto(`/watch/${replay.id}`);
  await expectPlaying(page);
  expect(sent.filter((kind) => kind === 'grant')).toHaveLength(1);
  // One request for each playlist before the first segment, not more...
  expect(sent.slice(0, sent.indexOf('segment'))).toEqual(['grant', 'multivariant', 'video playlist']);
  // ...and both are the entry's preloads, which it adds only once the early grant came back: hls.js's own requests
  // took the preloaded answers. (Whether they start before or after the mount depends on the machine's speed; the
  // bench's figures say how early it is, a test cannot without racing.) hls.js starts on the lowest rendition, whose
  // playlist the entry preloads beside the multivariant one, instead of asking for it once the multivariant answered.
  const initiators = await page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType('resource')
        .map((entry) => [new URL(entry.name).pathname.split('/').at(-1)!, (entry as PerformanceResourceTiming).initiatorType] as const)
        .filter(([file]) => file === 'index.m3u8' || /^video(-\d+p)?\.m3u8$/.test(file))
        .map(([file, initiator]) => [file === 'index.m3u8' ? file : 'video playlist', initiator] as const)
        .reverse(),
    ),
  );
  expect(initiators).toEqual({ 'index.m3u8': 'link', 'video playlist': 'link' });
});

test('a VOD item plays on its page', async ({ page, stack }) => {
  const item = pickVodItem(stack.api);
  await logIn(stack, page, 'fan@summit.test');
  await page.goto(`/vod_library/${item.id}`);
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
  await expectPlaying(page);
});

test('a preroll plays first for a visitor, then not again for that event on the next visit', async ({ page, stack }) => {
  const event = pickEvent(stack.api, { when: 'live', type: 'free', preroll: true, forAtLeast: 600 });
  await page.goto(`/watch/${event.id}`);
  await appReady(page);
  await expect(page.getByTestId('player-ad')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('video-first-frame:preroll').length)).toBe(1);
  // The demo prerolls last about six seconds; then the game plays.
  await expect(page.getByTestId('player-ad')).toBeHidden({ timeout: 20_000 });
  await expectPlaying(page);

  await page.reload();
  await appReady(page);
  await expectPlaying(page);
  await expect(page.getByTestId('player-ad')).toBeHidden();
  expect(await page.evaluate(() => performance.getEntriesByName('video-first-frame:preroll').length)).toBe(0);
  expect(await page.evaluate(() => performance.getEntriesByName('video-first-frame:content').length)).toBe(1);
});

test('a library video that does not exist says so to a viewer under its own heading, and leads back home', async ({ page, stack }) => {
  const viewer = await openAccount(stack, { tag: 'unknown-clip', basicPass: true });
  await withStoredToken(page, viewer.token);
  await page.goto('/watch_library/999999999');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video not found');
  await expect(page.getByTestId('player-denial').getByRole('alert')).toHaveText('This video is not available.');
  await expectNoAxeViolations(page);
  await page.getByTestId('player-denial').getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a geo-blocked viewer is told the content is not available in their region', async ({ page, stack }) => {
  const live = pickEvent(stack.api, { when: 'live', type: 'free' });
  await logIn(stack, page, 'blocked@summit.test');
  await page.goto(`/watch/${live.id}`);
  await appReady(page);
  await expect(page.getByTestId('player-denial')).toHaveText("We're sorry, but this content is not available in your region.");
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'denied');
});

test('a paid game nobody bought: a visitor is asked to log in or register, a viewer is shown the way to buy it', async ({ page, stack }) => {
  const paid = pickEvent(stack.api, { when: 'live', type: 'paid', notBoughtBy: 'fan@summit.test' });
  await page.goto(`/watch/${paid.id}`);
  await appReady(page);
  await expect(page.getByRole('link', { name: 'LOGIN TO WATCH' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'REGISTER TO WATCH' })).toHaveAttribute('href', '/registration');

  await logIn(stack, page, 'fan@summit.test');
  await page.reload();
  await appReady(page);
  const buy = page.getByRole('link', { name: 'BUY THIS GAME' });
  await expect(buy).toHaveAttribute('href', new RegExp(`^/buy\\?event_id=${paid.id}&single_event_package_id=\\d+$`));
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'denied');
});

test('the embed plays without header and footer', async ({ page, stack }) => {
  const live = pickEvent(stack.api, { when: 'live', type: 'free', forAtLeast: 600 });
  await logIn(stack, page, 'fan@summit.test');
  await page.goto(`/watch_embed/${live.id}`);
  await appReady(page);
  await expectPlaying(page);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('an upcoming game is added to a calendar: an .ics file with its title, its time in UTC and a link on the channel’s own host', async ({ page, stack }) => {
  const upcoming = pickEvent(stack.api, { when: 'upcoming', type: 'free' });
  await page.goto(`/watch/${upcoming.id}`);
  await appReady(page);
  const title = (await page.locator('#watch-title').textContent()) ?? '';
  expect(title).not.toBe('');
  const add = page.getByRole('button', { name: 'Add to calendar' });
  await expect(add).toBeVisible();
  await expectNoAxeViolations(page);

  // From the keyboard, as a viewer tabbing to it would.
  const [download] = await Promise.all([page.waitForEvent('download'), add.press('Enter')]);
  expect(download.suggestedFilename()).toBe(calendarFileName(title));
  const text = readFileSync(await download.path(), 'utf8');
  // Every line ends with CRLF: no LF or CR on its own.
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  // Content lines, unfolded (a CRLF and a space join a folded line back).
  const lines = text.replace(/\r\n /g, '').split('\r\n');
  const value = (name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(value('SUMMARY')).toBe(title.replace(/[\\;,]/g, (c) => `\\${c}`));
  const start = new Date(upcoming.event_utc_ts * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
  expect(value('DTSTART')).toBe(start);
  // The page's own origin, the channel's host (summit.localhost), never the 127.0.0.1 the server listens on.
  expect(value('URL')).toBe(`${stack.originFor('summit')}/watch/${upcoming.id}`);
  expect(value('UID')).toBe(`event-${upcoming.id}@${new URL(stack.originFor('summit')).host}`);

  // A live game is under way: nothing to add.
  const live = pickEvent(stack.api, { when: 'live', type: 'free' });
  await page.goto(`/watch/${live.id}`);
  await appReady(page);
  await expect(page.getByTestId('watch-status')).toHaveText('Live');
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
});
