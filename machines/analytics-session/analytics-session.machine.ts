/**
 * The analytics session (SPEC §4 "Analytics session", §7 Analytics service, §9 lifetime 24 h): restored from storage
 * when a stored one is still valid, otherwise created with the analytics service and stored for 24 hours. Analytics
 * never disturbs the viewer: when the service fails, analytics stays off until the next page load.
 */
import { assign, fromPromise, setup } from 'xstate';

/** How long a session is kept (SPEC §9 "Analytics session lifetime"). */
export const ANALYTICS_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The session hash (GET /datalake/hash/) plus what was sent with it (POST /datalake/session/). */
export interface AnalyticsSession {
  hash: string;
  data: Record<string, string>;
}

/** What storage answers: the session and how long it has left, or null when none is stored or it expired. */
export interface StoredAnalyticsSession {
  session: AnalyticsSession;
  remainingMs: number;
}

/** @public */
export interface StoreSessionInput {
  session: AnalyticsSession;
  lifetimeMs: number;
}

/** @public */
export interface AnalyticsSessionContext {
  session: AnalyticsSession | null;
  /** Milliseconds the current session has left when it became current. */
  lifetimeLeftMs: number;
}

/**
 * Sent once by the app shell after it mounted (SPEC §1 startup, step 4); later ones are ignored.
 *
 * @public
 */
export type AnalyticsSessionEvent = { type: 'app.mounted' };

export const analyticsSessionMachine = setup({
  types: {
    context: {} as AnalyticsSessionContext,
    events: {} as AnalyticsSessionEvent,
    tags: {} as 'ready' | 'busy',
  },
  actors: {
    // Safe defaults: no storage and no analytics service. The app provides the real ones with .provide().
    readStoredSession: fromPromise<StoredAnalyticsSession | null>(async () => null),
    createSession: fromPromise<AnalyticsSession>(async () => {
      throw new Error('createSession is not provided: analytics is off');
    }),
    storeSession: fromPromise<void, StoreSessionInput>(async () => undefined),
  },
  guards: {
    isUsable: (_, stored: StoredAnalyticsSession | null) => stored !== null && stored.remainingMs > 0,
  },
  actions: {
    useStoredSession: assign((_, stored: StoredAnalyticsSession | null) =>
      stored === null ? {} : { session: stored.session, lifetimeLeftMs: stored.remainingMs },
    ),
    useNewSession: assign((_, session: AnalyticsSession) => ({
      session,
      lifetimeLeftMs: ANALYTICS_SESSION_LIFETIME_MS,
    })),
  },
  delays: {
    sessionLifetimeLeft: ({ context }) => context.lifetimeLeftMs,
  },
}).createMachine({
  id: 'analyticsSession',
  description:
    'The analytics session of this visitor, set up once the app has mounted: reused from storage while it is younger than 24 hours, otherwise ' +
    'created with the analytics service and stored for 24 hours. Failures only turn analytics off.',
  context: { session: null, lifetimeLeftMs: 0 },
  initial: 'waiting',
  states: {
    waiting: {
      description: 'The app is starting: analytics begins once it has mounted.',
      on: { 'app.mounted': { target: 'restoring', description: 'The app mounted: initialise analytics.' } },
    },
    restoring: {
      description: 'Reading a stored session.',
      tags: ['busy'],
      invoke: {
        id: 'readStoredSession',
        src: 'readStoredSession',
        onDone: [
          {
            guard: { type: 'isUsable', params: ({ event }) => event.output },
            target: 'active',
            actions: { type: 'useStoredSession', params: ({ event }) => event.output },
            description: 'A stored session younger than 24 hours is reused.',
          },
          { target: 'creating', description: 'None is stored, or it expired.' },
        ],
        onError: { target: 'creating', description: 'Storage could not be read: start a new session.' },
      },
    },
    creating: {
      description: 'Asking the analytics service for a session hash and registering the session.',
      tags: ['busy'],
      invoke: {
        id: 'createSession',
        src: 'createSession',
        onDone: {
          target: 'storing',
          actions: { type: 'useNewSession', params: ({ event }) => event.output },
          description: 'The service answered with a new session.',
        },
        onError: { target: 'off', description: 'The service failed: analytics errors are swallowed.' },
      },
    },
    storing: {
      description: 'Keeping the new session for 24 hours.',
      tags: ['ready'],
      invoke: {
        id: 'storeSession',
        src: 'storeSession',
        input: ({ context }): StoreSessionInput => ({
          session: context.session as AnalyticsSession,
          lifetimeMs: ANALYTICS_SESSION_LIFETIME_MS,
        }),
        onDone: { target: 'active', description: 'Stored.' },
        onError: { target: 'active', description: 'Storage refused it: the session lives for this page only.' },
      },
    },
    active: {
      description: 'Analytics events are sent with this session.',
      tags: ['ready'],
      after: {
        sessionLifetimeLeft: {
          target: 'creating',
          description: 'The session reached its 24 hours: start a new one.',
        },
      },
    },
    off: {
      description: 'Analytics is off until the next page load.',
      type: 'final',
    },
  },
});
