/**
 * Each error class of SPEC.md §8, produced for real through the reference API and Mesh, with the handling the
 * transport owns: events, the key store, the one retry, and what reaches the log service.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClientRequestError } from '../../mesh/client/errors';
import { createMemoryKeyStore } from '../../mesh/client/keys';
import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS } from '../../mesh/client/transport';
import { startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { clientFor, closedEndpoint, LOG_READ_TOKEN, loggedFailures, restCallArrived, restCalls, typedDocument } from './client-harness';

/** Needs the API key; no viewer. */
const Geo = typedDocument<{ geo: { ip: string } | null }>('query Geo { geo: getGeo { ip } }');
/** Needs the API key and a viewer. */
const Profile = typedDocument<{ profile: { id: number; email: string } | null }>('query Profile { profile: getProfile { id email } }');
/** Exempt from the API key. */
const Settings = typedDocument<{ settings: { language: string } | null }>('query Settings { settings: getSettings { language } }');
const MissingPage = typedDocument<{ page: { id: number } | null }>('query MissingPage { page: getPage(alias: "no-such-page") { id } }');
const MissingForm = typedDocument<{ form: { id: number; flag: boolean } | null }>(
  'query MissingForm { form: getCustomForm(alias: "no-such-form") { id flag } }',
);
const Participants = typedDocument<{ participants: { data: Array<{ id: number } | null> } | null }, { noLimit: number }>(
  'query Participants($noLimit: NonNegativeInt) { participants: listParticipants(no_limit: $noLimit) { data { id } } }',
);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ logReadToken: LOG_READ_TOKEN }, { graphql: true });
});
afterAll(async () => {
  // The timeout and cancel tests leave REST calls sleeping out their forced delay (800 ms at most). Closing while one
  // runs makes the server wait out its keep-alive (5 s) afterwards, so let them finish first.
  await new Promise((resolve) => setTimeout(resolve, 800));
  await api.close();
});
beforeEach(() => {
  api.faults.clear();
  api.requestLog.clear();
});

/** A client that already holds valid keys, so the calls under test are the only ones in the request log. */
async function readyClient(options: Parameters<typeof clientFor>[1] = {}) {
  const under = clientFor(api, options);
  await under.client.ensureApiKey();
  api.requestLog.clear();
  under.sent.length = 0;
  return under;
}

async function newLogs(before: number) {
  return (await loggedFailures(api)).slice(0, (await loggedFailures(api)).length - before);
}

describe('defaults (SPEC.md §7, §9)', () => {
  it('times out at 30 000 ms and retries once after 1000 ms unless told otherwise', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    expect(DEFAULT_RETRY).toEqual({ attempts: 1, delayMs: 1000 });
  });

  it('retries with the default delay when none is configured', async () => {
    const under = await readyClient({ retry: {} });
    api.faults.add({ operationId: 'getGeo', status: 502, times: 1 });
    const result = await under.client.execute(Geo);
    expect(result.errors).toEqual([]);
    expect(result.data?.geo?.ip).toBeTruthy();
    expect(restCalls(api, 'getGeo')).toBe(2);
  });
});

describe('API-key error', () => {
  it('forgets the refused key, resets the user, fetches a new key and retries once', async () => {
    const keys = createMemoryKeyStore({ channelKey: SUMMIT.channelKey, apiKey: 'a-key-the-server-never-issued' });
    const under = clientFor(api, { keyStore: keys });
    const logsBefore = (await loggedFailures(api)).length;
    api.requestLog.clear();

    const result = await under.client.execute(Geo);

    expect(result.errors).toEqual([]);
    expect(result.data?.geo?.ip).toBeTruthy();
    expect(under.events.map((e) => [e.type, e.error.kind, e.error.status])).toEqual([['userReset', 'apiKey', 401]]);
    expect(keys.getApiKey()).toMatch(/.+/);
    expect(keys.getApiKey()).not.toBe('a-key-the-server-never-issued');
    // The refused call, one key request, and the retry with the new key.
    expect(api.requestLog.entries.map((e) => e.operationId)).toEqual(['getGeo', 'getApiKey', 'getGeo']);
    await under.client.whenIdle();
    expect(await loggedFailures(api)).toHaveLength(logsBefore);
  });
});

describe('channel-key error', () => {
  it('clears both keys, raises the key error, and does not retry', async () => {
    const keys = createMemoryKeyStore();
    const under = clientFor(api, { keyStore: keys, channelKey: 'no-such-channel-key' });

    const result = await under.client.execute(Geo);

    expect(result.data).toBeNull();
    expect(result.fieldErrors.geo).toMatchObject({ kind: 'channelKey', status: 404, fieldErrors: { channel_key: ['The channel key is not known'] } });
    expect(under.events.map((e) => [e.type, e.error.kind])).toEqual([['keyError', 'channelKey']]);
    expect(keys.getChannelKey()).toBeNull();
    expect(keys.getApiKey()).toBeNull();
    expect(restCalls(api, 'getApiKey')).toBe(1);
    expect(restCalls(api, 'getGeo')).toBe(0);
    // Its report names a channel the log service does not know: refused, and that refusal is never reported.
    await under.client.whenIdle();
    expect(restCalls(api, 'sendLog')).toBe(1);
  });

  it('rejects request() with the classified error', async () => {
    const under = clientFor(api, { channelKey: 'no-such-channel-key' });
    const failure = await under.client.request(Geo).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ClientRequestError);
    expect((failure as ClientRequestError).error.kind).toBe('channelKey');
  });
});

