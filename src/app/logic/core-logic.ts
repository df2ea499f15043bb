/**
 * The shell's first actors (app-load, session, reload screen, global error) with their real effects: the typed
 * client for their calls, the browser for storage and reloads, and messages to the other app-wide actors through
 * the app's actor system (src/app/logic/system.ts), whose root is created here. The entry (src/main.tsx) starts them before anything
 * else loads, so the startup requests go out at once; this module is in the initial bundle, so it imports only what
 * those four machines need.
 *
 * Every effect of the app is supplied in this folder and nowhere else: here for the core flows, in app-logic.ts for
 * the rest. Other code asks an actor (through its flow's context) and never builds logic of its own.
 */
import { type Actor, createActor, sendTo } from 'xstate';
import type { AnalyticsEnvironment } from '../../../machines/analytics-session/analytics-session.actors';
import { createAppLoadActors } from '../../../machines/app-load/app-load.actors';
import { appLoadMachine } from '../../../machines/app-load/app-load.machine';
import type { AnalyticsTrackerSettings } from '../../../machines/app-load/app-load.types';
import { createGlobalErrorActors } from '../../../machines/global-error/global-error.actors';
import { globalErrorMachine } from '../../../machines/global-error/global-error.machine';
import { createReloadScreenActors } from '../../../machines/reload-screen/reload-screen.actors';
import { reloadScreenMachine } from '../../../machines/reload-screen/reload-screen.machine';
import { createSessionActors } from '../../../machines/session/session.actors';
import { sessionMachine } from '../../../machines/session/session.machine';
import { createEarlyReads, type EarlyReads } from '../../../mesh/client/early-reads';
import { createClientEvents } from '../../../mesh/client/events';
import { createReadCache, type ReadCache } from '../../../mesh/client/read-cache';
import { type ChannelClient, createChannelClient } from '../../../mesh/client/transport';
import { createStorageKeyStore } from '../../adapters/key-store';
import type { ExpiringStorage } from '../../adapters/storage';
import { takeSocialNonce } from './social-nonce';
import { addressesIn } from './system';
import { type AppSystemRoot, createAppSystem } from './system-root';

