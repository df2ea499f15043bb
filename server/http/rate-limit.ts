import type { ServerConfig } from '../config';
import { messages } from '../domain/errors';
import type { Clock } from '../lib/clock';
import { ApiError } from './errors';

/**
 * Fixed-window request counter per caller (an API key, or an IP for calls without one).
 * Over the limit it answers 429 with `retry-after` in seconds until the window ends.
 */
class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: { max: number; windowSeconds: number },
    private readonly clock: Clock,
  ) {}

  hit(caller: string): void {
    if (this.limit.max === 0) return;
    const now = this.clock.now();
    let window = this.windows.get(caller);
    if (!window || now - window.start >= this.limit.windowSeconds) {
      window = { start: now, count: 0 };
      this.windows.set(caller, window);
      if (this.windows.size > 50_000) this.forgetExpired(now);
    }
    window.count += 1;
    if (window.count > this.limit.max) {
      const retryAfter = Math.max(1, window.start + this.limit.windowSeconds - now);
      throw new ApiError(429, messages.tooManyRequests, {}, { 'retry-after': String(retryAfter) });
    }
  }

  private forgetExpired(now: number): void {
    for (const [caller, window] of this.windows) {
      if (now - window.start >= this.limit.windowSeconds) this.windows.delete(caller);
    }
  }
}

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
 * The API's rate limits. A key is free (POST /get_api_key), so a budget per key alone is reset by taking another:
 * each request also counts against its client's address, whose budget bounds what any number of keys can do there,
 * and the keys an address may take are counted too. A request a trusted hop sent without naming its client is
 * counted as the hop's, as calls without a key always were: the GraphQL layer always names the browser, and a caller
 * on this machine that names nobody must not escape the address budget by it.
 */
export class RequestLimits {
  private readonly perCaller: RateLimiter;
  private readonly perAddress: RateLimiter;
  private readonly keysPerAddress: RateLimiter;

  constructor(settings: ServerConfig['rateLimit'], clock: Clock) {
    const on = settings.max > 0;
    const window = settings.windowSeconds;
    this.perCaller = new RateLimiter({ max: settings.max, windowSeconds: window }, clock);
    this.perAddress = new RateLimiter({ max: on ? (settings.addressMax ?? DEFAULT_ADDRESS_SHARE * settings.max) : 0, windowSeconds: window }, clock);
    this.keysPerAddress = new RateLimiter({ max: on ? (settings.keysMax ?? DEFAULT_KEYS_PER_ADDRESS) : 0, windowSeconds: window }, clock);
  }

  /** Counts one request; throws a 429 ApiError with `retry-after` when any of its budgets is spent. */
  count(request: CountedRequest): void {
    const address = request.address ?? request.peer;
    this.perAddress.hit(address);
    this.perCaller.hit(request.apiKey !== null ? `key:${request.apiKey}` : `ip:${address}`);
    if (KEY_ISSUING.has(request.operationId)) this.keysPerAddress.hit(address);
  }
}
