/**
 * SPEC.md §7 error reporting through the real log service: what an entry holds, what it never holds (keys, tokens,
 * passwords), that the log service's own failures are never reported, and that analytics failures are swallowed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReportErrorDocument } from '../../mesh/client/generated/documents/ReportError';
import { logEntryFor } from '../../mesh/client/report';
import { said } from '../../mesh/client/errors';
import { DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { clientFor, LOG_READ_TOKEN, loggedFailures, restCalls, typedDocument } from './client-harness';

const Geo = typedDocument<{ geo: { ip: string } | null }>('query Geo { geo: getGeo { ip } }');
const Login = typedDocument<{ login: { token: string } | null }, { input: { email: string; password: string } }>(
  'mutation Login($input: LoginRequest_Input) { login(input: $input) { token } }',
);
const AnalyticsHash = typedDocument<{ hash: { hash: string } | null }>(
  'query AnalyticsHash { hash: getAnalyticsHash(profile: "no-such-profile", origin_url: "http://app.test/") { hash } }',
);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ logReadToken: LOG_READ_TOKEN }, { graphql: true });
});
afterAll(() => api.close());
beforeEach(() => {
  api.faults.clear();
  api.requestLog.clear();
});

describe('a failure report', () => {
  it('holds date, status, service, channel, message, request_data and url, and no secret', async () => {
    const under = clientFor(api, { reporting: { service: 'web', pageUrl: () => 'http://app.test/login?next=%2Fprofile' } });
    const apiKey = await under.client.ensureApiKey();
    under.token = await api.login('fan@summit.test', apiKey);
    const logsBefore = (await loggedFailures(api)).length;
    api.faults.add({ operationId: 'login', status: 500 });

    const result = await under.client.execute(Login, { input: { email: 'fan@summit.test', password: DEMO_PASSWORD } });
    expect(result.fieldErrors.login?.kind).toBe('crash');
    await under.client.whenIdle();

    // What left the browser: one report (for the final failure, not for the first attempt), with no secret in it.
    expect(under.reportBodies).toHaveLength(1);
    for (const secret of [DEMO_PASSWORD, apiKey, under.token]) expect(under.reportBodies[0]).not.toContain(secret);

    const logs = await loggedFailures(api);
    expect(logs).toHaveLength(logsBefore + 1);
    const entry = logs[0]!;
    expect(entry).toMatchObject({
      status: 500,
      service: 'web',
      channel: SUMMIT.channelKey,
      message: 'Something went wrong',
      url: 'http://app.test/login?next=%2Fprofile',
    });
    expect(new Date(entry.date).toISOString()).toBe(entry.date);
    expect(JSON.parse(entry.request_data!)).toEqual({
      operation: 'Login',
      field: 'login',
      kind: 'crash',
      variables: { input: { email: 'fan@summit.test', password: '[redacted]' } },
      upstream: { method: 'POST', url: expect.stringMatching(/\/v2\/auth\/login$/) },
    });
  });

  it('goes to the log service without the API key', async () => {
    const under = clientFor(api);
    await under.client.ensureApiKey();
    api.faults.add({ operationId: 'getGeo', status: 500 });
    await under.client.execute(Geo);
    await under.client.whenIdle();
    expect(api.requestLog.entries.filter((e) => e.operationId === 'sendLog').map((e) => e.apiKeyIn)).toEqual(['none']);
  });

  it('is never made for the log service’s own failure, and never fails the caller', async () => {
    const under = clientFor(api);
    await under.client.ensureApiKey();
    api.requestLog.clear();
    api.faults.add({ operationId: 'getGeo', status: 500 });
    api.faults.add({ operationId: 'sendLog', status: 500 });

    const result = await under.client.execute(Geo);
    expect(result.fieldErrors.geo?.kind).toBe('crash');
    await under.client.whenIdle();
    // One report, refused; not retried, not reported in turn.
    expect(restCalls(api, 'sendLog')).toBe(1);

    // Nor when the app sends to the log service itself.
    api.requestLog.clear();
    const entry = { date: new Date().toISOString(), status: 500, service: 'web', channel: SUMMIT.channelKey, message: 'm', url: 'http://app.test/' };
    const own = await under.client.execute(ReportErrorDocument, { entry });
    expect(own.fieldErrors.sendLog?.kind).toBe('crash');
    await under.client.whenIdle();
    expect(restCalls(api, 'sendLog')).toBe(1 + 1); // the call and its one retry, and no report of either
    expect(under.events.filter((e) => e.error.operation === 'ReportError')).toEqual([]);
  });

  it('is not made when reporting is off', async () => {
    const under = clientFor(api, { reporting: false });
    await under.client.ensureApiKey();
    api.faults.add({ operationId: 'getGeo', status: 500 });
    await under.client.execute(Geo);
    await under.client.whenIdle();
    expect(restCalls(api, 'sendLog')).toBe(0);
  });
});

describe('analytics failures', () => {
  it('are swallowed: request() answers null, no event, no report', async () => {
    const under = clientFor(api);
    const data = await under.client.request(AnalyticsHash);
    expect(data).toEqual({ hash: null });

    api.faults.add({ operationId: 'getAnalyticsHash', status: 503 });
    const result = await under.client.execute(AnalyticsHash);
    expect(result.fieldErrors.hash?.kind).toBe('crash');
    await under.client.whenIdle();
    expect(under.events).toEqual([]);
    expect(restCalls(api, 'sendLog')).toBe(0);
  });
});

describe('logEntryFor', () => {
  it('redacts secret-looking variables and keys in URLs, and keeps within the log schema’s limits', () => {
    const entry = logEntryFor({
      error: {
        kind: 'http',
        status: 422,
        field: 'buy',
        operation: 'Buy',
        ...said('x'.repeat(5000)),
        body: null,
        upstream: { method: 'GET', url: 'http://api.test/api/orders?api_key=secret-key&limit=1' },
      },
      variables: { input: { card_number: '4242424242424242', cvc: '123', token: 't', promo_code: 'WELCOME10', api_key: 'k' } },
      service: 'web',
      channel: SUMMIT.channelKey,
      pageUrl: '',
      now: new Date(0),
    });
    expect(entry.message).toHaveLength(2000);
    expect(entry.url).toBe('unknown');
    expect(entry.date).toBe('1970-01-01T00:00:00.000Z');
    const data = JSON.parse(String(entry.request_data));
    expect(data.variables).toEqual({ input: { card_number: '[redacted]', cvc: '[redacted]', token: '[redacted]', promo_code: 'WELCOME10', api_key: '[redacted]' } });
    expect(data.upstream.url).toBe('http://api.test/api/orders?api_key=[redacted]&limit=1');
  });
});