describe('unauthenticated (401)', () => {
  it('without a token: classified, no user reset, no report, no retry', async () => {
    const under = await readyClient();
    const logsBefore = (await loggedFailures(api)).length;
    const failure = await under.client.request(Profile).catch((e: unknown) => e);
    expect((failure as ClientRequestError).error).toMatchObject({ kind: 'unauthenticated', status: 401, field: 'profile' });
    expect(under.events).toEqual([]);
    expect(restCalls(api, 'getProfile')).toBe(1);
    await under.client.whenIdle();
    expect(await loggedFailures(api)).toHaveLength(logsBefore);
  });

  it('with a refused token: user reset and a report', async () => {
    const under = await readyClient();
    under.token = 'expired-or-forged';
    const logsBefore = (await loggedFailures(api)).length;
    const result = await under.client.execute(Profile);
    expect(result.fieldErrors.profile?.kind).toBe('unauthenticated');
    expect(under.events.map((e) => e.type)).toEqual(['userReset']);
    await under.client.whenIdle();
    const logs = await newLogs(logsBefore);
    expect(logs.map((l) => l.status)).toEqual([401]);
    expect(logs[0]!.request_data).not.toContain('expired-or-forged');
  });
});

describe('crash statuses', () => {
  it('a 5xx is a crash: retried once and only once, then a global error and a report', async () => {
    const under = await readyClient();
    const logsBefore = (await loggedFailures(api)).length;
    api.faults.add({ operationId: 'getGeo', status: 500 });

    const result = await under.client.execute(Geo);

    expect(result.fieldErrors.geo).toMatchObject({ kind: 'crash', status: 500, message: 'Something went wrong' });
    expect(restCalls(api, 'getGeo')).toBe(2);
    expect(under.events.map((e) => [e.type, e.error.kind])).toEqual([['globalError', 'crash']]);
    // The report goes in the background, after the call has answered.
    await under.client.whenIdle();
    expect(under.sent).toEqual(['Geo', 'Geo', 'ReportError']);
    expect((await newLogs(logsBefore)).map((l) => [l.status, l.message])).toEqual([[500, 'Something went wrong']]);
  });

  it('an allowed status is an ordinary HTTP error (still retried as a 5xx), with no global error', async () => {
    const under = await readyClient({ crash: { allow: [503] } });
    api.faults.add({ operationId: 'getGeo', status: 503 });
    const result = await under.client.execute(Geo);
    expect(result.fieldErrors.geo).toMatchObject({ kind: 'http', status: 503 });
    expect(restCalls(api, 'getGeo')).toBe(2);
    expect(under.events).toEqual([]);
  });

  it('the pattern is configurable: with 4xx crashes, a 409 raises the global error but is not retried', async () => {
    const under = await readyClient({ crash: { pattern: /^[45]\d\d$/ } });
    api.faults.add({ operationId: 'getGeo', status: 409 });
    const result = await under.client.execute(Geo);
    expect(result.fieldErrors.geo).toMatchObject({ kind: 'crash', status: 409 });
    expect(restCalls(api, 'getGeo')).toBe(1);
    expect(under.events.map((e) => e.type)).toEqual(['globalError']);
  });
});

describe('not found (404)', () => {
  it('is its own class, reported, with no event', async () => {
    const under = await readyClient();
    const logsBefore = (await loggedFailures(api)).length;
    const result = await under.client.execute(MissingPage);
    expect(result.fieldErrors.page).toMatchObject({ kind: 'notFound', status: 404 });
    expect(under.events).toEqual([]);
    await under.client.whenIdle();
    expect((await newLogs(logsBefore)).map((l) => l.status)).toEqual([404]);
  });

  it('is tolerated where the caller says so (the custom form): null data, no throw, no report', async () => {
    const under = await readyClient();
    const logsBefore = (await loggedFailures(api)).length;
    const data = await under.client.request(MissingForm, {}, { tolerate: ['notFound'] });
    expect(data).toEqual({ form: null });
    expect(restCalls(api, 'getCustomForm')).toBe(1);
    await under.client.whenIdle();
    expect(await loggedFailures(api)).toHaveLength(logsBefore);
  });
});

