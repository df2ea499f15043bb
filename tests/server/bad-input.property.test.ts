/**
 * Every writing operation of the contract, fed bad input: it must answer a 4xx with the error envelope naming the
 * offending field, and leave the database exactly as it was.
 *
 * Inputs are generated from the contract's own schemas (required fields, types, lengths, formats, patterns, enums,
 * minimums, closed objects), one mutation at a time, starting from a request that is known to be valid: after the
 * property has run, the unmutated request is sent and must succeed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelByApiKey } from '../../server/domain/channels';
import { socialAccessToken } from '../../server/domain/social';
import { type JsonSchema, loadContract, type Operation } from '../../server/openapi/contract';
import { databaseSnapshot, DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from './harness';
import { fetchApi } from './contract-responses';
import { plainJsonValue } from './arbitraries';
import { hasSchemaType, propertiesOf, resolveSchema } from './contract-schemas';
import { confirmationLink, newNonce, PROVIDER_PASSWORD, ProviderBrowser, providerHandOff } from './provider-flow';

const contract = loadContract();
// The channel API's operations; the analytics and log services have their own suite (analytics-bad-input.property.test.ts).
const writingOperations = contract.operations.filter((op) => op.method !== 'GET' && op.service === 'api');

const NUM_RUNS = 30;

let api: TestApi;
let key: string;

beforeAll(async () => {
  api = await startTestApi();
  key = await api.apiKey(SUMMIT.channelKey);
});
afterAll(() => api.close());

// ------------------------------------------------------------------------------------------- schema reading




/** What JSON actually carries: `undefined` for values JSON drops. */
function throughJson(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

// ------------------------------------------------------------------------------------------- bad inputs

type Segment = string | number;

/** One change to a valid body: remove the value at `path`, or set it. `field` is the name the server must report. */
interface Edit {
  kind: string;
  path: Segment[];
  remove?: true;
  value?: unknown;
}

interface BadInput {
  kind: string;
  /** Path parameters (the valid ones unless this input breaks one). */
  params: Record<string, string>;
  body: { json: unknown } | { form: Record<string, string> } | { raw: string } | null;
  /** The server must name one of these in `error.errors`. */
  fields: string[];
}

const fieldName = (path: Segment[]): string => path.join('.');

/** Field names that are neither in the schema nor the key (the glue strips `api_key` from every body). */
const extraName = (schema: JsonSchema): fc.Arbitrary<string> =>
  fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/).filter((name) => !(name in propertiesOf(schema)) && name !== 'api_key');

/** Strings an email check must refuse: no @, two @, no dot in the domain, blanks, empty parts, a trailing dot. */
const malformedEmail: fc.Arbitrary<string> = (() => {
  const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);
  return fc.oneof(
    word,
    fc.tuple(word, word).map(([a, b]) => `${a}.${b}`),
    fc.tuple(word, word, word).map(([a, b, c]) => `${a}@${b}@${c}.com`),
    fc.tuple(word, word).map(([a, b]) => `${a}@${b}`),
    fc.tuple(word, word).map(([a, b]) => `${a} ${b}@example.com`),
    word.map((d) => `@${d}.com`),
    word.map((a) => `${a}@`),
    fc.tuple(word, word).map(([a, b]) => `${a}@${b}.com.`),
    fc.tuple(word, word).map(([a, b]) => `${a}@.${b}.com`),
  );
})();

const anyValue = fc.anything({
  maxDepth: 2,
  // Prototype-poisoning keys are refused by the JSON parser itself; they have their own case below.
  key: fc.string({ maxLength: 8 }).filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k)),
});

/** Values of the wrong JSON type for a schema. */
const wrongType = (schema: JsonSchema): fc.Arbitrary<unknown> =>
  anyValue.map(throughJson).filter((value) => value !== undefined && !hasSchemaType(schema, value));

