/** What several end-to-end suites do: wait for the app, sign a viewer in through storage, read the startup requests. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { STORAGE_PREFIX } from '../../src/adapters/storage';
import { OPEN_ORDER } from '../../src/adapters/stores';
import { expect } from './fixtures';

export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('html[data-app-ready="true"]')).toBeAttached();
}

/**
 * Starts the page with a viewer's token kept from an earlier visit, as the app stores it after a login: the session
 * machine restores it and loads the profile, exactly as for a returning viewer.
 */
export async function withStoredToken(page: Page, token: string): Promise<void> {
  const entry = JSON.stringify({ value: token, expiresAt: Date.now() + 24 * 3600 * 1000 });
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [`${STORAGE_PREFIX}token`, entry]);
}

/** The GraphQL requests the page sent, by operation name, in order (read from the request bodies). */
export function recordGraphqlOperations(page: Page): string[] {
  const operations: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    // The app sends its documents by hash, with their name.
    const body = request.postDataJSON() as { operationName?: string } | null;
    const name = body?.operationName ?? 'anonymous';
    operations.push(name);
  });
  return operations;
}

/**
 * No axe violations on the page as it is now. Only violations are collected: axe's passes and incomplete lists were
 * most of its time (seconds per page on a busy 2-core machine) and no test read them.
 *
 * A page whose frames are all of its own origin (every page of the suites: Stripe's frames come only with a channel's
 * real `pk_` key) is checked in one `axe.run` that reaches into those frames (`setLegacyMode`). The default opens a
 * blank page to merge each frame's results: about 3 s of the 4 s a run took on home, for the same violations. A page
 * with a frame of another origin (an opaque one included: a sandboxed frame, a `data:` URL) is checked the default
 * way, so that frame is not left out.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Each frame's own origin, as the frame reports it (a URL can say about:blank while the frame is another origin's).
  const origins = await Promise.all(page.frames().map((frame) => frame.evaluate(() => self.origin).catch(() => 'unknown')));
  const sameOrigin = origins.every((origin) => origin !== 'null' && origin === origins[0]);
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(sameOrigin).options({ resultTypes: ['violations'] }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Waits until the page keeps the order it is paying (what a reload resumes). The server queues the settlement while it
 * answers the card's confirmation, and the page keeps the order only once that answer has reached it: a reload in
 * between starts the checkout over.
 */
export async function openOrderKept(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), `${STORAGE_PREFIX}${OPEN_ORDER}`)).not.toBeNull();
}
