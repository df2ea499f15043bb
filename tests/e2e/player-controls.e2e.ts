/**
 * The player's own controls on the real stack (issue 30): hls.js in Debian's Chromium plays the reference API's
 * signed streams, and the controls machine drives them. On a finished game: the keyboard (k pauses, l seeks 10 s
 * ahead, m mutes, f goes fullscreen), the speed menu and the quality menu with the stream's 360p and 240p renditions,
 * each of which plays when chosen; on a live game the LIVE button, behind the edge after a seek back and at it again
 * once pressed, and a stream a few seconds behind catching up by itself. On both channels' host names, in each one's
 * language. The subtitles menu has its own suite (captions.e2e.ts).
 */
import type { Page } from '@playwright/test';
import { openAccount } from './accounts';
import { pickEvent } from './catalogue';
import { type ChannelAlias, expect, type Stack, test } from './fixtures';
import { appReady, expectNoAxeViolations, withStoredToken } from './helpers';

/** The channels' words: Summit speaks English, Boréal French. */
const WORDS = {
  summit: { position: 'Position in the video', subtitles: 'Subtitles', mute: 'Mute', fullscreen: 'Full screen', speed: 'Playback speed', normal: 'Normal', quality: 'Quality' },
  boreal: { position: 'Position dans la vidéo', subtitles: 'Sous-titres', mute: 'Couper le son', fullscreen: 'Plein écran', speed: 'Vitesse de lecture', normal: 'Normale', quality: 'Qualité' },
} as const;

/** A new ad-free viewer of the channel (the game itself plays at once, a replay from its start), on its host. */
async function openAdFree(stack: Stack, page: Page, path: string, channel: ChannelAlias = 'summit'): Promise<void> {
  const { token } = await openAccount(stack, { tag: `controls-${channel}`, basicPass: true, channel, noAds: true });
  await withStoredToken(page, token);
  await page.goto(`${stack.originFor(channel)}${path}`);
  await appReady(page);
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing', { timeout: 30_000 });
}

const video = (page: Page) => page.locator('[data-testid="player"] video');
const videoState = (page: Page) =>
  video(page).evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, paused: v.paused, muted: v.muted, rate: v.playbackRate }));

for (const channel of ['summit', 'boreal'] as const) {
  test(`${channel}: on a finished game, the keyboard plays, seeks, mutes and goes fullscreen; the speed and quality menus apply`, async ({ page, stack }) => {
    const words = WORDS[channel];
    const game = pickEvent(stack.api, { when: 'finished', type: 'free', channel });
    await openAdFree(stack, page, `/watch/${game.id}`, channel);
    const controls = page.getByTestId('player-controls');
    await expect(controls.getByRole('slider', { name: words.position })).toBeVisible();
    await expect(controls.getByRole('button', { name: words.subtitles })).toBeVisible();

    await controls.focus();
    await page.keyboard.press('k');
    await expect(controls).toHaveAttribute('data-paused', 'true');
    expect((await videoState(page)).paused).toBe(true);

    const before = (await videoState(page)).time;
    await page.keyboard.press('l');
    await expect.poll(async () => (await videoState(page)).time).toBeGreaterThanOrEqual(before + 9.5);

    await page.keyboard.press('m');
    await expect(controls).toHaveAttribute('data-muted', 'true');
    expect((await videoState(page)).muted).toBe(true);
    await expect(controls.getByRole('button', { name: words.mute, pressed: true })).toBeVisible();

    // Headless Chromium may refuse fullscreen: the machine offers it only where the page may (a button, and f).
    if ((await controls.getByRole('button', { name: words.fullscreen }).count()) > 0) {
      await page.keyboard.press('f');
      await expect(controls).toHaveAttribute('data-fullscreen', 'true');
      await page.keyboard.press('f');
      await expect(controls).toHaveAttribute('data-fullscreen', 'false');
    }

    await controls.getByRole('button', { name: words.speed }).click();
    const speeds = controls.getByRole('menu', { name: words.speed });
    await expect(speeds.getByRole('menuitemradio')).toHaveText(['0.5×', '0.75×', words.normal, '1.25×', '1.5×', '2×']);
    await speeds.getByRole('menuitemradio', { name: '1.5×' }).click();
    await expect(speeds).toBeHidden();
    await expect.poll(async () => (await videoState(page)).rate).toBe(1.5);

    await controls.getByRole('button', { name: words.quality }).click();
    const qualities = controls.getByRole('menu', { name: words.quality }).getByRole('menuitemradio');
    // Auto, then the stream's ladder by height, highest first.
    await expect(qualities).toHaveText([/^Auto/, '360p', '240p']);
    await expect(qualities.first()).toHaveAttribute('aria-checked', 'true');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(controls.getByRole('menu')).toHaveCount(0);
  });
}