/** Strings a property's string rules refuse: too long, too short, not an email, off-pattern, outside the enum. */
function badStrings(schema: JsonSchema, charset: 'any' | 'url'): Array<{ kind: string; value: fc.Arbitrary<string> }> {
  const out: Array<{ kind: string; value: fc.Arbitrary<string> }> = [];
  // Lengths count code points; a grapheme may hold several, so "too short" strings are ASCII.
  const text = (min: number, max: number, unit: 'grapheme' | 'grapheme-ascii' = 'grapheme'): fc.Arbitrary<string> =>
    charset === 'url'
      ? fc.stringMatching(new RegExp(`^[A-Za-z0-9_~!*'()-]{${min},${max}}$`))
      : fc.string({ minLength: min, maxLength: max, unit });
  const maxLength = schema['maxLength'];
  if (typeof maxLength === 'number') out.push({ kind: 'over maxLength', value: text(maxLength + 1, maxLength + 40) });
  const minLength = schema['minLength'];
  if (typeof minLength === 'number' && minLength > 0) out.push({ kind: 'under minLength', value: text(0, minLength - 1, 'grapheme-ascii') });
  if (schema['format'] === 'email') out.push({ kind: 'malformed email', value: malformedEmail });
  const pattern = schema['pattern'];
  if (typeof pattern === 'string') {
    const re = new RegExp(pattern, 'u');
    out.push({ kind: 'off pattern', value: text(charset === 'url' ? 1 : 0, 70).filter((s) => !re.test(s)) });
  }
  const choices = schema['enum'];
  if (Array.isArray(choices)) out.push({ kind: 'outside enum', value: text(1, 20).filter((s) => !choices.includes(s)) });
  return out;
}

/** Every single-field mutation of an object schema, applied at `path` of a valid body. */
function edits(schema: JsonSchema, base: Record<string, unknown>, path: Segment[], form: boolean): Array<fc.Arbitrary<Edit>> {
  const out: Array<fc.Arbitrary<Edit>> = [];
  const properties = propertiesOf(schema);
  const required = (schema['required'] as string[] | undefined) ?? [];

  for (const name of required) out.push(fc.constant({ kind: 'required field removed', path: [...path, name], remove: true }));
  // Request objects are closed: a field the contract does not name is refused, never ignored.
  out.push(
    fc
      .tuple(extraName(schema), form ? fc.string({ maxLength: 20 }) : plainJsonValue(2))
      .map(([extra, value]) => ({ kind: 'unknown field', path: [...path, extra], value })),
  );

  for (const [name, raw] of Object.entries(properties)) {
    const prop = resolveSchema(raw);
    const at = [...path, name];
    const set = (kind: string, value: fc.Arbitrary<unknown>): void => {
      out.push(value.map((v) => ({ kind, path: at, value: v })));
    };
    if (!form) set('wrong type', wrongType(prop));
    if (prop['type'] === 'string') {
      for (const bad of badStrings(prop, 'any')) set(bad.kind, bad.value);
    }
    if (prop['type'] === 'integer') {
      const minimum = prop['minimum'];
      if (typeof minimum === 'number') set('below minimum', fc.integer({ min: minimum - 1_000_000, max: minimum - 1 }));
      set('fraction for an integer', fc.integer({ min: 0, max: 1_000_000 }).map((n) => n + 0.5));
    }
    if (prop['type'] === 'boolean' && Array.isArray(prop['enum'])) {
      const allowed = prop['enum'] as unknown[];
      set('outside enum', fc.constantFrom(...[true, false].filter((b) => !allowed.includes(b))));
    }
    if (prop['type'] === 'array') {
      const items = resolveSchema((prop['items'] as JsonSchema | undefined) ?? {});
      const current = base[name];
      const sample: unknown = Array.isArray(current) ? current[0] : undefined;
      const maxItems = prop['maxItems'];
      if (typeof maxItems === 'number' && sample !== undefined) {
        set('over maxItems', fc.integer({ min: maxItems + 1, max: maxItems + 5 }).map((n) => Array.from({ length: n }, () => sample)));
      }
      if (items['type'] === 'object' && typeof sample === 'object' && sample !== null) {
        out.push(wrongType(items).map((value) => ({ kind: 'wrong item type', path: [...at, 0], value })));
        out.push(...edits(items, sample as Record<string, unknown>, [...at, 0], form));
      }
    }
  }
  return out;
}

