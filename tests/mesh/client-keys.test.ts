/**
 * The key rules of SPEC.md §7 through the client: the key is fetched first when missing (never for exempt
 * operations), one key request serves every waiting call, and each REST call carries the key where the contract
 * says (query for GET and DELETE, body otherwise), as the REST server's request log shows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiKeyDocument } from '../../mesh/client/generated/documents/ApiKey';
import { ChannelKeyDocument } from '../../mesh/client/generated/documents/ChannelKey';
import { createMemoryKeyStore } from '../../mesh/client/keys';
import { DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { clientFor, restCalls, typedDocument } from './client-harness';

const Geo = typedDocument<{ geo: { ip: string } | null }>('query Geo { geo: getGeo { ip } }');
const Settings = typedDocument<{ settings: { language: string } | null }>('query Settings { settings: getSettings { language } }');
const Login = typedDocument<{ login: { token: string } | null }>(
  `mutation Login { login(input: { email: "fan@summit.test", password: "${DEMO_PASSWORD}" }) { token } }`,
);
const RemoveFavorite = typedDocument<{ removeFavorite: { message: string } | null }>(
  'mutation RemoveFavorite { removeFavorite(id: 999999) { message } }',
);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
});
afterAll(() => api.close());
beforeEach(() => {
  api.faults.clear();
  api.requestLog.clear();
});

function restSequence(): string[] {
  return api.requestLog.entries.map((entry) => entry.operationId);
}

describe('fetching the key', () => {
  it('asks the keys file for the channel key, then for an API key, then sends the request with it', async () => {
    const keys = createMemoryKeyStore();
    const under = clientFor(api, { keyStore: keys });

    const result = await under.client.execute(Geo);

    expect(result.errors).toEqual([]);
    expect(under.sent).toEqual(['ChannelKey', 'ApiKey', 'Geo']);
    expect(restSequence()).toEqual(['getChannelKey', 'getApiKey', 'getGeo']);
    expect(keys.getChannelKey()).toBe(SUMMIT.channelKey);
    expect(keys.getApiKey()).toMatch(/.+/);
  });

  it('uses the build-time channel key instead of the keys file', async () => {
    const under = clientFor(api, { channelKey: SUMMIT.channelKey });
    await under.client.execute(Geo);
    expect(under.sent).toEqual(['ApiKey', 'Geo']);
  });

  it('uses the channel key the store holds (the page\'s, or an earlier visit\'s) until the channel refuses it; then the keys file answers', async () => {
    const keys = createMemoryKeyStore({ channelKey: SUMMIT.channelKey });
    const under = clientFor(api, { keyStore: keys });
    await under.client.execute(Geo);
    expect(under.sent).toEqual(['ApiKey', 'Geo']);

    // The operator rotates the channel's key after the page was served: the page's key and its API key are refused.
    const rotated = `summit-rotated-${Date.now().toString(36)}`;
    api.db.prepare('UPDATE channels SET channel_key = ? WHERE channel_key = ?').run(rotated, SUMMIT.channelKey);
    try {
      api.db.prepare('DELETE FROM api_keys WHERE key = ?').run(keys.getApiKey());
      under.sent.length = 0;
      const refused = await under.client.execute(Geo);
      expect(refused.errors.map((error) => error.kind)).toContain('channelKey');
      expect(under.events.map((event) => event.type)).toContain('keyError');
      // The reload screen's new keys: the keys file names the rotated key, not the page's.
      under.sent.length = 0;
      await under.client.renewKeys();
      expect(under.sent.slice(0, 2)).toEqual(['ChannelKey', 'ApiKey']);
      expect(keys.getChannelKey()).toBe(rotated);
      expect((await under.client.execute(Geo)).errors).toEqual([]);
    } finally {
      api.db.prepare('UPDATE channels SET channel_key = ? WHERE channel_key = ?').run(SUMMIT.channelKey, rotated);
    }
  });

  it('fetches no key for an exempt operation', async () => {
    const keys = createMemoryKeyStore();
    const under = clientFor(api, { keyStore: keys });
    const data = await under.client.request(Settings);
    expect(data.settings?.language).toBe('en');
    expect(under.sent).toEqual(['Settings']);
    expect(keys.getApiKey()).toBeNull();
  });

  it('sends one key request for every call waiting on it', async () => {
    const under = clientFor(api);
    const results = await Promise.all([under.client.execute(Geo), under.client.execute(Geo), under.client.execute(Geo)]);
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(restCalls(api, 'getChannelKey')).toBe(1);
    expect(restCalls(api, 'getApiKey')).toBe(1);
    expect(restCalls(api, 'getGeo')).toBe(3);
  });

  it('replaces a refused key once for concurrent calls, and each call retries once', async () => {
    const keys = createMemoryKeyStore({ channelKey: SUMMIT.channelKey, apiKey: 'refused-key' });
    const under = clientFor(api, { keyStore: keys });
    const results = await Promise.all([under.client.execute(Geo), under.client.execute(Geo)]);
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(restCalls(api, 'getApiKey')).toBe(1);
    expect(restCalls(api, 'getGeo')).toBe(4);
    expect(under.events.map((e) => e.type)).toEqual(['userReset', 'userReset']);
  });

  it('renewKeys() forgets both keys and fetches new ones (logout, reload screen)', async () => {
    const keys = createMemoryKeyStore();
    const under = clientFor(api, { keyStore: keys });
    const first = await under.client.ensureApiKey();
    const second = await under.client.renewKeys();
    expect(second).not.toBe(first);
    expect(keys.getApiKey()).toBe(second);
    expect(under.sent).toEqual(['ChannelKey', 'ApiKey', 'ChannelKey', 'ApiKey']);
  });

  it('the key operations themselves work as typed documents', async () => {
    const under = clientFor(api);
    const channel = await under.client.request(ChannelKeyDocument);
    const key = await under.client.request(ApiKeyDocument, { input: { channel_key: channel.getChannelKey!.channel_key } });
    expect(key.getApiKey?.channel.alias).toBe('summit');
  });
});

describe('where the key travels (SPEC.md §7)', () => {
  it('GET and DELETE carry it in the query, POST in the body, exempt calls nowhere', async () => {
    // No reports: the favourite's 404 would add a log call to the sequence.
    const under = clientFor(api, { reporting: false });
    await under.client.ensureApiKey();
    api.requestLog.clear();

    await under.client.execute(Geo);
    const { login } = await under.client.request(Login);
    under.token = login!.token;
    await under.client.execute(RemoveFavorite);
    await under.client.execute(Settings);

    const carried = api.requestLog.entries.map((e) => [e.operationId, e.method, e.apiKeyIn]);
    expect(carried).toEqual([
      ['getGeo', 'GET', 'query'],
      ['login', 'POST', 'body'],
      ['removeFavorite', 'DELETE', 'query'],
      ['getSettings', 'GET', 'none'],
    ]);
    // The key requests themselves are exempt.
    api.requestLog.clear();
    await under.client.renewKeys();
    expect(api.requestLog.entries.map((e) => [e.operationId, e.method, e.apiKeyIn])).toEqual([
      ['getChannelKey', 'GET', 'none'],
      ['getApiKey', 'POST', 'none'],
    ]);
  });
});
