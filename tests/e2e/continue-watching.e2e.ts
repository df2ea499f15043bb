/**
 * Continue watching on the real stack (README.md "Continue watching"), on both channels' own host names: a viewer
 * made for the test has a place saved in a replay; in a new browser (a fresh context, the same viewer) the replay's
 * page offers "Resume from …" before anything plays, home shows it under "Continue watching" with its page, and once
 * the viewer is at its end it leaves the row. Then a viewer whose own player saves the place as they pause.
 */
import type { Browser, Page } from '@playwright/test';
import { formatVodDuration } from '../../src/components/vod/vod-format';
import { BOREAL, SUMMIT } from '../server/harness';
import { openAccount } from './accounts';
import { pickEvent } from './catalogue';
import { type ChannelAlias, expect, type Stack, test } from './fixtures';
import { appReady, expectNoAxeViolations, withStoredToken } from './helpers';

/** The channels' words: Summit speaks English, Boréal French. */
const WORDS = {
  summit: { offer: 'Continue where you left off?', resume: 'Resume from', restart: 'Start from the beginning', row: 'Continue watching' },
  boreal: { offer: 'Reprendre là où vous vous êtes arrêté?', resume: 'Reprendre à', restart: 'Commencer au début', row: 'Continuer à regarder' },
} as const;

const CHANNEL_KEYS: Record<ChannelAlias, string> = { summit: SUMMIT.channelKey, boreal: BOREAL.channelKey };

async function signedInPage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await withStoredToken(page, token);
  return page;
}

const video = (page: Page) => page.locator('[data-testid="player"] video');
const playhead = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

async function expectPlaying(page: Page): Promise<void> {
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing', { timeout: 30_000 });
  const start = await playhead(page);
  await expect.poll(() => playhead(page), { timeout: 20_000 }).toBeGreaterThan(start + 1);
}

/** Saves the viewer's place as the player's report does (PUT /watch_progress with the viewer's token). */
async function savePlace(stack: Stack, channel: ChannelAlias, token: string, body: { item_id: number; position: number; duration: number }) {
  const key = await stack.api.apiKey(CHANNEL_KEYS[channel]);
  const saved = await stack.api.call<{ finished: boolean }>('PUT', '/watch_progress', { key, token, body: { item_type: 'event', ...body } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

for (const channel of ['summit', 'boreal'] as const) {
  test(`${channel}: a replay's place follows the viewer to a new browser; home lists it until it is finished`, async ({ browser, stack }) => {
    // A player started, two axe runs and three page loads: on a busy 2-core machine (a CI run with another suite
    // beside it) this took about a minute.
    test.setTimeout(150_000);
    const words = WORDS[channel];
    const origin = stack.originFor(channel);
    const account = await openAccount(stack, { tag: `resume-${channel}`, basicPass: true, channel, noAds: true });
    const replay = pickEvent(stack.api, { when: 'finished', type: 'free', channel });

    // The viewer watched a third of it in another browser, whose player saved the place (the next test has the
    // player save it itself). The stream is as long as the game.
    const { duration } = replay;
    expect(duration).toBeGreaterThan(60);
    const position = Math.floor(duration / 3);
    await savePlace(stack, channel, account.token, { item_id: replay.id, position, duration });

    // A new browser, the same viewer: the replay's page asks where to start before anything plays.
    const page = await signedInPage(browser, account.token);
    await page.goto(`${origin}/watch/${replay.id}`);
    await appReady(page);
    const offer = page.getByRole('region', { name: words.offer });
    const resume = offer.getByRole('button', { name: `${words.resume} ${formatVodDuration(position)}` });
    await expect(resume).toBeVisible();
    await expect(resume).toBeFocused();
    await expect(offer.getByRole('button', { name: words.restart })).toBeVisible();
    await expect(page.getByTestId('player')).not.toHaveAttribute('data-status', 'playing');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await expect(offer).toBeHidden();
    await expectPlaying(page);

    // Home lists it under "Continue watching", with a link to its page.
    await page.goto(`${origin}/`);
    await appReady(page);
    const row = page.getByRole('region', { name: words.row });
    await expect(row.getByRole('link')).toHaveCount(1);
    await expect(row.getByRole('link')).toHaveAttribute('href', `/watch/${replay.id}`);
    await expectNoAxeViolations(page);

    // At its end (the last 30 seconds) it is finished: it leaves the row.
    expect((await savePlace(stack, channel, account.token, { item_id: replay.id, position: duration - 5, duration })).finished).toBe(true);
    const read = page.waitForResponse((response) => response.url().endsWith('/graphql') && response.request().postData()?.includes('"WatchProgress"') === true);
    await page.reload();
    await appReady(page);
    await read;
    await expect(page.getByRole('region', { name: words.row })).toHaveCount(0);
    await page.context().close();
  });
}

test('a viewer pauses a replay part-way; reopened, it resumes near where they paused, saved by the player’s own report', async ({ page, stack }) => {
  const account = await openAccount(stack, { tag: 'resume-real', basicPass: true, noAds: true });
  const replay = pickEvent(stack.api, { when: 'finished', type: 'free' });
  await withStoredToken(page, account.token);
  await page.goto(`/watch/${replay.id}`);
  await appReady(page);
  await expectPlaying(page);
  // Part-way: past the first 10 s, which are not worth resuming from. Two 10 s skips ahead (l), each once the player
  // shows the last.
  const controls = page.getByTestId('player-controls');
  await controls.focus();
  for (const past of [10, 15]) {
    await page.keyboard.press('l');
    await expect.poll(() => playhead(page)).toBeGreaterThan(past);
  }
  const saved = page.waitForResponse((response) => response.url().endsWith('/graphql') && response.request().postData()?.includes('"SaveWatchProgress"') === true);
  // The viewer pauses with the player's own control (k); the pause sends the report that saves the place.
  await page.keyboard.press('k');
  await saved;
  const pausedAt = await playhead(page);
  await page.reload();
  await appReady(page);
  await page.getByRole('button', { name: /^Resume from / }).click();
  await expectPlaying(page);
  expect(await playhead(page)).toBeGreaterThanOrEqual(pausedAt - 2);
});
