// @ts-check
/**
 * Mesh's key-value cache, where the httpCache plugin keeps the public reads (.meshrc.yaml). Without REDIS_URL it is
 * this process's memory (Mesh's in-memory LRU, which its default store falls back to on Node), as it always was. With
 * REDIS_URL it is Redis (@graphql-mesh/cache-redis), shared by every gateway: the public reads are fetched once a
 * minute in all, not once per gateway, and a change of settings shows on every gateway at once.
 *
 * Redis is a cache here, never something a request waits on: while it is unreachable, or slower than
 * REDIS_CACHE_TIMEOUT_MS, a read is a miss and a write is dropped, so every request still reaches the API and is
 * answered. Requests use it again as soon as it is back.
 */
import InMemoryLRUCache from '@graphql-mesh/cache-inmemory-lru';
import RedisCache from '@graphql-mesh/cache-redis';

/** How long a cache read or write may take before the request goes on without it. */
const REDIS_CACHE_TIMEOUT_MS = 250;

/**
 * @param {ConstructorParameters<typeof InMemoryLRUCache>[0] & ConstructorParameters<typeof RedisCache>[0]} options
 * What Mesh hands every cache (its logger and pubsub among them).
 */
export default function SharedCache(options) {
  const url = process.env['REDIS_URL'];
  if (!url) return new InMemoryLRUCache(options);
  return failSafe(new RedisCache({ ...options, url, lazyConnect: false }));
}

/**
 * The Redis cache, answering a miss (or nothing written) whenever Redis is not connected or does not answer in time.
 * @param {RedisCache & { client: import('ioredis').Redis }} redis
 */
function failSafe(redis) {
  const { client } = redis;
  // One line per outage; ioredis would otherwise print every failed reconnection.
  let down = false;
  client.on('error', (/** @type {Error} */ error) => {
    if (!down) console.warn(`redis (GraphQL cache): ${error.message}; public reads go to the API until it is back`);
    down = true;
  });
  client.on('ready', () => {
    if (down) console.warn('redis (GraphQL cache): back');
    down = false;
  });
  /**
   * @template T
   * @param {() => Promise<T>} run
   * @param {T} fallback
   * @returns {Promise<T>}
   */
  const bounded = (run, fallback) => {
    // Not connected: the command would wait in ioredis's queue until Redis is back.
    if (client.status !== 'ready') return Promise.resolve(fallback);
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const late = new Promise((resolve) => (timer = setTimeout(() => resolve(fallback), REDIS_CACHE_TIMEOUT_MS)));
    return Promise.race([run().catch(() => fallback), late]).finally(() => clearTimeout(timer));
  };
  return {
    /** @param {string} key */
    get: (key) => bounded(() => redis.get(key), undefined),
    /** @param {string} key @param {unknown} value @param {{ ttl?: number }} [options] */
    set: (key, value, options) => bounded(() => redis.set(key, value, options), undefined),
    /** @param {string} key */
    delete: (key) => bounded(() => redis.delete(key), false),
    /** @param {string} prefix */
    getKeysByPrefix: (prefix) => bounded(() => redis.getKeysByPrefix(prefix), /** @type {string[]} */ ([])),
  };
}
