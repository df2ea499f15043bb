// The request rules of SPEC.md §7 and the error catalogue of §8 as the reference API enforces them, plus the
// behaviour of the event, paging, VOD search and home-page parameters. Exact statuses and messages throughout.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/openapi/contract';
import { BOREAL, type CallOptions, type CallResult, DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from './harness';
import { assertContractAnswer } from './contract-responses';

const NO_KEY = 'No chanel or api key found';
const UNAUTHENTICATED = 'Unauthenticated.';
const INVALID = 'The given data was invalid.';

interface ErrorEnvelope {
  error: { message: string; errors: Record<string, string[]> };
}
interface ListBody<T> {
  data: T[];
  meta: { total: number; limit: number; offset: number };
}
interface ParticipantBody {
  id: number;
  alias: string;
  group_id: number | null;
  properties: Record<string, string[]>;
}
interface EventBody {
  id: number;
  event_utc_ts: number;
  duration: number;
  stream_status: 'vod' | 'live' | 'upcoming';
  event_category_id: number | null;
  participants: ParticipantBody[];
  location?: { city: string; state: string };
}
interface CategoryBody {
  id: number;
  alias: string;
  children: CategoryBody[];
}
interface VodBody {
  id: number;
  title: string;
  date: number;
}

let api: TestApi;
/** An API whose limiter allows 3 requests per key (or, without a key, per IP) in 60 seconds. */
let limited: TestApi;
let key: string;
let borealKey: string;
let fanToken: string;

beforeAll(async () => {
  [api, limited] = await Promise.all([startTestApi(), startTestApi({ rateLimit: { max: 3, windowSeconds: 60 } })]);
  [key, borealKey] = await Promise.all([api.apiKey(SUMMIT.channelKey), api.apiKey(BOREAL.channelKey)]);
  fanToken = await api.login('fan@summit.test', key);
});

afterAll(async () => {
  await Promise.all([api.close(), limited.close()]);
});

/** The one error envelope, with the exact status, and optionally the field it names and its exact message. */
function expectError(result: CallResult, status: number, field?: string, message?: string): ErrorEnvelope {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  expect(result.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  expect(result.body).toEqual({ error: { message: expect.any(String), errors: expect.any(Object) } });
  const body = result.body as ErrorEnvelope;
  for (const messages of Object.values(body.error.errors)) {
    expect(Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string')).toBe(true);
  }
  if (field !== undefined) expect(Object.keys(body.error.errors)).toContain(field);
  if (message !== undefined) expect(body.error.message).toBe(message);
  return body;
}

/** A request outside the harness's rules (a GET with a body, which fetch cannot send). */
function rawRequest(method: string, url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const answer = { status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null };
        try {
          assertContractAnswer({ method, url, status: answer.status, contentType: response.headers['content-type'] ?? '', body: answer.body });
          resolve(answer);
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function ok<T>(method: string, path: string, options: CallOptions = {}, target: TestApi = api): Promise<T> {
  const result = await target.call<T>(method, path, options);
  expect(result.status, `${method} ${path}: ${JSON.stringify(result.body).slice(0, 300)}`).toBe(200);
  return result.body;
}

const listEvents = (query: Record<string, string | number> = {}) => ok<ListBody<EventBody>>('GET', '/events', { key, query });

// ------------------------------------------------------------------ the API key

describe('the API key travels where SPEC §7 puts it', () => {
  it('is read from the query for GET and DELETE', async () => {
    await ok('GET', '/events', { key, query: { limit: 1 } });
    const added = await ok<{ id: number }>('POST', '/favorite', { key, token: fanToken, body: { favoritable_id: 5, favoritable_type: 'category' } });
    const removed = await api.call('DELETE', `/favorite/${added.id}`, { key, token: fanToken });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: expect.any(String) });
  });

  it('is read from the JSON body for POST', async () => {
    const session = await ok<{ token: string }>('POST', '/v2/auth/login', { key, body: { email: 'basic@summit.test', password: DEMO_PASSWORD } });
    expect(session.token).toMatch(/\S+/);
  });

  it('refuses a POST whose key is only in the query', async () => {
    const result = await api.call('POST', `/v2/auth/login?api_key=${key}`, { body: { email: 'basic@summit.test', password: DEMO_PASSWORD } });
    expectError(result, 401, 'api_key', NO_KEY);
  });

  it('ignores a body on a GET: a key there does not count, and next to a key in the query it does no harm', async () => {
    const json = { 'content-type': 'application/json' };
    const keyInBody = await rawRequest('GET', `${api.baseUrl}/events?limit=1`, JSON.stringify({ api_key: key }), json);
    expect(keyInBody.status).toBe(401);
    expect((keyInBody.body as ErrorEnvelope).error.errors['api_key']).toBeDefined();
    const both = await rawRequest('GET', `${api.baseUrl}/events?limit=1&api_key=${key}`, JSON.stringify({ api_key: 'not-a-key' }), json);
    expect(both.status).toBe(200);
    expect((both.body as ListBody<EventBody>).data).toHaveLength(1);
  });

  it('refuses a DELETE whose key is only in the body', async () => {
    const result = await api.call('DELETE', '/favorite/1', { token: fanToken, body: { api_key: key } });
    expectError(result, 401, 'api_key', NO_KEY);
  });

  it.each([
    ['GET', '/events'],
    ['GET', '/profile'],
    ['POST', '/v2/auth/login'],
    ['POST', '/favorite'],
    ['DELETE', '/favorite/1'],
  ])('answers 401 "No chanel or api key found" with errors.api_key to %s %s without a key or with an unknown one', async (method, path) => {
    const body = method === 'POST' ? {} : undefined;
    expectError(await api.call(method, path, { token: fanToken, body }), 401, 'api_key', NO_KEY);
    expectError(await api.call(method, path, { key: 'not-a-known-key', token: fanToken, body }), 401, 'api_key', NO_KEY);
  });

  it.each([
    '/keys',
    '/settings',
    '/menu',
    '/slides/web',
    '/pages',
    '/pages/about-network',
    '/color-settings/web',
    '/faq',
    '/events-locations',
    '/participants',
    '/participant-groups',
  ])('serves the exempt path GET %s without a key', async (path) => {
    await ok('GET', path);
  });

  it('serves the exempt POST /delete-account-confirm without a key (it checks the link instead)', async () => {
    const result = await api.call('POST', '/delete-account-confirm', {
      body: { email: 'fan@summit.test', expires: api.clock.now() + 600, signature: '0'.repeat(64) },
    });
    expectError(result, 422, 'signature', 'Verification failed');
  });

  it('marks exactly the paths SPEC §7 lists (plus the key exchange and the social-login browser pages) exempt', () => {
    const contract = loadContract();
    const specExempt = [
      '/keys', '/menu', '/pages', '/pages/{alias}', '/faq', '/color-settings/web', '/settings', '/slides/web',
      '/events-locations', '/subscriptions', '/subscriptions/{id}', '/packages', '/packages/{id}', '/participants',
      '/participant-groups', '/delete-account-confirm',
    ];
    for (const path of specExempt) {
      const ops = contract.operations.filter((op) => op.path === path);
      expect(ops.length, `${path} is in the contract`).toBeGreaterThan(0);
      for (const op of ops) expect(op.apiKeyExempt, `${op.method} ${path} is exempt`).toBe(true);
    }
    const alsoExempt = ['/get_api_key', '/auth/login/{provider}', '/auth/login/{provider}/callback', '/auth/login/{provider}/confirm'];
    // The channel API's exemptions; the analytics and log services take no API key at all.
    const apiExempt = contract.operations.filter((op) => op.service === 'api' && op.apiKeyExempt).map((op) => op.path);
    expect(apiExempt.filter((path) => !specExempt.includes(path) && !alsoExempt.includes(path))).toEqual([]);
  });

  it('answers an unknown channel key on POST /get_api_key with 404 and errors.channel_key', async () => {
    const result = await api.call('POST', '/get_api_key', { body: { channel_key: 'no-such-channel-key' } });
    expectError(result, 404, 'channel_key', NO_KEY);
    // A known one gives a key of that channel.
    const fresh = await ok<{ api_key: string; channel: { alias: string } }>('POST', '/get_api_key', { body: { channel_key: BOREAL.channelKey } });
    expect(fresh.channel.alias).toBe('boreal');
    await ok('GET', '/events', { key: fresh.api_key, query: { limit: 1 } });
  });
});

// ------------------------------------------------------------------ viewers

describe('operations that act for a viewer', () => {
  const viewerOps = loadContract().operations.filter((op) => op.viewer === 'required');

  it.each(viewerOps.map((op) => [op.method, op.path] as const))('%s %s answers 401 without a token and with a bad one', async (method, path) => {
    const concrete = path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'alias' ? 'passes' : '1'));
    const body = method === 'POST' ? {} : undefined;
    expectError(await api.call(method, concrete, { key, body }), 401, 'auth', UNAUTHENTICATED);
    expectError(await api.call(method, concrete, { key, token: 'not-a-session-token', body }), 401, 'auth', UNAUTHENTICATED);
    expectError(await api.call(method, concrete, { key, body, headers: { authorization: `Basic ${fanToken}` } }), 401, 'auth', UNAUTHENTICATED);
  });

  it('refuses a token of channel A sent with an API key of channel B', async () => {
    expect((await api.call('GET', '/profile', { key, token: fanToken })).status).toBe(200);
    expectError(await api.call('GET', '/profile', { key: borealKey, token: fanToken }), 401, 'auth', UNAUTHENTICATED);
    const borealToken = await api.login('fan@boreal.test', borealKey);
    expectError(await api.call('GET', '/favorites', { key, token: borealToken }), 401, 'auth', UNAUTHENTICATED);
    expect((await api.call('GET', '/favorites', { key: borealKey, token: borealToken })).status).toBe(200);
  });

  it('refuses a token once its session is logged out', async () => {
    const token = await api.login('blocked@summit.test', key);
    expect((await api.call('POST', '/auth/logout', { key, token })).status).toBe(200);
    expectError(await api.call('GET', '/profile', { key, token }), 401, 'auth', UNAUTHENTICATED);
  });

  it('personalising operations answer without a token but refuse a bad one', async () => {
    await ok('GET', '/events', { key, query: { limit: 1 } });
    expectError(await api.call('GET', '/events', { key, token: 'not-a-session-token' }), 401, 'auth', UNAUTHENTICATED);
  });
});

// ------------------------------------------------------------------ throttling

describe('throttling (429)', () => {
  it('stops the 4th call of a key in the window with retry-after, leaves other keys alone, and lifts after the window', async () => {
    const [first, second] = [await limited.apiKey(), await limited.apiKey()];
    for (let i = 0; i < 3; i += 1) await ok('GET', '/events', { key: first, query: { limit: 1 } }, limited);
    const refused = await limited.call('GET', '/events', { key: first, query: { limit: 1 } });
    expectError(refused, 429, undefined, 'Too Many Attempts.');
    const retryAfter = refused.headers.get('retry-after') ?? '';
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    // A POST with the same key is counted against it too.
    expectError(await limited.call('POST', '/v2/auth/login', { key: first, body: { email: 'fan@summit.test', password: DEMO_PASSWORD } }), 429);

    await ok('GET', '/events', { key: second, query: { limit: 1 } }, limited);

    limited.clock.advance(60);
    await ok('GET', '/events', { key: first, query: { limit: 1 } }, limited);
  });
});

// ------------------------------------------------------------------ the patch override

describe('updates are POST with the _method patch override', () => {
  it('updates the profile with _method PATCH; GET /profile shows it', async () => {
    const token = await api.login('basic@summit.test', key);
    const updated = await ok<{ first_name: string; last_name: string; phone: string | null }>('POST', '/profile', {
      key,
      token,
      body: { _method: 'PATCH', first_name: 'Robin', last_name: 'Patched', phone: '+1 612 555 0199' },
    });
    expect(updated).toMatchObject({ first_name: 'Robin', last_name: 'Patched', phone: '+1 612 555 0199' });
    const profile = await ok<{ first_name: string; last_name: string; phone: string | null }>('GET', '/profile', { key, token });
    expect(profile).toMatchObject({ first_name: 'Robin', last_name: 'Patched', phone: '+1 612 555 0199' });
  });

  it('refuses an update without _method, or with a method other than PATCH or DELETE, naming _method', async () => {
    const token = await api.login('blocked@summit.test', key);
    const before = await ok<{ first_name: string }>('GET', '/profile', { key, token });
    expectError(await api.call('POST', '/profile', { key, token, body: { first_name: 'Nobody' } }), 422, '_method', INVALID);
    expectError(await api.call('POST', '/profile', { key, token, body: { _method: 'PUT', first_name: 'Nobody' } }), 422, '_method', INVALID);
    expect(await ok('GET', '/profile', { key, token })).toMatchObject({ first_name: before.first_name });
  });
});

// ------------------------------------------------------------------ malformed requests

describe('a malformed request answers a 4xx envelope naming the offending field, never a 5xx', () => {
  const json = { 'content-type': 'application/json' };
  const cases: Array<{ name: string; method: string; path: string; options: () => CallOptions; status: number; fields: string[] }> = [
    { name: 'invalid JSON', method: 'POST', path: '/get_api_key', options: () => ({ body: '{"channel_key":', headers: json }), status: 400, fields: ['body'] },
    { name: 'an empty JSON body', method: 'POST', path: '/get_api_key', options: () => ({ body: '', headers: json }), status: 400, fields: ['body'] },
    { name: 'a JSON array body', method: 'POST', path: '/get_api_key', options: () => ({ body: [SUMMIT.channelKey] }), status: 422, fields: ['body'] },
    { name: 'a JSON string body', method: 'POST', path: '/get_api_key', options: () => ({ body: '"summit"', headers: json }), status: 422, fields: ['body'] },
    { name: 'a JSON array body where the key belongs', method: 'POST', path: '/v2/auth/login', options: () => ({ body: [key] }), status: 401, fields: ['api_key'] },
    { name: 'no body at all', method: 'POST', path: '/get_api_key', options: () => ({}), status: 422, fields: ['body'] },
    { name: 'a text/plain body', method: 'POST', path: '/get_api_key', options: () => ({ body: 'summit', headers: { 'content-type': 'text/plain' } }), status: 415, fields: ['body'] },
    { name: 'a form body where JSON is expected', method: 'POST', path: '/get_api_key', options: () => ({ body: 'channel_key=summit-demo-channel-key', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), status: 415, fields: ['body'] },
    { name: 'an unsupported content type', method: 'POST', path: '/get_api_key', options: () => ({ body: '<key/>', headers: { 'content-type': 'application/xml' } }), status: 415, fields: ['body'] },
    { name: 'a body over the size limit', method: 'POST', path: '/get_api_key', options: () => ({ body: { channel_key: 'x'.repeat(300_000) } }), status: 413, fields: ['body'] },
    { name: 'wrong body types', method: 'POST', path: '/v2/auth/login', options: () => ({ key, body: { email: 42, password: true } }), status: 422, fields: ['email', 'password'] },
    { name: 'an unknown body field', method: 'POST', path: '/v2/auth/login', options: () => ({ key, body: { email: 'fan@summit.test', password: DEMO_PASSWORD, remember: true } }), status: 422, fields: ['remember'] },
    { name: 'missing required body fields', method: 'POST', path: '/v2/auth/register', options: () => ({ key, body: { email: 'new@summit.test' } }), status: 422, fields: ['first_name', 'last_name', 'password', 'password_confirmation', 'terms'] },
    { name: 'a bad enum in the body', method: 'POST', path: '/favorite', options: () => ({ key, token: fanToken, body: { favoritable_id: 1, favoritable_type: 'team' } }), status: 422, fields: ['favoritable_type'] },
    { name: 'limit=0', method: 'GET', path: '/events', options: () => ({ key, query: { limit: 0 } }), status: 422, fields: ['limit'] },
    { name: 'limit=abc', method: 'GET', path: '/events', options: () => ({ key, query: { limit: 'abc' } }), status: 422, fields: ['limit'] },
    { name: 'limit=101', method: 'GET', path: '/events', options: () => ({ key, query: { limit: 101 } }), status: 422, fields: ['limit'] },
    { name: 'a repeated limit', method: 'GET', path: '/events?limit=1&limit=2', options: () => ({ key }), status: 422, fields: ['limit'] },
    { name: 'offset=-1', method: 'GET', path: '/events', options: () => ({ key, query: { offset: -1 } }), status: 422, fields: ['offset'] },
    { name: 'no_limit=2', method: 'GET', path: '/participants', options: () => ({ query: { no_limit: 2 } }), status: 422, fields: ['no_limit'] },
    { name: 'an unknown stream_status', method: 'GET', path: '/events', options: () => ({ key, query: { stream_status: 'finished' } }), status: 422, fields: ['stream_status'] },
    { name: 'an unknown gender', method: 'GET', path: '/events', options: () => ({ key, query: { gender: 'mixed' } }), status: 422, fields: ['gender'] },
    { name: 'an unknown sort_field', method: 'GET', path: '/vod-media/search', options: () => ({ key, query: { sort_field: 'views' } }), status: 422, fields: ['sort_field'] },
    { name: 'a non-numeric path id', method: 'GET', path: '/events/abc', options: () => ({ key }), status: 422, fields: ['id'] },
    { name: 'a zero path id', method: 'GET', path: '/events/0', options: () => ({ key }), status: 422, fields: ['id'] },
    { name: 'a negative path id', method: 'GET', path: '/vod-media-items/-1', options: () => ({ key }), status: 422, fields: ['id'] },
    { name: 'a fractional path id', method: 'DELETE', path: '/favorite/1.5', options: () => ({ key, token: fanToken }), status: 422, fields: ['id'] },
    { name: 'an id that does not exist', method: 'GET', path: '/events/999999', options: () => ({ key }), status: 404, fields: ['id'] },
    { name: 'an unknown social provider', method: 'GET', path: '/auth/login/myspace', options: () => ({ query: { state: key } }), status: 422, fields: ['provider'] },
    { name: 'a form alias outside its pattern', method: 'GET', path: '/custom-forms/Passes!', options: () => ({ key }), status: 422, fields: ['alias'] },
    { name: 'a path that does not decode', method: 'GET', path: '/events/%E0%A4%A', options: () => ({ key }), status: 400, fields: ['path'] },
    { name: 'an unknown page alias at the contract’s full length (120)', method: 'GET', path: `/pages/${'a'.repeat(120)}`, options: () => ({}), status: 404, fields: ['alias'] },
    { name: 'a path value over the contract’s length', method: 'GET', path: `/pages/${'a'.repeat(150)}`, options: () => ({}), status: 422, fields: ['alias'] },
    { name: 'a path parameter over the router’s length limit', method: 'GET', path: `/pages/${'a'.repeat(250)}`, options: () => ({}), status: 414, fields: ['path'] },
    {
      name: 'a form value named "__proto__" (not a field of the form)',
      method: 'POST',
      path: '/custom-forms/passes',
      options: () => ({ key, token: fanToken, body: { values: [{ name: 'basic_pass', value: 'free-basic-2023-24' }, { name: '__proto__', value: 'x' }] } }),
      status: 422,
      fields: ['__proto__'],
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const result = await api.call(c.method, c.path, c.options());
    expect(result.status).toBeLessThan(500);
    const body = expectError(result, c.status);
    expect(Object.keys(body.error.errors).sort()).toEqual(expect.arrayContaining(c.fields));
  });

  it('answers an unknown route with the 404 envelope', async () => {
    expectError(await api.call('GET', '/no-such-route', { key }), 404, 'path', 'Not found');
    expectError(await api.call('PUT', '/events', { key }), 404, 'path', 'Not found');
  });
});

// ------------------------------------------------------------------ SPEC §8 messages

describe('server messages are the SPEC §8 strings, verbatim', () => {
  it('"Wrong auth data" for a wrong password and for an unknown email alike', async () => {
    for (const email of ['fan@summit.test', 'nobody@summit.test']) {
      const result = await api.call('POST', '/v2/auth/login', { key, body: { email, password: 'Wrong-password-1' } });
      const body = expectError(result, 422, 'email', 'Wrong auth data');
      expect(body.error.errors['email']).toEqual(['Wrong auth data']);
    }
  });

  it('"The email address you have entered is already registered"', async () => {
    const result = await api.call('POST', '/v2/auth/register', {
      key,
      body: { first_name: 'Jo', last_name: 'Again', email: 'fan@summit.test', password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
    });
    expectError(result, 422, 'email', 'The email address you have entered is already registered');
  });

  it('"You are already logged in" for a login that sends a valid bearer token', async () => {
    const result = await api.call('POST', '/v2/auth/login', { key, token: fanToken, body: { email: 'fan@summit.test', password: DEMO_PASSWORD } });
    expectError(result, 409, undefined, 'You are already logged in');
  });

  it('"User not found" for a signed verification link whose account no longer exists', async () => {
    const email = 'gone-before-verifying@summit.test';
    const registered = await api.call('POST', '/v2/auth/register', {
      key,
      body: { first_name: 'Jo', last_name: 'Gone', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
    });
    expect(registered.status).toBe(201);
    const mailed = api.db.prepare<[string], { link: string }>("SELECT link FROM outbox WHERE email = ? AND kind = 'email_verify'").get(email)!;
    const query = new URL(mailed.link).searchParams;
    api.db.prepare('DELETE FROM users WHERE email = ?').run(email);
    const result = await api.call('POST', '/auth/email-verify', {
      key,
      body: { email, expires: Number(query.get('expires')), signature: query.get('signature') },
    });
    expectError(result, 404, 'email', 'User not found');
  });

  it('a password reset request of an unknown email is answered as one of an account', async () => {
    const unknown = await api.call('POST', '/auth/password-reset-request', { key, body: { email: 'nobody@summit.test' } });
    const known = await api.call('POST', '/auth/password-reset-request', { key, body: { email: 'fan@summit.test' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
  });
});

// ------------------------------------------------------------------ event filters and paging

describe('event filters', () => {
  let all: EventBody[];
  beforeAll(async () => {
    const body = await listEvents({ no_limit: 1 });
    all = body.data;
    expect(body.meta.total).toBe(all.length);
  });

  const isLive = (e: EventBody, now: number) => e.event_utc_ts <= now && now < e.event_utc_ts + e.duration;

  it('stream_status=live answers exactly the events with event_utc_ts <= now < event_utc_ts + duration', async () => {
    const now = api.clock.now();
    const live = (await listEvents({ stream_status: 'live', no_limit: 1 })).data;
    expect(live.length).toBeGreaterThan(0);
    for (const event of live) {
      expect(isLive(event, now), `event ${event.id} is live`).toBe(true);
      expect(event.stream_status).toBe('live');
    }
    expect(live.map((e) => e.id).sort((a, b) => a - b)).toEqual(all.filter((e) => isLive(e, now)).map((e) => e.id).sort((a, b) => a - b));
  });

  it('stream_status=upcoming and vod answer the events before and after their window', async () => {
    const now = api.clock.now();
    const upcoming = (await listEvents({ stream_status: 'upcoming', no_limit: 1 })).data;
    const vod = (await listEvents({ stream_status: 'vod', no_limit: 1 })).data;
    expect(upcoming.length).toBeGreaterThan(0);
    expect(vod.length).toBeGreaterThan(0);
    for (const event of upcoming) expect(event.event_utc_ts).toBeGreaterThan(now);
    for (const event of vod) expect(event.event_utc_ts + event.duration).toBeLessThanOrEqual(now);
    const live = all.filter((e) => isLive(e, now)).length;
    expect(upcoming.length + vod.length + live).toBe(all.length);
  });

  /** The filter narrows the list (not to nothing) and every event it answers passes `holds`. */
  async function expectNarrowed(query: Record<string, string | number>, holds: (e: EventBody) => boolean): Promise<number[]> {
    const body = await listEvents({ ...query, no_limit: 1 });
    expect(body.meta.total).toBe(body.data.length);
    expect(body.meta.total).toBeGreaterThan(0);
    expect(body.meta.total).toBeLessThan(all.length);
    for (const event of body.data) expect(holds(event), `event ${event.id} for ${JSON.stringify(query)}`).toBe(true);
    return body.data.map((e) => e.id);
  }

  it.each(['female', 'male'])('gender=%s answers events with a participant of that gender', async (gender) => {
    await expectNarrowed({ gender }, (e) => e.participants.some((p) => p.properties['gender']?.includes(gender) === true));
  });

  it('sport=<category alias> answers events of that category or one below it', async () => {
    const categories = (await ok<ListBody<CategoryBody>>('GET', '/events-categories', { key })).data;
    const hockey = categories.find((c) => c.alias === 'hockey');
    expect(hockey?.children.length).toBeGreaterThan(0);
    const ids = new Set([hockey?.id, ...(hockey?.children ?? []).map((c) => c.id)]);
    await expectNarrowed({ sport: 'hockey' }, (e) => ids.has(e.event_category_id ?? undefined));
    const mens = hockey?.children.find((c) => c.alias === 'mens-hockey');
    expect(mens).toBeDefined();
    await expectNarrowed({ sport: 'mens-hockey' }, (e) => e.event_category_id === mens?.id);
  });

  it('city and state answer events at venues there', async () => {
    await expectNarrowed({ city: 'Northfield' }, (e) => e.location?.city === 'Northfield');
    await expectNarrowed({ state: 'MI' }, (e) => e.location?.state === 'MI');
  });

  it('school answers events of that school’s teams, by alias or by id alike', async () => {
    const groups = (await ok<ListBody<{ id: number; alias: string }>>('GET', '/participant-groups')).data;
    const school = groups.find((g) => g.alias === 'northfield-university');
    expect(school).toBeDefined();
    const byAlias = await expectNarrowed({ school: 'northfield-university' }, (e) => e.participants.some((p) => p.group_id === school?.id));
    const byId = await expectNarrowed({ school: String(school?.id) }, (e) => e.participants.some((p) => p.group_id === school?.id));
    expect(byId).toEqual(byAlias);
  });

  it('team answers events the team plays in, by alias or by id alike', async () => {
    const teams = (await ok<ListBody<ParticipantBody>>('GET', '/participants', { query: { no_limit: 1 } })).data;
    const team = teams.find((t) => t.alias === 'lakeshore-lakers-mens-hockey');
    expect(team).toBeDefined();
    const byAlias = await expectNarrowed({ team: 'lakeshore-lakers-mens-hockey' }, (e) => e.participants.some((p) => p.id === team?.id));
    const byId = await expectNarrowed({ team: String(team?.id) }, (e) => e.participants.some((p) => p.id === team?.id));
    expect(byId).toEqual(byAlias);
  });

  it('an unknown school or team answers an empty page, not an error', async () => {
    expect((await listEvents({ school: 'no-such-school' })).meta.total).toBe(0);
    expect((await listEvents({ team: '999999' })).meta.total).toBe(0);
  });
});

describe('paging', () => {
  it('answers limit and offset in meta with the matching slice, and no_limit=1 answers everything', async () => {
    const everything = await listEvents({ no_limit: 1 });
    const total = everything.meta.total;
    expect(everything.data).toHaveLength(total);
    expect(everything.meta).toEqual({ total, limit: total, offset: 0 });

    const page = await listEvents({ limit: 5, offset: 3 });
    expect(page.meta).toEqual({ total, limit: 5, offset: 3 });
    expect(page.data.map((e) => e.id)).toEqual(everything.data.slice(3, 8).map((e) => e.id));

    const tail = await listEvents({ limit: 5, offset: total - 2 });
    expect(tail.meta).toEqual({ total, limit: 5, offset: total - 2 });
    expect(tail.data).toHaveLength(2);

    const beyond = await listEvents({ limit: 5, offset: total + 10 });
    expect(beyond.meta.total).toBe(total);
    expect(beyond.data).toEqual([]);
  });

  it('answers an empty page at the largest offset, and refuses one beyond it (or beyond what SQLite can count), not a 5xx', async () => {
    const last = await listEvents({ offset: 1_000_000 });
    expect(last.data).toEqual([]);
    expect(last.meta).toMatchObject({ offset: 1_000_000, total: expect.any(Number) });
    for (const offset of ['1000001', '9223372036854775808']) {
      expectError(await api.call('GET', '/events', { key, query: { offset } }), 422, 'offset', INVALID);
    }
  });

  it('answers a default page from offset 0 whose size is meta.limit', async () => {
    const first = await listEvents();
    expect(first.meta.offset).toBe(0);
    expect(first.meta.limit).toBeGreaterThan(0);
    expect(first.data).toHaveLength(Math.min(first.meta.limit, first.meta.total));
  });
});

describe('VOD search', () => {
  it('defaults to limit 10, offset 0, newest first by date (SPEC §9)', async () => {
    const all = (await ok<ListBody<VodBody>>('GET', '/vod-media-items', { key, query: { no_limit: 1 } })).data;
    expect(all.length).toBeGreaterThan(10);
    const newestFirst = [...all].sort((a, b) => b.date - a.date || b.id - a.id);

    const found = await ok<ListBody<VodBody>>('GET', '/vod-media/search', { key });
    expect(found.meta).toEqual({ total: all.length, limit: 10, offset: 0 });
    expect(found.data.map((v) => v.id)).toEqual(newestFirst.slice(0, 10).map((v) => v.id));
  });

  it('narrows by title and pages from the given offset', async () => {
    const found = await ok<ListBody<VodBody>>('GET', '/vod-media/search', { key, query: { title: 'hockey' } });
    expect(found.data.length).toBeGreaterThan(0);
    for (const item of found.data) expect(item.title.toLowerCase()).toContain('hockey');
    const second = await ok<ListBody<VodBody>>('GET', '/vod-media/search', { key, query: { limit: 2, offset: 2 } });
    const first = await ok<ListBody<VodBody>>('GET', '/vod-media/search', { key, query: { limit: 4 } });
    expect(second.meta).toMatchObject({ limit: 2, offset: 2 });
    expect(second.data.map((v) => v.id)).toEqual(first.data.slice(2, 4).map((v) => v.id));
  });
});

describe('events for the home page', () => {
  type Homepage = Record<'live' | 'upcoming' | 'vod', EventBody[]>;
  const sections = ['live', 'upcoming', 'vod'] as const;

  it('answers live, upcoming and finished events in their sections', async () => {
    const home = await ok<Homepage>('GET', '/events-for-homepage', { key });
    for (const section of sections) {
      expect(home[section].length, section).toBeGreaterThan(0);
      for (const event of home[section]) expect(event.stream_status).toBe(section);
    }
    const live = await listEvents({ stream_status: 'live', no_limit: 1 });
    expect(home.live.map((e) => e.id).sort()).toEqual(live.data.map((e) => e.id).sort());
  });

  it('narrows to one school by alias or by name alike, and 404s an unknown group', async () => {
    const groups = (await ok<ListBody<{ id: number; alias: string; name: string }>>('GET', '/participant-groups')).data;
    const school = groups.find((g) => g.alias === 'lakeshore-state-university');
    expect(school).toBeDefined();
    const everyone = await ok<Homepage>('GET', '/events-for-homepage', { key });
    const byAlias = await ok<Homepage>('GET', '/events-for-homepage', { key, query: { group: school?.alias ?? '' } });
    const byName = await ok<Homepage>('GET', '/events-for-homepage', { key, query: { group: school?.name ?? '' } });
    expect(byName).toEqual(byAlias);
    const count = (home: Homepage) => sections.reduce((n, s) => n + home[s].length, 0);
    expect(count(byAlias)).toBeGreaterThan(0);
    expect(count(byAlias)).toBeLessThan(count(everyone));
    for (const section of sections) {
      for (const event of byAlias[section]) expect(event.participants.some((p) => p.group_id === school?.id), `event ${event.id}`).toBe(true);
    }
    expectError(await api.call('GET', '/events-for-homepage', { key, query: { group: 'no-such-school' } }), 404, 'group');
  });
});

describe('the email rule of SPEC.md §5', () => {
  const registration = (email: string) => ({
    first_name: 'Email',
    last_name: 'Rule',
    email,
    password: 'long-enough-1',
    password_confirmation: 'long-enough-1',
    terms: true,
  });

  it.each(['a@b.c', 'no-at-sign.example.com', 'two@@example.com', 'spaces in@example.com', 'dot@example.'])('refuses %s', async (email) => {
    const result = await api.call<{ error: { errors: Record<string, string[]> } }>('POST', '/v2/auth/register', { key, body: registration(email) });
    expect(result.status).toBe(422);
    expect(Object.keys(result.body.error.errors)).toEqual(['email']);
  });

  it.each(['viewer.name+tag@summit-fans.org', 'ip-literal@[192.168.10.20]'])('accepts %s', async (email) => {
    const result = await api.call('POST', '/v2/auth/register', { key, body: registration(email) });
    expect(result.status).toBe(201);
  });
});
