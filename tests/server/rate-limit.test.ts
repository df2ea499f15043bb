/**
 * The rate limit bounds a client, not a key (server/http/rate-limit.ts): an API key is free, so a client that takes a
 * fresh key whenever its key is throttled must still run out, of its address's budget; and the keys themselves are
 * issued to one address a few at a time. Each client here is an address a proxy on this machine names in
 * x-forwarded-for, as the GraphQL layer names the browser.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { DEFAULT_ADDRESS_SHARE, DEFAULT_KEYS_PER_ADDRESS, registerRequestLimits } from '../../server/http/rate-limit';
import { type CallResult, startTestApi, SUMMIT, type TestApi } from './harness';

/** Requests one key may make a window; the address's budget is DEFAULT_ADDRESS_SHARE times that. */
const MAX = 5;
const WINDOW = 60;
const ADDRESS_MAX = DEFAULT_ADDRESS_SHARE * MAX;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ rateLimit: { max: MAX, windowSeconds: WINDOW } });
});
afterAll(() => api.close());

/** A client a proxy on this machine names; null: a caller on this machine itself, named by nobody. */
const from = (address: string | null): Record<string, string> => (address === null ? {} : { 'x-forwarded-for': address });
const newKey = (address: string | null) => api.call<{ api_key: string }>('POST', '/get_api_key', { body: { channel_key: SUMMIT.channelKey }, headers: from(address) });
const read = (address: string | null, key: string) => api.call('GET', '/events', { key, query: { limit: 1 }, headers: from(address) });

function expectThrottled(answer: CallResult): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(answer.body).toEqual({ error: { message: 'Too Many Attempts.', errors: {} } });
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(WINDOW);
}

/**
 * Uses keys up, taking a new one whenever the last is throttled, until nothing is served (or, should keys reset the
 * budget, a hundred keys later); answers what was.
 */
async function drain(address: string | null): Promise<{ served: number; keys: number; last: CallResult }> {
  let served = 0;
  let keys = 0;
  for (;;) {
    if (keys === 100) return { served, keys, last: await read(address, 'gave-up') };
    const issued = await newKey(address);
    if (issued.status !== 200) return { served, keys, last: issued };
    served += 1;
    keys += 1;
    for (;;) {
      const answer = await read(address, issued.body.api_key);
      if (answer.status !== 200) {
        expectThrottled(answer);
        break;
      }
      served += 1;
    }
  }
}

describe('a client that takes a new key whenever its key is throttled', () => {
  it(`is refused after its key's ${MAX} requests, and a new key gives it no more than its address's budget`, async () => {
    const address = '198.51.100.1';
    const first = await newKey(address);
    for (let i = 0; i < MAX; i += 1) expect((await read(address, first.body.api_key)).status).toBe(200);
    expectThrottled(await read(address, first.body.api_key));

    const drained = await drain(address);
    // Its first key and requests, then every key and request after, refused ones counted too: within the address's
    // budget however many keys it took, and then no key or request at all.
    expect(1 + MAX + drained.served).toBeLessThanOrEqual(ADDRESS_MAX);
    expect(drained.keys).toBeLessThan(ADDRESS_MAX / MAX);
    expectThrottled(drained.last);
  });

  it('holds a key taken earlier to the same budget: the address is spent, whichever key it shows', async () => {
    const address = '198.51.100.2';
    const spare = (await newKey(address)).body.api_key;
    await drain(address);
    expectThrottled(await read(address, spare));
  });

  it('holds a caller on this machine that no proxy names to the budget of the address it calls from', async () => {
    const drained = await drain(null);
    expect(drained.keys).toBeLessThan(ADDRESS_MAX / MAX);
    expectThrottled(drained.last);
    // Not the address of a client a proxy names: that one has its own.
    expect((await newKey('198.51.100.5')).status).toBe(200);
  });

  it('leaves every other address its own budget, and is served again in the next window', async () => {
    const address = '198.51.100.3';
    await drain(address);
    const other = await newKey('198.51.100.4');
    expect(other.status).toBe(200);
    expect((await read('198.51.100.4', other.body.api_key)).status).toBe(200);

    api.clock.advance(WINDOW);
    const again = await newKey(address);
    expect(again.status).toBe(200);
    expect((await read(address, again.body.api_key)).status).toBe(200);
  });
});

