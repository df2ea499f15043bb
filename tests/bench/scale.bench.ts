/**
 * `npm run bench:scale`: the app's `Startup` through gateways, as a deployment past one process runs it, printed as
 * figures and never asserted. One run measures, side by side, on the same reference API process:
 *   1. one gateway, keeping the public reads in its own memory (the default);
 *   2. two gateways over one Redis (REDIS_URL), sharing the public reads.
 * Both behind the same balancer (tests/scale/balancer.ts, its own process), which names each viewer to the gateways.
 * BENCH_CONNECTIONS viewers (50), each with its own key and session, for BENCH_SECONDS (20) per row after a 5 s
 * warm-up: requests/s, p50, p99, errors (non-2xx, socket errors and timeouts) and the resident memory of the gateways
 * and of Redis. On a 2-core machine every process shares the same two cores with the load generator: the second
 * gateway shows what sharing costs there, not what a second machine adds.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Gateway, startGateway } from '../e2e/gateway';
import { type RedisServer, startRedisServer } from '../scale/redis-server';
import { driveViewers, residentMb, signedInFan, startBenchServer, trustedBody } from './bench-server';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 20);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const root = resolve(import.meta.dirname, '..', '..');

console.log('bench:scale: building the GraphQL layer and checking for redis-server first');
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-mesh.ts'], { cwd: root, stdio: 'inherit' });
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-redis.ts'], { cwd: root, stdio: 'inherit' });

interface Balancer {
  origin: string;
  stop(): Promise<void>;
}

function startBalancerProcess(gateways: readonly Gateway[]): Promise<Balancer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/balancer-process.ts', ...gateways.map((gateway) => gateway.origin)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((started, failed) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const origin = /balancer: (http:\/\/\S+)/.exec(output)?.[1];
      if (origin) started({ origin, stop: async () => void (child.kill('SIGTERM'), await exited) });
    });
    void exited.then(() => failed(new Error(`the balancer ended before it listened: ${output}`)));
  });
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
  gatewaysMb: number;
  redisMb: number | null;
}

const api = await startBenchServer();
const appDir = mkdtempSync(join(tmpdir(), 'no-app-'));
let redis: RedisServer | null = null;
const rows: Row[] = [];
try {
  const viewers: Array<{ key: string; token: string }> = [];
  for (let i = 0; i < connections; i += 1) viewers.push(await signedInFan(api.base));
  const body = trustedBody('Startup');

  const measure = async (name: string, count: number, env: Record<string, string>, redisPid: () => number | null): Promise<void> => {
    const gateways: Gateway[] = [];
    for (let i = 0; i < count; i += 1) gateways.push(await startGateway({ origin: api.base }, appDir, { TRUSTED_PROXIES: 'loopback', ...env }));
    const balancer = await startBalancerProcess(gateways);
    try {
      const check = await fetch(`${balancer.origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': viewers[0]!.key, authorization: `Bearer ${viewers[0]!.token}` },
        body,
      });
      const parsed = (await check.json()) as { errors?: unknown[] };
      if (check.status !== 200 || parsed.errors) throw new Error(`${name}: Startup answered ${check.status}: ${JSON.stringify(parsed.errors)}`);
      const drive = (duration: number) => driveViewers({ graphqlUrl: `${balancer.origin}/graphql`, body, viewers, connections, duration });
      await drive(5);
      const load = await drive(seconds);
      const pid = redisPid();
      rows.push({
        name,
        rps: load.requests.average,
        p50: load.latency.p50,
        p99: load.latency.p99,
        errors: load.non2xx + load.errors + load.timeouts,
        total: load.requests.total,
        gatewaysMb: gateways.reduce((sum, gateway) => sum + residentMb(gateway.pid), 0),
        redisMb: pid === null ? null : residentMb(pid),
      });
    } finally {
      await balancer.stop();
      await Promise.all(gateways.map((gateway) => gateway.close()));
    }
  };

  console.log(
    `\nbench:scale: Node ${process.version}, ${cpus().length} CPUs (load average ${loadavg()[0]?.toFixed(2)} at the start), ` +
      `${connections} viewers, ${seconds} s per row after a 5 s warm-up, Startup (ten reads, six of them public) through the balancer`,
  );
  await measure('one gateway, memory cache', 1, {}, () => null);
  redis = await startRedisServer();
  const shared = redis;
  await measure('two gateways over Redis', 2, { REDIS_URL: shared.url }, () => shared.pid());

  console.log(`\n  ${'setup'.padEnd(28)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'errors'.padStart(7)}   memory`);
  for (const row of rows) {
    const memory = `gateways ${row.gatewaysMb.toFixed(0)} MB${row.redisMb === null ? '' : `, Redis ${row.redisMb.toFixed(0)} MB`}`;
    console.log(
      `  ${row.name.padEnd(28)} ${row.rps.toFixed(0).padStart(7)} ${`${row.p50} ms`.padStart(7)} ${`${row.p99} ms`.padStart(7)} ${String(row.errors).padStart(7)}   ${memory}  (${row.total} requests)`,
    );
  }
} finally {
  await redis?.stop();
  api.stop();
  rmSync(appDir, { recursive: true, force: true });
}
