/**
 * The app as a channel deploys it: each channel on its own host name, and the app behind a gateway process over the
 * reference API (docs/deployment.md, Scale). Every URL the API hands out (a stream, a mailed link) must be on the host the viewer
 * is on, or the page's CSP refuses the stream and the link opens the wrong channel (server/http/public-origin.ts).
 */
import type { Page } from '@playwright/test';
import { BOREAL, SUMMIT } from '../server/harness';
import { type Account, openAccount } from './accounts';
import { pickEvent } from './catalogue';
import { expect, test, type Stack } from './fixtures';
import { appReady, withStoredToken } from './helpers';

const VISA = '4242 4242 4242 4242';

function packageId(stack: Stack, channel: 'summit' | 'boreal', name: string): number {
  const row = stack.api.db
    .prepare<[string, string], { id: number }>('SELECT p.id FROM packages p JOIN channels c ON c.id = p.channel_id WHERE c.alias = ? AND p.name = ?')
    .get(channel, name);
  if (!row) throw new Error(`no package ${name} on ${channel}`);
  return row.id;
}

/** A finished paid game the viewer may now watch, as the API answers it for them on that channel. */
async function watchablePaidGame(stack: Stack, channelKey: string, token: string): Promise<number | undefined> {
  const { body } = await stack.api.call<{ data: Array<{ id: number; type: string; has_access: boolean; stream_status: string }> }>('GET', '/events', {
    key: await stack.api.apiKey(channelKey),
    token,
    query: { no_limit: 1 },
  });
  return body.data.find((event) => event.type === 'paid' && event.has_access && event.stream_status === 'vod')?.id;
}

/** The stream URLs the player asks the API for on this page, as they come back (WatchEvent's grant). */
function grantedStreams(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('/graphql') || response.request().method() !== 'POST') return;
    const name = (response.request().postDataJSON() as { operationName?: string } | null)?.operationName;
    if (name !== 'WatchEvent') return;
    const body = (await response.json().catch(() => null)) as { data?: { playback?: { url?: string } | null } } | null;
    const url = body?.data?.playback?.url;
    if (url) urls.push(url);
  });
  return urls;
}

async function expectPlaying(page: Page): Promise<void> {
  // A viewer with ads sees the channel's preroll first; the game itself then plays.
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing', { timeout: 45_000 });
  const time = () => page.locator('[data-testid="player"] video').evaluate((video: HTMLVideoElement) => video.currentTime);
  const start = await time();
  await expect.poll(time, { timeout: 20_000 }).toBeGreaterThan(start + 1);
}

/** Buys a pass on the checkout page `origin` serves, with the labels of the channel's language. */
async function buyPass(page: Page, origin: string, id: number, labels: { card: string; expiry: string; cvc: string; pay: RegExp }): Promise<void> {
  await page.goto(`${origin}/select-package/${id}`);
  await appReady(page);
  const checkout = page.getByTestId('checkout');
  await expect(checkout).toHaveAttribute('data-status', 'editing');
  await page.getByLabel(labels.card).fill(VISA);
  await page.getByLabel(labels.expiry).fill('12/30');
  await page.getByLabel(labels.cvc).fill('123');
  await page.getByRole('button', { name: labels.pay }).click();
  await expect(checkout).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
}

const FRENCH = { card: 'Numéro de carte', expiry: "Date d'expiration (MM/AA)", cvc: 'Code de sécurité (CVC)', pay: /^Payer / };
const ENGLISH = { card: 'Card number', expiry: 'Expiry (MM/YY)', cvc: 'Security code (CVC)', pay: /^Pay / };

