import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX, buildApp, SERVICE_PREFIXES } from './app';
import type { FastifyInstance } from 'fastify';
import { configFromEnv, type ServerConfig } from './config';
import { DEFAULT_SHUTDOWN_GRACE_SECONDS } from './http/lifecycle';
import { buildGateway, missingServices } from './gateway';
import { defaultServiceUrls, mountGraphql } from './graphql';
import { openDatabase } from './db/database';
import { FaultInjector, parseFaults } from './http/test-hooks';
import { systemClock } from './lib/clock';
import { openRedis } from './lib/redis';
import { Scheduler } from './jobs/scheduler';
import { type Contract, loadContract } from './openapi/contract';
import { DEMO_CHANNELS, reanchorDemoSchedule, seedDemoChannels } from './seed/seed';

/**
 * `npm start`: opens (or creates and seeds) the SQLite file under data/, keeps the demo schedule on the wall
 * clock so live games are live, and serves the built web app beside the reference channel API. With REST_BASE_URL
 * set, the process is a gateway instead: the app and /graphql over that channel backend, nothing else.
 */
async function main(): Promise<void> {
  const config = configFromEnv();
  if (process.env['REST_BASE_URL']) return serveGateway(config);
  const contract = loadContract();
  const faults = config.testFaults ? testFaults(config.testFaults, contract) : undefined;
  const appDir = config.appDir ?? null;
  const db = openDatabase(config.databaseFile);
  const now = Math.floor(Date.now() / 1000);
  seedDemoChannels(db, now);
  reanchorDemoSchedule(db, now);

  const jobs = new Scheduler(db, systemClock);
  const redis = config.redisUrl ? openRedis(config.redisUrl) : null;
  const app = buildApp({
    db,
    config,
    redis,
    contract,
    clock: systemClock,
    jobs,
    ...(faults ? { faults } : {}),
    ...(appDir ? { app: { distDir: appDir } } : {}),
  });
  await mountGraphql(app, { trustedProxies: config.trustedProxies ?? [], inProcess: true });
  const address = await app.listen({ host: config.host, port: config.port });
  defaultServiceUrls(address, SERVICE_PREFIXES);
  jobs.start();
  // Before the lines that say it listens: whoever waits for them may stop it at once.
  onStopSignal(app, config, () => {
    jobs.stop();
    db.close();
    redis?.disconnect();
  });

  if (appDir && existsSync(join(appDir, 'index.html'))) {
    const { hostname, port } = new URL(address);
    // Chromium and Firefox resolve *.localhost to this machine: each demo channel on its own host name.
    const boreal = hostname === '127.0.0.1' || hostname === 'localhost' ? `  (Réseau Sport Boréal: http://boreal.localhost:${port}/)` : '';
    console.log(`Sports channel app: ${address}/${boreal}`);
  } else {
    console.log(`Sports channel app: not built (no ${appDir ? join(appDir, 'index.html') : 'APP_DIR'}): "npm start" builds it, or run "npm run build"`);
  }
  if (faults) {
    console.warn(`!!! TEST_FAULTS=${config.testFaults}: forcing failures on these operations. A test-only setting: never set it in a deployment. !!!`);
  }
  console.log(`Sports channel reference API listening on ${address}`);
  console.log(`  REST API:  ${address}${API_PREFIX}  (try ${address}${API_PREFIX}/keys)`);
  console.log(`  GraphQL:   ${address}/graphql  (over this API)`);
  for (const channel of DEMO_CHANNELS) {
    console.log(`  channel "${channel.name}": channel key ${channel.channelKey}`);
  }
  console.log(`  data:      ${config.databaseFile}`);

  if (redis) console.log(`  shared:    rate limits and the GraphQL cache in Redis (REDIS_URL)`);
}

/** The app and /graphql over a channel's own REST backend: no database, no jobs, no reference API. */
async function serveGateway(config: ReturnType<typeof configFromEnv>): Promise<void> {
  const missing = missingServices(process.env);
  if (missing.length > 0) {
    throw new Error(`REST_BASE_URL is set, so this process serves the app and /graphql over that backend: set ${missing.join(' and ')} too`);
  }
  const app = buildGateway(config, { mediaBaseUrl: process.env['MEDIA_BASE_URL'] ?? null, restBaseUrl: process.env['REST_BASE_URL'] ?? null });
  await mountGraphql(app, { trustedProxies: config.trustedProxies ?? [] });
  const address = await app.listen({ host: config.host, port: config.port });
  onStopSignal(app, config);
  console.log(`Sports channel app (gateway): ${address}/  GraphQL: ${address}/graphql over ${process.env['REST_BASE_URL']}`);
  if (config.redisUrl) console.log('  shared: the GraphQL cache in Redis (REDIS_URL)');
}

/**
 * A graceful stop on SIGTERM (what an orchestrator sends) or SIGINT (Ctrl-C): `/readyz` turns 503 at once, the
 * process goes on answering for SHUTDOWN_DELAY_SECONDS (the time a balancer takes to see it and send viewers
 * elsewhere), then for SHUTDOWN_GRACE_SECONDS at most until nothing is in flight; then the server closes and `release`
 * frees the rest. Any second signal stops at once.
 */
function onStopSignal(app: FastifyInstance, config: ServerConfig, release: () => void = () => {}): void {
  const grace = config.shutdownGraceSeconds ?? DEFAULT_SHUTDOWN_GRACE_SECONDS;
  const delay = config.shutdownDelaySeconds ?? 0;
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) process.exit(1);
    stopping = true;
    app.lifecycle.unready();
    if (delay > 0) {
      console.log(`${signal}: unready; answering for ${delay} s while the balancer moves viewers on`);
      await new Promise((resolve) => setTimeout(resolve, delay * 1000));
    }
    console.log(`${signal}: finishing ${app.lifecycle.inFlight()} request(s) in flight, for ${grace} s at most`);
    const left = await app.lifecycle.drain(grace * 1000);
    if (left > 0) console.warn(`${signal}: ${left} request(s) still running after ${grace} s are cut`);
    await app.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * TEST_FAULTS (test-only): lets a person watch the app's failure screens as a viewer would, e.g. the reload screen
 * with `getApiKey:503`. An operation the contract does not name is refused, so a typo cannot go unnoticed.
 */
function testFaults(text: string, contract: Contract): FaultInjector {
  const known = new Set(contract.operations.map((op) => op.operationId));
  const faults = new FaultInjector();
  for (const fault of parseFaults(text)) {
    if (!known.has(fault.operationId)) throw new Error(`TEST_FAULTS: mesh/openapi.yaml has no operation ${fault.operationId}`);
    faults.add(fault);
  }
  return faults;
}

await main();
