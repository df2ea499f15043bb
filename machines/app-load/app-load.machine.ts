/**
 * App load (SPEC §1 startup, §4 "App load", §8 handling rules): the channel key and an API key, then the ten startup
 * reads in one `Startup` query, then the app mounts and the analytics tracker starts. A loader shows while this is
 * busy; when no usable key can be had, the reload screen shows instead of the app.
 *
 * The request-level rules of SPEC §8 run in mesh/client underneath every call: an unknown channel key clears both
 * stored keys and raises the key error; a refused API key is forgotten, the user reset and the request retried once
 * after 1000 ms with a fresh key; a 401 with a token resets the user; a 429 or a crash status raises the global
 * error. This machine decides what the startup becomes once those rules have run.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { ClientRequestError, type ClassifiedError } from '../../mesh/client/errors';
import {
  type AnalyticsTrackerSettings,
  type AppLoadContext,
  type AppLoadEvent,
  NO_STARTUP_PARTS,
  STARTUP_PARTS,
  type StartupPart,
  type StartupResult,
  VIEWER_PARTS,
} from './app-load.types';

function errorsOf(result: StartupResult): ClassifiedError[] {
  return Object.values(result.fieldErrors).filter((error): error is ClassifiedError => error !== undefined);
}

/** An anonymous visitor's 401 on profile or access is how the API says "nobody is logged in", not a failure. */
function isFailedPart(part: StartupPart, error: ClassifiedError | undefined): boolean {
  if (error === undefined) return false;
  return !(VIEWER_PARTS.has(part) && error.kind === 'unauthenticated');
}

function firstKeyError(result: StartupResult): ClassifiedError | null {
  return errorsOf(result).find((error) => error.kind === 'apiKey' || error.kind === 'channelKey') ?? null;
}

