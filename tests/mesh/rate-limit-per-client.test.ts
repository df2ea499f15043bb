/**
 * The REST API's rate limit through the GraphQL layer counts each viewer, not the GraphQL layer: calls without a key
 * (the keys, settings, FAQ every visitor reads) count against the address the request came from, and every call
 * counts against that address's budget whatever key it carries, so a new key resets nothing. Here a load
 * balancer on this machine (TRUSTED_PROXIES=loopback) names the viewers in x-forwarded-for. Its own file, because
 * Mesh in a test process talks to the one API that process started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientRequestError } from '../../mesh/client/errors';
import { FaqDocument } from '../../mesh/client/generated/documents/Faq';
import { DEFAULT_ADDRESS_SHARE } from '../../server/http/rate-limit';
import { startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { clientBehindBalancer, restCalls, typedDocument } from './client-harness';

/** Requests one key (or one address without a key) may make a window. */
const MAX = 6;
/** Needs the API key. */
const Geo = typedDocument<{ geo: { ip: string } | null }>('query Geo { geo: getGeo { ip } }');

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ rateLimit: { max: MAX, windowSeconds: 60 }, trustedProxies: ['loopback'] }, { graphql: true });
});
afterAll(() => api.close());

/** A viewer behind the balancer. */
const viewerAt = (forwardedFor: string) => clientBehindBalancer(api, forwardedFor, { channelKey: SUMMIT.channelKey });

describe('rate limit per viewer (key-exempt reads)', () => {
  it('keeps a bucket per address: one viewer throttled, another served, and a claimed address changes nothing', async () => {
    const first = viewerAt('198.51.100.10');
    // The API key (the channel key is the build's), then five FAQ reads: six calls without a key, the limit.
    await first.client.ensureApiKey();
    for (let i = 0; i < 5; i += 1) expect((await first.client.execute(FaqDocument)).errors).toEqual([]);
    expect(api.requestLog.entries.map((entry) => entry.operationId)).toEqual(['getApiKey', ...Array(5).fill('getFaq')]);
    expect((await first.client.execute(FaqDocument)).fieldErrors.faq).toMatchObject({ kind: 'throttled', status: 429 });

    // Another viewer's first calls go through: it was not counted with the first.
    const second = viewerAt('198.51.100.20');
    api.requestLog.clear();
    const answer = await second.client.execute(FaqDocument);
    expect(answer.errors).toEqual([]);
    expect(answer.data?.faq?.data.length).toBeGreaterThan(0);
    expect(restCalls(api, 'getFaq')).toBe(1);

    // The first viewer claiming another address: the balancer appends the real one, which is what counts.
    const claiming = viewerAt('203.0.113.99, 198.51.100.10');
    expect((await claiming.client.execute(FaqDocument)).fieldErrors.faq).toMatchObject({ kind: 'throttled', status: 429 });
  });
});

describe('rate limit per viewer, whatever its keys', () => {
  it('a viewer that takes a new key whenever its key is throttled runs out of its address\'s budget; another is served', async () => {
    const viewer = viewerAt('198.51.100.40');
    let served = 0;
    let keys = 0;
    let refusal: unknown = null;
    // Bounded, should a new key reset the budget after all.
    while (keys < 20) {
      try {
        await viewer.client.renewKeys();
      } catch (error) {
        refusal = error;
        break;
      }
      keys += 1;
      for (;;) {
        const answer = await viewer.client.execute(Geo);
        if (answer.errors.length > 0) {
          expect(answer.fieldErrors.geo).toMatchObject({ kind: 'throttled', status: 429, retryAfterSeconds: expect.any(Number) });
          break;
        }
        served += 1;
      }
    }
    // More than one key's worth, never more than the address's, and then not even a key.
    expect(served).toBeGreaterThan(MAX);
    expect(keys + served).toBeLessThanOrEqual(DEFAULT_ADDRESS_SHARE * MAX);
    expect(refusal).toBeInstanceOf(ClientRequestError);
    expect((refusal as ClientRequestError).error).toMatchObject({ kind: 'throttled', status: 429 });

    const other = viewerAt('198.51.100.41');
    const answer = await other.client.execute(Geo);
    expect(answer.errors).toEqual([]);
    expect(answer.data?.geo?.ip).toBeTruthy();
  });
});
