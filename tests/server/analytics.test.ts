/**
 * The analytics service (SPEC.md §7) against the running reference API: what each operation receives is kept and
 * answered back by the read-back operations exactly; sessions expire after 24 hours on the API's clock; a profile
 * key only ever reaches its own channel's data; read-back needs the operator's token.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_SESSION_SECONDS } from '../../server/domain/analytics';
import {
  type Ack,
  analytics,
  ANALYTICS_READ_TOKEN,
  apiRequestEventBody,
  expectContractAnswer,
  expectError,
  type ListBody,
  ORIGIN_URL,
  profileOf,
  readAnalytics,
  sessionBody,
  startSession,
  startView,
  videoEventBody,
  viewingBody,
  without,
} from './analytics-fixtures';
import { databaseSnapshot, startTestApi, SUMMIT, type TestApi } from './harness';

interface SessionItem {
  hash: string;
  ip: string | null;
  device_type: string;
  user_agent: string;
  resolution: string;
  platform: string;
  origin_url: string;
  outer_source: string | null;
  created_at: number;
  expires_at: number;
}
type EventItem = Record<string, unknown> & { id: number; session_uuid: string; event: string };
type VideoEventItem = Record<string, unknown> & { id: number; video_view_uuid: string; event: string };
type ViewingItem = Record<string, unknown> & { id: number; video_view_uuid: string; viewing_time: number };

let api: TestApi;
let summit: string;
let boreal: string;

beforeAll(async () => {
  api = await startTestApi({ analyticsReadToken: ANALYTICS_READ_TOKEN });
  summit = profileOf(api, 'summit');
  boreal = profileOf(api, 'boreal');
});
afterAll(() => api.close());

async function readEvents(profile: string, query: Record<string, string | number>): Promise<EventItem[]> {
  const result = await readAnalytics<ListBody<EventItem>>(api, '/datalake/events/', { profile, no_limit: 1, ...query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expectContractAnswer('listAnalyticsEvents', result);
  return result.body.data;
}

async function readVideoEvents(profile: string, query: Record<string, string | number>): Promise<VideoEventItem[]> {
  const result = await readAnalytics<ListBody<VideoEventItem>>(api, '/datalake/video/events/', { profile, no_limit: 1, ...query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expectContractAnswer('listVideoEvents', result);
  return result.body.data;
}

async function readViewings(profile: string, query: Record<string, string | number>): Promise<ViewingItem[]> {
  const result = await readAnalytics<ListBody<ViewingItem>>(api, '/datalake/video/viewings/', { profile, no_limit: 1, ...query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expectContractAnswer('listVideoViewings', result);
  return result.body.data;
}

async function post(path: string, body: Record<string, unknown>, operationId: string): Promise<Ack> {
  const result = await analytics<Ack>(api, 'POST', path, { body });
  expect(result.status, `${path}: ${JSON.stringify(result.body)}`).toBe(200);
  expectContractAnswer(operationId, result);
  expect(result.body).toEqual({ ok: true, received_at: api.clock.now() });
  return result.body;
}

/** A refusal writes nothing: the whole database is as it was. */
async function expectRefusedUnchanged(send: () => Promise<void>): Promise<void> {
  const before = databaseSnapshot(api.db);
  await send();
  expect(databaseSnapshot(api.db)).toBe(before);
}

