/**
 * A deployment past one process, on real engines (docs/deployment.md, "Scale"): a Redis server, the reference API,
 * two gateway processes (`npm start`'s entry with REST_BASE_URL and REDIS_URL) and a balancer in front of them. A
 * viewer is the real client over the balancer, with an address of its own; what reached the API is read from its
 * request log, and what the gateways share from Redis itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProfileDocument } from '../../mesh/client/generated/documents/Profile';
import { StartupDocument } from '../../mesh/client/generated/documents/Startup';
import { PUBLIC_CACHE_SECONDS } from '../../server/config';
import { loadContract } from '../../server/openapi/contract';
import { type Gateway, startGateway } from '../e2e/gateway';
import { clientFor, restCalls } from '../mesh/client-harness';
import { startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { type Balancer, startBalancer } from './balancer';
import { type RedisServer, startRedisServer } from './redis-server';

/** The operations the API marks public (x-cache: public): the reads the gateways keep. */
const PUBLIC = new Set(loadContract().operations.filter((op) => op.publicCache).map((op) => op.operationId));
/** Requests one API key may make a window. */
const MAX = 30;

let redis: RedisServer;
let store: Redis;
let api: TestApi;
let gateways: Gateway[];
let balancer: Balancer;
let appDir: string;

beforeAll(async () => {
  redis = await startRedisServer();
  store = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 200 });
  store.on('error', () => {});
  api = await startTestApi({
    rateLimit: { max: MAX, windowSeconds: 60 },
    publicCacheSeconds: PUBLIC_CACHE_SECONDS,
    redisUrl: redis.url,
    // The gateways, on this machine, name the viewer.
    trustedProxies: ['loopback'],
  });
  appDir = mkdtempSync(join(tmpdir(), 'no-app-'));
  const env = { REDIS_URL: redis.url, TRUSTED_PROXIES: 'loopback' };
  gateways = await Promise.all([startGateway(api, appDir, env), startGateway(api, appDir, env)]);
  balancer = await startBalancer(gateways.map((gateway) => gateway.origin));
}, 120_000);

afterAll(async () => {
  await balancer?.close();
  await Promise.all((gateways ?? []).map((gateway) => gateway.close()));
  await api?.close();
  store?.disconnect();
  await redis?.stop();
  if (appDir) rmSync(appDir, { recursive: true, force: true });
});

beforeEach(async () => {
  api.requestLog.clear();
});

/** A viewer at `address`, over the balancer: one request per call, no retries. */
function viewerAt(address: string) {
  return clientFor(api, {
    endpoint: `${balancer.origin}/graphql`,
    retry: { attempts: 0 },
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-for', address);
      return fetch(input, { ...init, headers });
    },
  });
}

/** The fan, signed in at `address` (a startup reads the viewer's access, which needs a viewer). */
async function fanAt(address: string) {
  const viewer = viewerAt(address);
  viewer.token = await api.login('fan@summit.test', await viewer.client.ensureApiKey());
  return viewer;
}

const cachedReads = () => store.keys('http-cache-*');

