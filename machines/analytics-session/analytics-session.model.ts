/**
 * Model of the analytics session (machines/analytics-session): what storage and the service may answer, and page
 * views at any time. At most two reports (page views, video reports) wait in the model (the bound of 10 is checked in
 * tests/machines/analytics-session.test.ts), which keeps the context, and so the model, finite.
 */
import { ANALYTICS_SESSION_LIFETIME_MS, analyticsSessionMachine } from './analytics-session.machine';
import type {
  AnalyticsSession,
  PageView,
  StoredAnalyticsSession,
  VideoEventReport,
  VideoViewingReport,
  ViewedItemList,
} from './analytics-session.types';
import { defineModel } from '../shared/machine-model';

const stored: AnalyticsSession = { hash: 'stored-hash', data: { platform: 'web' } };
const created: AnalyticsSession = { hash: 'new-hash', data: { platform: 'web' } };
const oneHour = 3_600_000;
const pages: PageView[] = [
  { title: 'Home', location: 'https://summit.example/', path: '/' },
  { title: 'Live games', location: 'https://summit.example/live', path: '/live' },
];
const video: VideoEventReport = { viewUuid: '7d3c7a52-8f0e-4f1e-9a43-2c1b5d9e0a11', streamId: 3, streamType: 'vod', event: 'first_frame' };
const viewing: VideoViewingReport = {
  ...video,
  viewingTime: 30,
  category: null,
  sport: 'hockey',
  gender: 'female',
  school: null,
  league: null,
};
const MODEL_PENDING_MAX = 2;
const item = (id: string) => ({ item_id: id, item_name: `Game ${id}`, price: 9.99, currency: 'USD' });
const lists: ViewedItemList[] = [
  { item_list_id: 'home_live', item_list_name: 'Home: live now', items: [item('1'), item('2')] },
  { item_list_id: 'home_live', item_list_name: 'Home: live now', items: [item('2')] },
];

export const analyticsSessionModel = defineModel({
  machine: analyticsSessionMachine,
  events: {
    'page.viewed': (snapshot) => {
      const waiting = snapshot.context.pending.length;
      const last = pages.find((page) => page.location === snapshot.context.lastPageLocation);
      // A new page, and the last one again under another title (a language switch).
      const again = last ? [{ type: 'page.viewed' as const, page: { ...last, title: `${last.title} (fr)` } }] : [];
      return waiting >= MODEL_PENDING_MAX ? again : [{ type: 'page.viewed' as const, page: pages[waiting] as PageView }, ...again];
    },
    'itemList.shown': lists.map((list) => ({ type: 'itemList.shown' as const, list })),
    'video.event': (snapshot) => (snapshot.context.pending.length >= MODEL_PENDING_MAX ? [] : [{ type: 'video.event' as const, video }]),
    'video.viewing': (snapshot) =>
      snapshot.context.pending.length >= MODEL_PENDING_MAX ? [] : [{ type: 'video.viewing' as const, video: viewing }],
  },
  outputs: {
    readStoredSession: [
      { session: stored, remainingMs: oneHour } satisfies StoredAnalyticsSession,
      { session: stored, remainingMs: 0 } satisfies StoredAnalyticsSession,
      null,
    ],
    createSession: [created],
    storeSession: [undefined],
  },
  errors: {
    readStoredSession: [new Error('storage unavailable')],
    createSession: [new Error('analytics service unreachable')],
    storeSession: [new Error('storage quota exceeded')],
  },
  // What was last counted or pushed only decides the ignored repeats, which take no transition: it is left out, or
  // it would multiply the model's states for nothing.
  abstractState: (snapshot) => {
    const { session, lifetimeLeftMs, pending } = snapshot.context;
    return { value: snapshot.value, session, lifetimeLeftMs, pending };
  },
  check: (snapshot) => {
    const { session, lifetimeLeftMs, pending } = snapshot.context;
    if (snapshot.hasTag('ready') && session === null) throw new Error('ready without a session');
    if (snapshot.matches('active') && session?.hash === 'new-hash' && lifetimeLeftMs !== ANALYTICS_SESSION_LIFETIME_MS) {
      throw new Error(`a new session lives ${lifetimeLeftMs} ms, not 24 hours`);
    }
    if ((snapshot.matches('active') || snapshot.matches('off')) && pending.length > 0) {
      throw new Error(`${pending.length} reports still wait in ${JSON.stringify(snapshot.value)}`);
    }
  },
});
