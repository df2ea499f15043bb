/**
 * The analytics session with its real actors against the real stack: the reference API (its analytics service) and
 * Mesh on an ephemeral port, and a real `createChannelClient`. What the service received is read back with the
 * operator's read token. Storage and the browser's facts are plain values. The origin URL is not localhost: the app
 * never sends analytics from there (SPEC §5).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  type AnalyticsEnvironment,
  type AnalyticsSessionDeps,
  createAnalyticsSessionActors,
  createReporter,
} from '../../machines/analytics-session/analytics-session.actors';
import { ANALYTICS_SESSION_LIFETIME_MS, analyticsSessionMachine } from '../../machines/analytics-session/analytics-session.machine';
import type { AnalyticsSession, PageView, StoredAnalyticsSession } from '../../machines/analytics-session/analytics-session.types';
import { ANALYTICS_READ_TOKEN, type ListBody, profileOf, readAnalytics } from '../server/analytics-fixtures';
import { startTestApi, type TestApi } from '../server/harness';
import { realClient } from './real-client';

const ENVIRONMENT: AnalyticsEnvironment = {
  originUrl: 'http://summit.example/',
  outerSource: 'newsletter-may',
  deviceType: 'desktop',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0',
  resolution: '1280x720',
};
const HOME: PageView = { title: 'Summit Sports', location: 'http://summit.example/', path: '/' };
const LIVE: PageView = { title: 'Live games', location: 'http://summit.example/live?sport=hockey', path: '/live' };

type Item = Record<string, unknown>;

let api: TestApi;
let profile: string;
beforeAll(async () => {
  api = await startTestApi({ analyticsReadToken: ANALYTICS_READ_TOKEN }, { graphql: true });
  profile = profileOf(api, 'summit');
});
afterAll(() => api.close());
beforeEach(() => {
  api.faults.clear();
  api.requestLog.clear();
});

function analyticsSession(overrides: Partial<Omit<AnalyticsSessionDeps, 'client'>> = {}) {
  const real = realClient(api);
  const written: Array<{ session: AnalyticsSession; lifetimeMs: number }> = [];
  let viewer: { id: number; email: string } | null = null;
  const deps: AnalyticsSessionDeps = {
    client: real.client,
    profileKey: () => profile,
    environment: () => ENVIRONMENT,
    storage: { read: () => null, write: (session, lifetimeMs) => void written.push({ session, lifetimeMs }) },
    viewer: () => viewer,
    ...overrides,
  };
  const machine = analyticsSessionMachine.provide({
    actors: createAnalyticsSessionActors(deps),
    actions: { report: createReporter(deps) },
  });
  const actor = createActor(machine).start();
  const logIn = async (email: string) => {
    viewer = { id: (await real.login(email)).id, email };
  };
  return { actor, written, logIn, view: (page: PageView) => actor.send({ type: 'page.viewed', page }) };
}

async function readBack(path: string, sessionUuid: string, by: 'session_uuid' | 'video_view_uuid' = 'session_uuid'): Promise<Item[]> {
  const result = await readAnalytics<ListBody<Item>>(api, path, { profile, [by]: sessionUuid, no_limit: 1 });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

/** The calls the app makes to the analytics service, in order (not the test's read-back). */
const APP_CALLS = new Set(['getAnalyticsHash', 'createAnalyticsSession', 'trackAnalyticsEvent', 'trackVideoEvent', 'trackVideoViewing']);
const analyticsCalls = () => api.requestLog.entries.map((e) => e.operationId).filter((id) => APP_CALLS.has(id));

