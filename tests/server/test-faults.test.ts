/** The TEST_FAULTS setting of `npm start` (server/serve.ts): its parser, and the faults it makes. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FaultInjector, parseFaults } from '../../server/http/test-hooks';
import { startTestApi, type TestApi } from './harness';

describe('parseFaults', () => {
  it('reads operationId:status, for every call', () => {
    expect(parseFaults('getApiKey:503')).toEqual([{ operationId: 'getApiKey', status: 503 }]);
  });

  it('reads a count, several entries, and forgives spaces and empty entries', () => {
    expect(parseFaults(' getApiKey:503:2 , getProfile:500,,')).toEqual([
      { operationId: 'getApiKey', status: 503, times: 2 },
      { operationId: 'getProfile', status: 500 },
    ]);
    expect(parseFaults('')).toEqual([]);
  });

  it.each(['getApiKey', 'getApiKey:', 'getApiKey:abc', 'getApiKey:99', 'getApiKey:600', 'getApiKey:503:0', 'getApiKey:503:-1', 'getApiKey:503:2:1', ':503', 'get-api-key:503', 'getApiKey=503'])(
    'refuses %j, naming the entry',
    (text) => {
      expect(() => parseFaults(text)).toThrow(/TEST_FAULTS: ".*" is not operationId:status\[:times\]/);
    },
  );

  it('makes faults a FaultInjector applies: a count runs out, no count never does', () => {
    const faults = new FaultInjector();
    for (const fault of parseFaults('getApiKey:503:2,getProfile:500')) faults.add(fault);
    expect(faults.take('getApiKey')?.status).toBe(503);
    expect(faults.take('getApiKey')?.status).toBe(503);
    expect(faults.take('getApiKey')).toBeNull();
    for (let i = 0; i < 5; i++) expect(faults.take('getProfile')?.status).toBe(500);
    expect(faults.take('getSettings')).toBeNull();
  });
});

describe('faults on the reference API', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterEach(() => api.faults.clear());
  afterAll(async () => {
    await api.close();
  });

  it('a forced 429 carries its retry-after, as the API’s own rate limit sends it', async () => {
    api.faults.add({ operationId: 'getFaq', status: 429, retryAfterSeconds: 30, times: 1 });
    const throttled = await api.call<{ error: { errors: Record<string, string[]> } }>('GET', '/faq');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('30');
    expect(throttled.body.error.errors).toEqual({ fault: ['429 forced by a test'] });
    const other = await api.call('GET', '/faq');
    expect(other.status).toBe(200);
    expect(other.headers.get('retry-after')).toBeNull();
  });

  it('a delayed request is held until the faults are cleared, then answers 503 instead of running late', async () => {
    api.requestLog.clear();
    api.faults.add({ operationId: 'getFaq', delayMs: 600_000 });
    let settled = false;
    const held = api.call('GET', '/faq').finally(() => void (settled = true));
    await vi.waitFor(() => expect(api.requestLog.entries.some((entry) => entry.operationId === 'getFaq')).toBe(true));
    expect(settled).toBe(false);
    api.faults.clear();
    const answer = await held;
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ error: { errors: { fault: ['A held request ended by the test'] } } });
    expect((await api.call('GET', '/faq')).status).toBe(200);
  });

  it('a delayed request runs as usual once its delay has passed', async () => {
    api.faults.add({ operationId: 'getFaq', delayMs: 50, times: 1 });
    const answer = await api.call('GET', '/faq');
    expect(answer.status).toBe(200);
  });
});
