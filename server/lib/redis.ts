import { Redis } from 'ioredis';

/**
 * The shared store of a deployment that runs several processes (REDIS_URL): the API's rate-limit windows, and Mesh's
 * public-read cache (mesh/shared-cache.js opens its own connection from the same URL). Commands fail at once while
 * Redis is unreachable instead of queueing, and after COMMAND_TIMEOUT_MS when it is connected but does not answer (a
 * stalled server, a network that drops packets), so a request never waits on it for longer: each user of the store
 * says what it does without (the limits let requests through, the cache misses). It reconnects by itself, every
 * second at most.
 */
/** The longest a request waits on Redis before going on without it. */
const COMMAND_TIMEOUT_MS = 1_000;

export function openRedis(url: string, log: (line: string) => void = (line) => console.warn(line)): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // A connection that went silent is noticed by the operating system within seconds, not minutes.
    keepAlive: 5_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  // One line per outage, not one per reconnection attempt; an 'error' nobody listens to would end the process.
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log(`redis: ${error.message}; requests go on without the shared store until it is back`);
  });
  redis.on('ready', () => {
    if (down) log('redis: back');
    down = false;
  });
  return redis;
}
