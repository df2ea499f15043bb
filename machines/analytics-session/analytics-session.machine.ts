/**
 * The analytics session (SPEC §4 "Analytics session", §7 Analytics service, §9 lifetime 24 h): restored from storage
 * when a stored one is still valid, otherwise created with the analytics service and stored for 24 hours. Every page
 * view is reported with it (SPEC §2); views that come before the session is ready wait for it. Analytics never
 * disturbs the viewer: when the service fails, analytics stays off until the next page load.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import {
  type AnalyticsReport,
  type AnalyticsSession,
  type AnalyticsSessionContext,
  type AnalyticsSessionEvent,
  type ReportParams,
  type StoreSessionInput,
  type StoredAnalyticsSession,
  type ViewedItemList,
  itemListKey,
} from './analytics-session.types';

/** How long a session is kept (SPEC §9 "Analytics session lifetime"). */
export const ANALYTICS_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How many reports wait for the session at most: the latest ones are kept. */
export const PENDING_REPORTS_MAX = 10;

/** The events that ask for something to be sent to the analytics service. */
type ReportEvent = Exclude<AnalyticsSessionEvent, { type: 'app.mounted' } | { type: 'itemList.shown' }>;

/** What such an event asks to send. */
function reportOf(event: ReportEvent): AnalyticsReport {
  switch (event.type) {
    case 'page.viewed':
      return { kind: 'page', page: event.page };
    case 'video.event':
      return { kind: 'video', video: event.video };
    case 'video.viewing':
      return { kind: 'viewing', viewing: event.video };
  }
}

/** The same page again (its title changed with the language): no other view is counted. */
const samePage = {
  guard: 'isSamePage',
  description: 'The same page again (its title changed with the language): not another page view.',
} as const;

/** While no session is active, page views and video reports wait for one. */
const keepReport = {
  actions: 'keepReport',
  description: 'Sent before the session is ready: it waits for it (the latest 10 are kept).',
} as const;
const keepReports = {
  'page.viewed': [samePage, { ...keepReport, actions: ['rememberPage', 'keepReport'] }],
  'video.event': keepReport,
  'video.viewing': keepReport,
} as const;

/** Once a session is active, a report goes out at once with it (only report events are routed here). */
const sendReport = {
  actions: {
    type: 'report',
    params: ({ context, event }: { context: AnalyticsSessionContext; event: AnalyticsSessionEvent }): ReportParams => ({
      report: reportOf(event as ReportEvent),
      session: context.session as AnalyticsSession,
    }),
  },
  description: 'Sent at once with the session.',
} as const;

