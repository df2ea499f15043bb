/**
 * Subtitles through the player's own controls in Debian's Chromium (issue 30), on both channels' host names: a
 * replay's English and French WebVTT renditions are text tracks of the video, off until the viewer picks one in the
 * Subtitles menu (a WAI-ARIA menu button, driven here by the keyboard alone); only the chosen one is loaded, its cues
 * land on the picture they describe, the choice is kept for the next video, and `c` turns subtitles off and on again.
 */
import type { Page } from '@playwright/test';
import { openAccount } from './accounts';
import { pickEvent } from './catalogue';
import { type ChannelAlias, expect, type Stack, test } from './fixtures';
import { appReady, expectNoAxeViolations, withStoredToken } from './helpers';

/** The channels' words: Summit speaks English, Boréal French. */
const WORDS = {
  summit: { subtitles: 'Subtitles', off: 'Off' },
  boreal: { subtitles: 'Sous-titres', off: 'Désactivés' },
} as const;

/** The demo patterns' length: a replay loops its pattern and its captions (24 cues a file, server/media/files). */
const PATTERN_SECONDS = 24;

interface Track {
  language: string;
  label: string;
  mode: string;
  cues: Array<{ start: number; end: number; text: string }>;
}

/** The video's text tracks, as the DOM has them. */
const textTracks = (page: Page): Promise<Track[]> =>
  page.locator('[data-testid="player"] video').evaluate((video: HTMLVideoElement) =>
    Array.from(video.textTracks, (track) => ({
      language: track.language,
      label: track.label,
      mode: track.mode,
      cues: Array.from(track.cues ?? [], (cue) => ({ start: cue.startTime, end: cue.endTime, text: (cue as VTTCue).text })),
    })),
  );
const showing = async (page: Page) => (await textTracks(page)).filter((track) => track.mode === 'showing').map((track) => track.language);

/** A new ad-free viewer (the replay itself plays at once, from the start), signed in on the channel's host. */
async function openReplay(stack: Stack, page: Page, channel: ChannelAlias): Promise<void> {
  const replay = pickEvent(stack.api, { when: 'finished', type: 'free', channel });
  const { token } = await openAccount(stack, { tag: `captions-${channel}`, basicPass: true, channel, noAds: true });
  await withStoredToken(page, token);
  await page.goto(`${stack.originFor(channel)}/watch/${replay.id}`);
  await appReady(page);
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing', { timeout: 30_000 });
}

for (const channel of ['summit', 'boreal'] as const) {
  test(`${channel}: the Subtitles menu turns French on by keyboard; only French loads, on its picture, kept for the next video`, async ({ page, stack }) => {
    // Two videos and an axe run: on a busy 2-core machine (another worker playing video) this takes 50 to 60 s.
    test.setTimeout(120_000);
    const words = WORDS[channel];
    const files: string[] = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.split('/').at(-1)!;
      if (/\.(vtt|m3u8)$/.test(file)) files.push(file);
    });
    await openReplay(stack, page, channel);

    // Both renditions are tracks of the video; none shows, none is loaded until the viewer asks.
    await expect.poll(async () => (await textTracks(page)).map(({ language, label }) => ({ language, label }))).toEqual([
      { language: 'en', label: 'English' },
      { language: 'fr', label: 'Français' },
    ]);
    expect(await showing(page)).toEqual([]);
    expect(files.filter((file) => file.endsWith('.vtt') || file.startsWith('subtitles-'))).toEqual([]);

    // The keyboard alone: the menu button opens its menu on the checked item (Off); ↓ ↓ reaches Français.
    const controls = page.getByTestId('player-controls');
    const button = controls.getByRole('button', { name: words.subtitles });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = controls.getByRole('menu', { name: words.subtitles });
    await expect(menu.getByRole('menuitemradio')).toHaveText([words.off, 'English', 'Français']);
    await expect(menu.getByRole('menuitemradio', { name: words.off })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitemradio', { name: 'Français' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(button).toBeFocused();

    await expect.poll(() => showing(page)).toEqual(['fr']);
    await expect.poll(async () => (await textTracks(page))[1]!.cues.length, { timeout: 20_000 }).toBeGreaterThan(1);
    const [english, french] = await textTracks(page);
    expect(english!.cues).toEqual([]);
    expect(files).toContain('subtitles-fr.m3u8');
    expect(files.some((file) => /^\d+\.fr\.vtt$/.test(file))).toBe(true);
    expect(files.some((file) => file.endsWith('.en.vtt') || file === 'subtitles-en.m3u8')).toBe(false);
    // Each cue shows during the second of the pattern it names (`· m:ss`): the X-TIMESTAMP-MAP put it on its picture
    // (within the 21 ms between the pattern's first audio and video timestamps, which hls.js starts the timeline
    // from). The replay loops its pattern, so a cue names its second within the loop.
    expect(french!.cues.every((cue) => /^Mire de test [ABC] · \d:\d\d\n/.test(cue.text)), JSON.stringify(french!.cues.slice(0, 3))).toBe(true);
    for (const cue of french!.cues) {
      const [, minutes, seconds] = /· (\d):(\d\d)\n/.exec(cue.text)!;
      const off = (((cue.start - (Number(minutes) * 60 + Number(seconds))) % PATTERN_SECONDS) + PATTERN_SECONDS) % PATTERN_SECONDS;
      expect(Math.min(off, PATTERN_SECONDS - off), cue.text).toBeLessThan(0.1);
      expect(cue.end - cue.start).toBeCloseTo(1, 3);
    }

    // The choice is kept: the next video opens with French on. A live game: it has no place to resume, whereas this
    // replay may have one by now (a report saves the place after 30 s of playing, which a busy machine reaches), and
    // would then ask where to start before playing.
    const live = pickEvent(stack.api, { when: 'live', type: 'free', channel, forAtLeast: 600 });
    await page.goto(`${stack.originFor(channel)}/watch/${live.id}`);
    await appReady(page);
    await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing', { timeout: 30_000 });
    await expect.poll(() => showing(page), { timeout: 20_000 }).toEqual(['fr']);

    // c turns subtitles off, and on again in the same language.
    await controls.focus();
    await page.keyboard.press('c');
    await expect.poll(() => showing(page)).toEqual([]);
    await page.keyboard.press('c');
    await expect.poll(() => showing(page)).toEqual(['fr']);
  });
}
