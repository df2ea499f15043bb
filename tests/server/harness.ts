import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, SERVICE_PREFIXES } from '../../server/app';
import { defaultServiceUrls, mountGraphql } from '../../server/graphql';
import { FaultInjector, RequestLog } from '../../server/http/test-hooks';
import type { StaticAppOptions } from '../../server/http/static-app';
import { Scheduler } from '../../server/jobs/scheduler';
import { openRedis } from '../../server/lib/redis';
import type { ServerConfig } from '../../server/config';
import { type Db, openDatabase } from '../../server/db/database';
import { DEMO_CHANNELS, seedDemoChannels } from '../../server/seed/seed';
import { assertContractAnswer } from './contract-responses';

export const SUMMIT = DEMO_CHANNELS.find((c) => c.alias === 'summit')!;
export const BOREAL = DEMO_CHANNELS.find((c) => c.alias === 'boreal')!;
export const DEMO_PASSWORD = 'Password123!';

export interface CallOptions {
  key?: string | null;
  token?: string | null;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The channel API (default), or the analytics or log service. */
  service?: keyof typeof SERVICE_PREFIXES;
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A reference API on an ephemeral port with a fresh, seeded SQLite file and a clock the test moves. */
export interface TestApi {
  /** Scheme, host and port, without a service prefix (media and other services live beside /api). */
  origin: string;
  /** The channel API's base URL (origin + /api). */
  baseUrl: string;
  db: Db;
  /** Unix seconds. `advance` moves it forward; a `wall` clock keeps ticking from there. */
  clock: { now(): number; advance(seconds: number): void };
  /** Runs the background jobs due at the clock's time (they never run by themselves unless `pollJobs` is set). */
  runJobs(): number;
  /** Failures and delays to force on operations (the reference API's test-only fault setting). */
  faults: FaultInjector;
  /** What each REST call carried, as the server saw it. */
  requestLog: RequestLog;
  /** The GraphQL endpoint, when started with `{ graphql: true }`. */
  graphqlUrl: string;
  /** Forgets the public reads the GraphQL layer keeps for 60 s (when started with `{ graphql: true }`). */
  forgetCachedReads(): Promise<void>;
  /**
   * Sends a request following SPEC.md §7: the key in the query for GET/DELETE, in the JSON body otherwise. An answer
   * the contract does not describe for the operation and status throws (contract-responses.ts).
   */
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  apiKey(channelKey?: string): Promise<string>;
  login(email: string, key: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestApiOptions {
  /** Also mount GraphQL Mesh at /graphql, over this very API (needs the built artifacts: scripts/build-mesh.ts). */
  graphql?: boolean;
  /**
   * Which documents /graphql runs (mesh/trusted-documents.js): `any` (default here) also runs a suite's own
   * documents, as GRAPHQL_DOCUMENTS=any does; `trusted` only the app's, by hash, as a deployment does.
   */
  documents?: 'trusted' | 'any';
  /** Also serve a built web app at `/`, as `npm start` does (server/http/static-app.ts). */
  app?: StaticAppOptions;
  /**
   * `fixed` (default): time stands still at the start until the test calls `advance`, so every assertion about
   * time is deterministic. `wall`: time follows the system clock (plus what `advance` added), as `npm start` does;
   * a browser needs it, because a live playlist's window only moves when the clock does.
   */
  clock?: 'fixed' | 'wall';
  /** Run due background jobs every half second, as `npm start` does (order settlement, clip cutting, renewals). */
  pollJobs?: boolean;
}

export async function startTestApi(overrides: Partial<ServerConfig> = {}, options: TestApiOptions = {}): Promise<TestApi> {
  const dir = mkdtempSync(join(tmpdir(), 'channel-api-'));
  const db = openDatabase(join(dir, 'test.sqlite'));
  const wallSeconds = () => Math.floor(Date.now() / 1000);
  const start = wallSeconds();
  let offset = 0;
  const clock =
    options.clock === 'wall'
      ? { now: () => wallSeconds() + offset, advance: (seconds: number) => void (offset += seconds) }
      : { now: () => start + offset, advance: (seconds: number) => void (offset += seconds) };
  seedDemoChannels(db, start);
  const config: ServerConfig = {
    host: '127.0.0.1',
    port: 0,
    databaseFile: join(dir, 'test.sqlite'),
    defaultChannel: null,
    // As `npm start` runs: URLs are built from the host a request names when its channel lists it (127.0.0.1 for
    // the default channel of a server on loopback), so a link the API hands out can be followed in the test.
    appOrigin: null,
    rateLimit: { max: 0, windowSeconds: 60 },
    // Every read reaches the API, so a suite sees each REST call it causes and each failure it forces; the GraphQL
    // layer's 60 s cache of public reads has its own suite (tests/mesh/public-read-cache.test.ts).
    publicCacheSeconds: 0,
    logMail: false,
    ...overrides,
  };
  const jobs = new Scheduler(db, clock);
  const faults = new FaultInjector();
  const requestLog = new RequestLog();
  // With a REDIS_URL in the config, the rate-limit windows are counted there, as `npm start` does.
  const redis = config.redisUrl ? openRedis(config.redisUrl, () => {}) : null;
  // Connected before the first request, which would otherwise go uncounted (the limits let requests by without it).
  if (redis && redis.status !== 'ready') await once(redis, 'ready');
  const app: FastifyInstance = buildApp({ db, config, clock, jobs, faults, requestLog, redis, ...(options.app ? { app: options.app } : {}) });
  // Mesh reads it once, when the first mount builds its plugins: one setting per test process.
  if (options.graphql) process.env['GRAPHQL_DOCUMENTS'] = options.documents ?? 'any';
  const graphql = options.graphql ? await mountGraphql(app, { trustedProxies: config.trustedProxies ?? [], inProcess: true }) : null;
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  if (options.graphql) {
    // One API per test file (vitest runs files in separate processes), so Mesh's upstream is this API.
    for (const name of ['REST_BASE_URL', 'ANALYTICS_BASE_URL', 'LOG_BASE_URL']) delete process.env[name];
    defaultServiceUrls(address, SERVICE_PREFIXES);
  }
  const baseUrl = `${address}${SERVICE_PREFIXES.api}`;
  if (options.pollJobs) jobs.start();

  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
    const url = new URL(`${address}${SERVICE_PREFIXES[options.service ?? 'api']}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
    const keyInQuery = method === 'GET' || method === 'DELETE';
    if (options.key && keyInQuery) url.searchParams.set('api_key', options.key);
    let body = options.body;
    if (options.key && !keyInQuery) {
      body = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, api_key: options.key } : body ?? { api_key: options.key };
    }
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(url, {
      method,
      headers,
      redirect: 'manual',
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const answer = type.includes('json') && text ? (JSON.parse(text) as unknown) : text;
    assertContractAnswer({ method, url, status: response.status, contentType: type, body: answer });
    return { status: response.status, headers: response.headers, body: answer as T };
  }

  return {
    origin: address,
    baseUrl,
    db,
    clock,
    runJobs: () => jobs.runDue(),
    faults,
    requestLog,
    graphqlUrl: `${address}/graphql`,
    forgetCachedReads: async () => graphql?.forgetCachedReads(),
    call,
    async apiKey(channelKey = SUMMIT.channelKey) {
      const result = await call<{ api_key: string }>('POST', '/get_api_key', { body: { channel_key: channelKey } });
      if (result.status !== 200) throw new Error(`get_api_key answered ${result.status}`);
      return result.body.api_key;
    },
    async login(email, key, password = DEMO_PASSWORD) {
      const result = await call<{ token: string }>('POST', '/v2/auth/login', { key, body: { email, password } });
      if (result.status !== 200) throw new Error(`login of ${email} answered ${result.status}: ${JSON.stringify(result.body)}`);
      return result.body.token;
    },
    async close() {
      jobs.stop();
      await app.close();
      redis?.disconnect();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * What `retry-after` says when a rate limit refuses a request at `now`: the seconds left in its window, windows being
 * `window` seconds long and aligned on multiples of it (server/http/rate-limit.ts).
 */
export function secondsLeftInWindow(now: number, window: number): number {
  return window - (now % window);
}

/** Every row of every table, as one comparable snapshot: proves a rejected request wrote nothing. */
export function databaseSnapshot(db: Db): string {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all();
  return JSON.stringify(tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]));
}