export const analyticsSessionMachine = setup({
  types: {
    context: {} as AnalyticsSessionContext,
    events: {} as AnalyticsSessionEvent,
    tags: {} as 'ready' | 'busy',
  },
  actors: {
    // Safe defaults: no storage and no analytics service. The app provides the real ones with .provide().
    readStoredSession: fromPromise<StoredAnalyticsSession | null>(async () => null),
    createSession: fromPromise<AnalyticsSession>(notProvided('createSession')),
    storeSession: fromPromise<void, StoreSessionInput>(async () => undefined),
  },
  guards: {
    isUsable: (_, stored: StoredAnalyticsSession | null) => stored !== null && stored.remainingMs > 0,
    isSamePage: ({ context, event }) => event.type === 'page.viewed' && event.page.location === context.lastPageLocation,
    isListShownAlready: ({ context, event }) =>
      event.type === 'itemList.shown' && context.itemLists[event.list.item_list_id] === itemListKey(event.list),
  },
  actions: {
    useStoredSession: assign((_, stored: StoredAnalyticsSession | null) =>
      stored === null ? {} : { session: stored.session, lifetimeLeftMs: stored.remainingMs },
    ),
    useNewSession: assign((_, session: AnalyticsSession) => ({
      session,
      lifetimeLeftMs: ANALYTICS_SESSION_LIFETIME_MS,
    })),
    keepReport: assign(({ context, event }) =>
      event.type === 'app.mounted' || event.type === 'itemList.shown'
        ? {}
        : { pending: [...context.pending, reportOf(event)].slice(-PENDING_REPORTS_MAX) },
    ),
    dropPendingReports: assign({ pending: [] }),
    rememberPage: assign(({ context, event }) => ({
      lastPageLocation: event.type === 'page.viewed' ? event.page.location : context.lastPageLocation,
    })),
    rememberList: assign(({ context, event }) =>
      event.type === 'itemList.shown' ? { itemLists: { ...context.itemLists, [event.list.item_list_id]: itemListKey(event.list) } } : {},
    ),
    /** App effect: push `view_item_list` to the tag manager's dataLayer (SPEC §7). No-op by default. */
    pushItemList: (_, _list: ViewedItemList) => undefined,
    /**
     * App effect: send a page view or a video report to the analytics service (`createReporter`). Fire and forget:
     * its errors are swallowed (SPEC §8). No-op by default.
     */
    report: (_, _params: ReportParams) => undefined,
  },
  delays: {
    sessionLifetimeLeft: ({ context }) => context.lifetimeLeftMs,
  },
}).createMachine({
  id: 'analyticsSession',
  description:
    'The analytics session of this visitor, set up once the app has mounted: reused from storage while it is younger than 24 hours, otherwise ' +
    'created with the analytics service and stored for 24 hours. Every page view and video report is sent with it; those that come earlier wait for it. ' +
    'Failures only turn analytics off.',
  context: { session: null, lifetimeLeftMs: 0, pending: [], lastPageLocation: null, itemLists: {} },
  on: {
    'itemList.shown': [
      {
        guard: 'isListShownAlready',
        description: 'The same list with the same items (the page re-rendered): pushed once.',
      },
      {
        actions: ['rememberList', { type: 'pushItemList', params: ({ event }) => event.list }],
        description: 'A list of events was shown, or shows other items (another page, other filters): view_item_list goes to the tag manager.',
      },
    ],
  },
  initial: 'waiting',
  states: {
    waiting: {
      description: 'The app is starting: analytics begins once it has mounted.',
      on: {
        'app.mounted': { target: 'restoring', description: 'The app mounted: initialise analytics.' },
        ...keepReports,
      },
    },
    restoring: {
      description: 'Reading a stored session.',
      tags: ['busy'],
      on: keepReports,
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
      on: keepReports,
      invoke: {
        id: 'createSession',
        src: 'createSession',
        onDone: {
          target: 'storing',
          actions: { type: 'useNewSession', params: ({ event }) => event.output },
          description: 'The service answered with a new session.',
        },
        onError: {
          target: 'off',
          actions: 'dropPendingReports',
          description: 'The service failed, or the channel has no analytics: the waiting reports are dropped and errors swallowed.',
        },
      },
    },
    storing: {
      description: 'Keeping the new session for 24 hours.',
      tags: ['ready'],
      on: keepReports,
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
      description: 'Page views and video reports are sent with this session; those that waited for it on arrival, oldest first.',
      tags: ['ready'],
      // Inline because setup() cannot type a named action that enqueues the others.
      entry: enqueueActions(({ context, enqueue }) => {
        const { session } = context;
        if (session === null) return;
        for (const report of context.pending) enqueue({ type: 'report', params: { report, session } });
        enqueue('dropPendingReports');
      }),
      on: {
        'page.viewed': [samePage, { ...sendReport, actions: ['rememberPage', sendReport.actions] }],
        'video.event': sendReport,
        'video.viewing': sendReport,
      },
      after: {
        sessionLifetimeLeft: {
          target: 'creating',
          description: 'The session reached its 24 hours: start a new one.',
        },
      },
    },
    // Not a final state: the router keeps sending page views, and a stopped actor would warn about each.
    off: {
      description: 'Analytics is off until the next page load: page views and video reports are dropped.',
    },
  },
});
