/**
 * SPEC §9's store cache over the real reference API behind Mesh: a repeat read within 60 s sends no request, a
 * write's invalidation and the end of the 60 s read again, two viewers never share an answer, and a cancelled wait
 * leaves the shared request to the others. Requests are counted where they arrive: the API's own request log.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FavoritesDocument } from '../../mesh/client/generated/documents/Favorites';
import { PageDocument } from '../../mesh/client/generated/documents/Page';
import { VodItemDocument } from '../../mesh/client/generated/documents/VodItem';
import { ClientRequestError } from '../../mesh/client/errors';
import { createReadCache, readKey, STORE_CACHE_MS } from '../../mesh/client/read-cache';
import { realClient, type RealClient } from '../machines/real-client';
import { startTestApi, type TestApi } from '../server/harness';

let api: TestApi;
let viewer: RealClient;
let now = 0;
let token: string | null = null;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
  viewer = realClient(api);
});

afterAll(async () => {
  await api.close();
});

beforeEach(() => {
  now = 1_000_000;
  token = null;
});

/** Requests for `path` the API received since the test began. */
const received = (path: string) => api.requestLog.entries.filter((entry) => entry.path.endsWith(path)).length;

function cache() {
  api.requestLog.clear();
  return createReadCache({ client: viewer.client, scope: () => token, now: () => now });
}

describe('the read cache', () => {
  it('answers a repeat read within 60 s without a request, and reads again after', async () => {
    const reads = cache();
    const first = await reads.request(PageDocument, { alias: 'about-network' });
    expect(first.page?.name).toBe('About the Network');
    now += STORE_CACHE_MS - 1;
    expect(await reads.request(PageDocument, { alias: 'about-network' })).toEqual(first);
    expect(received('/pages/about-network')).toBe(1);
    now += 1;
    await reads.request(PageDocument, { alias: 'about-network' });
    expect(received('/pages/about-network')).toBe(2);
  });

  it('shares one request between two reads at once, and keys variables by value, not by key order', async () => {
    const reads = cache();
    const [a, b] = await Promise.all([
      reads.request(VodItemDocument, { id: 1 }),
      reads.request(VodItemDocument, { id: 1 }),
    ]);
    expect(a).toBe(b);
    expect(received('/vod-media-items/1')).toBe(1);
    expect(readKey({ a: 1, b: [2, { c: 3, d: 4 }] })).toBe(readKey({ b: [2, { d: 4, c: 3 }], a: 1 }));
  });

  it('reads again after a write invalidates the document', async () => {
    const reads = cache();
    const fan = await viewer.login('fan@summit.test');
    token = `fan-${fan.id}`;
    const before = await reads.request(FavoritesDocument, {});
    expect(received('/favorites')).toBe(1);
    reads.invalidate(FavoritesDocument);
    expect(await reads.request(FavoritesDocument, {})).toEqual(before);
    expect(received('/favorites')).toBe(2);
  });

  it('never answers one viewer with what another read, and forgets everything on clear', async () => {
    const reads = cache();
    token = 'viewer-a';
    await reads.request(PageDocument, { alias: 'about-network' });
    token = 'viewer-b';
    await reads.request(PageDocument, { alias: 'about-network' });
    expect(received('/pages/about-network')).toBe(2);
    reads.clear();
    await reads.request(PageDocument, { alias: 'about-network' });
    expect(received('/pages/about-network')).toBe(3);
  });

  it('forgets what a viewer read once another reads: back to the first viewer, it reads again', async () => {
    const reads = cache();
    token = 'viewer-a';
    await reads.request(PageDocument, { alias: 'about-network' });
    token = null;
    await reads.request(PageDocument, { alias: 'about-network' });
    token = 'viewer-a';
    await reads.request(PageDocument, { alias: 'about-network' });
    expect(received('/pages/about-network')).toBe(3);
  });

  it('keeps no failure: the next read asks again', async () => {
    const reads = cache();
    await expect(reads.request(PageDocument, { alias: 'no-such-page' })).rejects.toBeInstanceOf(ClientRequestError);
    await expect(reads.request(PageDocument, { alias: 'no-such-page' })).rejects.toBeInstanceOf(ClientRequestError);
    // The client retries a failed read once itself; each of the two reads went out.
    expect(received('/pages/no-such-page')).toBeGreaterThanOrEqual(2);
    const before = received('/pages/no-such-page');
    await expect(reads.request(PageDocument, { alias: 'no-such-page' })).rejects.toBeInstanceOf(ClientRequestError);
    expect(received('/pages/no-such-page')).toBeGreaterThan(before);
  });

  it('a cancelled wait is a cancelled request for that caller only; the answer is still kept', async () => {
    const reads = cache();
    const controller = new AbortController();
    const cancelled = reads.request(PageDocument, { alias: 'about-network' }, { signal: controller.signal });
    const kept = reads.request(PageDocument, { alias: 'about-network' });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ error: { kind: 'cancelled' } });
    expect((await kept).page?.name).toBe('About the Network');
    await reads.request(PageDocument, { alias: 'about-network' });
    expect(received('/pages/about-network')).toBe(1);
  });
});
