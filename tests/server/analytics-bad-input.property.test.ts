/**
 * Every writing operation of the analytics and log services, fed bad input: it must answer a 4xx with the error
 * envelope naming the offending field, and leave the database exactly as it was.
 *
 * Two kinds of bad input, one change at a time to a request known to be valid (sent last, it must succeed):
 * - from the contract's own schemas: a required field removed, an unknown field, a wrong JSON type, strings that
 *   break a length, format, pattern or enum, numbers outside their range, bodies that are not JSON objects;
 * - from the services' rules: an unknown profile key; a session that is unknown, of another channel or expired;
 *   the fields of another event kind; a video view of another channel or stream; an unknown log channel.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_PREFIXES } from '../../server/app';
import { type JsonSchema, loadContract, type Operation } from '../../server/openapi/contract';
import { ANALYTICS_SESSION_SECONDS } from '../../server/domain/analytics';
import {
  apiRequestEventBody,
  logBody,
  ORIGIN_URL,
  profileOf,
  sessionBody,
  startSession,
  startView,
  videoEventBody,
  viewingBody,
} from './analytics-fixtures';
import { BOREAL, databaseSnapshot, startTestApi, SUMMIT, type TestApi } from './harness';
import { fetchApi } from './contract-responses';
import { plainJsonValue } from './arbitraries';
import { hasSchemaType, propertiesOf, resolveSchema } from './contract-schemas';

const contract = loadContract();
const serviceOperations = contract.operations.filter((op) => op.service !== 'api');
const writingOperations = serviceOperations.filter((op) => op.method !== 'GET');

/** Runs per kind of bad input: every kind is tried on every run of the suite. */
const RUNS_PER_KIND = 2;
const NUM_RUNS = 40;
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

let api: TestApi;
let summit: string;
let boreal: string;
/** Sessions and views the rules refuse or accept; see beforeAll. */
let expiredSession: string;
let liveSession: string;
let liveView: string;
let borealSession: string;
let borealView: string;

beforeAll(async () => {
  api = await startTestApi();
  summit = profileOf(api, 'summit');
  boreal = profileOf(api, 'boreal');
  expiredSession = await startSession(api, summit);
  api.clock.advance(ANALYTICS_SESSION_SECONDS);
  liveSession = await startSession(api, summit);
  liveView = await startView(api, summit, liveSession);
  borealSession = await startSession(api, boreal);
  borealView = await startView(api, boreal, borealSession);
});
afterAll(() => api.close());

// ------------------------------------------------------------------------------------------- schema reading




// ------------------------------------------------------------------------------------------- bad inputs

/** One change to a valid body; the server must name one of `fields`. */
interface BadInput {
  kind: string;
  body: { json: unknown } | { raw: string; contentType: string };
  fields: string[];
}

const anyJson = fc
  .anything({ maxDepth: 2, key: fc.string({ maxLength: 8 }).filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k)) })
  .map((value) => {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  });

const wrongType = (schema: JsonSchema): fc.Arbitrary<unknown> => anyJson.filter((v) => v !== undefined && !hasSchemaType(schema, v));

const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);
const malformedEmail = fc.oneof(
  word,
  fc.tuple(word, word).map(([a, b]) => `${a}@${b}`),
  fc.tuple(word, word, word).map(([a, b, c]) => `${a}@${b}@${c}.com`),
  fc.tuple(word, word).map(([a, b]) => `${a} ${b}@example.com`),
  word.map((a) => `${a}@`),
);
const malformedUuid = fc
  .oneof(fc.string({ maxLength: 40 }), fc.uuid().map((u) => u.slice(0, -1)), fc.uuid().map((u) => `${u}0`), fc.uuid().map((u) => u.replaceAll('-', '')))
  .filter((s) => !UUID.test(s));
const malformedDateTime = fc.oneof(
  fc.constantFrom('2024-13-01T00:00:00Z', '2024-02-30T10:00:00Z', '2024-01-01', '2024-01-01T25:00:00Z', '2024-01-01T10:00:00', 'yesterday', ''),
  fc.string({ maxLength: 30 }).filter((s) => !/^\d{4}-\d\d-\d\dT/.test(s)),
);