describe('other HTTP failures', () => {
  it('keep the REST body and its field messages, and a 4xx is never retried', async () => {
    const under = await readyClient();
    api.faults.add({ operationId: 'getGeo', status: 422 });
    const failure = await under.client.request(Geo).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ClientRequestError);
    const { error } = failure as ClientRequestError;
    expect(error).toMatchObject({ kind: 'http', status: 422, fieldErrors: { fault: ['422 forced by a test'] } });
    expect(error.body).toEqual({ error: { message: 'Something went wrong', errors: { fault: ['422 forced by a test'] } } });
    expect(error.upstream).toMatchObject({ method: 'GET' });
    expect(restCalls(api, 'getGeo')).toBe(1);
    expect(under.events).toEqual([]);
  });

  it('a request the GraphQL layer refuses (bad variables) is a graphql error, never retried', async () => {
    const under = await readyClient();
    const result = await under.client.execute(Participants, { noLimit: -1 });
    expect(result.data).toBeNull();
    expect(result.errors[0]).toMatchObject({ kind: 'graphql', status: 400, field: null });
    expect(result.errors[0]?.message).toContain('noLimit');
    expect(result.fieldErrors.participants?.kind).toBe('graphql');
    expect(under.sent.filter((name) => name === 'Participants')).toHaveLength(1);
    expect(restCalls(api, 'listParticipants')).toBe(0);
  });
});

describe('no answer', () => {
  it('a connection that fails is a network error, retried once', async () => {
    const under = clientFor(api, { endpoint: await closedEndpoint(), reporting: false });
    const result = await under.client.execute(Settings);
    expect(result.fieldErrors.settings).toMatchObject({ kind: 'network', status: 0 });
    expect(under.sent).toEqual(['Settings', 'Settings']);
  });

  it('a failed key request is a key error for the reload screen', async () => {
    const under = clientFor(api, { endpoint: await closedEndpoint(), reporting: false });
    const result = await under.client.execute(Geo);
    expect(result.fieldErrors.geo?.kind).toBe('network');
    expect(under.events.map((e) => [e.type, e.error.kind])).toEqual([['keyError', 'network']]);
    // The keys file was asked twice (its own retry); the failure was not retried a second time by the caller.
    expect(under.sent).toEqual(['ChannelKey', 'ChannelKey']);
  });

  it('a slow endpoint past a shortened timeout is a timeout, retried once', async () => {
    const under = await readyClient({ timeoutMs: 200 });
    api.faults.add({ operationId: 'getGeo', delayMs: 800, times: 2 });
    const result = await under.client.execute(Geo);
    expect(result.fieldErrors.geo).toMatchObject({ kind: 'timeout', timeoutMs: 200, status: 0, field: null });
    expect(under.sent.filter((name) => name === 'Geo')).toHaveLength(2);
    expect(under.events).toEqual([]);
  });

  it('a timeout that does not happen again recovers on the retry', async () => {
    const under = await readyClient({ timeoutMs: 200 });
    api.faults.add({ operationId: 'getGeo', delayMs: 800, times: 1 });
    const result = await under.client.execute(Geo);
    expect(result.errors).toEqual([]);
    expect(result.data?.geo?.ip).toBeTruthy();
  });
});

describe('cancelled', () => {
  it('an aborted request is cancelled silently: no retry, no event, no report', async () => {
    const under = await readyClient();
    const logsBefore = (await loggedFailures(api)).length;
    api.faults.add({ operationId: 'getGeo', delayMs: 500, times: 1 });
    const controller = new AbortController();

    const pending = under.client.execute(Geo, {}, { signal: controller.signal });
    await restCallArrived(api, 'getGeo');
    controller.abort();
    const result = await pending;

    expect(result.fieldErrors.geo).toMatchObject({ kind: 'cancelled', message: 'request cancelled (ERR_CANCELED)' });
    expect(under.sent).toEqual(['Geo']);
    expect(under.events).toEqual([]);
    await under.client.whenIdle();
    expect(await loggedFailures(api)).toHaveLength(logsBefore);
  });

  it('a timeout signal of the caller\'s own is a cancel, not the transport\'s timeout', async () => {
    // No retry: a retry would see the aborted signal and answer cancelled whatever the first attempt was.
    const under = await readyClient({ retry: { attempts: 0 } });
    api.faults.add({ operationId: 'getGeo', delayMs: 500, times: 1 });
    // It aborts with a TimeoutError, as the transport's timeout does; only the transport's own signal is a timeout.
    const result = await under.client.execute(Geo, {}, { signal: AbortSignal.timeout(100) });
    expect(result.fieldErrors.geo).toMatchObject({ kind: 'cancelled' });
    expect(under.sent).toEqual(['Geo']);
    expect(under.events).toEqual([]);
  });

  it('an already-aborted signal sends nothing, and request() rejects with the cancelled class', async () => {
    const under = await readyClient();
    const controller = new AbortController();
    controller.abort();
    const failure = await under.client.request(Geo, {}, { signal: controller.signal }).catch((e: unknown) => e);
    expect((failure as ClientRequestError).error.kind).toBe('cancelled');
    expect(under.sent).toEqual([]);
  });
});