function applyEdit(base: Record<string, unknown>, edit: Edit): Record<string, unknown> {
  const root = structuredClone(base);
  let node: Record<Segment, unknown> = root;
  for (const segment of edit.path.slice(0, -1)) node = node[segment] as Record<Segment, unknown>;
  const last = edit.path[edit.path.length - 1]!;
  if (edit.remove) delete node[last];
  else node[last] = edit.value;
  return root;
}

/** Invalid path parameters: off the enum or pattern, or not a positive integer. */
function badParams(op: Operation): Array<{ name: string; value: fc.Arbitrary<string> }> {
  const out: Array<{ name: string; value: fc.Arbitrary<string> }> = [];
  for (const [name, raw] of Object.entries(propertiesOf(op.pathParams ?? {}))) {
    const schema = resolveSchema(raw);
    const values: Array<fc.Arbitrary<string>> = [];
    if (schema['type'] === 'string') values.push(...badStrings(schema, 'url').map((b) => b.value));
    if (schema['type'] === 'integer') {
      const minimum = typeof schema['minimum'] === 'number' ? schema['minimum'] : 0;
      values.push(
        fc.integer({ min: minimum - 1_000_000, max: minimum - 1 }).map(String),
        fc.integer({ min: 0, max: 1_000_000 }).map((n) => `${n}.5`),
        fc.stringMatching(/^[a-z_]{1,12}$/),
      );
    }
    if (values.length === 0) throw new Error(`No generator for the path parameter ${name} of ${op.operationId}`);
    // "." and ".." would be resolved away by the URL before reaching the API.
    out.push({ name, value: fc.oneof(...values).filter((v) => v !== '' && v !== '.' && v !== '..') });
  }
  return out;
}

function badInputs(op: Operation, base: ValidRequest): fc.Arbitrary<BadInput> {
  const params = base.params ?? {};
  const choices: Array<fc.Arbitrary<BadInput>> = [];
  const form = op.bodyContentType === 'application/x-www-form-urlencoded';
  // Without an object body there is nowhere to put the key: non-exempt operations answer the missing key.
  const nonObjectField = op.apiKeyExempt ? 'body' : 'api_key';

  if (op.bodySchemaRef) {
    const schema = resolveSchema({ $ref: op.bodySchemaRef });
    const body = base.body ?? {};
    for (const edit of edits(schema, body, [], form)) {
      choices.push(
        edit.map((e) => {
          const mutated = applyEdit(body, e);
          return {
            kind: e.kind,
            params,
            body: form ? { form: mutated as Record<string, string> } : { json: mutated },
            fields: [fieldName(e.path)],
          };
        }),
      );
    }
    choices.push(
      fc
        .oneof(
          fc.array(plainJsonValue(1), { maxLength: 4 }),
          fc.string({ maxLength: 20 }),
          fc.integer(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.boolean(),
          fc.constant(null),
        )
        .map((json) => ({ kind: 'body not an object', params, body: { json }, fields: [nonObjectField] })),
      fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"email": "x" "password": "y"}').map((raw) => ({
        kind: 'unparseable JSON',
        params,
        body: { raw },
        fields: ['body'],
      })),
      fc.constant({
        kind: 'prototype poisoning',
        params,
        body: { raw: `{"__proto__":{"is_admin":true},${JSON.stringify({ ...body, api_key: key }).slice(1)}` },
        fields: ['body'],
      }),
    );
  }
  for (const param of badParams(op)) {
    choices.push(
      param.value.map((value) => ({
        kind: `invalid path parameter ${param.name}`,
        params: { ...params, [param.name]: value },
        body: base.body ? (form ? { form: base.body as Record<string, string> } : { json: base.body }) : null,
        fields: [param.name],
      })),
    );
  }
  if (choices.length === 0) throw new Error(`${op.operationId} has neither a body nor path parameters to break`);
  return fc.oneof(...choices);
}

