/**
 * As deployed, /graphql runs the app's own documents only (mesh/trusted-documents.js): sent by the hash codegen gave
 * them, never as text. The real client, the real Mesh and the real API; the REST request log shows that a refused
 * request did no work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AfterLoginDocument } from '../../mesh/client/generated/documents/AfterLogin';
import { StartupDocument } from '../../mesh/client/generated/documents/Startup';
import { startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { clientFor, restCalls } from './client-harness';
import { documentText } from './documents';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { graphql: true, documents: 'trusted' });
});
afterAll(() => api.close());

const startupHash = StartupDocument.__meta__.hash.replace('sha256:', '');

async function post(body: unknown, key?: string): Promise<{ status: number; body: { data?: unknown; errors?: Array<{ message: string }> } }> {
  const response = await fetch(api.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { errors?: Array<{ message: string }> } };
}

describe('trusted documents only', () => {
  it('runs the app\'s documents, which the client sends by hash', async () => {
    const bodies: string[] = [];
    const sending = clientFor(api, {
      channelKey: SUMMIT.channelKey,
      fetch: (input, init) => {
        if (typeof init?.body === 'string') bodies.push(init.body);
        return fetch(input, init);
      },
    });
    const answer = await sending.client.execute(StartupDocument);
    expect(answer.data?.settings?.channel.name).toBe(SUMMIT.name);
    const sent = JSON.parse(bodies.at(-1)!) as Record<string, unknown>;
    expect(sent).toEqual({ operationName: 'Startup', variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: startupHash } } });
  });

  it('refuses a document sent as text, even the app\'s own, and the 1,000-alias request, before any REST call', async () => {
    const key = await api.apiKey(SUMMIT.channelKey);
    api.requestLog.clear();
    const asText = await post({ query: documentText(StartupDocument) }, key);
    expect(asText.body.errors?.map((e) => e.message)).toEqual([
      "This endpoint runs the app's own operations only: send a document's hash in extensions.persistedQuery",
    ]);
    expect(asText.body.data ?? null).toBeNull();
    const aliases = Array.from({ length: 1000 }, (_, i) => `e${i}: listEvents { meta { total } }`).join(' ');
    const flood = await post({ query: `{ ${aliases} }` }, key);
    expect(flood.body.errors?.[0]?.message).toMatch(/app's own operations only/);
    expect(api.requestLog.entries).toEqual([]);
  });

  it('refuses a hash that is not one of the app\'s documents, and a retry naming a field the document lacks', async () => {
    const key = await api.apiKey(SUMMIT.channelKey);
    api.requestLog.clear();
    const unknown = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } }, key);
    expect(unknown.body.errors?.map((e) => e.message)).toEqual(["Unknown document: this endpoint runs the app's own operations only"]);
    const foreignField = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: startupHash }, rootFields: ['orders'] } }, key);
    expect(foreignField.body.errors?.map((e) => e.message)).toEqual(["Unknown document: this endpoint runs the app's own operations only"]);
    expect(api.requestLog.entries).toEqual([]);
  });

  it('runs a retry of some root fields as the trusted document cut down to them: one REST call', async () => {
    const key = await api.apiKey(SUMMIT.channelKey);
    api.requestLog.clear();
    const retry = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: startupHash }, rootFields: ['categories'] } }, key);
    expect(retry.body.errors).toBeUndefined();
    expect(Object.keys(retry.body.data as object)).toEqual(['categories']);
    expect(api.requestLog.entries.map((entry) => entry.operationId)).toEqual(['listEventCategories']);
    expect(restCalls(api, 'getSettings')).toBe(0);
  });

  it('drops the variables and fragments the kept fields no longer use (GraphQL refuses unused ones)', async () => {
    const key = await api.apiKey(SUMMIT.channelKey);
    const token = await api.login('fan@summit.test', key);
    const afterLogin = AfterLoginDocument.__meta__.hash.replace('sha256:', '');
    api.requestLog.clear();
    const response = await fetch(api.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, authorization: `Bearer ${token}` },
      // The passes form's field is the only one using $passesForm and CustomFormFields.
      body: JSON.stringify({ variables: { passesForm: 'passes' }, extensions: { persistedQuery: { version: 1, sha256Hash: afterLogin }, rootFields: ['profile'] } }),
    });
    const answer = (await response.json()) as { data?: { profile?: { email: string } }; errors?: unknown };
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.profile?.email).toBe('fan@summit.test');
    expect(api.requestLog.entries.map((entry) => entry.operationId)).toEqual(['getProfile']);
  });

  it('compresses a large answer for a browser that accepts it, and only then', async () => {
    const key = await api.apiKey(SUMMIT.channelKey);
    const body = JSON.stringify({ operationName: 'Startup', extensions: { persistedQuery: { version: 1, sha256Hash: startupHash } } });
    const ask = (encoding: string) =>
      fetch(api.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key, 'accept-encoding': encoding }, body });
    const compressed = await ask('br');
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(((await compressed.json()) as { data: { settings: { channel: { name: string } } } }).data.settings.channel.name).toBe(SUMMIT.name);
    const plain = await ask('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { data: { settings: { channel: { name: string } } } }).data.settings.channel.name).toBe(SUMMIT.name);
  });
});
