/**
 * The GraphQL layer keeps the public channel reads for SPEC.md §9's 60 s store-cache time, per channel, and never
 * keeps a viewer's own data (mesh/.meshrc.yaml's httpCache, over the REST API's Cache-Control). The real client, the
 * real Mesh and the real API: what reached the REST server is read from its request log.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StartupDocument } from '../../mesh/client/generated/documents/Startup';
import { PUBLIC_CACHE_SECONDS } from '../../server/config';
import { BOREAL, startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { clientFor, restCalls } from './client-harness';

const PUBLIC_READS = ['getSettings', 'getMenu', 'getColorSettings', 'getPages', 'listParticipants', 'listParticipantGroups'];
const VIEWER_READS = ['getProfile', 'getGeo', 'getUserAccess'];

let api: TestApi;
beforeAll(async () => {
  // This process plays the load balancer in front of the app (TRUSTED_PROXIES): its x-forwarded-host names the
  // browser's host, which the GraphQL layer believes from a trusted hop only.
  api = await startTestApi({ publicCacheSeconds: PUBLIC_CACHE_SECONDS, trustedProxies: ['loopback'] }, { graphql: true });
});
afterAll(() => api.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A browser on `host`: its GraphQL requests name the host as a proxy in front of the app would. */
function browserOn(host: string, channelKey: string) {
  return clientFor(api, {
    channelKey,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-host', host);
      return fetch(input, { ...init, headers });
    },
  });
}

const callsOf = (operationIds: readonly string[]): number[] => operationIds.map((id) => restCalls(api, id));

describe('public reads kept per channel for 60 s', () => {
  it('serves a second viewer startup without the public REST calls, each viewer its own profile, and refreshes after 60 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const first = browserOn('summit.test', SUMMIT.channelKey);
    const second = browserOn('summit.test', SUMMIT.channelKey);
    first.token = await api.login('fan@summit.test', await first.client.ensureApiKey());
    second.token = await api.login('basic@summit.test', await second.client.ensureApiKey());

    api.requestLog.clear();
    const a = await first.client.request(StartupDocument);
    expect(callsOf(PUBLIC_READS)).toEqual(PUBLIC_READS.map(() => 1));

    api.requestLog.clear();
    vi.advanceTimersByTime(59_000);
    const b = await second.client.request(StartupDocument);
    // Nothing public went to the REST API again, and the answer is the same.
    expect(callsOf(PUBLIC_READS)).toEqual(PUBLIC_READS.map(() => 0));
    expect(b.settings).toEqual(a.settings);
    expect(b.menu).toEqual(a.menu);
    // The viewer's own reads always go: each viewer gets their own profile.
    expect(callsOf(VIEWER_READS)).toEqual(VIEWER_READS.map(() => 1));
    expect(a.profile?.email).toBe('fan@summit.test');
    expect(b.profile?.email).toBe('basic@summit.test');

    api.requestLog.clear();
    vi.advanceTimersByTime(2_000);
    await second.client.request(StartupDocument);
    expect(callsOf(PUBLIC_READS)).toEqual(PUBLIC_READS.map(() => 1));
  });

  it('keeps each channel apart: another channel is never served the first one\'s settings', async () => {
    const summit = browserOn('summit.test', SUMMIT.channelKey);
    const boreal = browserOn('boreal.localhost', BOREAL.channelKey);
    // Visitors: the profile is tolerated missing, the settings are what matters here.
    const settingsOf = async (browser: ReturnType<typeof browserOn>) => (await browser.client.execute(StartupDocument)).data?.settings?.channel.name;
    expect(await settingsOf(summit)).toBe(SUMMIT.name);
    expect(await settingsOf(boreal)).toBe(BOREAL.name);
    // And back: Summit's entry was not replaced by Boréal's.
    expect(await settingsOf(summit)).toBe(SUMMIT.name);
  });

  it('is what the REST API allows: public reads say public for 60 s per host, everything else no-store', async () => {
    const settings = await api.call('GET', '/settings');
    expect(settings.headers.get('cache-control')).toBe('public, max-age=60');
    expect(settings.headers.get('vary')).toMatch(/X-Forwarded-Host/);
    const geo = await api.call('GET', '/geo', { key: await api.apiKey(SUMMIT.channelKey) });
    expect(geo.status).toBe(200);
    expect(geo.headers.get('cache-control')).toBe('no-store');
    const refused = await api.call('GET', '/profile', { key: 'no-such-key' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});
