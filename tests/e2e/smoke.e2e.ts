/** The built app starts in a real browser against the real stack, and the files a crawler asks for are real files. */
import { SUMMIT, BOREAL } from '../server/harness';
import { expect, test } from './fixtures';

test('the app mounts on /', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  // The shell sets data-app-ready once the startup calls settled and the app mounted (SPEC §1 step 4).
  await expect(page.locator('html[data-app-ready="true"], #root[data-app-ready="true"]').first()).toBeAttached();
  await expect.poll(() => page.title()).not.toBe('');
  expect(errors).toEqual([]);
});

// Node's resolver may not know *.localhost: the request fixture goes to the address npm start prints.
test('robots.txt and the favicon are files, not the app page', async ({ request, stack }) => {
  const robots = await request.get(`${stack.origin}/robots.txt`);
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const text = await robots.text();
  expect(text).toMatch(/^User-agent: \*/m);
  expect(text).not.toContain('<html');
  const icon = await request.get(`${stack.origin}/favicon.svg`);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
});

test('each channel answers on its own host name', async ({ page, stack }) => {
  for (const [origin, channel] of [
    [stack.origin, SUMMIT],
    [stack.originFor('summit'), SUMMIT],
    [stack.originFor('boreal'), BOREAL],
  ] as const) {
    const response = await page.goto(`${origin}/api/keys`);
    expect(response?.status()).toBe(200);
    expect(JSON.stringify(await response?.json())).toContain(channel.channelKey);
  }
});
