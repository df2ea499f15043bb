/**
 * What the service worker (src/service-worker/sw.ts) does with each request, as pure functions so that Vitest can
 * walk the rules without a browser. The worker keeps only what cannot go stale or leak:
 * - the hashed build files under /assets (their URL changes whenever their content does), cache first;
 * - the channel's manifest, network first, so the offline page can wear the channel's name and colours.
 * Everything else goes to the network untouched and is never stored by the worker: the services' answers (API,
 * GraphQL, analytics, logs), anything carrying a token, media and playlists, the icons, and pages. A page the
 * network cannot deliver is answered with the offline page, whatever its path (a checkout or the studio included):
 * no page's HTML is ever kept.
 */

/** `network`: the worker steps aside; `assets`: cache first; `manifest`: network first; `page`: network, else the offline page. */
export type Strategy = 'network' | 'assets' | 'manifest' | 'page';

/** The parts of a fetch the rules read (a `Request` has them all). */
export interface RequestFacts {
  url: string;
  method: string;
  /** `navigate` for a page load. */
  mode: string;
}

/** The build's files, served with `immutable` (server/http/static-app.ts). */
const ASSETS = '/assets/';
export const MANIFEST_URL = '/manifest.webmanifest';
/**
 * Never stored, even should a later rule change widen what is: the API, GraphQL, the analytics and log services
 * (datalake included), media, HLS and the icons.
 */
const NEVER_STORED = ['/api', '/graphql', '/analytics', '/datalake', '/log-service', '/media', '/app-icons'];
/** Query parameters that carry a secret (a playback or reset token, a key). */
const SECRET_PARAMS = /(?:^|[?&])(?:token|api_key|key|access_token|signature)=/i;

const under = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/** What the worker does with a request made from a page of `origin`. */
export function strategyOf(request: RequestFacts, origin: string): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (NEVER_STORED.some((prefix) => under(url.pathname, prefix)) || SECRET_PARAMS.test(url.search)) return 'network';
  if (url.pathname.startsWith(ASSETS) && url.search === '') return 'assets';
  if (url.pathname === MANIFEST_URL && url.search === '') return 'manifest';
  return 'network';
}

/** Whether an answer may be stored: a whole, successful, same-origin one that does not forbid it. */
export function isStorable(response: { ok: boolean; status: number; type: string; headers: { get(name: string): string | null } }): boolean {
  const cacheControl = response.headers.get('cache-control') ?? '';
  return response.ok && response.status === 200 && response.type === 'basic' && !/\b(?:no-store|private)\b/i.test(cacheControl);
}

const CACHE_PREFIX = 'app-';

/** The cache of one build: a new build's worker starts from an empty one. */
export function cacheNameOf(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/** The caches of other builds, which the worker of `version` deletes when it activates; other caches are left alone. */
export function staleCaches(names: readonly string[], version: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheNameOf(version));
}
