/**
 * What a failed REST call tells the browser through /graphql (mesh/errors.js), on the real stack: the status, the
 * REST body, `retry-after` and the call's method and path, which the client classifies and reports with; never the
 * internal REST address, the API key or the REST server's other response headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../server/harness';

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ rateLimit: { max: 3, windowSeconds: 60 } }, { graphql: true });
  key = await api.apiKey();
});
afterAll(async () => {
  await api?.close();
});

interface ErrorEntry {
  extensions?: { request?: { method: string; url: string }; response?: { status: number; body: unknown; headers: Record<string, string> } };
}

async function post(query: string): Promise<{ text: string; errors: ErrorEntry[] }> {
  const response = await fetch(api.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify({ query }) });
  const text = await response.text();
  return { text, errors: (JSON.parse(text) as { errors?: ErrorEntry[] }).errors ?? [] };
}

describe('a failed REST call', () => {
  it('keeps its status, body, method and path, and drops the internal address, the key and the REST headers', async () => {
    const { text, errors } = await post('{ getEvent(id: 99999999) { id } }');
    const extensions = errors[0]?.extensions;
    expect(extensions?.request).toEqual({ method: 'GET', url: '/api/events/99999999' });
    expect(extensions?.response?.status).toBe(404);
    expect(extensions?.response?.body).toEqual({ error: { message: 'Event not found', errors: { id: ['Event not found'] } } });
    expect(Object.keys(extensions?.response?.headers ?? {})).toEqual(['content-type']);
    expect(text).not.toContain(new URL(api.origin).host);
    expect(text).not.toContain(key);
    expect(text).not.toMatch(/content-security-policy|x-frame-options|strict-transport-security/i);
  });

  it('keeps retry-after on a 429, which the client waits by', async () => {
    let throttled: ErrorEntry | undefined;
    for (let i = 0; i < 6 && !throttled; i++) {
      const { errors } = await post('{ getEvent(id: 99999999) { id } }');
      throttled = errors.find((e) => e.extensions?.response?.status === 429);
    }
    expect(throttled?.extensions?.response?.headers['retry-after']).toMatch(/^\d+$/);
  });
});