/** Strings a string property refuses. */
function badStrings(schema: JsonSchema): Array<{ kind: string; value: fc.Arbitrary<string> }> {
  const out: Array<{ kind: string; value: fc.Arbitrary<string> }> = [];
  const maxLength = schema['maxLength'];
  if (typeof maxLength === 'number') out.push({ kind: 'over maxLength', value: fc.string({ minLength: maxLength + 1, maxLength: maxLength + 40, unit: 'grapheme' }) });
  const minLength = schema['minLength'];
  if (typeof minLength === 'number' && minLength > 0) out.push({ kind: 'under minLength', value: fc.string({ maxLength: minLength - 1 }) });
  if (schema['format'] === 'email') out.push({ kind: 'malformed email', value: malformedEmail });
  if (schema['format'] === 'uuid') out.push({ kind: 'malformed uuid', value: malformedUuid });
  if (schema['format'] === 'date-time') out.push({ kind: 'malformed date-time', value: malformedDateTime });
  const pattern = schema['pattern'];
  if (typeof pattern === 'string') {
    const re = new RegExp(pattern, 'u');
    out.push({ kind: 'off pattern', value: fc.string({ maxLength: 70, unit: 'grapheme' }).filter((s) => !re.test(s)) });
  }
  const choices = schema['enum'];
  if (Array.isArray(choices)) out.push({ kind: 'outside enum', value: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !choices.includes(s)) });
  return out;
}

/** Numbers a number or integer property refuses. */
function badNumbers(schema: JsonSchema): Array<{ kind: string; value: fc.Arbitrary<number> }> {
  const out: Array<{ kind: string; value: fc.Arbitrary<number> }> = [];
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  if (typeof minimum === 'number') out.push({ kind: 'below minimum', value: fc.integer({ min: minimum - 1_000_000, max: minimum - 1 }) });
  if (typeof maximum === 'number') out.push({ kind: 'above maximum', value: fc.integer({ min: maximum + 1, max: maximum + 1_000_000 }) });
  if (schema['type'] === 'integer') out.push({ kind: 'fraction for an integer', value: fc.integer({ min: 0, max: 500 }).map((n) => n + 0.5) });
  return out;
}

/** A change to one field of the valid body: removed (`undefined`) or set. */
interface Edit {
  kind: string;
  field: string;
  value: unknown;
  /** Fields the server may name; the edited one by default. */
  fields?: string[];
}

const editArbitrary = (kind: string, field: string, value: fc.Arbitrary<unknown>, fields?: string[]): fc.Arbitrary<Edit> =>
  value.map((v) => ({ kind, field, value: v, ...(fields ? { fields } : {}) }));

/** Every single-field mutation the contract's schema of the body refuses. */
function schemaEdits(schema: JsonSchema): Array<fc.Arbitrary<Edit>> {
  const out: Array<fc.Arbitrary<Edit>> = [];
  const properties = propertiesOf(schema);
  for (const name of (schema['required'] as string[] | undefined) ?? []) out.push(fc.constant({ kind: 'required field removed', field: name, value: undefined }));
  out.push(
    fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/).filter((n) => !(n in properties) && n !== 'api_key'), plainJsonValue(2))
      .map(([field, value]) => ({ kind: 'unknown field', field, value })),
  );
  for (const [name, raw] of Object.entries(properties)) {
    const prop = resolveSchema(raw);
    out.push(editArbitrary('wrong type', name, wrongType(prop)));
    if (prop['type'] === 'string') for (const bad of badStrings(prop)) out.push(editArbitrary(bad.kind, name, bad.value));
    if (prop['type'] === 'integer' || prop['type'] === 'number') for (const bad of badNumbers(prop)) out.push(editArbitrary(bad.kind, name, bad.value));
  }
  return out;
}

/** A profile that is no channel's product_analytics_key (a channel key is not one either). */
const unknownProfile = (): fc.Arbitrary<string> =>
  fc.oneof(fc.constant(SUMMIT.channelKey), fc.string({ minLength: 1, maxLength: 200 })).filter((p) => p !== summit && p !== boreal);

