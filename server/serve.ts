import { API_PREFIX, buildApp, SERVICE_PREFIXES } from './app';
import { configFromEnv } from './config';
import { defaultServiceUrls, mountGraphql } from './graphql';
import { openDatabase } from './db/database';
import { systemClock } from './lib/clock';
import { Scheduler } from './jobs/scheduler';
import { DEMO_CHANNELS, reanchorDemoSchedule, seedDemoChannels } from './seed/seed';

/**
 * `npm start`: opens (or creates and seeds) the SQLite file under data/, keeps the demo schedule on the wall
 * clock so live games are live, and serves the reference channel API.
 */
async function main(): Promise<void> {
  const config = configFromEnv();
  const db = openDatabase(config.databaseFile);
  const now = Math.floor(Date.now() / 1000);
  seedDemoChannels(db, now);
  reanchorDemoSchedule(db, now);

  const jobs = new Scheduler(db, systemClock);
  const app = buildApp({ db, config, clock: systemClock, jobs });
  await mountGraphql(app);
  const address = await app.listen({ host: config.host, port: config.port });
  defaultServiceUrls(address, SERVICE_PREFIXES);
  jobs.start();
  console.log(`Sports channel reference API listening on ${address}`);
  console.log(`  REST API:  ${address}${API_PREFIX}  (try ${address}${API_PREFIX}/keys)`);
  console.log(`  GraphQL:   ${address}/graphql  (over ${process.env['REST_BASE_URL']})`);
  for (const channel of DEMO_CHANNELS) {
    console.log(`  channel "${channel.name}": channel key ${channel.channelKey}`);
  }
  console.log(`  data:      ${config.databaseFile}`);

  const stop = async (): Promise<void> => {
    jobs.stop();
    await app.close();
    db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

await main();
