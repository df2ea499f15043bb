/**
 * What the analytics and log service suites share: valid request bodies, calls that set up sessions and video
 * views, and strict validation of answers against the contract's response schemas.
 */
import { randomUUID } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { loadContract } from '../../server/openapi/contract';
import type { CallResult, TestApi } from './harness';

export const ANALYTICS_READ_TOKEN = 'test-analytics-read-token';
export const LOG_READ_TOKEN = 'test-log-read-token';
export const ORIGIN_URL = 'https://summit.example/watch/12';

interface ErrorEnvelope {
  error: { message: string; errors: Record<string, string[]> };
}
export interface ListBody<T> {
  data: T[];
  meta: { total: number; limit: number; offset: number };
}
export interface Ack {
  ok: boolean;
  received_at: number;
}

/** A copy of a body without some of its fields. */
export function without(body: Record<string, unknown>, ...fields: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([name]) => !fields.includes(name)));
}

/** The channel's product_analytics_key, the `profile` of its analytics requests. */
export function profileOf(api: TestApi, alias: string): string {
  const row = api.db.prepare<[string], { key: string }>('SELECT product_analytics_key AS key FROM channels WHERE alias = ?').get(alias);
  if (!row) throw new Error(`No analytics key for ${alias}`);
  return row.key;
}

export function sessionBody(profile: string, session: string): Record<string, unknown> {
  return {
    profile,
    ip: '203.0.113.7',
    session,
    device_type: 'desktop',
    user_agent: encodeURIComponent('Mozilla/5.0 (X11; Linux x86_64) Firefox/126.0'),
    resolution: '1920x1080',
    platform: 'web',
    origin_url: ORIGIN_URL,
    outer_source: 'newsletter-may',
  };
}

/** An api_request event: the kind with the most fields. */
export function apiRequestEventBody(profile: string, session: string): Record<string, unknown> {
  return {
    profile,
    session_uuid: session,
    user_id: 7,
    user_email: 'fan@summit.test',
    event: 'api_request',
    sub_event: 'getEvents',
    request_url: 'https://api.summit.example/api/events?stream_status=live',
    error: 'Request failed with status code 500',
    status: 500,
    response_length: 120,
    total_length: 480,
    origin_url: ORIGIN_URL,
  };
}

export function videoEventBody(profile: string, session: string, view: string, event = 'first_frame'): Record<string, unknown> {
  return {
    profile,
    session_uuid: session,
    video_view_uuid: view,
    stream_id: 12,
    stream_type: 'live',
    event,
    position: 0,
    user_id: null,
    user_email: null,
    origin_url: ORIGIN_URL,
  };
}

export function viewingBody(profile: string, view: string, viewingTime = 30): Record<string, unknown> {
  return {
    profile,
    video_view_uuid: view,
    stream_id: 12,
    stream_type: 'live',
    viewing_time: viewingTime,
    category: 'Hockey',
    sport: 'Hockey',
    gender: 'female',
    school: 'Northfield University',
    league: 'Summit League',
    origin_url: ORIGIN_URL,
    outer_source: null,
  };
}

export function logBody(channel: string): Record<string, unknown> {
  return {
    date: '2024-05-04T18:30:00.000Z',
    status: 503,
    service: 'web',
    channel,
    message: 'Service Unavailable',
    request_data: JSON.stringify({ method: 'get', url: '/events', params: { stream_status: 'live' } }),
    url: 'https://summit.example/events',
  };
}

/** A call to the analytics service. */
export function analytics<T = unknown>(api: TestApi, method: string, path: string, options: { body?: unknown; query?: Record<string, string | number> } = {}) {
  return api.call<T>(method, path, { service: 'analytics', ...options });
}

/** A read-back call to the analytics service, with the read token unless another one (or none) is given. */
export function readAnalytics<T = unknown>(api: TestApi, path: string, query: Record<string, string | number>, token: string | null = ANALYTICS_READ_TOKEN) {
  return api.call<T>('GET', path, { service: 'analytics', query, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** A hash from GET /datalake/hash/, recorded as a session of the profile's channel. */
export async function startSession(api: TestApi, profile: string): Promise<string> {
  const hash = await analytics<{ hash: string }>(api, 'GET', '/datalake/hash/', { query: { profile, origin_url: ORIGIN_URL } });
  expect(hash.status, JSON.stringify(hash.body)).toBe(200);
  const created = await analytics(api, 'POST', '/datalake/session/', { body: sessionBody(profile, hash.body.hash) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return hash.body.hash;
}

/** A new video view of stream 12 (live), started by a first_frame event. */
export async function startView(api: TestApi, profile: string, session: string): Promise<string> {
  const view = randomUUID();
  const started = await analytics(api, 'POST', '/datalake/video/event/', { body: videoEventBody(profile, session, view) });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return view;
}

export function expectError(result: CallResult, status: number, field: string): void {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  const errors = (result.body as ErrorEnvelope).error.errors;
  expect(Object.keys(errors), JSON.stringify(result.body)).toContain(field);
}

// ------------------------------------------------------------------ strict response validation

const contract = loadContract();

/** The contract with every object schema that declares properties closed, so an undeclared answer field fails. */
function closedDocument(): Record<string, unknown> {
  const copy = structuredClone(contract.document);
  const schemas = (copy['components'] as { schemas: Record<string, Record<string, unknown>> }).schemas;
  for (const schema of Object.values(schemas)) {
    if (schema['properties'] && !('additionalProperties' in schema)) schema['additionalProperties'] = false;
  }
  return copy;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(closedDocument(), 'openapi');
const validators = new Map<string, ValidateFunction>();

/** The answer validates, strictly, against the response schema the contract documents for the operation. */
export function expectContractAnswer(operationId: string, result: CallResult): void {
  const op = contract.operations.find((o) => o.operationId === operationId);
  const ref = op?.responses[String(result.status)];
  expect(ref, `${operationId} documents a ${result.status} answer`).toBeTruthy();
  let validate = validators.get(ref ?? '');
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi${ref ?? ''}` });
    validators.set(ref ?? '', validate);
  }
  expect(validate(result.body) ? [] : validate.errors, `${operationId}: ${JSON.stringify(result.body).slice(0, 400)}`).toEqual([]);
}
