import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServerConfig } from '../config';
import { messages } from '../domain/errors';
import type { Clock } from '../lib/clock';
import { ApiError } from './errors';

/**
 * Unless RATE_LIMIT_ADDRESS_MAX says otherwise, one client address may make this many keys' worth of requests a
 * window, whatever keys they carry: the few viewers of a household behind one router, each with a key of their own.
 */
export const DEFAULT_ADDRESS_SHARE = 4;
/**
 * Unless RATE_LIMIT_API_KEYS says otherwise, the API keys one client address may be issued a window. A browser asks
 * once and keeps its key (again after a logout or a refused key), so this is many browsers' worth.
 */
export const DEFAULT_KEYS_PER_ADDRESS = 30;

/** The operations that issue an API key: free to call, so each is also counted against the keys an address may get. */
const KEY_ISSUING = new Set(['getApiKey']);

/** One request, as the limits see it. */
export interface CountedRequest {
  operationId: string;
  /** The key it is counted against: null for a call without one, or to an operation exempt from keys. */
  apiKey: string | null;
  /** The client address (client-address.ts), or null when a trusted hop named nobody. */
  address: string | null;
  /** The address the request came from: the hop itself, which a request nobody named is counted as. */
  peer: string;
}

/**
 * Counters each budget keeps in memory without Redis: far more callers than one window of a busy channel, so a
 * caller's window is never forgotten while it is live (an address rotating keys cannot flush the others' counts).
 */
const COUNTERS_IN_MEMORY = 50_000;

const digest = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** A budget's verdict on one request (what @fastify/rate-limit's `createRateLimit` answers). */
type Check = (request: FastifyRequest) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean }>;

/** The store's key for a budget in one window, made by `count` before the checks run. */
const keysOf = new WeakMap<FastifyRequest, { address: string; caller: string; keys: string }>();

/**
 * The API's rate limits, counted by @fastify/rate-limit: in this process's memory, or in Redis (REDIS_URL) so that
 * every API process behind one balancer counts the same windows. A key is free (POST /get_api_key), so a budget
 * per key alone is reset by taking another: each request also counts against its client's address, whose budget
 * bounds what any number of keys can do there, and the keys an address may take are counted too. A request a
 * trusted hop sent without naming its client is counted as the hop's, as calls without a key always were: the
 * GraphQL layer always names the browser, and a caller on this machine that names nobody must not escape the address
 * budget by it.
 *
 * Every request counts against each of its budgets, a refused one too (they are counted at once, in one round trip
 * to the store): a caller that keeps calling once refused stays refused until the window ends.
 *
 * Windows are fixed and follow the API's clock (`windowSeconds` long, aligned on multiples of it), so processes
 * sharing a store agree on where a window ends, and `retry-after` says when this one does. Should Redis be
 * unreachable, requests are let through (`skipOnError`): the limits protect the API from a few callers, and refusing
 * every viewer while the store is down would do more harm than a few minutes without them.
 */
export interface RequestLimits {
  /** Counts one request; throws a 429 ApiError with `retry-after` when any of its budgets is spent. */
  count(request: FastifyRequest, counted: CountedRequest): Promise<void>;
}

export function registerRequestLimits(app: FastifyInstance, settings: ServerConfig['rateLimit'], clock: Clock, redis: Redis | null): RequestLimits {
  if (settings.max <= 0) return { count: async () => {} };
  const window = settings.windowSeconds;
  app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'channel-api-rate-limit:' } : {}),
  });
  const allowed: Check = async () => ({ isAllowed: true });
  let checks: { address: Check; caller: Check; keys: Check | null } | null = null;
  app.addHook('onReady', async () => {
    const budget = (name: 'address' | 'caller' | 'keys', max: number): Check | null =>
      max > 0
        ? app.createRateLimit({
            max,
            timeWindow: window * 1000,
            keyGenerator: (request) => keysOf.get(request)?.[name] ?? '',
            // Each budget gets a store of its own, sized by these options (LocalStore.child); the type leaves it out.
            ...({ cache: COUNTERS_IN_MEMORY } as object),
          })
        : null;
    checks = {
      address: budget('address', settings.addressMax ?? DEFAULT_ADDRESS_SHARE * settings.max) ?? allowed,
      caller: budget('caller', settings.max) ?? allowed,
      keys: budget('keys', settings.keysMax ?? DEFAULT_KEYS_PER_ADDRESS),
    };
  });

  return {
    async count(request, counted) {
      if (!checks) throw new Error('the rate limits count once the server is ready');
      const now = clock.now();
      const index = Math.floor(now / window);
      const address = counted.address ?? counted.peer;
      keysOf.set(request, {
        address: `address:${address}:${index}`,
        // A digest of the API key, not the key: whoever can read the store cannot use it.
        caller: `${counted.apiKey !== null ? `key:${digest(counted.apiKey)}` : `ip:${address}`}:${index}`,
        keys: `keys:${address}:${index}`,
      });
      const verdicts = await Promise.all([checks.address(request), checks.caller(request), KEY_ISSUING.has(counted.operationId) ? checks.keys?.(request) : undefined]);
      if (verdicts.some((verdict) => verdict && !verdict.isAllowed && verdict.isExceeded)) {
        const retryAfter = Math.max(1, (index + 1) * window - now);
        throw new ApiError(429, messages.tooManyRequests, {}, { 'retry-after': String(retryAfter) });
      }
    },
  };
}
