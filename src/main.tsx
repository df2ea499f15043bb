/**
 * The browser entry, kept small (the bundle-budget test walks it): builds the platform adapters and starts the
 * core actors, so the startup requests go out at once, shows the loader, and loads the rest of the app in
 * parallel with those requests.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { deviceType } from './adapters/device';
import { browserStorageBackend, createExpiringStorage } from './adapters/storage';
import { startCore } from './app/logic/core-logic';
import { BootLoader } from './app/BootLoader';
import './theme/global.css';

const storage = createExpiringStorage(browserStorageBackend());
const core = startCore({
  // graphql-request builds a URL from it with no base: it must be absolute.
  endpoint: new URL('/graphql', window.location.href).href,
  channelKey: import.meta.env['VITE_CHANNEL_KEY'] || null,
  // The one the server wrote into the page for its host (server/http/static-app.ts): a first visit asks for its API
  // key at once instead of asking for the channel key first.
  pageChannelKey: document.querySelector<HTMLMetaElement>('meta[name="channel-key"]')?.content || null,
  storage,
  pageUrl: () => window.location.href,
  reloadPage: () => window.location.reload(),
  // The tag manager starts after the app mounted: its code loads then.
  initAnalyticsTracker: async (settings) => (await import('./adapters/tag-manager')).initTagManager(settings),
  analyticsEnvironment: () => ({
    originUrl: window.location.href,
    deviceType: deviceType(),
    userAgent: navigator.userAgent,
    resolution: `${window.screen.width}x${window.screen.height}`,
  }),
});

// A watch page's viewer waits for the first frame: a game's grant is asked for with the startup requests, and hls.js
// and the granted playlist load as soon as the grant is there (a library video's page loads hls.js now); on a replay
// or a library video, a signed-in viewer's places too (src/app/early-watch.ts).
const path = window.location.pathname;
const preloadHls = (playlist?: string) =>
  void import('./adapters/hls-player').then(({ preloadHls }) => preloadHls(playlist)).catch(() => undefined);
const game = /^\/watch(?:_embed)?\/(\d+)\/?$/.exec(path);
const token = () => core.session.getSnapshot().context.token;
if (game) void import('./app/early-watch').then(({ startEarlyWatch }) => startEarlyWatch(core, Number(game[1]), preloadHls, token));
else if (/^\/(?:watch_library|vod_library)\/\d+\/?$/.test(path)) {
  preloadHls();
  void import('./app/early-watch').then(({ startEarlyProgress }) => startEarlyProgress(core, token));
}

// The installable app's service worker, in production builds only (not under Vite's dev server, not in tests).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('./adapters/service-worker').then(({ registerServiceWorker }) => registerServiceWorker()).catch(() => undefined);
}

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root');
const root = createRoot(element);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

// The loader until the app's chunk is ready, then the app: rendered in turn rather than through a Suspense boundary,
// which React would hold back until its fallback had shown for 300 ms.
render(<BootLoader language={storage.get('language') ?? navigator.language} />);
import('./app/AppRoot')
  .then(({ prepareApp }) => prepareApp(core))
  .then((AppRoot) => render(<AppRoot />))
  .catch((error: unknown) => {
    // The loader stays; the console says why (a chunk that could not be fetched, most likely).
    console.error('The app could not load', error);
  });
