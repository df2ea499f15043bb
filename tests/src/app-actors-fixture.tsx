/**
 * The app's actors for view tests, started as the app starts them (`startCore`, `startApp`) with the same logic,
 * where the effects that would reach the network are replaced through `.provide()` (the startup parts, the key
 * request, the stored token), never a mocked API. Without `api` the client's fetch refuses to run; with it, the
 * views' reads go to the real reference API behind Mesh. `renderWithApp` wraps a view in the providers the shell
 * gives it: the flows, an i18next instance and a wouter memory router.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import type { StartupParts, StartupResult } from '../../machines/app-load/app-load.types';
import type { Favourite } from '../../machines/favourites/favourites.types';
import type { LanguagePreferences } from '../../machines/language/language.machine';
import type { GlobalErrorEvent } from '../../machines/global-error/global-error.machine';
import type { ReloadScreenEvent } from '../../machines/reload-screen/reload-screen.machine';
import type { LoadedProfile } from '../../machines/session/session.types';
import { said, type ClassifiedError } from '../../mesh/client/errors';
import { createClientEvents } from '../../mesh/client/events';
import { createChannelClient } from '../../mesh/client/transport';
import { createStorageKeyStore } from '../../src/adapters/key-store';
import { createExpiringStorage, createMemoryBackend } from '../../src/adapters/storage';
import { AppProviders } from '../../src/app/flows';
import { type AppActors, type AppLogic, startApp } from '../../src/app/logic/app-logic';
import type { LiveInspection } from '../../src/app/logic/live-shared';
import { type AppPlatform, type CoreActors, startCore } from '../../src/app/logic/core-logic';
import { createI18n } from '../../src/i18n/i18n';
import type { Language } from '../../machines/language/languages';
import { ACCESS, PARTS, PROFILE, passesForm } from '../../machines/shared/client-fixtures';

export interface FixtureOptions {
  /** Startup parts over the fixture channel's (a visitor's: no profile, no access). */
  parts?: Partial<StartupParts>;
  /** Static blocks of the channel settings, by "group:key". */
  staticBlocks?: Readonly<Record<string, string>>;
  /** A logged-in viewer (a kept token and this profile) instead of a visitor. */
  viewer?: LoadedProfile;
  /** The reload screen's key request; rejects by default. */
  requestKey?: () => Promise<string>;
  reloadLockSeconds?: number;
  /**
   * The real reference API behind real Mesh (`startTestApi({}, { graphql: true })`): the client then sends the
   * views' reads there, under this channel key, with `token` as the logged-in viewer's bearer token. Without it the
   * client refuses every request, and the views' reads must come from provided actors.
   */
  api?: { graphqlUrl: string; channelKey: string; token?: string };
  /** The logged-in viewer's favourites when there is no API. */
  favourites?: readonly Favourite[];
  /** Replaces flows of the app's logic (a fake media stream for the player: jsdom plays no video). */
  logic?: (logic: AppLogic) => Partial<AppLogic>;
  /** The studio's live inspection of the app's actors, as the app starts it when the studio is in the build. */
  live?: LiveInspection;
  /** The logged-in viewer's profile loads once this settles (a page opened directly while the session restores). */
  profileLoaded?: Promise<unknown>;
}

export interface TestApp {
  actors: AppActors;
  /** What the client would report when the channel or API key is refused: the reload screen comes up. */
  raiseKeyError(error: ClassifiedError): void;
  /** What the client would report for a 429 or a crash status: the global error banner comes up. */
  raiseGlobalError(error: ClassifiedError): void;
}

/** A logged-in viewer whose passes form allows logout. */
export const LOGGED_IN: LoadedProfile = { profile: PROFILE, access: ACCESS, passesForm: passesForm(true) };

