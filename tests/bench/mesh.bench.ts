/**
 * `npm run bench:mesh`: what the GraphQL layer costs and what it saves, printed as figures (never asserted).
 *
 * 1. One REST call through Mesh beside the same call made directly (menu: a small answer; events, limit 20: a
 *    large one): p50 and p99 latency, their difference and ratio. Calls alternate, one at a time.
 * 2. The Startup query (one GraphQL request, ten REST calls inside the server) beside the browser's alternative: ten
 *    parallel REST calls from one client. End-to-end time per startup, one startup at a time.
 * 3. Throughput of Startup under concurrent load (autocannon).
 * 4. The per-call cost of our Mesh plugin (mesh/plugins.js onFetch), measured on its own.
 *
 * The server runs in its own process (fresh temporary database, rate limit off) so the client does not share its
 * event loop. Settings: BENCH_ITERATIONS (default 400), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type { OperationDocument } from '../../mesh/client/document';
import { type BenchServer, signedInFan, startBenchServer } from './bench-server';

const iterations = Number(process.env['BENCH_ITERATIONS'] ?? 400);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const root = resolve(import.meta.dirname, '..', '..');

const TARGET_SINGLE_MS = 3;


// ------------------------------------------------------------------ measuring

type Call = () => Promise<void>;

interface Stats {
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/** Runs each call `count` times after a warm-up, alternating which goes first, one request in flight at a time. */
async function compare(calls: Call[], count: number): Promise<Stats[]> {
  const samples = calls.map(() => [] as number[]);
  for (let round = 0; round < Math.ceil(count / 4) + count; round += 1) {
    const warm = round < Math.ceil(count / 4);
    const order = round % 2 === 0 ? calls.map((_, i) => i) : calls.map((_, i) => calls.length - 1 - i);
    for (const index of order) {
      const started = performance.now();
      await calls[index]!();
      if (!warm) samples[index]!.push(performance.now() - started);
    }
  }
  return samples.map(stats);
}

const ms = (value: number): string => `${value.toFixed(2).padStart(7)} ms`;

function printPair(title: string, labels: [string, string], [a, b]: Stats[]): void {
  console.log(`\n${title}`);
  console.log(`  ${labels[0].padEnd(36)} p50 ${ms(a!.p50)}   p99 ${ms(a!.p99)}`);
  console.log(`  ${labels[1].padEnd(36)} p50 ${ms(b!.p50)}   p99 ${ms(b!.p99)}`);
  console.log(
    `  ${'difference (first − second)'.padEnd(36)} p50 ${ms(a!.p50 - b!.p50)}   p99 ${ms(a!.p99 - b!.p99)}   ` +
      `ratio p50 ${(a!.p50 / b!.p50).toFixed(2)}×, p99 ${(a!.p99 / b!.p99).toFixed(2)}×`,
  );
}

// ------------------------------------------------------------------ requests

interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: unknown[];
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as GraphqlBody;
  if (body.errors?.length) throw new Error(`${what} answered errors: ${JSON.stringify(body.errors).slice(0, 500)}`);
  return body;
}

function graphql(server: BenchServer, query: string, key: string, token: string | null, variables: Record<string, unknown> = {}): Call {
  const body = JSON.stringify({ query, variables });
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': key };
  if (token) headers['authorization'] = `Bearer ${token}`;
  return async () => {
    await expectOk(await fetch(`${server.base}/graphql`, { method: 'POST', headers, body }), 'GraphQL');
  };
}

function rest(server: BenchServer, path: string, key: string | null, token: string | null = null): Call {
  const url = new URL(`${server.base}/api${path}`);
  if (key) url.searchParams.set('api_key', key);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return async () => {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    // Parsed, as the GraphQL answers are: the browser reads both.
    await response.json();
  };
}

/** The ten startup reads of SPEC.md §1 as the browser would make them without GraphQL (exempt paths carry no key). */
function tenStartupCalls(server: BenchServer, key: string, token: string): Call {
  const calls = [
    rest(server, '/profile', key, token),
    rest(server, '/settings', null),
    rest(server, '/menu', null),
    rest(server, '/color-settings/web', null),
    rest(server, '/pages', null),
    rest(server, '/geo', key, token),
    rest(server, '/events-categories', key, token),
    rest(server, '/participants?no_limit=1', null),
    rest(server, '/participant-groups', null),
    rest(server, '/user/access', key, token),
  ];
  return async () => {
    await Promise.all(calls.map((call) => call()));
  };
}

// ------------------------------------------------------------------ the plugin on its own

interface PluginPayload {
  url: string;
  setURL(url: string): void;
  options: RequestInit;
  setOptions(options: RequestInit): void;
  context: { headers: Record<string, string> };
}

