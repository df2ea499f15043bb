/**
 * The built web app served beside the services (server/http/static-app.ts), against a small dist/ written here:
 * cache headers, the page fallback for the app's routes, 404 for missing files, and the services left as they were.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wantsPage } from '../../server/http/static-app';
import { BOREAL, startTestApi, SUMMIT, type TestApi } from './harness';
import { fetchApi } from './contract-responses';
import { rawGet } from './media-helpers';

const INDEX = '<!doctype html><html><head><title>Test app</title></head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>';
const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(400))});\n`;
const ROBOTS = 'User-agent: *\nAllow: /\n';
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

let api: TestApi;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-app-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'robots.txt'), ROBOTS);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  // Beside dist/, where a path-traversal bug would reach.
  writeFileSync(join(dir, 'secret.txt'), 'TOP SECRET');
  api = await startTestApi({}, { graphql: true, app: { distDir: dist } });
});

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = { accept: NAVIGATION }) => fetch(`${api.origin}${path}`, { headers });

/**
 * The page with what the server wrote into its head taken out again (the channel's key, then the page's link preview,
 * whose title replaces the built one: tests/server/previews.test.ts), and that key.
 */
function splitPage(html: string): { page: string; channelKey: string | null } {
  const meta = /<meta name="channel-key" content="([^"]*)" \/>/.exec(html);
  const page = html
    .replace(/\s*<meta name="channel-key"[\s\S]*?(?=\s*<\/head>)/, '')
    .replace(/\s*<\/head>/, '</head>')
    .replace(/<title>[^<]*<\/title>/, '<title>Test app</title>');
  return { page, channelKey: meta?.[1] ?? null };
}

/** A page as a browser on `host` asks for it (Node's fetch cannot set Host). */
function pageOn(host: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; etag: string | undefined; body: string }> {
  const { hostname, port } = new URL(api.origin);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: hostname, port, path, headers: { host, accept: NAVIGATION, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body: Buffer.concat(chunks).toString('utf8') }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the built app', () => {
  it('answers / with index.html, revalidated on every load', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag') ?? response.headers.get('last-modified')).toBeTruthy();
    expect(splitPage(await response.text())).toEqual({ page: INDEX, channelKey: SUMMIT.channelKey });
    expect((await get('/index.html')).headers.get('cache-control')).toBe('no-cache');
  });

  it('caches hashed assets for a year, immutable, and sends the compressed twin to who accepts it', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', { accept: '*/*', 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(await response.text()).toBe(SCRIPT);
    const plain = await get('/assets/index-Ab12Cd34.js', { accept: '*/*', 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it.each(['/404', '/some/unknown/path', '/watch/12', '/upcoming?gender=male', '/profile/transactions'])(
    'answers the page of the app for the route %s (status 200, the router decides)',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(splitPage(await response.text())).toEqual({ page: INDEX, channelKey: SUMMIT.channelKey });
    },
  );

  it('names the channel of the host it is served on, so that a first visit need not ask for it', async () => {
    const boreal = await pageOn(`boreal.localhost:${new URL(api.origin).port}`, '/upcoming');
    expect(boreal.status).toBe(200);
    expect(splitPage(boreal.body)).toEqual({ page: INDEX, channelKey: BOREAL.channelKey });
    // A host no channel lists gets the deployment's default channel, as GET /keys answers it.
    expect(splitPage((await pageOn('unlisted.example', '/')).body).channelKey).toBe(SUMMIT.channelKey);
    // Revalidated per channel: the same page again is 304, another channel's tag is not this one's.
    const again = await pageOn(`boreal.localhost:${new URL(api.origin).port}`, '/upcoming', { 'if-none-match': boreal.etag ?? '' });
    expect(again.status).toBe(304);
    const summit = await pageOn(`127.0.0.1:${new URL(api.origin).port}`, '/upcoming', { 'if-none-match': boreal.etag ?? '' });
    expect(summit.status).toBe(200);
  });

  it('answers 404, never the page, for a missing file under /assets', async () => {
    for (const accept of [NAVIGATION, '*/*']) {
      const response = await get('/assets/missing.js', { accept });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<html');
    }
    expect((await get('/assets')).status).toBe(404);
  });

  it('answers 404 for a missing file elsewhere unless a page is asked for', async () => {
    const image = await get('/logo-missing.png', { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' });
    expect(image.status).toBe(404);
    expect((await get('/some/page', { accept: 'application/json' })).status).toBe(404);
    // No preference at all (curl) on an extensionless path: the page.
    expect((await get('/upcoming', {})).status).toBe(200);
  });

  it("serves the channel's robots.txt as text, not the page, and not the build's own", async () => {
    const response = await get('/robots.txt', { accept: '*/*' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const robots = await response.text();
    expect(robots).not.toBe(ROBOTS);
    expect(robots).toContain(`Sitemap: ${api.origin}/sitemap.xml`);
    const icon = await get('/favicon.svg', { accept: 'image/*' });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('keeps build bookkeeping and everything outside dist/ private', async () => {
    expect((await get('/.vite/manifest.json', { accept: '*/*' })).status).toBe(404);
    for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2F..%2Fsecret.txt', '/..%2Fsecret.txt']) {
      const answer = await rawGet(api.origin, path);
      expect(answer.body, path).not.toContain('TOP SECRET');
    }
  });

  it('leaves a POST to an unknown path as the JSON 404 it was', async () => {
    const response = await fetch(`${api.origin}/somewhere`, { method: 'POST', headers: { accept: NAVIGATION } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('the services beside it', () => {
  it('still answer JSON, and their misses stay JSON 404s even for a browser', async () => {
    const keys = await get('/api/keys');
    expect(keys.status).toBe(200);
    expect(keys.headers.get('content-type')).toMatch(/^application\/json/);
    for (const path of ['/api/no-such-operation', '/api/events/1/no-such', '/analytics/nothing', '/log-service/nothing', '/media/nothing', '/graphql/nothing']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
    }
  });

  it('still answer GraphQL', async () => {
    const response = await fetch(`${api.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('still send media segments as video/mp2t, with the media cache policy', async () => {
    const playlist = await get('/media/prerolls/preroll-1/index.m3u8', { accept: '*/*' });
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const first = (await playlist.text()).split('\n').find((line) => line.endsWith('.ts'))!;
    const segment = await get(`/media/prerolls/preroll-1/${first}`, { accept: '*/*' });
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(segment.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});

describe('without a build', () => {
  it('says how to build the app instead of failing obscurely', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'static-app-empty-'));
    const bare = await startTestApi({}, { app: { distDir: empty } });
    try {
      const response = await fetch(`${bare.origin}/`, { headers: { accept: NAVIGATION } });
      expect(response.status).toBe(503);
      expect(await response.text()).toMatch(/npm run build/);
      expect((await fetchApi(`${bare.origin}/api/keys`)).status).toBe(200);
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('wantsPage', () => {
  it.each([
    [NAVIGATION, '/watch/1', true],
    [NAVIGATION, '/page.with.dots.html', true],
    ['text/html', '/x.png', true],
    [undefined, '/upcoming', true],
    ['*/*', '/upcoming', true],
    ['*/*', '/missing.js', false],
    ['image/*,*/*;q=0.8', '/logo.png', false],
    ['application/json', '/upcoming', false],
    ['text/html;q=0, */*', '/upcoming', true],
    ['text/html;q=0', '/upcoming', false],
  ] as const)('Accept %s for %s: %s', (accept, path, expected) => {
    expect(wantsPage(accept, path)).toBe(expected);
  });
});
