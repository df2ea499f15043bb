/**
 * What an error tells whoever sent the request (mesh/masked-errors.js), as deployed: the app's own documents by hash,
 * the real Mesh and the real API. A bad variable, an unknown operation, a REST call that failed and a plugin that
 * threw each answer a message and a code the app classifies by, and never a stack, a file path of the server, or
 * the value that was refused; GRAPHQL_ERRORS=verbose is the one way to see more.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { classify } from '../../mesh/client/errors';
import { ApplyCouponDocument } from '../../mesh/client/generated/documents/ApplyCoupon';
import { startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { closedEndpoint } from './client-harness';

interface ErrorEntry {
  message: string;
  path?: Array<string | number>;
  extensions?: Record<string, unknown> & { code?: string; response?: { status: number; body: unknown } };
}
interface Answer {
  status: number;
  text: string;
  errors: ErrorEntry[];
}

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({}, { graphql: true, documents: 'trusted' });
  key = await api.apiKey(SUMMIT.channelKey);
});
afterAll(() => api.close());
afterEach(() => {
  api.faults.clear();
  delete process.env['GRAPHQL_ERRORS'];
});

const applyCouponHash = ApplyCouponDocument.__meta__.hash.replace('sha256:', '');

async function post(body: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(api.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, text, errors: (JSON.parse(text) as { errors?: ErrorEntry[] }).errors ?? [] };
}

/** The app's ApplyCoupon, by its hash, as the app sends it. */
const applyCoupon = (code: string, extra: Record<string, unknown> = {}) =>
  post({ operationName: 'ApplyCoupon', variables: { code, type: 'package', id: 1 }, extensions: { persistedQuery: { version: 1, sha256Hash: applyCouponHash } }, ...extra });

const occurrences = (text: string, value: string): number => text.split(value).length - 1;

/** Nothing of the server's insides: no stack, no cause, no file path of this machine. */
function expectNothingInside(text: string): void {
  expect(text).not.toMatch(/"stack"|originalError|\bat \S+ \(/);
  expect(text).not.toContain('/node_modules/');
  expect(text).not.toContain('file://');
  expect(text).not.toContain(process.cwd());
}

describe('a variable the schema refuses', () => {
  it('is named, with a code and a 400, and its value is never echoed', async () => {
    const value = 'bad code!';
    const answer = await applyCoupon(value);
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual([{ message: 'Variable "$code" got an invalid value.', extensions: { code: 'BAD_USER_INPUT' } }]);
    expect(occurrences(answer.text, value)).toBe(0);
    expectNothingInside(answer.text);
    // The client's class for it: a refusal of the GraphQL layer, never retried.
    expect(classify(answer.errors[0]!, { operation: 'ApplyCoupon', httpStatus: answer.status })).toMatchObject({ kind: 'graphql', status: 400 });
  });

  it('says the same of a value of the wrong type or outside an enum, whatever the value holds', async () => {
    const value = 'x"; at Object.<anonymous> (/work/secret.js:1:1)';
    for (const variables of [{ code: 'WELCOME10', type: value, id: 1 }, { code: 'WELCOME10', type: 'package', id: value }]) {
      const answer = await post({ operationName: 'ApplyCoupon', variables, extensions: { persistedQuery: { version: 1, sha256Hash: applyCouponHash } } });
      expect(answer.status).toBe(400);
      expect(answer.errors[0]?.message).toMatch(/^Variable "\$(type|id)" got an invalid value\.$/);
      expect(occurrences(answer.text, value)).toBe(0);
      expect(answer.text).not.toContain('secret.js');
    }
  });
});

describe('an operation the endpoint does not run', () => {
  it('is refused by name of nothing the caller sent: an unknown hash, or a name the document does not have', async () => {
    const unknown = await post({ operationName: 'NoSuchOperation', variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } });
    expect(unknown.errors.map((e) => e.message)).toEqual(["Unknown document: this endpoint runs the app's own operations only"]);
    expect(occurrences(unknown.text, 'NoSuchOperation')).toBe(0);
    expectNothingInside(unknown.text);

    const misnamed = await applyCoupon('WELCOME10', { operationName: 'NoSuchOperation' });
    expect(misnamed.errors).toHaveLength(1);
    expect(occurrences(misnamed.text, 'NoSuchOperation')).toBeLessThanOrEqual(1);
    expectNothingInside(misnamed.text);
  });
});

