// The contract (mesh/openapi.yaml) against the running reference API: every operation has a working example (in
// contract-examples.ts) whose answer validates, strictly, against the documented response schema, and every
// operation fails with the one error envelope. Each is called at its own service's base path (API, analytics, logs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operation, loadContract } from '../../server/openapi/contract';
import { ANALYTICS_READ_TOKEN, LOG_READ_TOKEN } from './analytics-fixtures';
import { contractExamples, type Example, FAN, formBody } from './contract-examples';
import { schemaErrors } from './contract-responses';
import { type CallResult, startTestApi, type TestApi } from './harness';

const contract = loadContract();
const operations = contract.operations.map((op) => [op.operationId, op] as const);
const ERROR_RESPONSE = '#/components/schemas/ErrorResponse';

// ------------------------------------------------------------------ strict response validation

type JsonObject = Record<string, unknown>;

function expectValid(ref: string, result: CallResult): void {
  expect(result.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  expect(schemaErrors(ref, result.body), `${ref}: ${JSON.stringify(result.body).slice(0, 500)}`).toEqual([]);
}

// ------------------------------------------------------------------ helpers

/** The documented success status of an operation (exactly one 2xx or 3xx). */
function successStatus(op: Operation): string {
  const statuses = Object.keys(op.responses).filter((s) => /^[23]\d\d$/.test(s));
  expect(statuses, `${op.operationId} documents one success status`).toHaveLength(1);
  return statuses[0] ?? '';
}

/** Matches a concrete path against the contract's template, so an example cannot address another operation. */
const pathPattern = (template: string): RegExp =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/?]+')}$`);

/** A path of the operation with each parameter filled (ids 1, the passes form, the google provider). */
function samplePath(op: Operation, values: Record<string, string> = {}): string {
  const defaults: Record<string, string> = { id: '1', alias: 'passes', provider: 'google' };
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? defaults[name] ?? '1');
}

let api: TestApi;
/** A second API whose limiter allows one request per window: the only way some exempt calls can fail. */
let throttled: TestApi;
let key: string;
let fanToken: string;
let examples: Record<string, Example>;

// ------------------------------------------------------------------ the failure each operation can be driven into

interface Failure {
  /** Sent to the throttled API after its one allowed request is used up. */
  throttled?: boolean;
  path: string;
  key: boolean;
  token?: string | null;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
  status: number;
  /** The field `error.errors` must name; none for throttling. */
  field?: string;
}

const rawOperation = (op: Operation) =>
  (contract.document['paths'] as Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>)[op.path]?.[op.method.toLowerCase()];

/** The read-back operations of the analytics and log services: gated by an operator's token, not a viewer's. */
const needsReadToken = (op: Operation): boolean =>
  (rawOperation(op)?.security ?? []).some((s) => 'analyticsReadToken' in s || 'logReadToken' in s);

/**
 * The analytics and log services take no API key and know no viewer: their failures are the working example with
 * one thing wrong. Read-back without the operator's token (401 naming auth); an analytics request naming a profile
 * key no channel has (403 naming profile); a log report naming a channel that does not exist (422 naming channel).
 */
async function serviceFailure(op: Operation): Promise<Failure> {
  const example = await examples[op.operationId]?.();
  expect(example, `${op.operationId} needs a working example to break`).toBeDefined();
  const sent = { path: example?.path ?? samplePath(op), key: false, query: example?.query, body: example?.body, token: example?.token };
  if (needsReadToken(op)) return { ...sent, token: null, status: 401, field: 'auth' };
  if (op.service === 'analytics') {
    const unknown = 'no-such-profile';
    if (op.method === 'GET') return { ...sent, query: { ...sent.query, profile: unknown }, status: 403, field: 'profile' };
    return { ...sent, body: { ...(sent.body as Record<string, unknown>), profile: unknown }, status: 403, field: 'profile' };
  }
  return { ...sent, body: { ...(sent.body as Record<string, unknown>), channel: 'no-such-channel' }, status: 422, field: 'channel' };
}

/**
 * The most basic way each operation fails: no key; no viewer; an id that does not exist; a bad path value; a
 * body or query without its required fields. An exempt call with nothing to get wrong fails only when throttled.
 */
async function failureFor(op: Operation): Promise<Failure> {
  if (op.service !== 'api') return serviceFailure(op);
  if (!op.apiKeyExempt) return { path: samplePath(op), key: false, status: 401, field: 'api_key' };
  if (op.viewer === 'required') return { path: samplePath(op), key: true, status: 401, field: 'auth' };
  if (op.path.includes('{id}')) return { path: samplePath(op, { id: '999999' }), key: true, token: fanToken, status: 404, field: 'id' };
  if (op.path.includes('{provider}')) {
    // The consent form is posted by a browser as a form, without an API key.
    const form = op.bodyContentType === 'application/x-www-form-urlencoded' ? formBody({}) : {};
    return { path: samplePath(op, { provider: 'myspace' }), key: !('body' in form), ...form, status: 422, field: 'provider' };
  }
  if (op.path.includes('{alias}')) return { path: samplePath(op, { alias: 'no-such-alias' }), key: true, status: 404, field: 'alias' };
  if (op.bodySchemaRef) {
    const schemas = (contract.document['components'] as { schemas: Record<string, { required?: string[] }> }).schemas;
    const required = schemas[op.bodySchemaRef.replace('#/components/schemas/', '')]?.required ?? [];
    if (required[0]) return { path: samplePath(op), key: true, body: {}, status: 422, field: required[0] };
  }
  const requiredQuery = (op.queryParams?.['required'] as string[] | undefined) ?? [];
  if (requiredQuery[0]) return { path: samplePath(op), key: true, query: {}, status: 422, field: requiredQuery[0] };
  return { throttled: true, path: samplePath(op), key: false, status: 429 };
}

