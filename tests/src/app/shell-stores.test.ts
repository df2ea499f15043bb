import { describe, expect, it } from 'vitest';
import { createStorageKeyStore } from '../../../src/adapters/key-store';
import { createExpiringStorage, createMemoryBackend, DEFAULT_STORAGE_LIFETIME_MS, STORAGE_PREFIX } from '../../../src/adapters/storage';
import { createActor } from 'xstate';
import { navigationMachine, type PageRecord } from '../../../machines/navigation/navigation.machine';
import type { ViewerStatus } from '../../../machines/navigation/navigation-rules';
import { OUTER_SOURCE_LIFETIME_MS, outerSource, rememberOuterSource } from '../../../src/app/outer-source';
import { channelPageRoutes, hasNumericParams, ROUTES } from '../../../src/app/routes';

function clockedStorage() {
  let now = 1_000_000;
  const backend = createMemoryBackend();
  return { storage: createExpiringStorage(backend, () => now), backend, advance: (ms: number) => void (now += ms) };
}

describe('expiring storage (SPEC §9 local storage)', () => {
  it('keeps values under the product prefix for about 360 days by default', () => {
    const { storage, backend, advance } = clockedStorage();
    storage.set('token', 'abc');
    expect(backend.getItem(`${STORAGE_PREFIX}token`)).toContain('abc');
    advance(DEFAULT_STORAGE_LIFETIME_MS - 1);
    expect(storage.get('token')).toBe('abc');
    advance(1);
    expect(storage.get('token')).toBeNull();
    expect(backend.getItem(`${STORAGE_PREFIX}token`)).toBeNull();
  });

  it('treats unreadable entries and a missing backend as nothing kept', () => {
    const { storage, backend } = clockedStorage();
    backend.setItem(`${STORAGE_PREFIX}token`, '{not json');
    expect(storage.get('token')).toBeNull();
    const none = createExpiringStorage(null);
    none.set('x', 'y');
    expect(none.get('x')).toBeNull();
  });

  it('gives the client a key store that forgets both keys on clear', () => {
    const { storage } = clockedStorage();
    const keys = createStorageKeyStore(storage);
    keys.setChannelKey('summit-demo-channel-key');
    keys.setApiKey('k1');
    keys.setApiKey(null);
    expect([keys.getChannelKey(), keys.getApiKey()]).toEqual(['summit-demo-channel-key', null]);
    keys.setApiKey('k2');
    keys.clear();
    expect([keys.getChannelKey(), keys.getApiKey()]).toEqual([null, null]);
  });
});

describe("the page's channel key", () => {
  it('starts a key store that holds none, never replaces a stored one, and is forgotten on clear', () => {
    const { storage } = clockedStorage();
    const first = createStorageKeyStore(storage, 'boreal-demo-channel-key');
    expect(first.getChannelKey()).toBe('boreal-demo-channel-key');
    first.setChannelKey('summit-demo-channel-key');
    expect(createStorageKeyStore(storage, 'boreal-demo-channel-key').getChannelKey()).toBe('summit-demo-channel-key');
    first.clear();
    expect(createStorageKeyStore(storage).getChannelKey()).toBeNull();
  });
});

describe('outer-source tracking value (SPEC §2 trk, §9 3 hours)', () => {
  it('stores trk from the query for 3 hours', () => {
    const { storage, advance } = clockedStorage();
    rememberOuterSource(storage, '?group=north&trk=newsletter-42');
    expect(outerSource(storage)).toBe('newsletter-42');
    advance(OUTER_SOURCE_LIFETIME_MS);
    expect(outerSource(storage)).toBeNull();
  });

  it('keeps the earlier value when the query has no trk, and ignores an empty one', () => {
    const { storage } = clockedStorage();
    rememberOuterSource(storage, 'trk=partner');
    rememberOuterSource(storage, 'group=north');
    rememberOuterSource(storage, 'trk=');
    expect(outerSource(storage)).toBe('partner');
  });
});

