/**
 * The end-to-end fixture: each Playwright worker starts the real stack in-process, as `npm start` does (the
 * reference API on a fresh temporary SQLite file, GraphQL Mesh over it, media, analytics and logs, and the built
 * app from dist/), on its own ephemeral port on 127.0.0.1. Tests get `baseURL` = `stack.origin`, so
 * `page.goto('/')` opens the app.
 *
 * Time: the API runs on the wall clock (plus whatever `stack.clock.advance` adds), not the frozen clock of the
 * vitest suites: a live game's playlist is a window that slides every 2 seconds of the API's clock, and a browser
 * playing it needs that window to move. Background jobs (order settlement about 2 s after payment, clip cutting,
 * renewals) run every half second, as in `npm start`.
 *
 * Channels: pages open on the channels' own host names, as a channel deploys the app: `baseURL` is
 * `stack.originFor('summit')` (`http://summit.localhost:<port>`), and `stack.originFor('boreal')` opens Boréal; Chromium
 * resolves `*.localhost` to this machine, and the keys file answers the key of the channel serving the host. Every URL
 * the API hands out must then be on that host (server/http/public-origin.ts). `stack.origin` (127.0.0.1) is the
 * address `npm start` prints, for Node's own requests: its resolver may not know `*.localhost`.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test as base } from '@playwright/test';
import type { FaultInjector } from '../../server/http/test-hooks';
import { ChannelKeyDocument } from '../../mesh/client/generated/documents/ChannelKey';
import { PUBLIC_CACHE_SECONDS } from '../../server/config';
import { startTestApi, type TestApi } from '../server/harness';
import { type Gateway, startGateway } from './gateway';

export type ChannelAlias = 'summit' | 'boreal';

export interface Stack {
  /** `http://127.0.0.1:<port>`: the app and every service, for the default channel (Summit), as `npm start` prints it. */
  origin: string;
  /** The same server under the channel's own host name: `http://<alias>.localhost:<port>`. */
  originFor(channel: ChannelAlias): string;
  /** Failures and delays forced on REST operations by operationId (e.g. `{ operationId: 'getApiKey', status: 503 }`); cleared after each test. */
  faults: FaultInjector;
  /** The API's clock, in unix seconds: the wall clock plus what `advance(seconds)` added. Shared by the worker's tests. */
  clock: TestApi['clock'];
  /** The whole harness of tests/server/harness.ts: REST calls (`call`, `apiKey`, `login`), the database, the request log. */
  api: TestApi;
}

const distDir = resolve(import.meta.dirname, '..', '..', 'dist');

export const test = base.extend<{ resetStack: void; cspViolations: void }, { stack: Stack; gateway: Gateway }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, use) => {
      if (!existsSync(join(distDir, 'index.html'))) {
        throw new Error(`The app is not built (${join(distDir, 'index.html')} is missing): the global setup runs scripts/build-app.ts`);
      }
      // As deployed: the GraphQL layer keeps the public reads for 60 s (forgotten after each test, so a fault a test
      // forces on one of them is what its page gets).
      const api = await startTestApi({ appOrigin: null, publicCacheSeconds: PUBLIC_CACHE_SECONDS }, { graphql: true, documents: 'trusted', app: { distDir }, clock: 'wall', pollJobs: true });
      // Mesh prepares its execution layer on the first request (about half a second, more on a busy machine): pay it
      // here, so no test's first page load races the app's own request timeouts.
      // The app's first request (trusted documents only: by its hash).
      const channelKey = { version: 1, sha256Hash: ChannelKeyDocument.__meta__.hash.replace('sha256:', '') };
      const warmUp = await fetch(api.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ operationName: 'ChannelKey', extensions: { persistedQuery: channelKey } }),
      });
      const warmed = await warmUp.text();
      if (!warmUp.ok || !warmed.includes('channel_key')) throw new Error(`GraphQL warm-up answered ${warmUp.status}: ${warmed}`);
      api.requestLog.clear();
      const { port } = new URL(api.origin);
      await use({
        origin: api.origin,
        originFor: (channel) => `http://${channel}.localhost:${port}`,
        faults: api.faults,
        clock: api.clock,
        api,
      });
      await api.close();
    },
    // Starting the stack (a fresh database, Mesh's first request) takes seconds on a busy machine: its own limit, so
    // it never eats into the first test's.
    { scope: 'worker', timeout: 120_000 },
  ],
  // Started only for the tests that ask for it: a second process, over this worker's reference API.
  gateway: [
    async ({ stack }, use) => {
      const gateway = await startGateway(stack.api, distDir);
      await use(gateway);
      await gateway.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.originFor('summit'));
  },
  // Tests of one worker share the stack: what one test forces must not leak into the next.
  resetStack: [
    async ({ stack }, use) => {
      await use();
      stack.faults.clear();
      stack.api.requestLog.clear();
      await stack.api.forgetCachedReads();
    },
    { auto: true },
  ],
  // Pages run under the server's Content-Security-Policy (server/http/security.ts): anything it refuses, in any tab
  // of the test, fails the test that loaded it.
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
      });
      await use();
      expect(violations).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