describe('GET /datalake/hash/', () => {
  it('answers a fresh uuid for a known profile and keeps nothing', async () => {
    const before = databaseSnapshot(api.db);
    const first = await analytics<{ hash: string }>(api, 'GET', '/datalake/hash/', { query: { profile: summit, origin_url: ORIGIN_URL } });
    const second = await analytics<{ hash: string }>(api, 'GET', '/datalake/hash/', {
      query: { profile: summit, origin_url: ORIGIN_URL, outer_source: 'trk-1' },
    });
    expect(first.status).toBe(200);
    expectContractAnswer('getAnalyticsHash', first);
    expect(first.body.hash).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.body.hash).not.toBe(first.body.hash);
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('refuses an unknown profile key, a channel key in its place, and a missing origin_url', async () => {
    expectError(await analytics(api, 'GET', '/datalake/hash/', { query: { profile: 'no-such-profile', origin_url: ORIGIN_URL } }), 403, 'profile');
    expectError(await analytics(api, 'GET', '/datalake/hash/', { query: { profile: SUMMIT.channelKey, origin_url: ORIGIN_URL } }), 403, 'profile');
    expectError(await analytics(api, 'GET', '/datalake/hash/', { query: { origin_url: ORIGIN_URL } }), 422, 'profile');
    expectError(await analytics(api, 'GET', '/datalake/hash/', { query: { profile: summit } }), 422, 'origin_url');
  });
});

describe('POST /datalake/session/', () => {
  it('records the session as sent, living 24 hours from now', async () => {
    const hash = randomUUID();
    const body = sessionBody(summit, hash);
    await post('/datalake/session/', body, 'createAnalyticsSession');
    const read = await readAnalytics<ListBody<SessionItem>>(api, '/datalake/sessions/', { profile: summit, session_uuid: hash });
    expect(read.status).toBe(200);
    expectContractAnswer('listAnalyticsSessions', read);
    const sent = without(body, 'profile', 'session');
    expect(read.body).toEqual({
      data: [{ ...sent, hash, created_at: api.clock.now(), expires_at: api.clock.now() + 24 * 60 * 60 }],
      meta: { total: 1, limit: 50, offset: 0 },
    });
    expect(ANALYTICS_SESSION_SECONDS).toBe(86_400);
  });

  it('keeps an unknown ip and a missing outer tracker as null', async () => {
    const hash = randomUUID();
    const body = without(sessionBody(summit, hash), 'outer_source');
    await post('/datalake/session/', { ...body, ip: null, device_type: 'mobile', resolution: '390x844' }, 'createAnalyticsSession');
    const read = await readAnalytics<ListBody<SessionItem>>(api, '/datalake/sessions/', { profile: summit, session_uuid: hash });
    expect(read.body.data[0]).toMatchObject({ ip: null, outer_source: null, device_type: 'mobile', resolution: '390x844' });
  });

  it('keeps a hash in one spelling: upper case and urn:uuid: name the same session', async () => {
    const hash = randomUUID();
    await post('/datalake/session/', sessionBody(summit, `urn:uuid:${hash.toUpperCase()}`), 'createAnalyticsSession');
    const read = await readAnalytics<ListBody<SessionItem>>(api, '/datalake/sessions/', { profile: summit, session_uuid: hash.toUpperCase() });
    expect(read.body.data.map((s) => s.hash)).toEqual([hash]);
    await post('/datalake/event/', { ...apiRequestEventBody(summit, hash.toUpperCase()) }, 'trackAnalyticsEvent');
  });

  it('records a hash once, whichever channel sends it again (409 naming session)', async () => {
    const hash = await startSession(api, summit);
    await expectRefusedUnchanged(async () => {
      expectError(await analytics(api, 'POST', '/datalake/session/', { body: sessionBody(summit, hash) }), 409, 'session');
      expectError(await analytics(api, 'POST', '/datalake/session/', { body: sessionBody(boreal, hash) }), 409, 'session');
    });
  });

  it('refuses an unknown profile key with 403 naming profile, writing nothing', async () => {
    await expectRefusedUnchanged(async () => {
      expectError(await analytics(api, 'POST', '/datalake/session/', { body: sessionBody('not-a-profile', randomUUID()) }), 403, 'profile');
    });
  });
});

describe('POST /datalake/event/', () => {
  it('keeps each event kind with its own fields; the other kinds’ fields read back as null', async () => {
    const session = await startSession(api, summit);
    const base = { profile: summit, session_uuid: session, origin_url: ORIGIN_URL };
    // A null field of another kind is ignored (some clients send every field).
    const login = { ...base, user_id: 7, user_email: 'fan@summit.test', event: 'login', outer_source: 'trk-7', error: null };
    const visit = { ...base, user_id: null, user_email: null, event: 'visit_page', title: 'Live games', location: 'https://summit.example/live', path: '/live' };
    const failed = apiRequestEventBody(summit, session);
    const succeeded = { ...apiRequestEventBody(summit, session), error: null, status: 200, sub_event: 'getSettings' };
    for (const body of [login, visit, failed, succeeded]) await post('/datalake/event/', body, 'trackAnalyticsEvent');

    const kindFields = ['title', 'location', 'path', 'sub_event', 'request_url', 'error', 'status', 'response_length', 'total_length'];
    const expected = (body: Record<string, unknown>) => {
      return { ...Object.fromEntries(kindFields.map((f) => [f, null])), outer_source: null, ...without(body, 'profile'), received_at: api.clock.now() };
    };
    const events = await readEvents(summit, { session_uuid: session });
    expect(events.map(({ id: _id, ...e }) => e)).toEqual([login, visit, failed, succeeded].map(expected));
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => a - b));

    // Filtered by kind.
    expect((await readEvents(summit, { session_uuid: session, event: 'api_request' })).map((e) => e.sub_event)).toEqual(['getEvents', 'getSettings']);
    expect((await readEvents(summit, { session_uuid: session, event: 'login' })).map((e) => e.user_email)).toEqual(['fan@summit.test']);
  });

  it('checks the fields of each kind, naming the field, writing nothing', async () => {
    const session = await startSession(api, summit);
    const failed = apiRequestEventBody(summit, session);
    const visitWithoutTitle = { profile: summit, session_uuid: session, user_id: null, user_email: null, event: 'visit_page', location: 'l', path: '/p', origin_url: ORIGIN_URL };
    const apiWithoutError = without(failed, 'error');
    const cases: Array<[Record<string, unknown>, string]> = [
      [visitWithoutTitle, 'title'],
      [apiWithoutError, 'error'],
      [{ ...failed, event: 'login' }, 'sub_event'],
      [{ ...failed, event: 'visit_page' }, 'request_url'],
      [{ profile: summit, session_uuid: session, user_id: null, user_email: 'fan@summit.test', event: 'login', origin_url: ORIGIN_URL }, 'user_id'],
      [{ profile: summit, session_uuid: session, user_id: 7, user_email: null, event: 'login', origin_url: ORIGIN_URL }, 'user_email'],
      [{ ...failed, title: 'A page title' }, 'title'],
    ];
    await expectRefusedUnchanged(async () => {
      for (const [body, field] of cases) expectError(await analytics(api, 'POST', '/datalake/event/', { body }), 422, field);
    });
  });

  it('needs a recorded session of the profile’s channel (404 naming session_uuid)', async () => {
    const borealSession = await startSession(api, boreal);
    await expectRefusedUnchanged(async () => {
      expectError(await analytics(api, 'POST', '/datalake/event/', { body: apiRequestEventBody(summit, randomUUID()) }), 404, 'session_uuid');
      expectError(await analytics(api, 'POST', '/datalake/event/', { body: apiRequestEventBody(summit, borealSession) }), 404, 'session_uuid');
      expectError(await analytics(api, 'POST', '/datalake/event/', { body: apiRequestEventBody('nope', borealSession) }), 403, 'profile');
    });
    await post('/datalake/event/', apiRequestEventBody(boreal, borealSession), 'trackAnalyticsEvent');
  });
});