describe('page history (SPEC §2 previous page, the step back)', () => {
  const at = (path: string): PageRecord => {
    const url = new URL(path, 'http://summit.localhost:8080');
    return { url: url.href, path: url.pathname, query: url.search.slice(1), params: Object.fromEntries(url.searchParams) };
  };
  function visit(status: ViewerStatus = 'anonymous') {
    const back: string[] = [];
    const moves: string[] = [];
    const logic = navigationMachine.provide({ actions: { goBack: () => void back.push('back'), navigate: (_, href) => void moves.push(href) } });
    const actor = createActor(logic, { input: {} }).start();
    actor.send({ type: 'viewer.status', status });
    const show = (path: string, known = true) => actor.send({ type: 'page.shown', page: at(path), known });
    return { actor, back, moves, show };
  }

  it('remembers the previous page with its URL, path, query and params, skipping authentication pages', () => {
    const { actor, show } = visit();
    show('/upcoming?sport=hockey&gender=male');
    show('/login');
    show('/registration');
    expect(actor.getSnapshot().context.previous).toEqual({
      url: 'http://summit.localhost:8080/upcoming?sport=hockey&gender=male',
      path: '/upcoming',
      query: 'sport=hockey&gender=male',
      params: { sport: 'hockey', gender: 'male' },
    });
  });

  it('sends a visitor who reaches /buy from login back one step, once per arrival, and shows nothing meanwhile', () => {
    const { actor, back, show } = visit();
    show('/login');
    show('/buy');
    show('/buy');
    expect(back).toEqual(['back']);
    expect(actor.getSnapshot().hasTag('leaving')).toBe(true);
    show('/login');
    expect(actor.getSnapshot().hasTag('leaving')).toBe(false);
    show('/buy');
    expect(back).toEqual(['back', 'back']);
  });

  it('sends an unknown path to /404, and moves a viewer the rules keep from a page as soon as it is known who they are', () => {
    const unknown = visit();
    unknown.show('/nowhere', false);
    expect(unknown.moves).toEqual(['/404']);
    const viewer = visit('pending');
    viewer.show('/watch/3');
    expect(viewer.moves).toEqual([]);
    viewer.actor.send({ type: 'viewer.status', status: 'temporaryPassword' });
    expect(viewer.moves).toEqual(['/profile/edit']);
    // Who the viewer is may change again on the way: the page that comes is looked at with the latest.
    viewer.actor.send({ type: 'viewer.status', status: 'ready' });
    viewer.show('/profile/edit');
    expect(viewer.moves).toEqual(['/profile/edit']);
    expect(viewer.actor.getSnapshot().hasTag('leaving')).toBe(false);
  });

  it('takes a signed-in viewer back to the page before the sign-in pages, and a passes form without its flag to the packages', () => {
    const { actor, moves, show } = visit();
    show('/watch/3?at=60');
    show('/login');
    actor.send({ type: 'viewer.signedIn', way: 'login' });
    expect(moves).toEqual(['/watch/3?at=60']);
    actor.send({ type: 'viewer.status', status: 'ready' });
    show('/watch/3?at=60');
    actor.send({ type: 'form.sent', hasPassesFlag: true });
    actor.send({ type: 'form.sent', hasPassesFlag: false });
    expect(moves).toEqual(['/watch/3?at=60', '/packages']);
  });
});

describe('routes (SPEC §2)', () => {
  it('has every route and alias of the specification', () => {
    const paths = ROUTES.map((route) => route.path);
    for (const path of [
      '/', '/upcoming', '/vod', '/live', '/schedule', '/packages', '/buy', '/select-package/:id', '/vod_library',
      '/watch/:id', '/watch_embed/:id', '/watch_library/:id', '/share/:id/:uuid', '/login', '/registration',
      '/verify-notice', '/verify-email', '/password-reset-request', '/password-reset', '/confirm-account-deletion',
      '/profile', '/profile/transactions', '/profile/clips', '/profile/edit', '/contacts', '/faq', '/simulate', '/about',
      '/privacy_policy', '/terms_conditions', '/passes',
    ]) {
      expect(paths).toContain(path);
    }
    expect(new Set(paths).size).toBe(paths.length);
    expect(ROUTES.filter((route) => route.plain).map((route) => route.path)).toEqual(['/watch_embed/:id']);
  });

  it('wants a numeric id for select-package', () => {
    const route = ROUTES.find((r) => r.path === '/select-package/:id')!;
    expect(hasNumericParams(route, { id: '12' })).toBe(true);
    expect(hasNumericParams(route, { id: 'twelve' })).toBe(false);
    expect(hasNumericParams(route, { id: '1e3' })).toBe(false);
    expect(hasNumericParams(route, {})).toBe(false);
  });

  it('adds one route per channel page, never over a built-in route, an external url or a duplicate', () => {
    const page = (id: number, url: string) => ({ id, name: `Page ${id}`, alias: `page-${id}`, url });
    const routes = channelPageRoutes([
      page(1, '/about-network'),
      page(2, '/packages'),
      page(3, 'https://example.com/x'),
      page(4, '/about-network'),
      page(5, '/404'),
      page(6, '/broadcast-partners'),
      page(7, 'javascript:alert(1)'),
    ]);
    expect(routes.map((r) => r.id)).toEqual([1, 6]);
  });
});
