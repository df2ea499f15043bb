/**
 * The service worker, built to /sw.js by vite.config.ts (serviceWorkerPlugin), which replaces `__SW_BUILD__` with
 * this build's version, the files of the app's first load, and the offline page's words in every language.
 *
 * - install: keeps the app shell's build files and the channel's manifest in this build's cache, then takes over at
 *   once (skipWaiting): pages are loaded from the network first, so a page never runs an old build's HTML against
 *   this worker, and a new deploy is picked up on the next navigation;
 * - activate: deletes the caches of earlier builds and controls the open pages;
 * - fetch: src/service-worker/cache-rules.ts decides; a page the network cannot deliver gets the offline page.
 *
 * Hand-written rather than Workbox: the manifest is answered per host by the server, the offline page is drawn from
 * it, and the rules are four; Workbox's runtime and build step would cost more than they save here.
 */
import { cacheNameOf, isStorable, MANIFEST_URL, type Strategy, staleCaches, strategyOf } from './cache-rules';
import { type OfflineLook, type OfflineText, offlinePage, offlinePagePolicy } from './offline-page';

interface Build {
  version: string;
  /** The app shell's build files (index.html's entry and what it preloads), absolute paths. */
  shell: string[];
  offlineText: Record<string, OfflineText>;
}

declare const __SW_BUILD__: Build;
const build = __SW_BUILD__;

/** The service-worker events this worker handles (the DOM library has no worker types). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  readonly location: { origin: string };
  readonly registration: { navigationPreload?: { enable(): Promise<void> } };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
}

const worker = self as unknown as WorkerScope;
const cacheName = cacheNameOf(build.version);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll([...build.shell, MANIFEST_URL]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), build.version).map((name) => caches.delete(name)));
      // The page's request goes out while the worker starts, rather than after.
      await worker.registration.navigationPreload?.enable();
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const strategy = strategyOf(event.request, worker.location.origin);
  // The browser fetches it as if there were no worker: nothing of it is stored here.
  if (strategy === 'network') return;
  event.respondWith(answer[strategy](event));
});

const answer: Record<Exclude<Strategy, 'network'>, (event: FetchEvent) => Promise<Response>> = {
  async assets(event) {
    const cache = await caches.open(cacheName);
    const kept = await cache.match(event.request);
    if (kept) return kept;
    const response = await fetch(event.request);
    if (isStorable(response)) await cache.put(event.request, response.clone());
    return response;
  },
  async manifest(event) {
    const cache = await caches.open(cacheName);
    try {
      const response = await fetch(event.request);
      if (isStorable(response)) await cache.put(MANIFEST_URL, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(MANIFEST_URL);
      if (kept) return kept;
      throw error;
    }
  },
  async page(event) {
    try {
      return (await event.preloadResponse) ?? (await fetch(event.request));
    } catch {
      return offlineResponse(event.request.url);
    }
  },
};

async function offlineResponse(url: string): Promise<Response> {
  const kept = await caches.open(cacheName).then((cache) => cache.match(MANIFEST_URL));
  const look = kept ? await (kept.json() as Promise<OfflineLook>).catch(() => null) : null;
  const page = offlinePage(url, look, build.offlineText);
  // Its stylesheet wears the channel's colours, so its hash is taken here.
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(page.style)));
  const styleHash = `sha256-${btoa(String.fromCharCode(...digest))}`;
  return new Response(page.html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': offlinePagePolicy(styleHash),
      'x-content-type-options': 'nosniff',
    },
  });
}
