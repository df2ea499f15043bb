import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StartupDocument } from '../../mesh/client/generated/documents/Startup';
import { BOREAL, startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { persistedRequest } from './documents';

const PARTS = ['profile', 'settings', 'menu', 'colors', 'pages', 'geo', 'categories', 'participants', 'groups', 'access'];

interface GraphqlAnswer {
  data: Record<string, unknown> | null;
  errors?: Array<{ path?: string[]; extensions?: { response?: { status: number; body: unknown } } }>;
}

let api: TestApi;
beforeAll(async () => {
  // This process plays the load balancer in front of the app (TRUSTED_PROXIES): its x-forwarded-host names the
  // browser's host, which the GraphQL layer believes from a trusted hop only.
  api = await startTestApi({ trustedProxies: ['loopback'] }, { graphql: true });
});
afterAll(() => api.close());

async function startup(key: string, token?: string, host?: string): Promise<GraphqlAnswer> {
  const response = await fetch(api.graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': key,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(host ? { 'x-forwarded-host': host } : {}),
    },
    // The generated document (with the fragments it borrows from auth and catalogue), sent by its hash as the app sends it.
    body: JSON.stringify(persistedRequest(StartupDocument)),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as GraphqlAnswer;
}

describe('the Startup query through Mesh', () => {
  it('answers all ten startup reads for a viewer in one request', async () => {
    const key = await api.apiKey(SUMMIT.channelKey);
    const token = await api.login('fan@summit.test', key);
    api.requestLog.clear();
    const answer = await startup(key, token);
    expect(answer.errors ?? []).toEqual([]);
    expect(Object.keys(answer.data ?? {}).sort()).toEqual([...PARTS].sort());
    for (const part of PARTS) expect(answer.data?.[part], part).not.toBeNull();
    // One GraphQL request became exactly ten REST calls.
    expect(api.requestLog.entries).toHaveLength(10);
  });

  it('keeps the other nine parts when one REST call fails, and says which failed and how', async () => {
    const key = await api.apiKey(SUMMIT.channelKey);
    const token = await api.login('fan@summit.test', key);
    api.faults.add({ operationId: 'getMenu', status: 503, times: 1 });
    const answer = await startup(key, token);
    expect(answer.data?.['menu']).toBeNull();
    for (const part of PARTS.filter((p) => p !== 'menu')) expect(answer.data?.[part], part).not.toBeNull();
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors?.[0]?.path).toEqual(['menu']);
    expect(answer.errors?.[0]?.extensions?.response?.status).toBe(503);
  });

  it('answers the key-less reads for the channel that serves the browser’s host', async () => {
    const key = await api.apiKey(BOREAL.channelKey);
    const answer = await startup(key, undefined, 'boreal.localhost');
    const settings = answer.data?.['settings'] as { channel: { alias: string }; language: string; currency: string };
    expect(settings).toMatchObject({ channel: { alias: 'boreal' }, language: 'fr', currency: 'CAD' });
    // Anonymous: the two viewer reads fail as unauthenticated, the rest arrive.
    expect(answer.errors?.map((e) => [e.path?.[0], e.extensions?.response?.status]).sort()).toEqual([
      ['access', 401],
      ['profile', 401],
    ]);
  });
});