export const appLoadMachine = setup({
  types: {
    context: {} as AppLoadContext,
    events: {} as AppLoadEvent,
    tags: {} as 'busy' | 'ready' | 'reloadScreen',
  },
  actors: {
    // Safe defaults: without the client there are no keys, which is the reload screen (a handled state).
    obtainApiKey: fromPromise<string>(notProvided('obtainApiKey')),
    loadStartup: fromPromise<StartupResult>(notProvided('loadStartup')),
    initAnalyticsTracker: fromPromise<void, AnalyticsTrackerSettings>(async () => undefined),
  },
  guards: {
    /** The channel key was refused for a part: the client has cleared both keys and raised the key error. */
    hasChannelKeyError: (_, result: StartupResult) => errorsOf(result).some((error) => error.kind === 'channelKey'),
    /** A part still refused the API key after the client forgot it, reset the user and retried with a fresh one. */
    hasApiKeyError: (_, result: StartupResult) => errorsOf(result).some((error) => error.kind === 'apiKey'),
  },
  actions: {
    useStartupParts: assign((_, result: StartupResult) => ({
      parts: result.parts,
      failedParts: STARTUP_PARTS.filter((part) => isFailedPart(part, result.fieldErrors[part])),
      globalError: errorsOf(result).find((error) => error.kind === 'throttled' || error.kind === 'crash') ?? null,
    })),
    markEveryPartFailed: assign({ parts: NO_STARTUP_PARTS, failedParts: [...STARTUP_PARTS] }),
    rememberKeyRequestError: assign((_, failure: { error: unknown }) => ({
      keyError: failure.error instanceof ClientRequestError ? failure.error.error : null,
    })),
    rememberStartupKeyError: assign((_, result: StartupResult) => ({ keyError: firstKeyError(result) })),
    /**
     * App effect: tell the reload screen about a key error the client did not raise itself (it raises one for a
     * failed key request or an unknown channel key, but only resets the user for a refused API key). No-op by default.
     */
    raiseKeyError: (_, _error: ClassifiedError) => undefined,
  },
}).createMachine({
  id: 'appLoad',
  description:
    'Starting the app: the channel key and an API key, then the channel settings, menu, colours, pages, geo data, ' +
    'categories, participants, groups, and the profile and access of a logged-in viewer, all in one request. A loader ' +
    'shows meanwhile. The app then mounts with what arrived and the analytics tracker starts. If no API key can be ' +
    'had, the reload screen shows instead.',
  context: { parts: NO_STARTUP_PARTS, failedParts: [], globalError: null, keyError: null },
  initial: 'fetchingKeys',
  states: {
    fetchingKeys: {
      description:
        'Step 1 and 2: the channel key (from the build configuration, storage or the keys file), then an API key for ' +
        'it. A key kept from an earlier visit is used as it is.',
      tags: ['busy'],
      invoke: {
        id: 'obtainApiKey',
        src: 'obtainApiKey',
        onDone: { target: 'loadingStartup', description: 'An API key is in place.' },
        onError: {
          target: 'keyError',
          actions: { type: 'rememberKeyRequestError', params: ({ event }) => ({ error: event.error }) },
          description:
            'The channel key was unknown (the client cleared both stored keys) or the API-key call failed, also ' +
            'on its retry; either way the client raised the key error.',
        },
      },
    },
    loadingStartup: {
      description:
        'Step 3: profile, channel settings, menu, colours, pages, geo data, categories, participants, groups and user ' +
        'access, in one request. Each part settles on its own; a failed part is retried once by the client.',
      tags: ['busy'],
      invoke: {
        id: 'loadStartup',
        src: 'loadStartup',
        onDone: [
          {
            guard: { type: 'hasChannelKeyError', params: ({ event }) => event.output },
            target: 'keyError',
            actions: { type: 'rememberStartupKeyError', params: ({ event }) => event.output },
            description: 'The channel key was refused: the client cleared both stored keys and raised the key error.',
          },
          {
            guard: { type: 'hasApiKeyError', params: ({ event }) => event.output },
            target: 'keyError',
            actions: [
              { type: 'rememberStartupKeyError', params: ({ event }) => event.output },
              // The guard above found an API key error: there is one to raise.
              { type: 'raiseKeyError', params: ({ event }) => firstKeyError(event.output) as ClassifiedError },
            ],
            description:
              'The API key was refused even after the client forgot it, reset the user and retried once after ' +
              '1000 ms with a fresh key: no usable key, so the key error is raised.',
          },
          {
            target: 'mounting',
            actions: { type: 'useStartupParts', params: ({ event }) => event.output },
            description:
              'Every part has settled. A 401 for profile and access only means nobody is logged in; a 429 or a ' +
              'crash status among the parts becomes the global error; other failed parts are left out.',
          },
        ],
        onError: {
          target: 'mounting',
          actions: 'markEveryPartFailed',
          description: 'The startup request could not be made at all: the app mounts with its defaults.',
        },
      },
    },
    mounting: {
      description: 'Step 4: the calls have settled, so the app is rendered; waiting for it to report that it mounted.',
      tags: ['ready'],
      on: {
        'app.mounted': { target: 'startingAnalytics', description: 'The app mounted: start the analytics tracker.' },
      },
    },
    startingAnalytics: {
      description: "Starting the analytics tracker with the channel's tag-manager and product-analytics settings.",
      tags: ['ready'],
      invoke: {
        id: 'initAnalyticsTracker',
        src: 'initAnalyticsTracker',
        input: ({ context }): AnalyticsTrackerSettings => ({
          tagManagerId: context.parts.settings?.tag_manager_id ?? null,
          productAnalyticsKey: context.parts.settings?.product_analytics_key ?? null,
        }),
        onDone: { target: 'running', description: 'The tracker is running.' },
        onError: { target: 'running', description: 'The tracker failed to start: analytics errors are swallowed.' },
      },
    },
    running: {
      description: 'The app is loaded and in use.',
      tags: ['ready'],
    },
    keyError: {
      description:
        'No usable key: the reload screen shows instead of the app. Only reloading the page (from the reload screen) ' +
        'starts again.',
      tags: ['reloadScreen'],
      type: 'final',
    },
  },
});
