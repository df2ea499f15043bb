/**
 * Each channel's host is an installable app of its own (issue 30 point 4): its manifest (server/http/manifest.ts),
 * the service worker (src/service-worker/sw.ts) controlling its pages, Chromium's own installability checks, the
 * offline page, and a new build's worker taking over on the next navigation.
 *
 * Chromium refuses to install from an incognito profile (installability error `in-incognito`), which every
 * Playwright context but a persistent one is: the installability test opens a
 * persistent context on a throwaway profile. Nothing else is needed: tried with and without
 * `--bypass-app-banner-engagement-checks` (the switch that lifts Chromium's site-engagement condition), this headless
 * Chromium fired the prompt either way, so the suite's own flags are kept.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { expect, test, type ChannelAlias, type Stack } from './fixtures';
import { appReady, expectNoAxeViolations } from './helpers';
import type { WebAppManifest as Manifest } from '../../server/http/manifest';

const dist = resolve(import.meta.dirname, '..', '..', 'dist');

const CHANNELS: Array<{ alias: ChannelAlias; offline: { title: string; retry: string } }> = [
  { alias: 'summit', offline: { title: 'You are offline', retry: 'Try again' } },
  { alias: 'boreal', offline: { title: 'Vous êtes hors ligne', retry: 'Réessayer' } },
];


function channelOf(stack: Stack, alias: ChannelAlias): { name: string; language: string; colors: Record<string, string> } {
  const row = stack.api.db.prepare<[string], { name: string; language: string; colors: string }>('SELECT name, language, colors FROM channels WHERE alias = ?').get(alias);
  if (!row) throw new Error(`no channel ${alias}`);
  return { name: row.name, language: row.language, colors: JSON.parse(row.colors) as Record<string, string> };
}

/** `#rrggbb` as getComputedStyle writes it. */
const rgb = (hex: string): string => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

/** Records `beforeinstallprompt` on the page's root element, where the test can wait for it. */
async function recordInstallPrompt(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.addEventListener('beforeinstallprompt', (event) => {
      event.preventDefault();
      document.documentElement.dataset['installPrompt'] = 'fired';
    });
  });
}