describe('POST /datalake/video/event/', () => {
  it('starts a view with its first event and keeps every event of it, with the session each was sent in', async () => {
    const session = await startSession(api, summit);
    const view = randomUUID();
    const events = [
      videoEventBody(summit, session, view, 'first_frame'),
      { ...videoEventBody(summit, session, view, 'pause'), position: 12.5, user_id: 7, user_email: 'fan@summit.test', outer_source: 'trk-2' },
      { ...videoEventBody(summit, session, view, 'play'), position: 12.5, error_message: null },
      { ...videoEventBody(summit, session, view, 'error'), position: 40.25, error_message: 'MEDIA_ERR_NETWORK' },
      { ...videoEventBody(summit, session, view, 'ended'), position: 5400 },
    ];
    for (const body of events) await post('/datalake/video/event/', body, 'trackVideoEvent');

    const read = await readVideoEvents(summit, { video_view_uuid: view });
    expect(read.map(({ id: _id, ...e }) => e)).toEqual(
      events.map((sent) => ({ error_message: null, outer_source: null, ...without(sent, 'profile'), received_at: api.clock.now() })),
    );
    expect((await readVideoEvents(summit, { session_uuid: session, event: 'error' })).map((e) => e.error_message)).toEqual(['MEDIA_ERR_NETWORK']);
  });

  it('keeps a view on its stream and its channel, and an error message on error events only', async () => {
    const session = await startSession(api, summit);
    const view = await startView(api, summit, session);
    const borealSession = await startSession(api, boreal);
    await expectRefusedUnchanged(async () => {
      expectError(await analytics(api, 'POST', '/datalake/video/event/', { body: { ...videoEventBody(summit, session, view, 'play'), stream_id: 13 } }), 409, 'stream_id');
      expectError(await analytics(api, 'POST', '/datalake/video/event/', { body: { ...videoEventBody(summit, session, view, 'play'), stream_type: 'vod' } }), 409, 'stream_type');
      expectError(await analytics(api, 'POST', '/datalake/video/event/', { body: videoEventBody(boreal, borealSession, view, 'play') }), 409, 'video_view_uuid');
      expectError(await analytics(api, 'POST', '/datalake/video/event/', { body: { ...videoEventBody(summit, session, view, 'pause'), error_message: 'boom' } }), 422, 'error_message');
      expectError(await analytics(api, 'POST', '/datalake/video/event/', { body: videoEventBody(summit, randomUUID(), randomUUID()) }), 404, 'session_uuid');
      expectError(await analytics(api, 'POST', '/datalake/video/event/', { body: videoEventBody(summit, borealSession, randomUUID()) }), 404, 'session_uuid');
    });
  });

  it('lets a view go on in a new session (a playback may outlive the session it started in)', async () => {
    const first = await startSession(api, summit);
    const view = await startView(api, summit, first);
    const second = await startSession(api, summit);
    await post('/datalake/video/event/', videoEventBody(summit, second, view, 'ended'), 'trackVideoEvent');
    expect((await readVideoEvents(summit, { video_view_uuid: view })).map((e) => [e.session_uuid, e.event])).toEqual([
      [first, 'first_frame'],
      [second, 'ended'],
    ]);
  });
});