async function boughtAndWatching(stack: Stack, page: Page, origin: string, viewer: Account, channel: 'summit' | 'boreal'): Promise<void> {
  const channelKey = channel === 'summit' ? SUMMIT.channelKey : BOREAL.channelKey;
  expect(await watchablePaidGame(stack, channelKey, viewer.token)).toBeUndefined();
  const pass = channel === 'summit' ? 'Hockey Season Pass' : 'Passe saison hockey';
  await buyPass(page, origin, packageId(stack, channel, pass), channel === 'summit' ? ENGLISH : FRENCH);
  const covered = await watchablePaidGame(stack, channelKey, viewer.token);
  expect(covered, 'a paid hockey game the pass covers').toBeDefined();
  const streams = grantedStreams(page);
  await page.goto(`${origin}/watch/${covered}`);
  await expectPlaying(page);
  expect(streams.length).toBeGreaterThan(0);
  for (const url of streams) expect(new URL(url).origin).toBe(origin);
}

test.describe('each channel on its own host name', () => {
  test('a game bought on Boréal plays on Boréal, its stream on boreal.localhost', async ({ page, stack }) => {
    const viewer = await openAccount(stack, { tag: 'boreal-buyer', basicPass: true, channel: 'boreal' });
    await withStoredToken(page, viewer.token);
    await boughtAndWatching(stack, page, stack.originFor('boreal'), viewer, 'boreal');
  });

  test('a reset link asked for on Boréal opens Boréal, and sets the new password there', async ({ page, stack }) => {
    const viewer = await openAccount(stack, { tag: 'boreal-reset', channel: 'boreal' });
    const origin = stack.originFor('boreal');
    await page.goto(`${origin}/password-reset-request`);
    await appReady(page);
    const main = page.getByRole('main');
    await main.getByRole('textbox').first().fill(viewer.email);
    await main.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(main.getByRole('status').filter({ hasText: viewer.email })).toContainText('Il est valide pendant 60 minutes.');
    let link = '';
    await expect
      .poll(() => {
        link = stack.api.db.prepare<[string], { link: string }>("SELECT link FROM outbox WHERE email = ? AND kind = 'password_reset' ORDER BY id DESC").get(viewer.email)?.link ?? '';
        return link;
      })
      .not.toBe('');
    expect(new URL(link).origin).toBe(origin);
    await page.goto(link);
    await appReady(page);
    await expect(main).toContainText(`Choisissez un nouveau mot de passe pour ${viewer.email}.`);
    const passwords = main.locator('input[type="password"]');
    await passwords.nth(0).fill('Boreal-pass-456');
    await passwords.nth(1).fill('Boreal-pass-456');
    await main.getByRole('button', { name: 'Changer mon mot de passe' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'changé' })).toHaveText('Votre mot de passe a été changé. Connectez-vous avec votre nouveau mot de passe.');
    expect(await stack.api.login(viewer.email, await stack.api.apiKey(BOREAL.channelKey), 'Boreal-pass-456')).toBeTruthy();
  });
});

test.describe('through a gateway process over the reference API', () => {
  test('a visitor watches a free live game on the gateway, streamed through it', async ({ page, gateway, stack }) => {
    const live = pickEvent(stack.api, { channel: 'summit', when: 'live', type: 'free', forAtLeast: 600 });
    const origin = gateway.originFor('summit');
    const streams = grantedStreams(page);
    await page.goto(`${origin}/watch/${live.id}`);
    await appReady(page);
    await expectPlaying(page);
    expect(streams.length).toBeGreaterThan(0);
    for (const url of streams) expect(new URL(url).origin).toBe(origin);
  });

  test('a viewer buys a pass on the gateway: paid once, and a game it covers plays', async ({ page, gateway, stack }) => {
    const viewer = await openAccount(stack, { tag: 'gateway-buyer', basicPass: true });
    await withStoredToken(page, viewer.token);
    await boughtAndWatching(stack, page, gateway.originFor('summit'), viewer, 'summit');
    const orders = stack.api.db
      .prepare<[string], { status: string }>('SELECT o.status FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = ?')
      .all(viewer.email);
    expect(orders).toEqual([{ status: 'paid' }]);
  });
});
