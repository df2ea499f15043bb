// The contract (mesh/openapi.yaml) against the running reference API: every part-1 operation has a working example
// whose answer validates, strictly, against the documented response schema; every operation fails with the one
// error envelope; part-2 operations are routed but answer 501 until the next issue implements them.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operation, loadContract } from '../../server/openapi/contract';
import { type CallResult, DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from './harness';

const contract = loadContract();
const part1 = contract.operations.filter((op) => op.part === 1);
const part2 = contract.operations.filter((op) => op.part === 2);
const ERROR_RESPONSE = '#/components/schemas/ErrorResponse';
const FAN = 'fan@summit.test';

// ------------------------------------------------------------------ strict response validation

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of the contract in which every component schema that declares `properties` (and says nothing about
 * `additionalProperties`) is closed, so an answer carrying a field the contract does not declare fails.
 */
function closeObjectSchemas(document: JsonObject): JsonObject {
  const copy = structuredClone(document);
  const schemas = (copy['components'] as { schemas: Record<string, unknown> }).schemas;
  for (const schema of Object.values(schemas)) {
    if (isObject(schema) && isObject(schema['properties']) && !('additionalProperties' in schema)) {
      schema['additionalProperties'] = false;
    }
  }
  return copy;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(closeObjectSchemas(contract.document), 'openapi');
const compiled = new Map<string, ValidateFunction>();

function validatorFor(ref: string): ValidateFunction {
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi${ref}` });
    compiled.set(ref, validate);
  }
  return validate;
}

/** Ajv's errors for `body` against the schema `ref` (empty when it validates). */
function schemaErrors(ref: string, body: unknown): string[] {
  const validate = validatorFor(ref);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.keyword}: ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

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

async function registerViewer(email: string): Promise<string> {
  const result = await api.call<{ token: string }>('POST', '/v2/auth/register', {
    key,
    body: { first_name: 'Contract', last_name: 'Tester', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.token;
}

/** The signed-link fields of the last mail of a kind to an address (the reference API keeps mail in `outbox`). */
function mailedLink(email: string, kind: string): { email: string; expires: number; signature: string } {
  const row = api.db
    .prepare<[string, string], { link: string }>('SELECT link FROM outbox WHERE email = ? AND kind = ? ORDER BY id DESC LIMIT 1')
    .get(email, kind);
  expect(row, `a ${kind} mail to ${email}`).toBeDefined();
  const query = new URL(row?.link ?? 'http://invalid/').searchParams;
  return { email: query.get('email') ?? '', expires: Number(query.get('expires')), signature: query.get('signature') ?? '' };
}

const formBody = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** Submits the reference provider's consent form and answers where it redirects (the callback with a code). */
async function consent(email: string, provider = 'google'): Promise<URL> {
  const result = await api.call('POST', `/auth/login/${provider}`, formBody({ state: key, email, name: 'Social Viewer' }));
  expect(result.status).toBe(302);
  return new URL(result.headers.get('location') ?? '');
}

/** Follows the provider's callback and answers where it sends the browser (the app's /login). */
async function callback(email: string, provider = 'google'): Promise<URL> {
  const target = await consent(email, provider);
  const result = await api.call('GET', `/auth/login/${provider}/callback`, {
    query: { code: target.searchParams.get('code') ?? '', state: target.searchParams.get('state') ?? '' },
  });
  expect(result.status).toBe(302);
  return new URL(result.headers.get('location') ?? '');
}

// ------------------------------------------------------------------ working examples, one per part-1 operation

interface ExampleRequest {
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Defaults to the fan's token when the operation requires a viewer, none otherwise. */
  token?: string | null;
  /** Extra assertions on the answer (required for browser operations, whose answers are not JSON). */
  check?: (result: CallResult) => void;
}

type Example = () => ExampleRequest | Promise<ExampleRequest>;

const examples: Record<string, Example> = {
  getChannelKey: () => ({ path: '/keys' }),
  getApiKey: () => ({ path: '/get_api_key', body: { channel_key: SUMMIT.channelKey } }),
  getProfile: () => ({ path: '/profile' }),
  updateProfile: () => ({ path: '/profile', body: { _method: 'PATCH', phone: '+1 612 555 0100' } }),
  getUserAccess: () => ({ path: '/user/access' }),
  login: () => ({ path: '/v2/auth/login', body: { email: FAN, password: DEMO_PASSWORD } }),
  register: () => ({
    path: '/v2/auth/register',
    body: {
      first_name: 'Riley',
      last_name: 'Contract',
      email: 'contract-register@summit.test',
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
      phone: '+1 (612) 555-0101',
      terms: true,
      language: 'en',
    },
  }),
  socialLogin: async () => {
    const accessToken = (await callback('contract-social@summit.test')).searchParams.get('access_token') ?? '';
    return { path: '/v2/auth/social/google', body: { access_token: accessToken } };
  },
  socialConsentPage: () => ({
    path: '/auth/login/google',
    query: { state: key },
    check: (result) => {
      expect(result.headers.get('content-type') ?? '').toMatch(/^text\/html/);
      const html = String(result.body);
      expect(html).toContain(`<form method="post" action="${api.baseUrl}/auth/login/google">`);
      expect(html).toContain(`name="state" value="${key}"`);
      expect(html).toMatch(/name="email"/);
      expect(html).toMatch(/name="name"/);
    },
  }),
  socialConsentSubmit: () => ({
    path: '/auth/login/google',
    ...formBody({ state: key, email: 'contract-consent@summit.test', name: 'Consent Viewer' }),
    check: (result) => {
      const location = new URL(result.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(`${api.baseUrl}/auth/login/google/callback`);
      expect(location.searchParams.get('code')).toMatch(/\S+/);
      expect(location.searchParams.get('state')).toBe(key);
    },
  }),
  socialCallback: async () => {
    const target = await consent('contract-callback@summit.test');
    return {
      path: '/auth/login/google/callback',
      query: { code: target.searchParams.get('code') ?? '', state: key },
      check: (result) => {
        const location = new URL(result.headers.get('location') ?? '');
        expect(`${location.origin}${location.pathname}`).toBe('http://app.test/login');
        expect(location.searchParams.get('code')).toBe(target.searchParams.get('code'));
        expect(location.searchParams.get('provider')).toBe('google');
        expect(location.searchParams.get('access_token')).toMatch(/\S+/);
      },
    };
  },
  logout: async () => ({ path: '/auth/logout', token: await api.login(FAN, key) }),
  verifyEmail: async () => {
    await registerViewer('contract-verify@summit.test');
    return { path: '/auth/email-verify', body: mailedLink('contract-verify@summit.test', 'email_verify') };
  },
  requestPasswordReset: () => ({ path: '/auth/password-reset-request', body: { email: 'basic@summit.test' } }),
  resetPassword: async () => {
    const email = 'contract-reset@summit.test';
    await registerViewer(email);
    const requested = await api.call('POST', '/auth/password-reset-request', { key, body: { email } });
    expect(requested.status).toBe(200);
    const newPassword = 'NewPassword456!';
    return { path: '/auth/password-reset', body: { ...mailedLink(email, 'password_reset'), password: newPassword, password_confirmation: newPassword } };
  },
  addSession: async () => {
    const target = await consent('contract-session@summit.test');
    return { path: '/auth/add_session', body: { code: target.searchParams.get('code') ?? '' } };
  },
  confirmAccountDeletion: async () => {
    const email = 'contract-delete@summit.test';
    const token = await registerViewer(email);
    const asked = await api.call('POST', '/profile', { key, token, body: { _method: 'DELETE' } });
    expect(asked.status).toBe(200);
    return { path: '/delete-account-confirm', body: mailedLink(email, 'account_deletion') };
  },
  getSettings: () => ({ path: '/settings' }),
  getMenu: () => ({ path: '/menu' }),
  getSlides: () => ({ path: '/slides/web', query: { type: 'main' } }),
  getPages: () => ({ path: '/pages' }),
  getPage: () => ({ path: '/pages/about-network' }),
  getColorSettings: () => ({ path: '/color-settings/web' }),
  getGeo: () => ({ path: '/geo', token: fanToken }),
  getFaq: () => ({ path: '/faq' }),
  getCustomForm: () => ({ path: '/custom-forms/passes', token: fanToken }),
  submitCustomForm: () => ({
    path: '/custom-forms/passes',
    body: { values: [{ name: 'basic_pass', value: 'free-basic-2023-24' }, { name: 'newsletter', value: 'true' }] },
  }),
  listEvents: () => ({ path: '/events', query: { no_limit: 1 }, token: fanToken }),
  getEvent: () => ({ path: '/events/1' }),
  listEventCategories: () => ({ path: '/events-categories' }),
  getHomepageEvents: () => ({ path: '/events-for-homepage' }),
  listFavoriteEvents: () => ({ path: '/events/favorite', query: { limit: 100 } }),
  listEventLocations: () => ({ path: '/events-locations' }),
  listParticipants: () => ({ path: '/participants', query: { no_limit: 1 } }),
  listParticipantGroups: () => ({ path: '/participant-groups' }),
  listParticipantGroupProperties: () => ({ path: '/participant-group-properties' }),
  listVodMedia: () => ({ path: '/vod-media-items', query: { no_limit: 1 } }),
  getVodMedia: () => ({ path: '/vod-media-items/1' }),
  listVodCategories: () => ({ path: '/vod-media-categories' }),
  searchVodMedia: () => ({ path: '/vod-media/search', query: { title: 'hockey' } }),
  listVodRails: () => ({ path: '/vod-media-rails' }),
  listFavorites: () => ({ path: '/favorites' }),
  addFavorite: () => ({ path: '/favorite', body: { favoritable_id: 4, favoritable_type: 'group' } }),
  removeFavorite: async () => {
    const added = await api.call<{ id: number }>('POST', '/favorite', {
      key,
      token: fanToken,
      body: { favoritable_id: 1, favoritable_type: 'category' },
    });
    expect(added.status).toBe(200);
    return { path: `/favorite/${added.body.id}` };
  },
};

// ------------------------------------------------------------------ the failure each operation can be driven into

interface Failure {
  /** Sent to the throttled API after its one allowed request is used up. */
  throttled?: boolean;
  path: string;
  key: boolean;
  token?: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  status: number;
  /** The field `error.errors` must name; none for throttling. */
  field?: string;
}

/**
 * The most basic way each operation fails: no key; no viewer; an id that does not exist; a bad path value; a
 * body or query without its required fields. An exempt call with nothing to get wrong fails only when throttled.
 */
function failureFor(op: Operation): Failure {
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
  [api, throttled] = await Promise.all([startTestApi(), startTestApi({ rateLimit: { max: 1, windowSeconds: 60 } })]);
  key = await api.apiKey();
  fanToken = await api.login(FAN, key);
  // Uses up the throttled API's one request per window for this IP (exempt calls are counted per IP).
  expect((await throttled.call('GET', '/settings')).status).toBe(200);
});

afterAll(async () => {
  await Promise.all([api.close(), throttled.close()]);
});

describe('the contract document', () => {
  it('has operations of both parts, and an error envelope for every operation', () => {
    expect(part1.length).toBeGreaterThan(30);
    expect(part2.length).toBeGreaterThan(0);
    for (const op of contract.operations) expect(op.responses['4XX'], op.operationId).toBe(ERROR_RESPONSE);
  });

  it('has a working example for part-1 operations only (no stale entries in the table)', () => {
    const part1Ids = new Set(part1.map((op) => op.operationId));
    expect(Object.keys(examples).filter((id) => !part1Ids.has(id))).toEqual([]);
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

describe('every part-1 operation answers its working example with the documented status and body', () => {
  it.each(part1.map((op) => [op.operationId, op] as const))('%s', async (operationId, op) => {
    const example = examples[operationId];
    expect(example, `no working example request for ${operationId}: add one to the examples table`).toBeDefined();
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
      else expect(String(result.body)).toMatch(/<form[\s>]/);
    } else {
      const ref = op.responses[status];
      expect(ref, `${operationId} ${status} has a JSON schema`).toMatch(/^#\/components\/schemas\//);
      expectValid(ref ?? '', result);
    }
    request.check?.(result);
  });
});

describe('every part-1 operation fails with the error envelope', () => {
  it.each(part1.map((op) => [op.operationId, op] as const))('%s', async (_operationId, op) => {
    const failure = failureFor(op);
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

describe('part-2 operations: declared in the contract, implemented by the next issue (501 until then)', () => {
  it.each(part2.map((op) => [op.operationId, op] as const))('%s answers 501 Not Implemented with the error envelope', async (operationId, op) => {
    const result = await api.call<{ error: { message: string } }>(op.method, samplePath(op), {
      key,
      token: fanToken,
      service: op.service,
      ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { body: {} }),
    });
    expect(result.status).toBe(501);
    expectValid(ERROR_RESPONSE, result);
    expect(result.body.error.message).toContain(operationId);
  });
});
