/**
 * The app's actors, started once by the shell (never a module-level singleton) and handed down through React
 * context. Each machine gets its real effects here with `.provide()`: the typed client for its calls, and the
 * browser for storage and reloads. Cross-machine wiring lives here too, in one place: the client reads the viewer's
 * token from the session; app-load tells the reload screen about a key error the client did not raise itself.
 */
import { createActor, type Actor } from 'xstate';
import type { AnalyticsEnvironment } from '../../machines/analytics-session/analytics-session.actors';
import type { analyticsSessionMachine } from '../../machines/analytics-session/analytics-session.machine';
import { createAppLoadActors } from '../../machines/app-load/app-load.actors';
import { appLoadMachine } from '../../machines/app-load/app-load.machine';
import type { AnalyticsTrackerSettings } from '../../machines/app-load/app-load.types';
import { createGlobalErrorActors } from '../../machines/global-error/global-error.actors';
import { globalErrorMachine } from '../../machines/global-error/global-error.machine';
import type { popupQueueMachine } from '../../machines/popup-queue/popup-queue.machine';
import { createReloadScreenActors } from '../../machines/reload-screen/reload-screen.actors';
import { reloadScreenMachine } from '../../machines/reload-screen/reload-screen.machine';
import { createSessionActors } from '../../machines/session/session.actors';
import { sessionMachine } from '../../machines/session/session.machine';
import type { toastMachine } from '../../machines/toast/toast.machine';
import { createClientEvents } from '../../mesh/client/events';
import { type ChannelClient, createChannelClient } from '../../mesh/client/transport';
import { createStorageKeyStore } from '../adapters/key-store';
import type { ExpiringStorage } from '../adapters/storage';
import type { PageHistory } from './page-history';

/** What the shell needs from the page; the browser's in main.tsx, doubles in tests. */
export interface AppPlatform {
  /** The GraphQL endpoint (`/graphql` on the serve process). */
  endpoint: string;
  /** The build-time channel key (VITE_CHANNEL_KEY); null: the keys file answers for this host. */
  channelKey: string | null;
  storage: ExpiringStorage;
  /** The page's full URL, for failure reports. */
  pageUrl(): string;
  /** `location.reload()`: the reload screen's button, once a new key arrived. */
  reloadPage(): void;
  /** Starts the channel's tag manager (SPEC §1 step 4). */
  initAnalyticsTracker?(settings: AnalyticsTrackerSettings): void | Promise<void>;
  /** Defaults to the platform's fetch. */
  fetch?: typeof fetch;
  /** Seconds the reload button stays locked; SPEC §9's 60 unless a test says otherwise. */
  reloadLockSeconds?: number;
  /** What analytics sends about the browser; without it analytics is off. */
  analyticsEnvironment?: () => Omit<AnalyticsEnvironment, 'outerSource'>;
}

/** The storage keys of what the shell keeps between visits. */
const STORED = {
  token: 'token',
} as const;

/** What the entry starts before anything else loads: enough to send the startup requests and show the loader. */
export interface CoreActors {
  client: ChannelClient;
  /** The app's local storage (prefixed, expiring), for what views keep between visits (the chosen language). */
  storage: ExpiringStorage;
  appLoad: Actor<typeof appLoadMachine>;
  session: Actor<typeof sessionMachine>;
  reloadScreen: Actor<typeof reloadScreenMachine>;
  globalError: Actor<typeof globalErrorMachine>;
  /** What the shell was started with. */
  platform: AppPlatform;
  /** Stops every actor (tests; a page never needs it). */
  stop(): void;
}

/** Builds the client and starts every app-wide actor; the listeners subscribe before the first request goes out. */
export function createCoreActors(platform: AppPlatform): CoreActors {
  const { storage } = platform;
  let session: Actor<typeof sessionMachine> | null = null;
  // The client reads the token at each request; the session actor exists by the time the first request goes out.
  const client = createChannelClient({
    endpoint: platform.endpoint,
    keyStore: createStorageKeyStore(storage),
    channelKey: platform.channelKey,
    getToken: () => session?.getSnapshot().context.token ?? null,
    reporting: { service: 'web', pageUrl: platform.pageUrl },
    events: createClientEvents(),
    ...(platform.fetch ? { fetch: platform.fetch } : {}),
  });

  const reloadScreen = createActor(
    reloadScreenMachine.provide({
      actors: createReloadScreenActors({ client }),
      actions: { reloadPage: () => platform.reloadPage() },
    }),
    { input: platform.reloadLockSeconds === undefined ? undefined : { lockSeconds: platform.reloadLockSeconds } },
  );
  session = createActor(
    sessionMachine.provide({
      actors: createSessionActors({ client, tokenStorage: { get: () => storage.get(STORED.token) } }),
      actions: {
        storeToken: (_, token) => storage.set(STORED.token, token),
        forgetToken: () => storage.remove(STORED.token),
      },
    }),
  );
  const appLoad = createActor(
    appLoadMachine.provide({
      actors: createAppLoadActors({
        client,
        ...(platform.initAnalyticsTracker ? { initAnalyticsTracker: platform.initAnalyticsTracker } : {}),
      }),
      actions: {
        raiseKeyError: (_, error) => {
          if (error) reloadScreen.send({ type: 'client.keyError', error });
        },
      },
    }),
  );
  const globalError = createActor(globalErrorMachine.provide({ actors: createGlobalErrorActors({ client }) }));

  const viewerSession = session;
  // Listeners first (they subscribe to the client's events), then the startup, which sends the first request.
  const actors = [reloadScreen, globalError, session, appLoad] as const;
  for (const actor of actors) actor.start();
  return {
    client,
    storage,
    appLoad,
    session: viewerSession,
    reloadScreen,
    globalError,
    platform,
    stop() {
      for (const actor of actors) actor.stop();
    },
  };
}


/** Everything the views use: the core actors and those started with the app's chunk (src/app/AppRoot.tsx). */
export interface AppActors extends CoreActors {
  toasts: Actor<typeof toastMachine>;
  popups: Actor<typeof popupQueueMachine>;
  analytics: Actor<typeof analyticsSessionMachine>;
  /** The pages of this visit (navigation rules, the previous page). */
  history: PageHistory;
}