describe('POST /datalake/video/viewing/', () => {
  it('keeps every report of a started view, with the event’s classification', async () => {
    const session = await startSession(api, summit);
    const view = await startView(api, summit, session);
    const reports = [viewingBody(summit, view, 30), { ...viewingBody(summit, view, 90), gender: null, school: null }];
    const bare = without(viewingBody(summit, view, 120), 'category', 'sport', 'gender', 'school', 'league', 'outer_source');
    for (const body of [...reports, bare]) await post('/datalake/video/viewing/', body, 'trackVideoViewing');

    const read = await readViewings(summit, { video_view_uuid: view });
    const none = { category: null, sport: null, gender: null, school: null, league: null, outer_source: null };
    expect(read.map(({ id: _id, ...r }) => r)).toEqual(
      [...reports, bare].map((sent) => ({ ...none, ...without(sent, 'profile'), session_uuid: session, received_at: api.clock.now() })),
    );
  });

  it('needs a view of the profile’s channel started by a video event, on the same stream', async () => {
    const session = await startSession(api, summit);
    const view = await startView(api, summit, session);
    await expectRefusedUnchanged(async () => {
      expectError(await analytics(api, 'POST', '/datalake/video/viewing/', { body: viewingBody(summit, randomUUID()) }), 404, 'video_view_uuid');
      expectError(await analytics(api, 'POST', '/datalake/video/viewing/', { body: viewingBody(boreal, view) }), 404, 'video_view_uuid');
      expectError(await analytics(api, 'POST', '/datalake/video/viewing/', { body: { ...viewingBody(summit, view), stream_id: 99 } }), 409, 'stream_id');
      expectError(await analytics(api, 'POST', '/datalake/video/viewing/', { body: { ...viewingBody(summit, view), stream_type: 'clip' } }), 409, 'stream_type');
      expectError(await analytics(api, 'POST', '/datalake/video/viewing/', { body: viewingBody('nope', view) }), 403, 'profile');
    });
  });
});

describe('session lifetime (24 h on the API clock)', () => {
  it('accepts events until the session is 24 hours old, then answers 410 naming session_uuid', async () => {
    const session = await startSession(api, summit);
    const view = await startView(api, summit, session);
    api.clock.advance(ANALYTICS_SESSION_SECONDS - 1);
    await post('/datalake/event/', apiRequestEventBody(summit, session), 'trackAnalyticsEvent');
    await post('/datalake/video/event/', videoEventBody(summit, session, view, 'play'), 'trackVideoEvent');

    api.clock.advance(1);
    await expectRefusedUnchanged(async () => {
      expectError(await analytics(api, 'POST', '/datalake/event/', { body: apiRequestEventBody(summit, session) }), 410, 'session_uuid');
      expectError(await analytics(api, 'POST', '/datalake/video/event/', { body: videoEventBody(summit, session, view, 'pause') }), 410, 'session_uuid');
      expectError(await analytics(api, 'POST', '/datalake/video/event/', { body: videoEventBody(summit, session, randomUUID()) }), 410, 'session_uuid');
    });
    // Viewing reports name no session: a view started before the expiry may still report its time.
    await post('/datalake/video/viewing/', viewingBody(summit, view, 86_000), 'trackVideoViewing');

    // A new session carries on.
    const fresh = await startSession(api, summit);
    await post('/datalake/video/event/', videoEventBody(summit, fresh, view, 'ended'), 'trackVideoEvent');
    const read = await readAnalytics<ListBody<SessionItem>>(api, '/datalake/sessions/', { profile: summit, session_uuid: session });
    expect(read.body.data[0]?.expires_at).toBe(api.clock.now());
  });
});