/** Starts the app's actors with fakes; the startup parts arrive at once (await `startupSettled`). */
export function createTestApp(options: FixtureOptions = {}): TestApp {
  const storage = createExpiringStorage(createMemoryBackend());
  const api = options.api;
  let core: CoreActors | null = null;
  const client = api
    ? createChannelClient({
        endpoint: api.graphqlUrl,
        keyStore: createStorageKeyStore(storage),
        channelKey: api.channelKey,
        getToken: () => core?.session.getSnapshot().context.token ?? null,
        reporting: false,
        events: createClientEvents(),
      })
    : createChannelClient({
        endpoint: 'http://api.invalid/graphql',
        keyStore: createStorageKeyStore(storage),
        channelKey: 'test-channel',
        reporting: false,
        events: createClientEvents(),
        fetch: async () => {
          throw new Error('view tests make no requests: every actor that would is provided');
        },
      });

  const settings = PARTS.settings && {
    ...PARTS.settings,
    static_blocks: Object.entries(options.staticBlocks ?? {}).map(([address, content], index) => {
      const [group = '', key = ''] = address.split(':');
      return { id: String(index + 1), group, key, content };
    }),
  };
  const parts: StartupParts = {
    ...PARTS,
    profile: options.viewer?.profile ?? null,
    access: options.viewer?.access ?? null,
    settings,
    ...options.parts,
  };

  const keyErrorListeners = new Set<(event: ReloadScreenEvent) => void>();
  const globalErrorListeners = new Set<(event: GlobalErrorEvent) => void>();
  const viewer = options.viewer;
  const platform: AppPlatform = {
    endpoint: 'http://app.test/graphql',
    channelKey: null,
    storage,
    pageUrl: () => 'http://app.test/',
    reloadPage: () => undefined,
    ...(options.reloadLockSeconds === undefined ? {} : { reloadLockSeconds: options.reloadLockSeconds }),
  };
  // The same logic as the app's (provideCoreLogic), with the effects that would reach the network replaced.
  core = startCore(platform, {
    client,
    logic: (logic) => ({
      reloadScreen: logic.reloadScreen.provide({
        actors: {
          watchKeyErrors: fromCallback(({ sendBack }) => {
            keyErrorListeners.add(sendBack);
            return () => keyErrorListeners.delete(sendBack);
          }),
          requestKey: fromPromise<string>(options.requestKey ?? (async () => Promise.reject(new Error('no key')))),
        },
      }),
      globalError: logic.globalError.provide({
        actors: {
          watchGlobalErrors: fromCallback(({ sendBack }) => {
            globalErrorListeners.add(sendBack);
            return () => globalErrorListeners.delete(sendBack);
          }),
        },
      }),
      session: logic.session.provide({
        actors: {
          readStoredToken: fromPromise<string | null>(async () => (viewer ? (api?.token ?? 'token-1') : null)),
          loadProfile: fromPromise<LoadedProfile>(async () => {
            if (!viewer) throw new Error('a visitor has no profile');
            await options.profileLoaded;
            return viewer;
          }),
          logOut: fromPromise<void>(async () => undefined),
          renewKeys: fromPromise<string>(async () => 'api-key-2'),
        },
      }),
      appLoad: logic.appLoad.provide({
        actors: {
          obtainApiKey: fromPromise<string>(async () => 'api-key-1'),
          loadStartup: fromPromise<StartupResult>(async () => ({ parts, fieldErrors: {} })),
        },
      }),
    }),
  });
  const app = startApp(core, {
    logic: (logic) => ({
      // Without the API, the viewer's favourites are those of the options (none by default).
      // Nothing stored and no browser preference: the language is the one the test renders in.
      language: logic.language.provide({ actors: { readPreferences: fromPromise<LanguagePreferences>(async () => ({ stored: null, browser: [] })) } }),
      favourites: api
        ? logic.favourites
        : logic.favourites.provide({ actors: { loadFavourites: fromPromise<Favourite[]>(async () => [...(options.favourites ?? [])]) } }),
      ...options.logic?.(logic),
    }),
    ...(options.live ? { live: options.live } : {}),
  });

  return {
    actors: app,
    raiseKeyError(error) {
      for (const listener of keyErrorListeners) listener({ type: 'client.keyError', error });
    },
    raiseGlobalError(error) {
      for (const listener of globalErrorListeners) listener({ type: 'client.globalError', error });
    },
  };
}

/** Resolves once the startup parts are in and the session knows who the viewer is. */
export async function startupSettled(actors: AppActors): Promise<void> {
  await waitFor(actors.appLoad, (s) => s.hasTag('ready'));
  await waitFor(actors.session, (s) => !s.hasTag('busy'));
}

export interface RenderOptions {
  language?: Language;
  /** Where the memory router starts. */
  path?: string;
}

export interface RenderedApp extends RenderResult {
  i18n: i18n;
  /** The paths the memory router went through. */
  history: string[];
}

/** Renders `ui` inside the shell's providers. */
export async function renderWithApp(ui: ReactElement, actors: AppActors, options: RenderOptions = {}): Promise<RenderedApp> {
  const instance = await createI18n(options.language ?? 'en');
  // As the app does: the language flow switches the instance the app renders with, and starts in its language once
  // startup settled (the fixture's preferences are empty, so the channel default given here wins).
  actors.useI18n(instance);
  actors.language.send({ type: 'startup.settled', channelDefault: instance.language });
  await waitFor(actors.language, (s) => s.hasTag('ready'));
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const result = render(
    <I18nextProvider i18n={instance}>
      <AppProviders app={actors}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {ui}
        </Router>
      </AppProviders>
    </I18nextProvider>,
  );
  return { ...result, i18n: instance, history: location.history };
}

/** A classified key error, as the client reports a refused channel key. */
export const CHANNEL_KEY_ERROR: ClassifiedError = {
  kind: 'channelKey',
  status: 404,
  field: null,
  operation: 'Startup',
  ...said('No chanel or api key found', { channel_key: ['The channel key is not known'] }),
  body: null,
  upstream: null,
};