// ------------------------------------------------------------------------------------------- sending

interface Answer {
  status: number;
  body: unknown;
}

async function send(op: Operation, input: Omit<BadInput, 'kind' | 'fields'>, token: string | null, sentHeaders: Record<string, string> = {}): Promise<Answer> {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(input.params[name] ?? ''));
  const url = new URL(`${api.baseUrl}${path}`);
  const keyInQuery = op.method === 'GET' || op.method === 'DELETE';
  if (keyInQuery) url.searchParams.set('api_key', key);
  const headers: Record<string, string> = { ...sentHeaders };
  if (token) headers['authorization'] = `Bearer ${token}`;
  let payload: string | undefined;
  const body = input.body;
  if (body && 'form' in body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams({ ...body.form, api_key: key }).toString();
  } else if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    const json = body.json;
    const isObject = typeof json === 'object' && json !== null && !Array.isArray(json);
    payload = JSON.stringify(isObject && !keyInQuery ? { ...json, api_key: key } : json);
  } else if (body && 'raw' in body) {
    headers['content-type'] = 'application/json';
    payload = body.raw;
  }
  const response = await fetchApi(url, { method: op.method, headers, body: payload, redirect: 'manual' });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, body: type.includes('json') && text ? (JSON.parse(text) as unknown) : text };
}

function changedTables(before: string, after: string): string[] {
  const rows = (snapshot: string) => new Map(JSON.parse(snapshot) as Array<[string, unknown]>);
  const a = rows(before);
  const b = rows(after);
  return [...new Set([...a.keys(), ...b.keys()])].filter((t) => JSON.stringify(a.get(t)) !== JSON.stringify(b.get(t)));
}

// ------------------------------------------------------------------------------------------- valid requests

interface ValidRequest {
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  /** The viewer's token, for operations that act for one. */
  token?: string;
  /** What else the browser sends (the reference provider's sign-in cookie). */
  headers?: Record<string, string>;
}

let counter = 0;
const freshEmail = (label: string): string => `${label}-${++counter}@summit.test`;