describe('issuing API keys', () => {
  let keys: TestApi;
  const KEYS = 3;
  beforeAll(async () => {
    // Keys are the one limit here: requests are plentiful.
    keys = await startTestApi({ rateLimit: { max: 100, windowSeconds: WINDOW, keysMax: KEYS } });
  });
  afterAll(() => keys.close());
  const issue = (address: string) => keys.call('POST', '/get_api_key', { body: { channel_key: SUMMIT.channelKey }, headers: from(address) });

  it(`gives one address ${KEYS} keys a window, then 429 with retry-after; another address gets its own`, async () => {
    for (let i = 0; i < KEYS; i += 1) expect((await issue('203.0.113.1')).status).toBe(200);
    const refused = await issue('203.0.113.1');
    expectThrottled(refused);
    expect((await issue('203.0.113.2')).status).toBe(200);
    const rows = keys.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM api_keys').get()!.n;
    expectThrottled(await issue('203.0.113.1'));
    expect(keys.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM api_keys').get()!.n).toBe(rows);

    keys.clock.advance(WINDOW);
    expect((await issue('203.0.113.1')).status).toBe(200);
  });
});

describe('the settings', () => {
  /** A server with only the limits, counting every request as a key request from one address. */
  async function limitedBy(
    env: NodeJS.ProcessEnv,
  ): Promise<{ issue(address?: string): Promise<number>; read(i: number): Promise<number>; close(): Promise<void> }> {
    const app = Fastify();
    const limits = registerRequestLimits(app, configFromEnv(env).rateLimit, { now: () => 1_000 }, null);
    app.setErrorHandler((error: { status?: number }, _request, reply) => reply.code(error.status ?? 500).send());
    app.post('/key', async (request) => {
      const address = (request.query as { from?: string }).from ?? '192.0.2.1';
      await limits.count(request, { operationId: 'getApiKey', apiKey: null, address, peer: address });
      return {};
    });
    app.get('/read/:i', async (request) => {
      await limits.count(request, { operationId: 'listEvents', apiKey: `key-${(request.params as { i: string }).i}`, address: '192.0.2.1', peer: '192.0.2.1' });
      return {};
    });
    await app.ready();
    return {
      issue: async (address) => (await app.inject({ method: 'POST', url: '/key', query: address ? { from: address } : {} })).statusCode,
      read: async (i) => (await app.inject({ method: 'GET', url: `/read/${i}` })).statusCode,
      close: () => app.close(),
    };
  }

  it(`read RATE_LIMIT_ADDRESS_MAX and RATE_LIMIT_API_KEYS, else ${DEFAULT_ADDRESS_SHARE} keys' worth a window and ${DEFAULT_KEYS_PER_ADDRESS} keys`, async () => {
    expect(configFromEnv({}).rateLimit).toEqual({ max: 600, windowSeconds: 60 });
    expect(configFromEnv({ RATE_LIMIT_ADDRESS_MAX: '5000', RATE_LIMIT_API_KEYS: '10' }).rateLimit).toEqual({
      max: 600,
      windowSeconds: 60,
      addressMax: 5000,
      keysMax: 10,
    });
    const limited = await limitedBy({});
    for (let i = 0; i < DEFAULT_KEYS_PER_ADDRESS; i += 1) expect(await limited.issue()).toBe(200);
    expect(await limited.issue()).toBe(429);
    await limited.close();
  });

  it('never forget a live window, however many other callers come in it', async () => {
    const limited = await limitedBy({ RATE_LIMIT_API_KEYS: '2' });
    expect([await limited.issue('198.18.0.1'), await limited.issue('198.18.0.1')]).toEqual([200, 200]);
    // More callers than a default in-memory store keeps (5,000), each with its own counters in every budget.
    for (let i = 0; i < 6_000; i += 1) await limited.issue(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(await limited.issue('198.18.0.1')).toBe(429);
    await limited.close();
  });

  it('turn every limit off with RATE_LIMIT_MAX=0 (the benches), keys included', async () => {
    const open = await limitedBy({ RATE_LIMIT_MAX: '0' });
    const answers = new Set<number>();
    for (let i = 0; i < 2_000; i += 1) {
      answers.add(await open.issue());
      answers.add(await open.read(i));
    }
    expect([...answers]).toEqual([200]);
    await open.close();
  });
});
