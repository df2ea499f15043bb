/**
 * The browser entry, kept small (the bundle-budget test walks it): builds the platform adapters and starts the
 * core actors, so the startup requests go out at once, shows the loader, and loads the rest of the app in
 * parallel with those requests.
 */
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { deviceType } from './adapters/device';
import { browserStorageBackend, createExpiringStorage } from './adapters/storage';
import { createCoreActors } from './app/app-actors';
import { BootLoader } from './app/BootLoader';
import './theme/global.css';

const storage = createExpiringStorage(browserStorageBackend());
const core = createCoreActors({
  // graphql-request builds a URL from it with no base: it must be absolute.
  endpoint: new URL('/graphql', window.location.href).href,
  channelKey: import.meta.env['VITE_CHANNEL_KEY'] || null,
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

const AppRoot = lazy(async () => ({ default: await (await import('./app/AppRoot')).prepareApp(core) }));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <Suspense fallback={<BootLoader language={storage.get('language') ?? navigator.language} />}>
      <AppRoot />
    </Suspense>
  </StrictMode>,
);
