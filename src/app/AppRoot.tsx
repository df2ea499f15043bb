/**
 * The app's own chunk: everything but what the entry needs to send the startup requests and show the loader. It
 * loads while those requests run, then wraps the shell in its language and actors.
 */
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/i18n';
import { resolveInitialLanguage, toSupportedLanguage } from '../../machines/language/languages';
import { App } from './App';
import { AppProviders } from './flows';
import { languageStore } from '../adapters/stores';
import { startApp } from './logic/app-logic';
import type { CoreActors } from './logic/core-logic';
import { createLiveRecorder } from './logic/live-recorder';
import { LIVE_CHANNEL, type LiveInspection } from './logic/live-shared';
import { routeOfPath } from './routes';

/**
 * The studio's live view of this tab's actors, followed by a studio in another tab; none without the studio. What it
 * recorded survives a reload of the tab in the tab's sessionStorage, left there on `pagehide`. Only its small front
 * is in the first load: the recorder itself loads once the page is idle, or when a studio asks (live-recorder.ts).
 */
function liveInspection(): { live?: LiveInspection } {
  if (import.meta.env?.VITE_STATECHARTS === 'off') return {};
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LIVE_CHANNEL);
  const live = createLiveRecorder({ channel, where: () => window.location.pathname, ...tabStorage() });
  window.addEventListener('pagehide', () => live.close());
  return { live };
}

/** The tab's sessionStorage, when the browser lets the page have it (reading it throws where storage is blocked). */
function tabStorage(): { storage?: Storage } {
  try {
    return { storage: window.sessionStorage };
  } catch {
    return {};
  }
}

/**
 * The i18n instance, the app's actors, and the first page's view: its chunk loads beside the startup requests, so
 * that page renders at once when they settle. The instance starts in the viewer's stored choice, else the browser's
 * language (what the boot loader already speaks), its locale's chunk fetched beside the view's, so the first render
 * is in that language; the channel's default applies once startup settled, behind the loader (the language flow).
 */
export async function prepareApp(core: CoreActors): Promise<ComponentType> {
  // A view chunk that fails to load here is asked for again when its route renders (and fails visibly there).
  const firstView = routeOfPath(window.location.pathname)?.view.preload().catch(() => undefined);
  const starting = resolveInitialLanguage({ stored: languageStore(core.storage).read(), browser: navigator.languages });
  const i18n = await createI18n(starting);
  await firstView;
  const setLang = (language: string) => void (document.documentElement.lang = language);
  i18n.on('languageChanged', setLang);
  setLang(i18n.language);
  const app = startApp(core, { language: toSupportedLanguage(i18n.language) ?? 'en', i18n, ...liveInspection() });
  return function AppRoot() {
    return (
      <I18nextProvider i18n={i18n}>
        <AppProviders app={app}>
          <App />
        </AppProviders>
      </I18nextProvider>
    );
  };
}
