/**
 * SPEC §2 "every page view is reported to analytics" through the analytics session: page views that come before the
 * session is active wait (the latest 10) and are reported in order once it is, later ones at once, each with the
 * session current at the time; none is reported once analytics is off. Fakes stand in for storage and the service.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import { ANALYTICS_SESSION_LIFETIME_MS, PENDING_REPORTS_MAX, analyticsSessionMachine } from '../../machines/analytics-session/analytics-session.machine';
import type {
  AnalyticsSession,
  PageView,
  ReportParams,
  VideoEventReport,
  VideoViewingReport,
  ViewedItemList,
} from '../../machines/analytics-session/analytics-session.types';

const page = (n: number): PageView => ({ title: `Page ${n}`, location: `https://summit.example/p/${n}`, path: `/p/${n}` });

function start(createSession: () => Promise<AnalyticsSession>) {
  const sent: ReportParams[] = [];
  // Page views as the tests below read them: the page and its session.
  const reported: Array<{ page: PageView; session: AnalyticsSession }> = [];
  const clock = new SimulatedClock();
  const machine = analyticsSessionMachine.provide({
    actors: { createSession: fromPromise(createSession) },
    actions: {
      report: (_, params) => {
        sent.push(params);
        if (params.report.kind === 'page') reported.push({ page: params.report.page, session: params.session });
      },
    },
  });
  const actor = createActor(machine, { clock }).start();
  const view = (...ns: number[]) => ns.forEach((n) => actor.send({ type: 'page.viewed', page: page(n) }));
  return { actor, clock, reported, sent, view };
}

describe('page views', () => {
  it('wait for the session, then are reported in order with it; later ones at once', async () => {
    const session: AnalyticsSession = { hash: 'h-1', data: {} };
    const { actor, reported, view } = start(async () => session);
    view(1, 2);
    actor.send({ type: 'app.mounted' });
    view(3);
    expect(reported).toEqual([]);
    expect(actor.getSnapshot().context.pending.map((r) => (r.kind === 'page' ? r.page.path : r.kind))).toEqual(['/p/1', '/p/2', '/p/3']);

    await waitFor(actor, (s) => s.matches('active'));
    expect(reported).toEqual([1, 2, 3].map((n) => ({ page: page(n), session })));
    expect(actor.getSnapshot().context.pending).toEqual([]);

    view(4);
    expect(reported.at(-1)).toEqual({ page: page(4), session });
    expect(reported).toHaveLength(4);
  });

  it('count one view per location: the same page under another title (a language switch) is not another view', async () => {
    const session: AnalyticsSession = { hash: 'h-1', data: {} };
    const { actor, reported, view } = start(async () => session);
    view(1);
    actor.send({ type: 'page.viewed', page: { ...page(1), title: 'Page 1 (fr)' } });
    actor.send({ type: 'app.mounted' });
    await waitFor(actor, (s) => s.matches('active'));
    actor.send({ type: 'page.viewed', page: { ...page(1), title: 'Page 1 (de)' } });
    view(2, 1);
    expect(reported.map((r) => r.page.title)).toEqual(['Page 1', 'Page 2', 'Page 1']);
  });

  it(`keep only the latest ${PENDING_REPORTS_MAX} while waiting`, async () => {
    const session: AnalyticsSession = { hash: 'h-1', data: {} };
    const { actor, reported, view } = start(async () => session);
    view(...Array.from({ length: 13 }, (_, i) => i + 1));
    expect(actor.getSnapshot().context.pending).toHaveLength(PENDING_REPORTS_MAX);
    actor.send({ type: 'app.mounted' });
    await waitFor(actor, (s) => s.matches('active'));
    expect(reported.map((r) => r.page.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Page ${i + 4}`));
  });

  it('are dropped when analytics is off', async () => {
    const { actor, reported, view } = start(async () => {
      throw new Error('no profile key');
    });
    view(1);
    actor.send({ type: 'app.mounted' });
    await waitFor(actor, (s) => s.matches('off'));
    view(2);
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.pending).toEqual([]);
    expect(reported).toEqual([]);
  });

  it('that come while an expired session is renewed are reported with the new one', async () => {
    const sessions: AnalyticsSession[] = [
      { hash: 'h-1', data: {} },
      { hash: 'h-2', data: {} },
    ];
    let renew: (session: AnalyticsSession) => void = () => undefined;
    let created = 0;
    const { actor, clock, reported, view } = start(() => {
      created += 1;
      return created === 1 ? Promise.resolve(sessions[0]!) : new Promise((resolve) => (renew = resolve));
    });
    actor.send({ type: 'app.mounted' });
    await waitFor(actor, (s) => s.matches('active'));
    view(1);
    clock.increment(ANALYTICS_SESSION_LIFETIME_MS);
    expect(actor.getSnapshot().value).toBe('creating');
    view(2);
    expect(reported.map((r) => [r.page.path, r.session.hash])).toEqual([['/p/1', 'h-1']]);
    renew(sessions[1]!);
    await waitFor(actor, (s) => s.matches('active'));
    expect(reported.map((r) => [r.page.path, r.session.hash])).toEqual([
      ['/p/1', 'h-1'],
      ['/p/2', 'h-2'],
    ]);
  });
});

describe('video reports', () => {
  const firstFrame: VideoEventReport = { viewUuid: '7d3c7a52-8f0e-4f1e-9a43-2c1b5d9e0a11', streamId: 12, streamType: 'live', event: 'first_frame' };
  const viewing: VideoViewingReport = {
    viewUuid: firstFrame.viewUuid,
    streamId: 12,
    streamType: 'live',
    viewingTime: 30,
    category: "Men's Hockey",
    sport: 'hockey',
    gender: 'male',
    school: 'Northfield University',
    league: 'North Conference',
  };

  it('wait for the session with the page views, in the order they came, then go out at once', async () => {
    const session: AnalyticsSession = { hash: 'h-1', data: {} };
    const { actor, sent, view } = start(async () => session);
    view(1);
    actor.send({ type: 'video.event', video: firstFrame });
    actor.send({ type: 'app.mounted' });
    expect(actor.getSnapshot().context.pending.map((r) => r.kind)).toEqual(['page', 'video']);
    await waitFor(actor, (s) => s.matches('active'));
    actor.send({ type: 'video.viewing', video: viewing });
    expect(sent).toEqual([
      { report: { kind: 'page', page: page(1) }, session },
      { report: { kind: 'video', video: firstFrame }, session },
      { report: { kind: 'viewing', viewing }, session },
    ]);
  });

  it('are dropped when analytics is off', async () => {
    const { actor, sent } = start(async () => {
      throw new Error('no profile key');
    });
    actor.send({ type: 'video.event', video: firstFrame });
    actor.send({ type: 'app.mounted' });
    await waitFor(actor, (s) => s.matches('off'));
    actor.send({ type: 'video.viewing', video: viewing });
    expect(sent).toEqual([]);
  });
});

describe('lists of events shown (view_item_list)', () => {
  it('are pushed to the tag manager once per list and items, whatever the analytics session does', () => {
    const pushed: ViewedItemList[] = [];
    const actor = createActor(analyticsSessionMachine.provide({ actions: { pushItemList: (_, list) => void pushed.push(list) } })).start();
    const item = (id: string) => ({ item_id: id, item_name: `Game ${id}`, price: 5, currency: 'USD' });
    const live: ViewedItemList = { item_list_id: 'home_live', item_list_name: 'Home: live now', items: [item('1'), item('2')] };
    const show = (list: ViewedItemList) => actor.send({ type: 'itemList.shown', list });
    show(live);
    show({ ...live, items: [item('1'), item('2')] });
    show({ ...live, items: [item('2')] });
    show({ ...live, item_list_id: 'home_vod' });
    expect(pushed.map((list) => `${list.item_list_id}:${list.items.map((i) => i.item_id).join(',')}`)).toEqual([
      'home_live:1,2',
      'home_live:2',
      'home_vod:1,2',
    ]);
    // Analytics has not even started: the tag manager's dataLayer does not wait for the analytics session.
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
  });
});
