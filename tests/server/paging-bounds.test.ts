/**
 * Integer parameters in range, and written as integers: every list read's `offset` and `limit`, and every other
 * integer query or path parameter of the contract, refuse a value that is not a decimal integer within the contract's
 * bounds with 422 naming the parameter. `offset=1e400` used to answer `meta.offset: null`, `0x10` read as 16 and
 * `9007199254740993` as the float after it. Each request is the operation's working example (contract-examples.ts)
 * with one parameter replaced, so nothing else about it is wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JsonSchema, loadContract, type Operation } from '../../server/openapi/contract';
import { ANALYTICS_READ_TOKEN, LOG_READ_TOKEN } from './analytics-fixtures';
import { contractExamples, type Example, FAN } from './contract-examples';
import { resolveSchema } from './contract-schemas';
import { type CallResult, startTestApi, type TestApi } from './harness';

const contract = loadContract();

/**
 * Values that are not an integer as a query or a path writes one (JavaScript reads `0x1`, `1.0`, `1e0` and ` 1` as 1,
 * which is within every bound), or not one within any bound the contract sets.
 */
const NOT_INTEGERS = ['1e400', '1.5', '-1', '9007199254740993', '0x10', 'Infinity', '-Infinity', 'NaN', '0x1', '1.0', '1e0', ' 1', '+1', '1 ', ''];

const parametersOf = (schema: JsonSchema | null): Record<string, JsonSchema> =>
  Object.fromEntries(Object.entries((schema?.['properties'] as Record<string, JsonSchema> | undefined) ?? {}).map(([name, s]) => [name, resolveSchema(s)]));

const integers = (schema: JsonSchema | null): string[] =>
  Object.entries(parametersOf(schema))
    .filter(([, s]) => s['type'] === 'integer')
    .map(([name]) => name);

const pagedReads = contract.operations.filter((op) => op.method === 'GET' && ['offset', 'limit'].some((name) => name in parametersOf(op.queryParams)));
const integerParameters = contract.operations.flatMap((op) => [
  ...integers(op.queryParams)
    .filter((name) => name !== 'offset' && name !== 'limit')
    .map((name) => [`${op.operationId} ?${name}`, op, 'query', name] as const),
  ...integers(op.pathParams).map((name) => [`${op.operationId} {${name}}`, op, 'path', name] as const),
]);

let api: TestApi;
let key: string;
let fanToken: string;
let examples: Record<string, Example>;

beforeAll(async () => {
  api = await startTestApi({ analyticsReadToken: ANALYTICS_READ_TOKEN, logReadToken: LOG_READ_TOKEN });
  key = await api.apiKey();
  fanToken = await api.login(FAN, key);
  examples = contractExamples({ api, key, fanToken });
});
afterAll(() => api.close());

/** The operation's working example with `name` (a query or path parameter) set to `value`, as written. */
async function sendWith(op: Operation, where: 'query' | 'path', name: string, value: string): Promise<CallResult> {
  const example = await examples[op.operationId]?.();
  if (!example) throw new Error(`${op.operationId} has no working example`);
  let path = example.path;
  if (where === 'path') {
    // The example's own values for the other parameters: its path, segment by segment against the template.
    const template = op.path.split('/');
    path = example.path
      .split('/')
      .map((segment, i) => (template[i] === `{${name}}` ? encodeURIComponent(value) : segment))
      .join('/');
  }
  return api.call(op.method, path, {
    key: op.apiKeyExempt ? null : key,
    token: example.token === undefined ? (op.viewer === 'required' ? fanToken : null) : example.token,
    query: where === 'query' ? { ...example.query, [name]: value } : example.query,
    body: example.body,
    headers: example.headers,
    service: op.service,
  });
}

function expectRefused(result: CallResult, field: string, value: string): void {
  expect(result.status, `${JSON.stringify(value)}: ${JSON.stringify(result.body)}`).toBe(422);
  expect(Object.keys((result.body as { error: { errors: Record<string, string[]> } }).error.errors), JSON.stringify(value)).toContain(field);
}

describe('every list read pages with integers in range', () => {
  it('has list reads to check', () => expect(pagedReads.length).toBeGreaterThanOrEqual(10));

  it.each(pagedReads.map((op) => [op.operationId, op] as const))('%s refuses an offset or a limit that is not one', async (_id, op) => {
    for (const name of ['offset', 'limit'].filter((n) => n in parametersOf(op.queryParams))) {
      const schema = parametersOf(op.queryParams)[name] ?? {};
      const over = String(Number(schema['maximum']) + 1);
      expect(schema['maximum'], `${name} has a maximum in the contract`).toEqual(expect.any(Number));
      for (const value of [...NOT_INTEGERS, over]) expectRefused(await sendWith(op, 'query', name, value), name, value);
    }
  });

  it.each(pagedReads.map((op) => [op.operationId, op] as const))('%s answers its largest offset and limit', async (_id, op) => {
    const parameters = parametersOf(op.queryParams);
    for (const name of ['offset', 'limit'].filter((n) => n in parameters)) {
      const largest = Number(parameters[name]?.['maximum']);
      const result = await sendWith(op, 'query', name, String(largest));
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const meta = (result.body as { meta?: Record<string, unknown> }).meta;
      if (meta && name === 'offset') expect(meta['offset']).toBe(largest);
    }
  });
});

describe('every other integer parameter is an integer in range', () => {
  it.each(integerParameters)('%s', async (_label, op, where, name) => {
    const values = where === 'path' ? NOT_INTEGERS.filter((v) => v !== '') : NOT_INTEGERS;
    for (const value of values) expectRefused(await sendWith(op, where, name, value), name, value);
  });
});
