import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, SUMMIT, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('reference API start-up', () => {
  it('answers the seeded events of the key’s channel', async () => {
    const key = await api.apiKey(SUMMIT.channelKey);
    const events = await api.call<{ data: Array<{ id: number }>; meta: { total: number } }>('GET', '/events', { key, query: { no_limit: 1 } });
    expect(events.status).toBe(200);
    expect(events.body.meta.total).toBe(30);
    expect(events.body.data).toHaveLength(30);
  });
});