test('on a finished game, each height of the quality menu plays once chosen, and the menu says which is chosen', async ({ page, stack }) => {
  const game = pickEvent(stack.api, { when: 'finished', type: 'free' });
  await openAdFree(stack, page, `/watch/${game.id}`);
  const controls = page.getByTestId('player-controls');
  const button = controls.getByRole('button', { name: 'Quality' });
  const menu = controls.getByRole('menu', { name: 'Quality' });
  // The player reports the height of what hls.js switched to; the picture follows.
  for (const height of ['360', '240']) {
    await button.click();
    await menu.getByRole('menuitemradio', { name: `${height}p`, exact: true }).click();
    await expect(menu).toHaveCount(0);
    await expect(controls).toHaveAttribute('data-height', height);
    // The element's state comes along, so that a picture that does not follow says where playback stood.
    await expect
      .poll(() =>
        video(page).evaluate((v: HTMLVideoElement) => ({
          height: v.videoHeight,
          time: v.currentTime,
          paused: v.paused,
          readyState: v.readyState,
          buffered: Array.from({ length: v.buffered.length }, (_, i) => [v.buffered.start(i), v.buffered.end(i)]),
        })),
      )
      .toMatchObject({ height: Number(height) });
  }
  // Auto no longer names a height it does not choose.
  await button.click();
  await expect(menu.getByRole('menuitemradio')).toHaveText(['Auto', '360p', '240p']);
  await expect(menu.getByRole('menuitemradio', { name: '240p', exact: true })).toHaveAttribute('aria-checked', 'true');
});

test('on a live game, the LIVE button says when the video is behind the edge and brings it back; no speed', async ({ page, stack }) => {
  // A journey through the live window, with a catch-up that plays in real time.
  test.setTimeout(90_000);
  const live = pickEvent(stack.api, { when: 'live', type: 'free', forAtLeast: 600 });
  await openAdFree(stack, page, `/watch/${live.id}`);
  const controls = page.getByTestId('player-controls');
  const button = controls.getByTestId('player-live');
  await expect(button).toHaveAttribute('data-at-edge', 'true', { timeout: 15_000 });
  await expect(button).toHaveAccessibleName('Playing live');
  await expect(controls.getByRole('button', { name: 'Playback speed' })).toHaveCount(0);

  // 10 s back (j), within the live window: behind the edge; the button returns to it.
  await controls.focus();
  await page.keyboard.press('j');
  await expect(button).toHaveAttribute('data-at-edge', 'false');
  await expect(button).toHaveAccessibleName('Go to live');
  await button.click();
  await expect(button).toHaveAttribute('data-at-edge', 'true');

  // A few seconds behind (where a slow start or a stall leaves a viewer): the stream plays faster until it is live
  // again, with no click. Once within a second of the edge, ← goes 5 s back (into what is buffered, so at once).
  const bar = controls.getByRole('slider', { name: 'Position in the live stream' });
  const behind = async () => {
    const edge = Number(await bar.getAttribute('max'));
    return video(page).evaluate((v: HTMLVideoElement, end) => end - v.currentTime, edge);
  };
  await expect.poll(behind).toBeLessThan(1);
  await page.keyboard.press('ArrowLeft');
  await expect(button).toHaveAttribute('data-at-edge', 'false');
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBeGreaterThan(1);
  await expect(button).toHaveAttribute('data-at-edge', 'true', { timeout: 30_000 });

  // The time bar is the live window (its last five minutes): Home goes near its start (a few seconds in, as the
  // window slides on while the player seeks), far behind the edge; End back to the edge, as the WAI-ARIA slider
  // pattern has them.
  await bar.focus();
  await page.keyboard.press('Home');
  await expect(button).toHaveAttribute('data-at-edge', 'false');
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.seekable.end(0) - v.currentTime)).toBeGreaterThan(60);
  // It plays on from there, at its own speed: hls.js kept the position instead of jumping or hurrying back to the edge.
  const landed = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(landed);
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1);
  await expect(button).toHaveAttribute('data-at-edge', 'false');
  await page.keyboard.press('End');
  await expect(button).toHaveAttribute('data-at-edge', 'true');
});
