// @vitest-environment jsdom
/**
 * The service worker's rules (src/service-worker/cache-rules.ts) and its offline page
 * (src/service-worker/offline-page.ts): what it keeps, what it never keeps, which caches a new build deletes, and
 * the page a viewer gets when a page cannot load, parsed as a browser would parse it.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cacheNameOf, isStorable, type RequestFacts, staleCaches, strategyOf } from '../../src/service-worker/cache-rules';
import { offlinePage, offlinePagePolicy, type OfflineText, offlineTextFor } from '../../src/service-worker/offline-page';
import { en } from '../../src/i18n/locales/en';
import { fr } from '../../src/i18n/locales/fr';

const ORIGIN = 'https://summit.example';
const get = (path: string, mode = 'cors'): RequestFacts => ({ url: `${ORIGIN}${path}`, method: 'GET', mode });

describe('what the worker does with a request', () => {
  it('keeps the hashed build files, cache first', () => {
    expect(strategyOf(get('/assets/index-BsW_kMN7.js'), ORIGIN)).toBe('assets');
    expect(strategyOf(get('/assets/AppRoot-bZK-lnx7.css', 'no-cors'), ORIGIN)).toBe('assets');
  });

  it('keeps the manifest, network first, for the offline page', () => {
    expect(strategyOf(get('/manifest.webmanifest'), ORIGIN)).toBe('manifest');
  });

  it('answers every page load from the network, the offline page as its fallback, whatever the path', () => {
    for (const path of ['/', '/upcoming', '/buy', '/select-package/3', '/statecharts', '/password-reset?token=abc', '/watch/12']) {
      expect(strategyOf(get(path, 'navigate'), ORIGIN), path).toBe('page');
    }
  });

  it.each([
    ['the API', '/api/keys'],
    ['GraphQL', '/graphql'],
    ['GraphQL with a query string', '/graphql?operationName=Startup'],
    ['analytics', '/analytics/datalake/session/'],
    ['the datalake', '/datalake/video/event/'],
    ['the log service', '/log-service/logs'],
    ['media', '/media/images/channels/summit.svg'],
    ['a playlist', '/media/hls/12/index.m3u8?token=abc'],
    ['a segment', '/media/hls/12/segment-3.ts'],
    ['an icon', '/app-icons/summit/any-192.png'],
    ['a build file with a token', '/assets/index-BsW_kMN7.js?token=abc'],
    ['a build file with a query', '/assets/index-BsW_kMN7.js?v=2'],
    ['a public file', '/favicon.svg'],
    ['the worker itself', '/sw.js'],
    ['a path that only starts like a build folder', '/assets-old/x.js'],
  ])('leaves %s to the network and keeps nothing of it', (_what, path) => {
    expect(strategyOf(get(path), ORIGIN)).toBe('network');
  });

  it('leaves writes and other sites alone', () => {
    expect(strategyOf({ url: `${ORIGIN}/assets/index-BsW_kMN7.js`, method: 'POST', mode: 'cors' }, ORIGIN)).toBe('network');
    expect(strategyOf({ url: `${ORIGIN}/graphql`, method: 'POST', mode: 'cors' }, ORIGIN)).toBe('network');
    expect(strategyOf({ url: 'https://js.stripe.com/v3/', method: 'GET', mode: 'no-cors' }, ORIGIN)).toBe('network');
    expect(strategyOf({ url: 'https://js.stripe.com/checkout', method: 'GET', mode: 'navigate' }, ORIGIN)).toBe('network');
    expect(strategyOf({ url: 'https://cdn.example/assets/index-BsW_kMN7.js', method: 'GET', mode: 'cors' }, ORIGIN)).toBe('network');
  });
});

describe('what the worker stores', () => {
  const answer = (status: number, cacheControl: string | null, type = 'basic') => ({
    ok: status >= 200 && status < 300,
    status,
    type,
    headers: { get: (name: string) => (name === 'cache-control' ? cacheControl : null) },
  });

  it('a whole, successful answer of this site', () => {
    expect(isStorable(answer(200, 'public, max-age=31536000, immutable'))).toBe(true);
    expect(isStorable(answer(200, null))).toBe(true);
  });

  it('never a failure, a partial answer, another site\'s opaque answer, or one that forbids it', () => {
    expect(isStorable(answer(404, null))).toBe(false);
    expect(isStorable(answer(503, 'no-store'))).toBe(false);
    expect(isStorable(answer(206, null))).toBe(false);
    expect(isStorable(answer(0, null, 'opaque'))).toBe(false);
    expect(isStorable(answer(200, 'no-store'))).toBe(false);
    expect(isStorable(answer(200, 'private, max-age=60'))).toBe(false);
  });
});

describe('a new build', () => {
  it('has a cache of its own and deletes the earlier builds\' caches, leaving others\' alone', () => {
    expect(cacheNameOf('b2b21f8270292602')).toBe('app-b2b21f8270292602');
    expect(staleCaches(['app-0000', 'app-b2b2', 'app-1111', 'someone-else', 'workbox-precache'], 'b2b2')).toEqual(['app-0000', 'app-1111']);
    expect(staleCaches(['app-b2b2'], 'b2b2')).toEqual([]);
  });
});

describe('the offline page', () => {
  const texts: Record<string, OfflineText> = { en: en.offline, fr: fr.offline };
  const parse = ({ html }: { html: string }) => new DOMParser().parseFromString(html, 'text/html');

  it('speaks the channel\'s language (its primary subtag), English when it has none or an unknown one', () => {
    expect(offlineTextFor(texts, 'fr-CA')).toEqual(fr.offline);
    expect(offlineTextFor(texts, 'de')).toEqual(en.offline);
    expect(offlineTextFor(texts, undefined)).toEqual(en.offline);
  });

  it('wears the channel\'s name and colours, and retries the address that failed', () => {
    const look = { name: 'Réseau Sport Boréal', lang: 'fr', theme_color: '#0f3d3e', background_color: '#10201f' };
    const page = parse(offlinePage('https://boreal.example/watch/12?from=home', look, texts));
    expect(page.documentElement.lang).toBe('fr');
    expect(page.title).toBe(fr.offline.title);
    expect(page.querySelector('h1')?.textContent).toBe(fr.offline.title);
    expect(page.querySelector('header')?.textContent).toBe('Réseau Sport Boréal');
    expect(page.querySelector('main p')?.textContent).toBe(fr.offline.message);
    const retry = page.querySelector('a.retry');
    expect(retry?.textContent).toBe(fr.offline.retry);
    expect(retry?.getAttribute('href')).toBe('/watch/12?from=home');
    expect(page.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#0f3d3e');
    const style = page.querySelector('style')?.textContent ?? '';
    expect(style).toContain('background:#10201f');
    // Light text on Boréal's dark body.
    expect(style).toContain('color:#ffffff');
    expect(page.querySelectorAll('script')).toHaveLength(0);
  });

  it('falls back to neutral colours and English without a kept manifest, and escapes what it prints', () => {
    const page = parse(offlinePage('https://summit.example/search?q=%22%3E%3Cscript%3E', { name: '<b>Club</b>', theme_color: 'red' }, texts));
    expect(page.documentElement.lang).toBe('en');
    expect(page.querySelector('h1')?.textContent).toBe(en.offline.title);
    expect(page.querySelector('header')?.textContent).toBe('<b>Club</b>');
    expect(page.querySelector('header b')).toBeNull();
    expect(page.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#1f2937');
    expect(page.querySelector('a.retry')?.getAttribute('href')).toBe('/search?q=%22%3E%3Cscript%3E');
    expect(parse(offlinePage('https://summit.example/', null, texts)).querySelector('header')?.textContent).toBe('');
  });

  it('runs under a policy that allows no script and no request, and its one stylesheet by its hash', () => {
    const page = offlinePage('https://boreal.example/', { theme_color: '#0f3d3e' }, texts);
    const styles = [...parse(page).querySelectorAll('style')].map((style) => style.textContent);
    expect(styles).toEqual([page.style]);
    const hash = `sha256-${createHash('sha256').update(page.style).digest('base64')}`;
    const policy = offlinePagePolicy(hash);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain(`style-src '${hash}'`);
    expect(policy).not.toMatch(/script-src|unsafe-inline/);
  });
});
