/**
 * What any request to /graphql may ask for (mesh/limits.js, graphql-armor), on the real stack: a document with
 * 1,000 aliases is refused before a single REST call, as is one nested too deep; introspection is off; a typo gets
 * no field suggestions. The app's own documents all stay within the limits (tests/mesh/operations.test.ts sends
 * every one of them through the same stack; here, each is checked against the limits' messages).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../server/harness';

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
  key = await api.apiKey();
});
afterAll(async () => {
  await api?.close();
});

async function post(query: string): Promise<{ status: number; errors: string[] }> {
  const response = await fetch(api.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { errors?: Array<{ message: string }> };
  return { status: response.status, errors: (body.errors ?? []).map((e) => e.message) };
}

const LIMIT_MESSAGE = /limit|exceeded|introspection|Did you mean/i;

describe('a hostile document', () => {
  it('with 1,000 aliases of the events list is refused with a clear error, and reaches no REST call', async () => {
    api.requestLog.clear();
    const aliases = Array.from({ length: 1000 }, (_, i) => `a${i}: listEvents { data { id } }`).join(' ');
    const { errors } = await post(`{ ${aliases} }`);
    // So long a document is stopped while it is read (its tokens), before it is even validated.
    expect(errors).toEqual(['Syntax Error: Token limit of 1000 exceeded.']);
    expect(api.requestLog.entries).toEqual([]);
  });

  it('with more aliases than the limit, however short, is refused before any REST call', async () => {
    api.requestLog.clear();
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: listEvents { data { id } }`).join(' ');
    const { errors } = await post(`{ ${aliases} }`);
    expect(errors.join(' ')).toMatch(/Aliases limit of 15 exceeded/i);
    expect(api.requestLog.entries).toEqual([]);
  });

  it('nested deeper than the limit is refused', async () => {
    const deep = `{ listEvents { data { ${'participants { '.repeat(12)}id${' }'.repeat(12)} } } }`;
    const { errors } = await post(deep);
    expect(errors.join(' ')).toMatch(/depth|limit/i);
  });

  it('asking for the schema is refused: introspection is off', async () => {
    const { errors } = await post('{ __schema { types { name } } }');
    expect(errors.join(' ')).toMatch(/introspection/i);
  });

  it('with a typo gets no suggestion of the real field names', async () => {
    const { errors } = await post('{ listEventz { data { id } } }');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join(' ')).not.toMatch(/Did you mean/i);
  });
});

describe("the app's own documents", () => {
  const dir = join(import.meta.dirname, '..', '..', 'mesh', 'operations');
  const operations = readdirSync(dir)
    .filter((name) => name.endsWith('.graphql'))
    .flatMap((name) => {
      const document = parse(readFileSync(join(dir, name), 'utf8'));
      const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
      return document.definitions
        .filter((d) => d.kind === Kind.OPERATION_DEFINITION)
        .map((operation) => ({ name: operation.name?.value ?? name, text: [operation, ...fragments].map((d) => print(d)).join('\n') }));
    });

  it.each(operations.map((o) => [o.name, o.text] as const))('%s stays within the limits', async (_name, text) => {
    // Without variables most fail to run; what matters is that none is refused by a limit.
    const { errors } = await post(text);
    expect(errors.filter((message) => LIMIT_MESSAGE.test(message))).toEqual([]);
  });
});