/** The services' own rules, per operation: values the schema allows but the service refuses. */
function ruleEdits(op: Operation): Array<fc.Arbitrary<Edit>> {
  const sessionEdits = (field: string) => [
    editArbitrary('unknown session', field, fc.uuid({ version: 4 })),
    fc.constant<Edit>({ kind: 'session of another channel', field, value: borealSession }),
    fc.constant<Edit>({ kind: 'expired session', field, value: expiredSession }),
  ];
  const profile = editArbitrary('unknown profile', 'profile', unknownProfile());
  const otherStream = [
    editArbitrary('another stream id', 'stream_id', fc.integer({ min: 13, max: 1_000_000 })),
    editArbitrary('another stream type', 'stream_type', fc.constantFrom('vod', 'clip', 'preroll')),
  ];
  const apiFields = ['sub_event', 'request_url', 'error', 'status', 'response_length', 'total_length'];
  switch (op.operationId) {
    case 'createAnalyticsSession':
      return [profile, editArbitrary('session already recorded', 'session', fc.constantFrom(liveSession, borealSession, expiredSession))];
    case 'trackAnalyticsEvent':
      return [
        profile,
        ...sessionEdits('session_uuid'),
        ...apiFields.map((field) => fc.constant<Edit>({ kind: 'api_request field missing', field, value: undefined })),
        ...['title', 'location', 'path'].map((field) => editArbitrary('visit_page field on api_request', field, fc.string({ maxLength: 40 }))),
        fc.constantFrom('login', 'visit_page').map((event) => ({ kind: 'api_request fields on another kind', field: 'event', value: event, fields: [...apiFields, 'title'] })),
      ];
    case 'trackVideoEvent':
      return [
        profile,
        ...sessionEdits('session_uuid'),
        fc.constant<Edit>({ kind: 'view of another channel', field: 'video_view_uuid', value: borealView }),
        ...otherStream,
        // The valid body is an error event with its message: another event keeps the message it may not carry.
        editArbitrary('error message on a non-error event', 'event', fc.constantFrom('first_frame', 'play', 'pause', 'ended'), ['error_message']),
      ];
    case 'trackVideoViewing':
      return [
        profile,
        editArbitrary('unknown view', 'video_view_uuid', fc.uuid({ version: 4 })),
        fc.constant<Edit>({ kind: 'view of another channel', field: 'video_view_uuid', value: borealView }),
        ...otherStream,
      ];
    case 'sendLog':
      return [
        editArbitrary(
          'unknown channel',
          'channel',
          fc.oneof(fc.constant(summit), fc.string({ minLength: 1, maxLength: 200 })).filter((c) => ![SUMMIT.channelKey, BOREAL.channelKey, 'summit', 'boreal'].includes(c)),
        ),
      ];
    default:
      throw new Error(`No rule edits for ${op.operationId}`);
  }
}

function apply(base: Record<string, unknown>, edit: Edit): Record<string, unknown> {
  const body = structuredClone(base);
  if (edit.value === undefined) delete body[edit.field];
  else body[edit.field] = edit.value;
  return body;
}

/** One arbitrary per kind of bad input to the operation. */
function badInputs(op: Operation, base: Record<string, unknown>): Array<fc.Arbitrary<BadInput>> {
  if (!op.bodySchemaRef) throw new Error(`${op.operationId} has no body to break`);
  const edits = [...schemaEdits(resolveSchema({ $ref: op.bodySchemaRef })), ...ruleEdits(op)];
  return [
    ...edits.map((edit) => edit.map((e): BadInput => ({ kind: e.kind, body: { json: apply(base, e) }, fields: e.fields ?? [e.field] }))),
    fc
      .oneof(fc.array(plainJsonValue(1), { maxLength: 4 }), fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null))
      .map((json): BadInput => ({ kind: 'body not an object', body: { json }, fields: ['body'] })),
    fc.constantFrom('{', '{"a":', '[1,', 'nul').map((raw): BadInput => ({ kind: 'unparseable JSON', body: { raw, contentType: 'application/json' }, fields: ['body'] })),
    fc.constant<BadInput>({
      kind: 'prototype poisoning',
      body: { raw: `{"__proto__":{"is_admin":true},${JSON.stringify(base).slice(1)}`, contentType: 'application/json' },
      fields: ['body'],
    }),
    fc.constant<BadInput>({ kind: 'not JSON', body: { raw: JSON.stringify(base), contentType: 'text/plain' }, fields: ['body'] }),
  ];
}

// ------------------------------------------------------------------------------------------- sending

interface Answer {
  status: number;
  body: unknown;
}