describe('two gateways behind a balancer, sharing Redis', () => {
  it("spreads a viewer's requests over both gateways", async () => {
    const viewer = await fanAt('198.51.100.10');
    const before = [...balancer.served];
    for (let i = 0; i < 4; i += 1) expect((await viewer.client.request(StartupDocument)).settings).toBeTruthy();
    expect(balancer.served.map((count, i) => count - (before[i] ?? 0))).toEqual([2, 2]);
  });

  it('fetches the public reads from the API once for both gateways, not once each', async () => {
    await store.flushall();
    const viewer = await fanAt('198.51.100.11');
    api.requestLog.clear();
    const before = [...balancer.served];

    const first = await viewer.client.request(StartupDocument);
    const publicReads = api.requestLog.entries.filter((entry) => PUBLIC.has(entry.operationId)).length;
    expect(publicReads).toBeGreaterThanOrEqual(6);
    // The gateway writes each public read to Redis once it has answered: all of them before the next request.
    await expect.poll(async () => (await cachedReads()).length, { timeout: 10_000 }).toBe(publicReads);
    const second = await viewer.client.request(StartupDocument);
    const third = await viewer.client.request(StartupDocument);

    // Three requests in turn: each gateway answered at least one.
    expect(Math.min(...balancer.served.map((count, i) => count - (before[i] ?? 0)))).toBe(1);
    expect(restCalls(api, 'getSettings')).toBe(1);
    expect(restCalls(api, 'getMenu')).toBe(1);
    expect(second.settings).toEqual(first.settings);
    expect(third.menu).toEqual(first.menu);
  });

  it('throttles one viewer after the limit, on whichever gateway they reach', async () => {
    const viewer = await fanAt('198.51.100.12');
    const outcomes: string[] = [];
    for (let i = 0; i < MAX + 2; i += 1) {
      const result = await viewer.client.execute(ProfileDocument);
      outcomes.push(result.fieldErrors.profile?.kind ?? 'served');
    }
    // The key's window holds the login and the reads: the API counted each, whichever gateway it went through.
    expect(outcomes).toEqual([...Array.from({ length: MAX - 1 }, () => 'served'), 'throttled', 'throttled', 'throttled']);
    expect(Math.min(...balancer.served)).toBeGreaterThan(0);
  });

  it('keeps answering while Redis is down, without the shared cache or the limits, and uses it again once it is back', async () => {
    const viewer = await fanAt('198.51.100.13');
    await redis.stop();
    api.requestLog.clear();
    try {

    // Every request is answered: the public reads are misses that reach the API, and the limits let requests by
    // (each startup makes six key-exempt reads, which count against the viewer's address: 25 of them are 150 calls,
    // past both the address's MAX a window for calls without a key and its 4 × MAX for all).
    const STARTUPS = 25;
      for (let i = 0; i < STARTUPS; i += 1) expect((await viewer.client.execute(StartupDocument)).errors).toEqual([]);
      expect(restCalls(api, 'getSettings')).toBe(STARTUPS);
    } finally {
      await redis.start();
    }
    // Back: once the gateways have reconnected, a public read is kept again and the next viewer is served from it.
    let next = 100;
    await expect
      .poll(
        async () => {
          const fresh = await fanAt(`198.51.100.${next++}`);
          api.requestLog.clear();
          await fresh.client.request(StartupDocument);
          await fresh.client.request(StartupDocument);
          return restCalls(api, 'getSettings');
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeLessThan(2);
  }, 90_000);

  it('serves the next request from the other gateway when one dies, with the viewer still signed in', async () => {
    const viewer = await fanAt('198.51.100.14');
    expect((await viewer.client.request(ProfileDocument)).profile?.email).toBe('fan@summit.test');

    await gateways[0]!.crash();
    const before = [...balancer.served];
    for (let i = 0; i < 4; i += 1) {
      const { profile } = await viewer.client.request(ProfileDocument);
      expect(profile?.email).toBe('fan@summit.test');
    }
    expect(balancer.served.map((count, i) => count - (before[i] ?? 0))).toEqual([0, 4]);
  });
});

describe('the rate limits of two API processes over one Redis', () => {
  it('count the same windows: the keys one address may take are shared', async () => {
    const KEYS = 4;
    const settings = { rateLimit: { max: 100, windowSeconds: 60, keysMax: KEYS }, redisUrl: redis.url };
    await store.flushall();
    const [one, two] = await Promise.all([startTestApi(settings), startTestApi(settings)]);
    // One instant for both (their clocks stand still), so both count in the same window.
    two.clock.advance(one.clock.now() - two.clock.now());
    try {
      const issue = (on: TestApi) => on.call('POST', '/get_api_key', { body: { channel_key: SUMMIT.channelKey }, headers: { 'x-forwarded-for': '203.0.113.50' } });
      const answers: number[] = [];
      for (let i = 0; i < KEYS + 2; i += 1) answers.push((await issue(i % 2 === 0 ? one : two)).status);
      expect(answers).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
