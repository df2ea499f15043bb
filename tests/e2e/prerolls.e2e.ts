/**
 * Preroll gating decides only on a known viewer (machines/preroll: `readingViewer`). A watch page opened directly asks
 * for its game and grant beside the startup reads, so the player may hold its stream before the session has loaded
 * the profile and its capabilities: a viewer with no_ads was sometimes given a preroll (2 loads in 72). Here the
 * profile answers late on purpose, so the grant is always first, and a no_ads viewer must still never load one.
 */
import { pickEvent } from './catalogue';
import { expect, test, type ChannelAlias } from './fixtures';
import { appReady, withStoredToken } from './helpers';
import { BOREAL, SUMMIT } from '../server/harness';

/**
 * The late profile makes the race happen on every load (the grant is always first), so a broken gate shows on the
 * first load; two loads of each page cover the three page shapes on a cold and a warm cache. Thirty loads here
 * were a search for a rare ordering the delay now forces, and cost CI 48 s per channel.
 */
const LOADS = 6;
/** Long enough that the early grant is back before the profile. */
const PROFILE_DELAY_MS = 600;

const CHANNELS: Array<[ChannelAlias, string]> = [
  ['summit', SUMMIT.channelKey],
  ['boreal', BOREAL.channelKey],
];

for (const [channel, channelKey] of CHANNELS) {
  test(`a no_ads viewer on ${channel} loads no preroll in ${LOADS} full page loads of watch pages, however late the profile`, async ({ page, stack }) => {
    test.setTimeout(240_000);
    const origin = stack.originFor(channel);
    // Games a preroll suits, so that only the viewer's no_ads capability keeps it away.
    const live = pickEvent(stack.api, { channel, when: 'live', type: 'free', preroll: true, forAtLeast: 900 });
    const finished = pickEvent(stack.api, { channel, when: 'finished', type: 'free', preroll: true });
    const token = await stack.api.login(`fan@${channel}.test`, await stack.api.apiKey(channelKey));
    await withStoredToken(page, token);
    const prerolls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media/prerolls/')) prerolls.push(request.url());
    });
    stack.faults.add({ operationId: 'getProfile', delayMs: PROFILE_DELAY_MS });
    const pages = [`/watch/${live.id}`, `/watch_embed/${live.id}`, `/watch/${finished.id}`];
    for (let load = 0; load < LOADS; load += 1) {
      await page.goto(`${origin}${pages[load % pages.length]}`);
      await appReady(page);
      // Playing is reached only once the preroll rules have decided: the content, with no ad before it.
      await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing', { timeout: 30_000 });
      await expect(page.getByTestId('player-ad')).toHaveCount(0);
    }
    expect(prerolls).toEqual([]);
  });

  test(`a visitor on ${channel} still gets the preroll the rules give, with the profile answering late`, async ({ page, stack }) => {
    const live = pickEvent(stack.api, { channel, when: 'live', type: 'free', preroll: true, forAtLeast: 600 });
    stack.faults.add({ operationId: 'getProfile', delayMs: PROFILE_DELAY_MS });
    const prerolls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media/prerolls/')) prerolls.push(request.url());
    });
    await page.goto(`${stack.originFor(channel)}/watch/${live.id}`);
    await appReady(page);
    await expect(page.getByTestId('player-ad')).toBeVisible({ timeout: 20_000 });
    expect(prerolls.length).toBeGreaterThan(0);
  });
}