async function send(op: Operation, body: BadInput['body']): Promise<Answer> {
  const url = `${api.origin}${SERVICE_PREFIXES[op.service]}${op.path}`;
  const [payload, contentType] = 'json' in body ? [JSON.stringify(body.json), 'application/json'] : [body.raw, body.contentType];
  const response = await fetchApi(url, { method: op.method, headers: { 'content-type': contentType }, body: payload });
  const text = await response.text();
  return { status: response.status, body: (response.headers.get('content-type') ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text };
}

function expectErrorEnvelope(answer: Answer, fields: string[], what: string): void {
  expect(answer.status, what).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  const errors = (answer.body as { error?: { message?: unknown; errors?: Record<string, unknown> } }).error?.errors ?? {};
  expect(typeof (answer.body as { error?: { message?: unknown } }).error?.message, what).toBe('string');
  for (const messages of Object.values(errors)) {
    expect(Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string'), what).toBe(true);
  }
  expect(
    fields.some((field) => field in errors),
    `${what}: expected one of ${JSON.stringify(fields)}`,
  ).toBe(true);
}

// ------------------------------------------------------------------------------------------- valid requests

/** For each writing operation, a body the service accepts. Bad inputs are single changes to it. */
const validBodies: Record<string, () => Record<string, unknown>> = {
  createAnalyticsSession: () => sessionBody(summit, randomUUID()),
  trackAnalyticsEvent: () => ({ ...apiRequestEventBody(summit, liveSession), outer_source: 'trk-9' }),
  trackVideoEvent: () => ({
    ...videoEventBody(summit, liveSession, liveView, 'error'),
    error_message: 'MEDIA_ERR_DECODE',
    user_id: 7,
    user_email: 'fan@summit.test',
  }),
  trackVideoViewing: () => viewingBody(summit, liveView, 600),
  sendLog: () => logBody(SUMMIT.channelKey),
};

describe('bad input to every writing operation of the analytics and log services', () => {
  it('covers every writing operation of both services', () => {
    expect(writingOperations.map((op) => op.operationId).sort()).toEqual(Object.keys(validBodies).sort());
  });

  it.each(writingOperations.map((op) => [`${op.method} ${SERVICE_PREFIXES[op.service]}${op.path} (${op.operationId})`, op] as const))(
    '%s: 4xx naming the field, nothing written',
    async (_title, op) => {
      const base = validBodies[op.operationId]?.();
      if (!base) throw new Error(`No valid body for ${op.operationId}`);
      for (const kind of badInputs(op, base)) {
        await fc.assert(
          fc.asyncProperty(kind, async (bad) => {
            const before = databaseSnapshot(api.db);
            const answer = await send(op, bad.body);
            const what = `${op.operationId}, ${bad.kind}: ${JSON.stringify(bad.body).slice(0, 300)} → ${answer.status} ${JSON.stringify(answer.body)}`;
            expectErrorEnvelope(answer, bad.fields, what);
            expect(databaseSnapshot(api.db) === before, `${what}: the database changed`).toBe(true);
          }),
          { numRuns: RUNS_PER_KIND },
        );
      }
      // The control: the request every bad input was derived from is accepted.
      const accepted = await send(op, { json: base });
      expect(accepted.status, `${op.operationId} valid request: ${JSON.stringify(accepted.body)}`).toBe(200);
    },
  );
});

describe('bad queries to GET /datalake/hash/', () => {
  it('answers 4xx naming profile or origin_url, writing nothing', async () => {
    const query = (q: Record<string, string | undefined>) => new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined));
    const bad = fc.oneof(
      unknownProfile().map((profile) => ({ q: { profile, origin_url: ORIGIN_URL }, field: 'profile' })),
      fc.constant({ q: { origin_url: ORIGIN_URL }, field: 'profile' }),
      fc.constant({ q: { profile: summit }, field: 'origin_url' }),
      fc.constant({ q: { profile: summit, origin_url: '' }, field: 'origin_url' }),
      fc.string({ minLength: 2001, maxLength: 2040 }).map((origin) => ({ q: { profile: summit, origin_url: origin }, field: 'origin_url' })),
      fc.string({ minLength: 201, maxLength: 240 }).map((outer) => ({ q: { profile: summit, origin_url: ORIGIN_URL, outer_source: outer }, field: 'outer_source' })),
    );
    await fc.assert(
      fc.asyncProperty(bad, async ({ q, field }) => {
        const before = databaseSnapshot(api.db);
        const response = await fetchApi(`${api.origin}${SERVICE_PREFIXES.analytics}/datalake/hash/?${query(q).toString()}`);
        const answer = { status: response.status, body: (await response.json()) as unknown };
        expectErrorEnvelope(answer, [field], `${JSON.stringify(q).slice(0, 200)} → ${answer.status} ${JSON.stringify(answer.body)}`);
        expect(databaseSnapshot(api.db)).toBe(before);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