/** The page's controlling worker's script, once one controls it. */
async function expectControlled(page: Page, origin: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${origin}/sw.js`);
}

/** Every URL the worker's caches hold. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) urls.push(...(await (await caches.open(name)).keys()).map((request) => request.url));
    return urls;
  });
}

async function installabilityErrors(context: BrowserContext, page: Page): Promise<unknown[]> {
  const cdp = await context.newCDPSession(page);
  try {
    const { installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors');
    return errors;
  } finally {
    await cdp.detach();
  }
}

/** What Chromium needs to offer the channel's site as an app, checked on a fresh visit of its home page. */
async function expectInstallable(context: BrowserContext, page: Page, origin: string, channel: ReturnType<typeof channelOf>): Promise<void> {
  await recordInstallPrompt(page);
  await page.goto(`${origin}/`);
  await appReady(page);
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = await page.evaluate(async (href) => (await fetch(href)).json() as Promise<Manifest>, manifestHref ?? '');
  expect(manifest).toMatchObject({
    name: channel.name,
    lang: channel.language,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: channel.colors['header_background'],
    background_color: channel.colors['body_background'],
  });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => `${icon.purpose} ${icon.sizes}`).sort()).toEqual([
    'any 192x192',
    'any 512x512',
    'maskable 192x192',
    'maskable 512x512',
  ]);
  // Every icon the manifest names loads, as the type it says.
  for (const icon of manifest.icons) {
    const type = await page.evaluate(async (src) => {
      const response = await fetch(src);
      return response.ok ? response.headers.get('content-type') : `HTTP ${response.status}`;
    }, icon.src);
    expect(type, icon.src).toContain(icon.type);
  }
  // The browser's bar wears the channel's colour once the page is idle.
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', channel.colors['header_background'] ?? '');

  await expectControlled(page, origin);
  // Chromium's own verdict on the manifest it parsed, and on the page as an app.
  const cdp = await context.newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  await cdp.detach();
  expect(parsed.url).toBe(`${origin}/manifest.webmanifest`);
  expect(parsed.errors).toEqual([]);
  expect(await installabilityErrors(context, page)).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('data-install-prompt', 'fired');
}

// The other suites block service workers (playwright.config.ts); this one is about the worker. Playwright applies
// the setting to the persistent contexts below too.
test.use({ serviceWorkers: 'allow' });

for (const { alias, offline } of CHANNELS) {
  test.describe(`${alias}.localhost as an installable app`, () => {
    test('its own manifest, a worker controlling the page, no installability error, and the install prompt', async ({ stack }) => {
      const origin = stack.originFor(alias);
      const channel = channelOf(stack, alias);
      const profile = mkdtempSync(join(tmpdir(), 'installable-profile-'));
      const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, reducedMotion: 'reduce' });
      try {
        // As the suite's own contexts do (tests/e2e/fixtures.ts): anything the server's policy refuses fails the test.
        const violations: string[] = [];
        context.on('console', (message) => {
          if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
        });
        const page = context.pages()[0] ?? (await context.newPage());
        await expectInstallable(context, page, origin, channel);
        expect(violations).toEqual([]);
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    });

    test('offline, a page shows the offline page in the channel\'s language and colours, and no API answer comes from a cache', async ({ page, context, stack }) => {
      const origin = stack.originFor(alias);
      const channel = channelOf(stack, alias);
      await page.goto(`${origin}/`);
      await appReady(page);
      await expectControlled(page, origin);

      await context.setOffline(true);
      try {
        // From the app's page, which its policy lets reach the services: the API, GraphQL and media go to the
        // network, which is gone; none is answered by the worker (no-store keeps the browser's HTTP cache out of it:
        // the page's logo is in there).
        const answers = await page.evaluate(() =>
          Promise.all(
            ['/graphql', '/api/keys', '/media/images/channels/summit.svg'].map((url) =>
              fetch(url, { cache: 'no-store' }).then(
                (response) => `${url}: answered ${response.status}`,
                () => `${url}: failed`,
              ),
            ),
          ),
        );
        expect(answers).toEqual(['/graphql: failed', '/api/keys: failed', '/media/images/channels/summit.svg: failed']);

        await page.goto(`${origin}/upcoming`);
        await expect(page.locator('body')).toHaveAttribute('data-status', 'offline');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(offline.title);
        await expect(page.getByText(channel.name)).toBeVisible();
        // Its stylesheet applies (its policy allows it by hash): the channel's header colour.
        await expect(page.locator('header')).toHaveCSS('background-color', rgb(channel.colors['header_background'] ?? ''));
        const retry = page.getByRole('link', { name: offline.retry });
        await expect(retry).toHaveAttribute('href', '/upcoming');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(channel.language);
        await expectNoAxeViolations(page);
        // The worker keeps build files and the manifest, nothing else: no page, no answer of a service.
        const cached = (await cachedUrls(page)).map((url) => new URL(url).pathname);
        expect(cached).toContain('/manifest.webmanifest');
        expect(cached.filter((path) => !path.startsWith('/assets/') && path !== '/manifest.webmanifest')).toEqual([]);
      } finally {
        await context.setOffline(false);
      }
      // Back online, the retry loads the page itself.
      await page.getByRole('link', { name: offline.retry }).click();
      await appReady(page);
      expect(new URL(page.url()).pathname).toBe('/upcoming');
    });
  });
}

test.describe('a new deploy', () => {
  test('its worker takes over on the next navigation and deletes the earlier build\'s cache', async ({ page, stack }) => {
    const origin = stack.originFor('summit');
    await page.goto(`${origin}/`);
    await appReady(page);
    await expectControlled(page, origin);
    const before = await page.evaluate(() => caches.keys());
    expect(before).toHaveLength(1);

    // A new build: the same worker with another version (and no pre-compressed twins, which would still be the old one).
    const file = join(dist, 'sw.js');
    const original = { js: readFileSync(file), br: readFileSync(`${file}.br`), gz: readFileSync(`${file}.gz`) };
    const source = original.js.toString('utf8');
    const version = /"version":"([0-9a-f]+)"/.exec(source)?.[1];
    expect(version, 'the built worker names its version').toBeDefined();
    try {
      writeFileSync(file, source.replace(`"version":"${version}"`, `"version":"${version}0"`));
      rmSync(`${file}.br`);
      rmSync(`${file}.gz`);
      await page.goto(`${origin}/upcoming`);
      await appReady(page);
      await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([`app-${version}0`]);
      await expectControlled(page, origin);
      // The new worker answers: the page loads, and the old build's cache is gone.
      await page.goto(`${origin}/`);
      await appReady(page);
      expect(await page.evaluate(() => caches.keys())).toEqual([`app-${version}0`]);
    } finally {
      writeFileSync(file, original.js);
      writeFileSync(`${file}.br`, original.br);
      writeFileSync(`${file}.gz`, original.gz);
    }
  });
});
