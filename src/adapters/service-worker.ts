/**
 * Makes the channel's site an installable app: registers the service worker (src/service-worker/sw.ts, built to
 * /sw.js) once the page is idle, and gives the browser's bar the channel's theme colour from its manifest (index.html
 * carries a neutral one; the server answers the manifest per host). Loaded by src/main.tsx in production builds
 * only, through a dynamic import, so the first load does not grow.
 */
import { whenBrowserIdle } from './idle';

/** The longest the browser's idle time is waited for; without requestIdleCallback, a plain wait after startup. */
const IDLE_WAIT = { timeoutMs: 5_000, fallbackMs: 2_000 };

/** The theme colour the channel's manifest names, on the page's `<meta name="theme-color">`. */
async function applyThemeColour(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!link || !meta) return;
  const manifest = (await fetch(link.href, { credentials: 'same-origin' }).then((response) => response.json())) as { theme_color?: unknown };
  if (typeof manifest.theme_color === 'string' && /^#[0-9a-f]{6}$/i.test(manifest.theme_color)) meta.content = manifest.theme_color;
}

/** Registers /sw.js for the whole site once the browser is idle; a failure leaves the site as it is, without a worker. */
export function registerServiceWorker(): void {
  whenBrowserIdle(() => {
    // updateViaCache 'none': the browser asks the server for /sw.js on every navigation's update check.
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => console.warn('The service worker could not register', error));
    applyThemeColour().catch(() => undefined);
  }, IDLE_WAIT);
}