describe('analytics session with the real client', () => {
  it('creates and stores a session, then reports the page views that waited for it and the later ones', async () => {
    const { actor, written, logIn, view } = analyticsSession();
    view(HOME);
    actor.send({ type: 'app.mounted' });
    const active = await waitFor(actor, (s) => s.matches('active'), { timeout: 15_000 });
    const session = active.context.session!;

    expect(written).toEqual([{ session, lifetimeMs: ANALYTICS_SESSION_LIFETIME_MS }]);
    const userAgent = encodeURIComponent(ENVIRONMENT.userAgent);
    expect(session.data).toEqual({
      device_type: 'desktop',
      user_agent: userAgent,
      resolution: '1280x720',
      platform: 'web',
      origin_url: ENVIRONMENT.originUrl,
      outer_source: 'newsletter-may',
    });
    expect(await readBack('/datalake/sessions/', session.hash)).toEqual([
      expect.objectContaining({ hash: session.hash, ip: null, ...session.data }),
    ]);

    // The page view that waited is reported on arrival; once logged in, page views name the viewer.
    await vi.waitFor(async () => expect(await readBack('/datalake/events/', session.hash)).toHaveLength(1), { timeout: 10_000 });
    await logIn('fan@summit.test');
    view(LIVE);
    await vi.waitFor(async () => expect(await readBack('/datalake/events/', session.hash)).toHaveLength(2), { timeout: 10_000 });
    const events = await readBack('/datalake/events/', session.hash);
    const fan = { user_id: expect.any(Number), user_email: 'fan@summit.test' };
    expect(events).toEqual([
      expect.objectContaining({ event: 'visit_page', ...HOME, user_id: null, user_email: null, origin_url: ENVIRONMENT.originUrl }),
      expect.objectContaining({ event: 'visit_page', ...LIVE, ...fan, outer_source: 'newsletter-may' }),
    ]);
  });

  it("sends the player's first frame with the viewer, then viewing time with the event's classification", async () => {
    const { actor, logIn } = analyticsSession();
    await logIn('fan@summit.test');
    const viewUuid = '5b0f7c1e-2d4a-4c8e-9f61-0a7d3e2b9c44';
    // Sent before the session exists: it waits for it.
    actor.send({ type: 'video.event', video: { viewUuid, streamId: 7, streamType: 'live', event: 'first_frame' } });
    actor.send({ type: 'app.mounted' });
    const session = (await waitFor(actor, (s) => s.matches('active'), { timeout: 15_000 })).context.session!;
    await vi.waitFor(async () => expect(await readBack('/datalake/video/events/', viewUuid, 'video_view_uuid')).toHaveLength(1), {
      timeout: 10_000,
    });
    actor.send({
      type: 'video.viewing',
      video: {
        viewUuid,
        streamId: 7,
        streamType: 'live',
        viewingTime: 30.4,
        category: "Men's Hockey",
        sport: 'hockey',
        gender: 'male',
        school: 'Northfield University',
        league: 'North Conference',
      },
    });
    await vi.waitFor(async () => expect(await readBack('/datalake/video/viewings/', viewUuid, 'video_view_uuid')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(await readBack('/datalake/video/events/', viewUuid, 'video_view_uuid')).toEqual([
      expect.objectContaining({
        session_uuid: session.hash,
        video_view_uuid: viewUuid,
        stream_id: 7,
        stream_type: 'live',
        event: 'first_frame',
        user_email: 'fan@summit.test',
      }),
    ]);
    expect(await readBack('/datalake/video/viewings/', viewUuid, 'video_view_uuid')).toEqual([
      expect.objectContaining({
        video_view_uuid: viewUuid,
        stream_id: 7,
        viewing_time: 30,
        category: "Men's Hockey",
        sport: 'hockey',
        gender: 'male',
        school: 'Northfield University',
        league: 'North Conference',
      }),
    ]);
  });

  it('reuses a stored session without asking the service for one', async () => {
    const { actor: first } = analyticsSession();
    first.send({ type: 'app.mounted' });
    const session = (await waitFor(first, (s) => s.matches('active'), { timeout: 15_000 })).context.session!;
    api.requestLog.clear();

    const stored: StoredAnalyticsSession = { session, remainingMs: 3_600_000 };
    const { actor, view } = analyticsSession({ storage: { read: () => stored, write: () => undefined } });
    actor.send({ type: 'app.mounted' });
    await waitFor(actor, (s) => s.matches('active'), { timeout: 15_000 });
    view(HOME);
    await vi.waitFor(async () => expect(await readBack('/datalake/events/', session.hash)).toHaveLength(1), { timeout: 10_000 });
    expect(analyticsCalls()).toEqual(['trackAnalyticsEvent']);
  });

  it('turns analytics off without a profile key: nothing is sent, page views are dropped', async () => {
    const { actor, view } = analyticsSession({ profileKey: () => null });
    view(HOME);
    actor.send({ type: 'app.mounted' });
    const off = await waitFor(actor, (s) => s.matches('off'), { timeout: 15_000 });
    view(LIVE);
    expect(off.context.pending).toEqual([]);
    expect(analyticsCalls()).toEqual([]);
  });

  it('turns analytics off when the service fails or refuses the profile key', async () => {
    api.faults.add({ operationId: 'getAnalyticsHash', status: 503, times: 2 });
    const failing = analyticsSession();
    failing.actor.send({ type: 'app.mounted' });
    await waitFor(failing.actor, (s) => s.matches('off'), { timeout: 15_000 });
    expect(analyticsCalls()).toEqual(['getAnalyticsHash', 'getAnalyticsHash']);

    api.requestLog.clear();
    const refused = analyticsSession({ profileKey: () => 'no-such-profile' });
    refused.actor.send({ type: 'app.mounted' });
    await waitFor(refused.actor, (s) => s.matches('off'), { timeout: 15_000 });
    expect(analyticsCalls()).toEqual(['getAnalyticsHash']);
  });

  it('turns analytics off when the session is not recorded', async () => {
    api.faults.add({ operationId: 'createAnalyticsSession', status: 409, times: 1 });
    const { actor, written } = analyticsSession();
    actor.send({ type: 'app.mounted' });
    await waitFor(actor, (s) => s.matches('off'), { timeout: 15_000 });
    expect(analyticsCalls()).toEqual(['getAnalyticsHash', 'createAnalyticsSession']);
    expect(written).toEqual([]);
  });

  it("swallows the service's refusal of a page view", async () => {
    const real = realClient(api);
    const report = createReporter({ client: real.client, profileKey: () => profile, environment: () => ENVIRONMENT, viewer: () => null });
    const unknown: AnalyticsSession = { hash: '00000000-0000-4000-8000-000000000000', data: {} };
    expect(() => report(undefined, { report: { kind: 'page', page: HOME }, session: unknown })).not.toThrow();
    await vi.waitFor(() => expect(analyticsCalls()).toEqual(['trackAnalyticsEvent']), { timeout: 10_000 });
    expect(await readBack('/datalake/events/', unknown.hash)).toEqual([]);
  });
});