/** Microseconds per onFetch of mesh/plugins.js for a GET (key into the query) and a POST (key into the body). */
async function pluginCost(): Promise<{ get: number; post: number }> {
  process.env['REST_BASE_URL'] = 'http://127.0.0.1:1/api';
  const { default: useChannelApiRules } = (await import(pathToFileURL(join(root, 'mesh', 'plugins.js')).href)) as {
    default: (options: { baseDir: string }) => { onFetch(payload: PluginPayload): void };
  };
  const plugin = useChannelApiRules({ baseDir: join(root, 'mesh') });
  const context = { headers: { 'x-api-key': 'k'.repeat(32), host: 'summit.localhost' } };
  const payload = (url: string, options: RequestInit): PluginPayload => ({ url, options, setURL: () => {}, setOptions: () => {}, context });
  const time = (make: () => PluginPayload): number => {
    const count = 20_000;
    for (let i = 0; i < 2_000; i += 1) plugin.onFetch(make());
    const started = performance.now();
    for (let i = 0; i < count; i += 1) plugin.onFetch(make());
    return ((performance.now() - started) / count) * 1000;
  };
  return {
    get: time(() => payload('http://127.0.0.1:1/api/events?limit=20', { method: 'GET', headers: { accept: 'application/json' } })),
    post: time(() =>
      payload('http://127.0.0.1:1/api/favorite', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ favoritable_id: 3, favoritable_type: 'participant' }),
      }),
    ),
  };
}

// ------------------------------------------------------------------ run

console.log('bench:mesh: building the GraphQL layer first (nothing to do when it is up to date)');
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-mesh.ts'], { cwd: root, stdio: 'inherit' });
// Read once built: a static import would load the typed documents from before the build. A typed document is its hash
// (mesh/client/document.ts); the text sent here is the one the server runs for that hash.
const generated = join(root, 'mesh', 'client', 'generated');
const { StartupDocument } = (await import(pathToFileURL(join(generated, 'documents', 'Startup.ts')).href)) as {
  StartupDocument: OperationDocument;
};
const persisted = JSON.parse(readFileSync(join(generated, 'persisted-documents.json'), 'utf8')) as Record<string, string>;
const startupQuery = persisted[StartupDocument.__meta__.hash]!;

// What one REST call costs through Mesh: its own documents (GRAPHQL_DOCUMENTS=any) and nothing kept between calls
// (PUBLIC_CACHE_SECONDS=0); `npm run bench:load` measures the deployed setting, cache and trusted documents included.
const server = await startBenchServer({ GRAPHQL_DOCUMENTS: 'any', PUBLIC_CACHE_SECONDS: '0' });
try {
  const { key, token } = await signedInFan(server.base);

  console.log(
    `\nbench:mesh: Node ${process.version}, ${cpus().length} CPUs (load average ${loadavg()[0]?.toFixed(2)} at the start), ` +
      `${iterations} sequential iterations per measurement, ${connections} connections for ${seconds} s under load`,
  );

  const menu = await compare(
    [graphql(server, '{ getMenu { data { id title url external position } } }', key, null), rest(server, '/menu', null)],
    iterations,
  );
  printPair('1a. One call: the menu (a small answer)', ['Mesh  query { getMenu }', 'REST  GET /menu'], menu);

  const eventsQuery = `query EventsList($limit: PositiveInt) { listEvents(limit: $limit) { data { id name type has_access event_utc_ts
    stream_status base_price service_fee currency single_event_package_id image participants { id name short_name alias image color } }
    meta { total limit offset } } }`;
  const events = await compare(
    [graphql(server, eventsQuery, key, null, { limit: 20 }), rest(server, '/events?limit=20', key)],
    iterations,
  );
  printPair('1b. One call: 20 events (a large answer)', ['Mesh  query { listEvents(limit: 20) }', 'REST  GET /events?limit=20'], events);

  const startup = await compare([graphql(server, startupQuery, key, token), tenStartupCalls(server, key, token)], Math.ceil(iterations / 2));
  printPair('2. Startup end to end', ['Mesh  query Startup (1 request)', 'REST  10 parallel calls, one client'], startup);

  const load = await autocannon({
    url: `${server.base}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key, authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: startupQuery }),
    connections,
    duration: seconds,
  });
  console.log(`\n3. Startup under load (${connections} connections, ${seconds} s)`);
  console.log(
    `  ${'Mesh  query Startup'.padEnd(36)} ${load.requests.average.toFixed(0).padStart(7)} req/s (${(load.requests.average * 10).toFixed(0)} REST calls/s inside)   ` +
      `p50 ${load.latency.p50} ms   p99 ${load.latency.p99} ms   (${load.requests.total} requests, ${load.non2xx + load.errors} errors)`,
  );

  const plugin = await pluginCost();
  console.log('\n4. Our Mesh plugin (mesh/plugins.js onFetch), per REST call, on its own');
  console.log(`  GET (key into the query) ${plugin.get.toFixed(1)} µs   POST (key into the body) ${plugin.post.toFixed(1)} µs`);

  const single = [
    ['menu', menu],
    ['20 events', events],
  ] as const;
  console.log('\nTargets (reported, not asserted)');
  for (const [name, [viaMesh, direct]] of single) {
    const added = viaMesh!.p50 - direct!.p50;
    console.log(
      `  Mesh adds at most ${TARGET_SINGLE_MS} ms at p50 to a single call (${name}): added ${added.toFixed(2)} ms → ${added <= TARGET_SINGLE_MS ? 'met' : 'missed'}`,
    );
  }
  const [viaMesh, direct] = startup;
  console.log(
    `  Startup through Mesh is faster end to end than ten parallel REST calls: p50 ${viaMesh!.p50.toFixed(2)} vs ${direct!.p50.toFixed(2)} ms → ` +
      `${viaMesh!.p50 < direct!.p50 ? 'met' : 'missed'}`,
  );
} finally {
  server.stop();
}
