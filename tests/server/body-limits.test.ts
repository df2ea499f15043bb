/**
 * Bodies too deep or too large for the REST services, sent to every operation of the contract that takes a body
 * (the channel API, analytics and logs), with and without an API key: each is refused by the body parser, before
 * the operation's handler runs, with 400 (too deep) or 413 (too large) and the error envelope, never 500. A body
 * 2,000 levels deep used to overflow the stack of the idempotent writes (stripe/buy, confirm, start_trial).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FORM_BYTES, MAX_FORM_FIELDS, MAX_JSON_DEPTH } from '../../server/http/body-limits';
import { loadContract, type Operation } from '../../server/openapi/contract';
import { propertiesOf, resolveSchema } from './contract-schemas';
import { schemaErrors } from './contract-responses';
import { type CallResult, startTestApi, type TestApi } from './harness';

const contract = loadContract();
const withBody = contract.operations.filter((op) => op.bodyContentType !== null);
const forms = withBody.filter((op) => op.bodyContentType === 'application/x-www-form-urlencoded');

const DEEP = 2000;
/** Fastify's bodyLimit for the REST services is 256 KiB. */
const OVERSIZED_BYTES = 300 * 1024;

let api: TestApi;
let key: string;

beforeAll(async () => {
  api = await startTestApi();
  key = await api.apiKey();
});
afterAll(() => api.close());

const nestedArray = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObject = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A path of the operation with its parameters filled in; the parser refuses the body before they are read. */
const pathOf = (op: Operation): string => op.path.replace('{provider}', 'google').replace('{alias}', 'passes').replace(/\{\w+\}/g, '1');

/** The body's first declared field, so the deep value sits where the operation reads one. */
const fieldOf = (op: Operation): string => Object.keys(propertiesOf(resolveSchema({ $ref: op.bodySchemaRef ?? '' })))[0] ?? 'value';

/** A JSON object text with the key (when sent) and `value` (JSON text) under the operation's first field. */
const jsonWith = (op: Operation, value: string, withKey: boolean): string =>
  `{${withKey ? `"api_key":${JSON.stringify(key)},` : ''}${JSON.stringify(fieldOf(op))}:${value}}`;

async function send(op: Operation, body: string, contentType = 'application/json'): Promise<CallResult> {
  api.requestLog.clear();
  return api.call(op.method, pathOf(op), { body, headers: { 'content-type': contentType }, service: op.service });
}

/** Refused with `status` and the envelope naming the body, and no handler ran. */
function expectRefused(result: CallResult, status: 400 | 413): void {
  expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(status);
  expect(result.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  expect(schemaErrors('#/components/schemas/ErrorResponse', result.body)).toEqual([]);
  expect(result.body).toEqual({ error: { message: expect.any(String), errors: { body: [expect.any(String)] } } });
  expect(api.requestLog.entries).toEqual([]);
}

describe.each([
  ['with an API key', true],
  ['without an API key', false],
])('a body too deep or too large, %s', (_label, withKey) => {
  it.each(withBody.map((op) => [op.operationId, op] as const))('%s answers 400 or 413 with the envelope', async (_id, op) => {
    expectRefused(await send(op, jsonWith(op, nestedArray(DEEP), withKey)), 400);
    expectRefused(await send(op, jsonWith(op, nestedObject(DEEP), withKey)), 400);
    expectRefused(await send(op, jsonWith(op, JSON.stringify('x'.repeat(OVERSIZED_BYTES)), withKey)), 413);
    if (!withKey) expectRefused(await send(op, nestedArray(DEEP)), 400);
  });
});

describe('the depth limit', () => {
  it(`lets ${MAX_JSON_DEPTH} levels through to the operation and refuses one more`, async () => {
    const login = contract.operations.find((op) => op.operationId === 'login');
    if (!login) throw new Error('login is not in the contract');
    // The field's value adds the last levels: the whole body is MAX_JSON_DEPTH (or one more) levels deep.
    const within = await send(login, jsonWith(login, nestedObject(MAX_JSON_DEPTH - 1), true));
    expect(within.status, JSON.stringify(within.body)).toBe(422);
    expect(api.requestLog.entries.map((entry) => entry.operationId)).toEqual(['login']);
    expectRefused(await send(login, jsonWith(login, nestedObject(MAX_JSON_DEPTH), true)), 400);
  });
});

describe('a form too large', () => {
  it.each(forms.map((op) => [op.operationId, op] as const))('%s answers 413 to too many fields or too many bytes', async (_id, op) => {
    const form = 'application/x-www-form-urlencoded';
    const fields = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `f${i}=x`).join('&');
    expectRefused(await send(op, fields, form), 413);
    expectRefused(await send(op, `state=${'x'.repeat(MAX_FORM_BYTES)}`, form), 413);
    expectRefused(await send(op, `api_key=${key}&state=${'x'.repeat(MAX_FORM_BYTES)}`, form), 413);
  });
});
