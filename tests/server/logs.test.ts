/**
 * The log service (SPEC.md §7 error reporting) against the running reference API: reports are kept with their
 * channel and read back by the operator's token; a refused report, the log service's own failure, leaves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ack, expectContractAnswer, expectError, type ListBody, LOG_READ_TOKEN, logBody, without } from './analytics-fixtures';
import { BOREAL, databaseSnapshot, DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from './harness';

interface LogItem {
  id: number;
  channel: string;
  channel_alias: string;
  date: string;
  status: number;
  service: string;
  message: string;
  request_data: string | null;
  url: string;
  received_at: number;
}

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ logReadToken: LOG_READ_TOKEN });
});
afterAll(() => api.close());

function send(body: unknown) {
  return api.call<Ack>('POST', '/logs', { service: 'logs', body });
}

async function sent(body: Record<string, unknown>): Promise<void> {
  const result = await send(body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expectContractAnswer('sendLog', result);
  expect(result.body).toEqual({ ok: true, received_at: api.clock.now() });
}

function readLogs(query: Record<string, string | number>, token: string | null = LOG_READ_TOKEN) {
  return api.call<ListBody<LogItem>>('GET', '/logs', { service: 'logs', query, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

async function logs(query: Record<string, string | number>): Promise<LogItem[]> {
  const result = await readLogs({ no_limit: 1, ...query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expectContractAnswer('listLogs', result);
  return result.body.data;
}

describe('POST /logs', () => {
  it('keeps every field as sent, with the channel it names and when it arrived', async () => {
    const body = logBody(SUMMIT.channelKey);
    await sent(body);
    const [latest] = await logs({ limit: 1 });
    expect(latest).toEqual({ ...body, id: expect.any(Number), channel_alias: 'summit', received_at: api.clock.now() });
  });

  it('accepts a channel alias, and a report without request data', async () => {
    const body = without({ ...logBody('boreal'), message: 'Network Error', status: 0 }, 'request_data');
    await sent(body);
    await sent({ ...logBody(BOREAL.channelKey), request_data: null });
    const [withNull, withoutData] = await logs({ channel: 'boreal', limit: 2 });
    expect(withoutData).toMatchObject({ channel: 'boreal', channel_alias: 'boreal', status: 0, message: 'Network Error', request_data: null });
    expect(withNull).toMatchObject({ channel: BOREAL.channelKey, channel_alias: 'boreal', request_data: null });
  });

  it('refuses an unknown channel with 422 naming channel, keeping nothing', async () => {
    const before = databaseSnapshot(api.db);
    expectError(await send(logBody('no-such-channel')), 422, 'channel');
    expectError(await send(logBody('summit-analytics-key')), 422, 'channel');
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('never records its own failures: a refused report leaves the log (and everything else) as it was', async () => {
    const before = databaseSnapshot(api.db);
    const entries = api.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM log_entries').get()!.n;
    expectError(await send({ ...logBody(SUMMIT.channelKey), status: 600 }), 422, 'status');
    expectError(await send({ ...logBody(SUMMIT.channelKey), date: 'yesterday' }), 422, 'date');
    expectError(await send([logBody(SUMMIT.channelKey)]), 422, 'body');
    expectError(await api.call('POST', '/logs', { service: 'logs', body: '{"date":', headers: { 'content-type': 'application/json' } }), 400, 'body');
    expect(api.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM log_entries').get()!.n).toBe(entries);
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('removes secrets the app forgot: secret-looking fields and URL parameters become "[redacted]"', async () => {
    const requestData = {
      method: 'post',
      url: '/v2/auth/login?api_key=abc123&lang=en',
      params: { email: 'fan@summit.test', password: DEMO_PASSWORD, nested: [{ access_token: 'tok', keep: 'me' }] },
      headers: { Authorization: 'Bearer xyz' },
    };
    await sent({ ...logBody(SUMMIT.channelKey), request_data: JSON.stringify(requestData) });
    const [entry] = await logs({ limit: 1 });
    expect(JSON.parse(entry?.request_data ?? 'null')).toEqual({
      method: 'post',
      url: '/v2/auth/login?api_key=[redacted]&lang=en',
      params: { email: 'fan@summit.test', password: '[redacted]', nested: [{ access_token: '[redacted]', keep: 'me' }] },
      headers: { Authorization: '[redacted]' },
    });

    await sent({ ...logBody(SUMMIT.channelKey), request_data: 'GET /events?stream_status=live&api_key=abc123' });
    expect((await logs({ limit: 1 }))[0]?.request_data).toBe('GET /events?stream_status=live&api_key=[redacted]');

    // Text with nothing to remove is kept byte for byte, spacing included.
    const plain = '{ "method": "get",  "url": "/events" }';
    await sent({ ...logBody(SUMMIT.channelKey), request_data: plain });
    expect((await logs({ limit: 1 }))[0]?.request_data).toBe(plain);
  });
});

describe('GET /logs', () => {
  it('filters by channel (key or alias), status and arrival time, newest first, in pages', async () => {
    api.clock.advance(3600);
    const since = api.clock.now();
    await sent({ ...logBody(SUMMIT.channelKey), status: 401, message: 'first' });
    api.clock.advance(5);
    await sent({ ...logBody('summit'), status: 500, message: 'second' });
    await sent({ ...logBody(BOREAL.channelKey), status: 500, message: 'third' });
    await sent({ ...logBody(SUMMIT.channelKey), status: 500, message: 'fourth' });

    expect((await logs({ since })).map((l) => l.message)).toEqual(['fourth', 'third', 'second', 'first']);
    expect((await logs({ since, channel: 'summit' })).map((l) => l.message)).toEqual(['fourth', 'second', 'first']);
    expect((await logs({ since, channel: SUMMIT.channelKey })).map((l) => l.message)).toEqual(['fourth', 'second', 'first']);
    expect((await logs({ since, status: 500 })).map((l) => l.message)).toEqual(['fourth', 'third', 'second']);
    expect((await logs({ since: since + 5, channel: 'summit', status: 500 })).map((l) => l.message)).toEqual(['fourth', 'second']);
    expect(await logs({ since: since + 6 })).toEqual([]);

    const page = await readLogs({ since, limit: 2, offset: 1 });
    expect(page.body.meta).toEqual({ total: 4, limit: 2, offset: 1 });
    expect(page.body.data.map((l) => l.message)).toEqual(['third', 'second']);
    const fallback = await readLogs({ since });
    expect(fallback.body.meta).toEqual({ total: 4, limit: 50, offset: 0 });
  });

  it('refuses an unknown channel filter with 422 naming channel', async () => {
    expectError(await readLogs({ channel: 'atlantis' }), 422, 'channel');
    expectError(await readLogs({ status: 700 }), 422, 'status');
  });

  it('needs the read token: 401 naming auth without it, with a wrong one or with a viewer’s token', async () => {
    expectError(await readLogs({}, null), 401, 'auth');
    expectError(await readLogs({}, 'wrong-token'), 401, 'auth');
    const key = await api.apiKey(SUMMIT.channelKey);
    expectError(await readLogs({}, await api.login('fan@summit.test', key)), 401, 'auth');
  });

  it('is disabled (403 naming auth) on a server without LOG_READ_TOKEN, which still takes reports', async () => {
    const plain = await startTestApi();
    try {
      const read = await plain.call('GET', '/logs', { service: 'logs', headers: { authorization: `Bearer ${LOG_READ_TOKEN}` } });
      expectError(read, 403, 'auth');
      const report = await plain.call('POST', '/logs', { service: 'logs', body: logBody(SUMMIT.channelKey) });
      expect(report.status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