describe('a REST call that failed', () => {
  it('keeps its status and body for the client (422), with the value sent at most once, in the call\'s path', async () => {
    const value = 'NOSUCHCODE77';
    const answer = await applyCoupon(value);
    const error = answer.errors[0]!;
    expect(error.path).toEqual(['coupon']);
    expect(error.extensions?.response).toMatchObject({ status: 422, body: { error: { message: 'Promo code is invalid', errors: { code: ['Promo code is invalid'] } } } });
    expect(Object.keys(error.extensions ?? {}).sort()).toEqual(['code', 'request', 'response']);
    expect(occurrences(answer.text, value)).toBeLessThanOrEqual(1);
    expectNothingInside(answer.text);
    expect(classify(error, { operation: 'ApplyCoupon', httpStatus: answer.status })).toMatchObject({ kind: 'http', status: 422, fieldErrors: { code: ['Promo code is invalid'] } });
  });

  it('a forced 422 and a 500 keep what the client classifies them by', async () => {
    api.faults.add({ operationId: 'applyCoupon', status: 422 });
    const refused = await applyCoupon('WELCOME10');
    expect(classify(refused.errors[0]!, { operation: 'ApplyCoupon', httpStatus: refused.status })).toMatchObject({
      kind: 'http',
      status: 422,
      fieldErrors: { fault: ['422 forced by a test'] },
    });
    expectNothingInside(refused.text);

    api.faults.clear();
    api.faults.add({ operationId: 'applyCoupon', status: 500 });
    const crashed = await applyCoupon('WELCOME10');
    expect(classify(crashed.errors[0]!, { operation: 'ApplyCoupon', httpStatus: crashed.status })).toMatchObject({ kind: 'crash', status: 500 });
    expect(occurrences(crashed.text, 'WELCOME10')).toBeLessThanOrEqual(1);
    expectNothingInside(crashed.text);
  });
});

describe('a crash inside the GraphQL layer', () => {
  async function withRestBaseUrl<T>(value: string | undefined, run: () => Promise<T>): Promise<T> {
    const saved = process.env['REST_BASE_URL'];
    if (value === undefined) delete process.env['REST_BASE_URL'];
    else process.env['REST_BASE_URL'] = value;
    try {
      return await run();
    } finally {
      process.env['REST_BASE_URL'] = saved;
    }
  }

  it('a plugin that throws answers "Unexpected error." on its field, and nothing of what it threw', async () => {
    // mesh/plugins.js throws when it does not know where the REST API is.
    const answer = await withRestBaseUrl(undefined, () => applyCoupon('WELCOME10'));
    expect(answer.errors).toEqual([{ message: 'Unexpected error.', path: ['coupon'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
    expect(answer.text).not.toContain('REST_BASE_URL');
    expectNothingInside(answer.text);
  });

  it('a REST service that cannot be reached does not name the address it was called at', async () => {
    const closed = new URL(await closedEndpoint());
    const answer = await withRestBaseUrl(`${closed.origin}/api`, () => applyCoupon('WELCOME10'));
    expect(answer.errors).toEqual([{ message: 'Unexpected error.', path: ['coupon'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
    expect(answer.text).not.toContain(closed.host);
    expectNothingInside(answer.text);
  });
});

describe('GRAPHQL_ERRORS=verbose', () => {
  it('answers errors as Mesh makes them, stacks included, for development only', async () => {
    process.env['GRAPHQL_ERRORS'] = 'verbose';
    const answer = await applyCoupon('bad code!');
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('"stack"');
    expect(answer.errors[0]?.message).toContain('bad code!');
  });
});
