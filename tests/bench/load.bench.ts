/**
 * `npm run bench:load`: the serve process under many viewers at once, as deployed (trusted documents, public reads
 * kept 60 s), printed as figures and never asserted.
 *
 * 50 clients (BENCH_CONNECTIONS), each with its own API key and signed-in session, send what the app sends (its own
 * documents, by hash) for BENCH_SECONDS each (20 by default, so one minute in all):
 *   1. Startup (ten reads: eight public, kept per channel; profile, access and geo, the viewer's own, never kept),
 *   2. an events page (EventsList, 20 events, the viewer's access on each),
 *   3. a watch grant (WatchEvent: the game and its playback grant, for a game the viewer may watch).
 * For each: requests/s, p50 and p99 latency, errors (non-2xx answers, timeouts and socket errors) and the server's
 * resident memory before and after. The server runs in its own process with a fresh database and the rate limit off.
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { driveViewers, residentMb, signedInFan, startBenchServer, trustedBody } from './bench-server';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 20);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const root = resolve(import.meta.dirname, '..', '..');
const TARGET_STARTUP_RPS = 1500;

console.log('bench:load: building the GraphQL layer first (nothing to do when it is up to date)');
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-mesh.ts'], { cwd: root, stdio: 'inherit' });
const body = trustedBody;

const server = await startBenchServer();
try {
  const viewers: Array<{ key: string; token: string }> = [];
  for (let i = 0; i < connections; i += 1) viewers.push(await signedInFan(server.base));
  const first = viewers[0]!;
  const events = (await (
    await fetch(`${server.base}/api/events?limit=50&api_key=${first.key}`, { headers: { authorization: `Bearer ${first.token}` } })
  ).json()) as { data: Array<{ id: number; has_access: boolean; name: string }> };
  const watchable = events.data.find((event) => event.has_access);
  if (!watchable) throw new Error('no game the fan may watch in the first 50 events');

  const scenarios = [
    { name: 'Startup (10 reads)', body: body('Startup') },
    { name: 'EventsList (20 events)', body: body('EventsList', { limit: 20 }) },
    { name: `WatchEvent (grant for game ${watchable.id})`, body: body('WatchEvent', { id: watchable.id }) },
  ];
  // Each document answers without GraphQL errors before it is measured (autocannon counts HTTP failures only).
  for (const scenario of scenarios) {
    const answer = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': first.key, authorization: `Bearer ${first.token}` },
      body: scenario.body,
    });
    const parsed = (await answer.json()) as { errors?: unknown[] };
    if (answer.status !== 200 || parsed.errors) throw new Error(`${scenario.name} answered ${answer.status}: ${JSON.stringify(parsed.errors)}`);
  }

  console.log(
    `\nbench:load: Node ${process.version}, ${cpus().length} CPUs (load average ${loadavg()[0]?.toFixed(2)} at the start), ` +
      `${connections} clients, ${seconds} s per scenario; server memory is its resident set`,
  );
  const drive = (scenario: { body: string }, duration: number) =>
    driveViewers({ graphqlUrl: `${server.base}/graphql`, body: scenario.body, viewers, connections, duration });
  // A fresh process compiles and fills its caches during its first seconds under load: not what a viewer meets later.
  const cold = residentMb(server.pid);
  const warmUp = await drive(scenarios[0]!, 5);
  console.log(`  (warm-up, 5 s of Startup: ${warmUp.requests.average.toFixed(0)} req/s, max ${warmUp.latency.max} ms; memory ${cold.toFixed(0)} → ${residentMb(server.pid).toFixed(0)} MB)`);
  const results: Array<{ name: string; rps: number; errors: number; before: number; after: number }> = [];
  for (const scenario of scenarios) {
    const before = residentMb(server.pid);
    const load = await drive(scenario, seconds);
    const after = residentMb(server.pid);
    const errors = load.non2xx + load.errors + load.timeouts;
    results.push({ name: scenario.name, rps: load.requests.average, errors, before, after });
    console.log(
      `  ${scenario.name.padEnd(34)} ${load.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(load.latency.p50).padStart(4)} ms   ` +
        `p99 ${String(load.latency.p99).padStart(4)} ms   max ${String(load.latency.max).padStart(5)} ms   ${load.requests.total} requests, ${errors} errors   ` +
        `memory ${before.toFixed(0)} → ${after.toFixed(0)} MB`,
    );
  }
  const startup = results[0]!;
  console.log('\nTarget (reported, not asserted)');
  console.log(
    `  Startup at least ${TARGET_STARTUP_RPS} req/s with 0 errors: ${startup.rps.toFixed(0)} req/s, ${startup.errors} errors ` +
      `(${startup.rps >= TARGET_STARTUP_RPS && startup.errors === 0 ? 'met' : 'missed'}); memory across the run ` +
      `${results[0]!.before.toFixed(0)} → ${results.at(-1)!.after.toFixed(0)} MB`,
  );
} finally {
  server.stop();
}