async function registerViewer(label: string): Promise<{ email: string; token: string }> {
  const email = freshEmail(label);
  const result = await api.call<{ token: string }>('POST', '/v2/auth/register', {
    key,
    body: { first_name: 'Pat', last_name: 'Lee', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
  });
  if (result.status !== 201) throw new Error(`register answered ${result.status}: ${JSON.stringify(result.body)}`);
  return { email, token: result.body.token };
}

function linkQuery(email: string, kind: string): { email: string; expires: number; signature: string } {
  const row = api.db
    .prepare<[string, string], { link: string }>('SELECT link FROM outbox WHERE email = ? AND kind = ? ORDER BY id DESC LIMIT 1')
    .get(email, kind);
  if (!row) throw new Error(`No ${kind} mail for ${email}`);
  const query = new URL(row.link).searchParams;
  return { email: query.get('email') ?? '', expires: Number(query.get('expires')), signature: query.get('signature') ?? '' };
}

/**
 * A browser at the reference provider, its consent page open, for an identity whose mailbox is proven: the form it
 * would post, and the cookie it posts it with.
 */
async function consentingBrowser(provider: string, email: string): Promise<{ form: Record<string, string>; cookie: string }> {
  await providerHandOff(api, { key, provider, email });
  const browser = new ProviderBrowser(api, provider);
  const page = await browser.open(key, newNonce());
  return { form: { state: page.state, flow: page.flow, email, password: PROVIDER_PASSWORD, name: 'Kim Consent' }, cookie: `social_sign_in=${browser.flowCookie ?? ''}` };
}

/** The token of the confirmation link mailed to a new identity's address. */
async function confirmationToken(provider: string, email: string): Promise<string> {
  const browser = new ProviderBrowser(api, provider);
  await browser.submit(await browser.open(key, newNonce()), { email, password: PROVIDER_PASSWORD, name: 'Pat Confirm' });
  return new URL(confirmationLink(api, email) ?? 'http://invalid/').searchParams.get('token') ?? '';
}

async function participantId(): Promise<number> {
  const list = await api.call<{ data: Array<{ id: number }> }>('GET', '/participants', { key, query: { no_limit: 1 } });
  const first = list.body.data[0];
  if (!first) throw new Error('No participant');
  return first.id;
}

async function vodItemId(): Promise<number> {
  const list = await api.call<{ data: Array<{ id: number }> }>('GET', '/vod-media-items', { key, query: { no_limit: 1 } });
  const first = list.body.data[0];
  if (!first) throw new Error('No VOD item');
  return first.id;
}

const TEST_CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' };

/** A paid event of the demo catalogue, with its single-event package. */
async function paidEvent(): Promise<{ id: number; single_event_package_id: number }> {
  const list = await api.call<{ data: Array<{ id: number; type: string; single_event_package_id: number }> }>('GET', '/events', { key, query: { no_limit: 1 } });
  const event = list.body.data.find((e) => e.type === 'paid');
  if (!event) throw new Error('No paid event');
  return event;
}

async function monthlyPlanId(): Promise<number> {
  const list = await api.call<{ data: Array<{ id: number; trial_period: number }> }>('GET', '/subscriptions', { key });
  const plan = list.body.data.find((p) => p.trial_period > 0);
  if (!plan) throw new Error('No plan with a trial');
  return plan.id;
}

async function ok<T>(method: string, path: string, token: string, body: unknown): Promise<T> {
  const result = await api.call<T>(method, path, { key, token, body });
  if (result.status >= 300) throw new Error(`${method} ${path} answered ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body;
}

/** Saves the Visa test card for the viewer; answers its payment method id. */
async function savedCard(token: string): Promise<string> {
  const intent = await ok<{ client_secret: string }>('POST', '/stripe/setup-intent', token, {});
  return (await ok<{ id: string }>('POST', '/stripe/setup-intent/confirm', token, { client_secret: intent.client_secret, card: TEST_CARD })).id;
}

/** For each writing operation, a request the API accepts. Bad inputs are single mutations of it. */
const validRequests: Record<string, () => Promise<ValidRequest>> = {
  async getApiKey() {
    return { body: { channel_key: SUMMIT.channelKey } };
  },
  async updateProfile() {
    const { token } = await registerViewer('profile');
    return { body: { _method: 'PATCH', first_name: 'Robin', last_name: 'Park', phone: '+1 (555) 010-2000', language: 'fr' }, token };
  },
  async login() {
    const { email } = await registerViewer('login');
    return { body: { email, password: DEMO_PASSWORD } };
  },
  async register() {
    return {
      body: {
        first_name: 'Ada',
        last_name: 'Stone',
        email: freshEmail('register'),
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
        phone: '+1 555 010 3000',
        terms: true,
        language: 'en',
      },
    };
  },
  async socialLogin() {
    // What a real provider would hand the app (the reference one hands it a code instead).
    const channel = channelByApiKey(api.db, key);
    if (!channel) throw new Error('No channel for the key');
    const accessToken = socialAccessToken(channel, 'google', freshEmail('social-login'), 'Sam Social', api.clock.now() + 600);
    return { params: { provider: 'google' }, body: { access_token: accessToken } };
  },
  async socialConsentSubmit() {
    const { form, cookie } = await consentingBrowser('facebook', freshEmail('consent'));
    return { params: { provider: 'facebook' }, body: form, headers: { cookie } };
  },
  async socialConfirmSubmit() {
    return { params: { provider: 'google' }, body: { token: await confirmationToken('google', freshEmail('confirm')) } };
  },
  async logout() {
    const { token } = await registerViewer('logout');
    return { body: {}, token };
  },
  async verifyEmail() {
    const { email } = await registerViewer('verify');
    return { body: linkQuery(email, 'email_verify') };
  },
  async requestPasswordReset() {
    const { email } = await registerViewer('reset-request');
    return { body: { email } };
  },
  async resetPassword() {
    const { email } = await registerViewer('reset');
    const requested = await api.call('POST', '/auth/password-reset-request', { key, body: { email } });
    if (requested.status !== 200) throw new Error(`password-reset-request answered ${requested.status}`);
    return { body: { ...linkQuery(email, 'password_reset'), password: 'N3w-Password!', password_confirmation: 'N3w-Password!' } };
  },
  async addSession() {
    const { code, nonce } = await providerHandOff(api, { key, provider: 'facebook', email: freshEmail('add-session') });
    return { body: { code, nonce } };
  },
  async confirmAccountDeletion() {
    const { email, token } = await registerViewer('delete');
    const requested = await api.call('POST', '/profile', { key, token, body: { _method: 'DELETE' } });
    if (requested.status !== 200) throw new Error(`account deletion request answered ${requested.status}`);
    return { body: linkQuery(email, 'account_deletion') };
  },
  async submitCustomForm() {
    const { token } = await registerViewer('form');
    return {
      params: { alias: 'passes' },
      body: { values: [{ name: 'basic_pass', value: 'free-basic-2023-24' }, { name: 'newsletter', value: 'true' }] },
      token,
    };
  },
  async createContactRequest() {
    return { body: { name: 'Dana Fan', email: freshEmail('contact'), phone: '+1 555 010 2000', subject: 'Replay audio', message: 'No sound on the replay.' } };
  },
  async addFavorite() {
    const { token } = await registerViewer('favourite');
    return { body: { favoritable_id: await participantId(), favoritable_type: 'participant' }, token };
  },
  async removeFavorite() {
    const { token } = await registerViewer('unfavourite');
    const added = await api.call<{ id: number }>('POST', '/favorite', {
      key,
      token,
      body: { favoritable_id: await participantId(), favoritable_type: 'participant' },
    });
    if (added.status !== 200) throw new Error(`favorite answered ${added.status}`);
    return { params: { id: String(added.body.id) }, token };
  },
  async saveWatchProgress() {
    const { token } = await registerViewer('progress');
    return { body: { item_type: 'vod_item', item_id: await vodItemId(), position: 42.5, duration: 600 }, token };
  },
  async removeWatchProgress() {
    const { token } = await registerViewer('unprogress');
    const item = await vodItemId();
    await ok('PUT', '/watch_progress', token, { item_type: 'vod_item', item_id: item, position: 42.5, duration: 600 });
    return { params: { item_type: 'vod_item', item_id: String(item) }, token };
  },
  async buy() {
    const { token } = await registerViewer('buy');
    const event = await paidEvent();
    return { body: { type: 'event', id: event.id, single_event_package_id: event.single_event_package_id, coupon: 'WELCOME10' }, token };
  },
  async confirmPayment() {
    const { token } = await registerViewer('confirm');
    const event = await paidEvent();
    const bought = await ok<{ client_secret: string }>('POST', '/stripe/buy', token, { type: 'event', id: event.id, single_event_package_id: event.single_event_package_id });
    return { body: { client_secret: bought.client_secret, card: TEST_CARD, save_card: true }, token };
  },
  async unsubscribe() {
    const { token } = await registerViewer('unsubscribe');
    const subscriptionId = await monthlyPlanId();
    await ok('POST', '/stripe/subscription/start_trial', token, { subscription_id: subscriptionId, payment_method_id: await savedCard(token) });
    return { body: { subscription_id: subscriptionId }, token };
  },
  async startSubscriptionTrial() {
    const { token } = await registerViewer('trial');
    return { body: { subscription_id: await monthlyPlanId(), payment_method_id: await savedCard(token) }, token };
  },
  async createSetupIntent() {
    const { token } = await registerViewer('setup-intent');
    return { body: {}, token };
  },
  async confirmSetupIntent() {
    const { token } = await registerViewer('setup-confirm');
    const intent = await ok<{ client_secret: string }>('POST', '/stripe/setup-intent', token, {});
    return { body: { client_secret: intent.client_secret, card: TEST_CARD, set_default: true }, token };
  },
  async createClip() {
    const token = await api.login('fan@summit.test', key);
    return { body: await clipRequest(), token };
  },
  async deleteClip() {
    // A processed clip: a queued one cannot be deleted yet.
    const token = await api.login('fan@summit.test', key);
    const clip = await ok<{ id: number }>('POST', '/clip', token, await clipRequest());
    api.clock.advance(3);
    api.runJobs();
    return { params: { id: String(clip.id) }, token };
  },
};

/** A clip of the first free finished event (the clips suite has the semantic cases: clips-bad-input.property.test.ts). */
async function clipRequest(): Promise<Record<string, unknown>> {
  const list = await api.call<{ data: Array<{ id: number; type: string }> }>('GET', '/events', { key, query: { stream_status: 'vod', no_limit: 1 } });
  const event = list.body.data.find((e) => e.type === 'free');
  if (!event) throw new Error('No finished free event');
  return { event_id: event.id, name: 'Breakaway', start_time: 10, duration: 20, tags: ['DEFAULT'] };
}

// ------------------------------------------------------------------------------------------- the property

function expectErrorEnvelope(answer: Answer, fields: string[], what: string): void {
  expect(answer.status, what).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  const envelope = answer.body as { error?: { message?: unknown; errors?: Record<string, unknown> } };
  expect(typeof envelope.error?.message, what).toBe('string');
  const errors = envelope.error?.errors ?? {};
  expect(Object.keys(errors).length, what).toBeGreaterThan(0);
  for (const messages of Object.values(errors)) {
    expect(Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string'), what).toBe(true);
  }
  expect(
    fields.some((field) => field in errors),
    `${what}: expected one of ${JSON.stringify(fields)} in ${JSON.stringify(errors)}`,
  ).toBe(true);
}

describe('bad input to every writing operation', () => {
  it('covers every writing operation of the contract', () => {
    expect(writingOperations.length).toBeGreaterThan(10);
    const missing = writingOperations.map((op) => op.operationId).filter((id) => !(id in validRequests));
    expect(missing, 'writing operations without a bad-input generator').toEqual([]);
    const stale = Object.keys(validRequests).filter((id) => !writingOperations.some((op) => op.operationId === id));
    expect(stale, 'generators for operations that are not writing operations of the contract').toEqual([]);
  });

  it.each(writingOperations.map((op) => [`${op.method} ${op.path} (${op.operationId})`, op] as const))(
    '%s: 4xx with the error envelope, nothing written',
    async (_title, op) => {
      const setUp = validRequests[op.operationId];
      if (!setUp) throw new Error(`No bad-input generator for the writing operation ${op.operationId}`);
      const valid = await setUp();
      const token = op.viewer === 'required' ? (valid.token ?? null) : null;
      if (op.viewer === 'required') expect(token, `${op.operationId} needs a viewer`).toBeTruthy();

      await fc.assert(
        fc.asyncProperty(badInputs(op, valid), async (bad) => {
          const before = databaseSnapshot(api.db);
          const answer = await send(op, bad, token, valid.headers);
          const what = `${op.operationId}, ${bad.kind}: ${JSON.stringify(bad.body)} ${JSON.stringify(bad.params)} → ${answer.status} ${JSON.stringify(answer.body)}`;
          expectErrorEnvelope(answer, bad.fields, what);
          expect(changedTables(before, databaseSnapshot(api.db)), `${what}: tables written`).toEqual([]);
        }),
        { numRuns: NUM_RUNS },
      );

      // The control: the request every bad input was derived from is accepted.
      const form = op.bodyContentType === 'application/x-www-form-urlencoded';
      const body = valid.body ? (form ? { form: valid.body as Record<string, string> } : { json: valid.body }) : null;
      const accepted = await send(op, { params: valid.params ?? {}, body }, token, valid.headers);
      expect(accepted.status, `${op.operationId} valid request: ${JSON.stringify(accepted.body)}`).toBeGreaterThanOrEqual(200);
      expect(accepted.status, `${op.operationId} valid request: ${JSON.stringify(accepted.body)}`).toBeLessThan(400);
    },
  );
});