// ------------------------------------------------------------------ tests

beforeAll(async () => {
  // The read tokens are configured so the read-back examples can be answered.
  [api, throttled] = await Promise.all([
    startTestApi({ analyticsReadToken: ANALYTICS_READ_TOKEN, logReadToken: LOG_READ_TOKEN }),
    startTestApi({ rateLimit: { max: 1, windowSeconds: 60 } }),
  ]);
  key = await api.apiKey();
  fanToken = await api.login(FAN, key);
  examples = contractExamples({ api, key, fanToken });
  // Uses up the throttled API's one request per window for this IP (exempt calls are counted per IP).
  expect((await throttled.call('GET', '/settings')).status).toBe(200);
});

afterAll(async () => {
  await Promise.all([api.close(), throttled.close()]);
});

describe('the contract document', () => {
  it('has operations of every service, and an error envelope for every operation', () => {
    expect(contract.operations.length).toBeGreaterThan(80);
    expect(new Set(contract.operations.map((op) => op.service))).toEqual(new Set(['api', 'analytics', 'logs']));
    for (const op of contract.operations) expect(op.responses['4XX'], op.operationId).toBe(ERROR_RESPONSE);
  });

  it('has a working example for operations of the contract only (no stale entries in the table)', () => {
    const ids = new Set(contract.operations.map((op) => op.operationId));
    expect(Object.keys(examples).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('is validated strictly: an undeclared property or a missing required one fails', async () => {
    const result = await api.call<JsonObject>('GET', '/profile', { key, token: fanToken });
    expect(schemaErrors('#/components/schemas/Profile', result.body)).toEqual([]);
    expect(schemaErrors('#/components/schemas/Profile', { ...result.body, password_hash: 'x' }).join()).toMatch(/additionalProperties/);
    const withoutEmail = Object.fromEntries(Object.entries(result.body).filter(([name]) => name !== 'email'));
    expect(schemaErrors('#/components/schemas/Profile', withoutEmail).join()).toMatch(/required.*email/);
    // Nested schemas are closed too (the featureCount object inside the profile).
    const nested = { ...result.body, featureCount: { clips: 0, downloads: 0, views: 1 } };
    expect(schemaErrors('#/components/schemas/Profile', nested).join()).toMatch(/additionalProperties/);
  });
});

describe('every operation answers its working example with the documented status and body', () => {
  it.each(operations)('%s', async (operationId, op) => {
    const example = examples[operationId];
    expect(example, `no working example request for ${operationId}: add one to contract-examples.ts`).toBeDefined();
    if (!example) return;
    const request = await example();
    expect(request.path).toMatch(pathPattern(op.path));

    const result = await api.call(op.method, request.path, {
      key: op.apiKeyExempt ? null : key,
      token: request.token === undefined ? (op.viewer === 'required' ? fanToken : null) : request.token,
      query: request.query,
      body: request.body,
      headers: request.headers,
      service: op.service,
    });
    const status = successStatus(op);
    expect(result.status, JSON.stringify(result.body).slice(0, 500)).toBe(Number(status));

    if (op.browser) {
      expect(request.check, `browser operation ${operationId} needs its own assertions`).toBeDefined();
      if (status === '302') expect(result.headers.get('location')).toMatch(/^https?:\/\//);
      // A whole page; what it must hold (a form, a message) is the example's own check.
      else expect(String(result.body)).toMatch(/^<!doctype html>[\s\S]*<main>/i);
    } else {
      const ref = op.responses[status];
      expect(ref, `${operationId} ${status} has a JSON schema`).toMatch(/^#\/components\/schemas\//);
      expectValid(ref ?? '', result);
    }
    request.check?.(result);
  });
});

describe('every operation fails with the error envelope', () => {
  it.each(operations)('%s', async (_operationId, op) => {
    const failure = await failureFor(op);
    const target = failure.throttled ? throttled : api;
    const result = await target.call<{ error: { message: string; errors: Record<string, string[]> } }>(op.method, failure.path, {
      key: failure.key ? key : null,
      token: failure.token ?? null,
      query: failure.query,
      body: failure.body,
      headers: failure.headers,
      service: op.service,
    });
    expect(result.status, JSON.stringify(result.body)).toBe(failure.status);
    expectValid(ERROR_RESPONSE, result);
    expect(result.body.error.message).not.toBe('');
    if (failure.field) expect(Object.keys(result.body.error.errors)).toContain(failure.field);
    if (failure.throttled) expect(result.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });
});