describe('read-back', () => {
  it('never shows another channel’s data: each profile key reads its own channel only', async () => {
    const summitSession = await startSession(api, summit);
    const borealSession = await startSession(api, boreal);
    const summitView = await startView(api, summit, summitSession);
    const borealView = await startView(api, boreal, borealSession);
    await post('/datalake/event/', apiRequestEventBody(summit, summitSession), 'trackAnalyticsEvent');
    await post('/datalake/event/', apiRequestEventBody(boreal, borealSession), 'trackAnalyticsEvent');
    await post('/datalake/video/viewing/', viewingBody(summit, summitView), 'trackVideoViewing');
    await post('/datalake/video/viewing/', viewingBody(boreal, borealView), 'trackVideoViewing');

    const sessionsOf = async (profile: string) =>
      (await readAnalytics<ListBody<SessionItem>>(api, '/datalake/sessions/', { profile, no_limit: 1 })).body.data.map((s) => s.hash);
    const summitSessions = await sessionsOf(summit);
    const borealSessions = await sessionsOf(boreal);
    expect(summitSessions).toContain(summitSession);
    expect(summitSessions).not.toContain(borealSession);
    expect(borealSessions).toContain(borealSession);
    expect(borealSessions.filter((s) => summitSessions.includes(s))).toEqual([]);

    // Filters naming the other channel's session or view find nothing.
    expect(await readEvents(boreal, { session_uuid: summitSession })).toEqual([]);
    expect(await readVideoEvents(boreal, { video_view_uuid: summitView })).toEqual([]);
    expect(await readViewings(boreal, { video_view_uuid: summitView })).toEqual([]);
    expect(await readViewings(summit, { video_view_uuid: borealView })).toEqual([]);
    const borealEvents = await readEvents(boreal, {});
    expect(borealEvents.length).toBeGreaterThan(0);
    expect(borealEvents.every((e) => borealSessions.includes(e.session_uuid))).toBe(true);
    expect((await readVideoEvents(summit, {})).some((e) => e.video_view_uuid === borealView)).toBe(false);
  });

  it('pages oldest first in the list envelope', async () => {
    const session = await startSession(api, summit);
    for (const sub of ['a', 'b', 'c', 'd', 'e']) await post('/datalake/event/', { ...apiRequestEventBody(summit, session), sub_event: sub }, 'trackAnalyticsEvent');
    const page = await readAnalytics<ListBody<EventItem>>(api, '/datalake/events/', { profile: summit, session_uuid: session, limit: 2, offset: 1 });
    expect(page.body.meta).toEqual({ total: 5, limit: 2, offset: 1 });
    expect(page.body.data.map((e) => e.sub_event)).toEqual(['b', 'c']);
    const all = await readAnalytics<ListBody<EventItem>>(api, '/datalake/events/', { profile: summit, session_uuid: session, no_limit: 1 });
    expect(all.body.meta).toEqual({ total: 5, limit: 5, offset: 0 });
  });

  it('needs the read token (401 naming auth) and a known profile key (403 naming profile)', async () => {
    for (const path of ['/datalake/sessions/', '/datalake/events/', '/datalake/video/events/', '/datalake/video/viewings/']) {
      expectError(await readAnalytics(api, path, { profile: summit }, null), 401, 'auth');
      expectError(await readAnalytics(api, path, { profile: summit }, 'wrong-token'), 401, 'auth');
      expectError(await readAnalytics(api, path, { profile: 'not-a-profile' }), 403, 'profile');
      expectError(await readAnalytics(api, path, {}), 422, 'profile');
    }
  });

  it('is disabled (403) on a server without ANALYTICS_READ_TOKEN', async () => {
    const plain = await startTestApi();
    try {
      const result = await readAnalytics(plain, '/datalake/events/', { profile: profileOf(plain, 'summit') });
      expectError(result, 403, 'auth');
      // Writing still works there.
      await startSession(plain, profileOf(plain, 'summit'));
    } finally {
      await plain.close();
    }
  });
});