/** What the shell needs from the page; the browser's in main.tsx, doubles in tests. */
export interface AppPlatform {
  /** The GraphQL endpoint (`/graphql` on the serve process). */
  endpoint: string;
  /**
   * The channel API's base URL, where the browser itself goes for a social sign-in (SPEC §7: `{api}/auth/login/
   * {provider}`); by default `/api` beside the GraphQL endpoint, as the serve process mounts it.
   */
  apiBase?: string;
  /** The build-time channel key (VITE_CHANNEL_KEY); null: the keys file answers for this host. */
  channelKey: string | null;
  /** The key the server wrote into the page for its host; the key store starts with it (src/adapters/key-store.ts). */
  pageChannelKey?: string | null;
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

/** The core flows' machines, each with its real effects. */
export interface CoreLogic {
  appLoad: typeof appLoadMachine;
  session: typeof sessionMachine;
  reloadScreen: typeof reloadScreenMachine;
  globalError: typeof globalErrorMachine;
}

/** What the core flows' effects use. */
export interface CoreDeps {
  platform: AppPlatform;
  client: ChannelClient;
  /** The root of the app's actor system, where the other app-wide actors are found. */
  system: AppSystemRoot;
}

/**
 * The core flows with their real effects. What they tell other flows is an event sent in the app's actor system:
 * app-load tells the reload screen about a key error the client did not raise itself; the session tells favourites
 * who the viewer is, the navigation that the viewer has just signed in, and the toasts when a logout is refused.
 * XState sends them once the sender's transition is committed, so what favourites then requests goes out with the
 * session's new token.
 */
function provideCoreLogic({ platform, client, system }: CoreDeps): CoreLogic {
  const { storage } = platform;
  const to = addressesIn(system);
  return {
    reloadScreen: reloadScreenMachine.provide({
      actors: createReloadScreenActors({ client }),
      actions: { reloadPage: () => platform.reloadPage() },
    }),
    session: sessionMachine.provide({
      actors: createSessionActors({ client, tokenStorage: { get: () => storage.get(STORED.token) }, socialNonce: { take: () => takeSocialNonce(storage) } }),
      actions: {
        storeToken: (_, token) => storage.set(STORED.token, token),
        forgetToken: () => storage.remove(STORED.token),
        announceLoggedIn: sendTo(to('favourites'), { type: 'session.loggedIn' }),
        announceSignedIn: sendTo(to('navigation'), (_, way) => ({ type: 'viewer.signedIn', way })),
        announceLoggedOut: sendTo(to('favourites'), { type: 'session.loggedOut' }),
        showToast: sendTo(to('toasts'), (_, toast) => ({ type: 'toast.show', toast })),
      },
    }),
    appLoad: appLoadMachine.provide({
      actors: createAppLoadActors({
        client,
        ...(platform.initAnalyticsTracker ? { initAnalyticsTracker: platform.initAnalyticsTracker } : {}),
      }),
      actions: {
        raiseKeyError: sendTo(to('reloadScreen'), (_, error) => ({ type: 'client.keyError', error })),
      },
    }),
    globalError: globalErrorMachine.provide({ actors: createGlobalErrorActors({ client }) }),
  };
}

/** What the entry starts before anything else loads: enough to send the startup requests and show the loader. */
export interface CoreActors {
  client: ChannelClient;
  /** The app's local storage (prefixed, expiring), for what views keep between visits (the chosen language). */
  storage: ExpiringStorage;
  appLoad: Actor<typeof appLoadMachine>;
  session: Actor<typeof sessionMachine>;
  reloadScreen: Actor<typeof reloadScreenMachine>;
  globalError: Actor<typeof globalErrorMachine>;
  /** The root of the app's actor system: every app-wide actor is created in it, under its system id. */
  system: AppSystemRoot;
  /** SPEC §9's store cache of the reads the viewer waits for; forgotten at each change of viewer. */
  cache: ReadCache;
  /** Reads the entry starts before their view has loaded (the watch page's grant), taken by the view's own call. */
  early: EarlyReads;
  /** What the shell was started with. */
  platform: AppPlatform;
  /** Stops every actor (tests; a page never needs it). */
  stop(): void;
}

/** The client of the app: the one transport every flow's effects call through. */
function createAppClient(platform: AppPlatform, getToken: () => string | null): ChannelClient {
  return createChannelClient({
    endpoint: platform.endpoint,
    keyStore: createStorageKeyStore(platform.storage, platform.pageChannelKey ?? null),
    channelKey: platform.channelKey,
    getToken,
    reporting: { service: 'web', pageUrl: platform.pageUrl },
    events: createClientEvents(),
    ...(platform.fetch ? { fetch: platform.fetch } : {}),
  });
}

/**
 * Builds the client and starts the core actors; the listeners subscribe before the first request goes out. `logic`
 * replaces the provided logic of some flows (tests: a fake startup, a fake key request), through the same path.
 */
export function startCore(
  platform: AppPlatform,
  options: { client?: ChannelClient; logic?: (logic: CoreLogic) => Partial<CoreLogic> } = {},
): CoreActors {
  let session: Actor<typeof sessionMachine> | null = null;
  // The client reads the token at each request; the session actor exists by the time the first request goes out.
  const client = options.client ?? createAppClient(platform, () => session?.getSnapshot().context.token ?? null);
  const system = createAppSystem();
  const provided = provideCoreLogic({ platform, client, system });
  const logic = { ...provided, ...options.logic?.(provided) };

  const reloadScreen = createActor(logic.reloadScreen, {
    parent: system,
    systemId: 'reloadScreen',
    input: platform.reloadLockSeconds === undefined ? undefined : { lockSeconds: platform.reloadLockSeconds },
  });
  session = createActor(logic.session, { parent: system, systemId: 'session' });
  const appLoad = createActor(logic.appLoad, { parent: system, systemId: 'appLoad' });
  const globalError = createActor(logic.globalError, { parent: system, systemId: 'globalError' });
  const viewerSession = session;
  // Keyed by the viewer's token: a change of viewer forgets what the previous one read.
  const cache = createReadCache({ client, scope: () => viewerSession.getSnapshot().context.token });
  const early = createEarlyReads(client, () => viewerSession.getSnapshot().context.token);
  // Listeners first (they subscribe to the client's events), then the startup, which sends the first request.
  const actors = [reloadScreen, globalError, viewerSession, appLoad] as const;
  for (const actor of actors) actor.start();
  return {
    client,
    storage: platform.storage,
    appLoad,
    session: viewerSession,
    reloadScreen,
    globalError,
    system,
    cache,
    early,
    platform,
    stop() {
      for (const actor of actors) system.send({ type: 'actor.stop', actor });
      system.stop();
    },
  };
}
