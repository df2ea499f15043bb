import { resolve } from 'node:path';
import { DEFAULT_SHUTDOWN_GRACE_SECONDS } from './http/lifecycle';

export interface ServerConfig {
  host: string;
  port: number;
  /** SQLite file; `:memory:` for throwaway runs. */
  databaseFile: string;
  /** Alias of the channel answered by the keys file when no host matches. */
  defaultChannel: string | null;
  /**
   * Where the deployment's default channel is reached (APP_ORIGIN as one origin), for every absolute URL the API
   * hands out; null: its listed host names (server/http/public-origin.ts).
   */
  appOrigin: string | null;
  /** Where other channels are reached, by alias (APP_ORIGIN as `alias=origin` pairs). */
  channelOrigins?: Readonly<Record<string, string>>;
  /** The rate limits (server/http/rate-limit.ts); `max` 0 turns them all off. */
  rateLimit: {
    /** Requests one API key (or, without a key, one IP) may make per window before 429. */
    max: number;
    windowSeconds: number;
    /** Requests one client address may make per window, whatever keys they carry (RATE_LIMIT_ADDRESS_MAX). */
    addressMax?: number;
    /** API keys one client address may be issued per window (RATE_LIMIT_API_KEYS). */
    keysMax?: number;
  };
  /**
   * How long the public reads (`x-cache: public`: settings, menu, categories, ...) may be kept by the GraphQL layer
   * (PUBLIC_CACHE_SECONDS; SPEC.md §9's 60 s by default). 0 says no-store: every read reaches the API.
   */
  publicCacheSeconds?: number;
  /** Print mailed links to the console (a local run has no mail server). */
  logMail: boolean;
  /** Bearer token for the analytics service's read-back; absent or null: read-back disabled (403). */
  analyticsReadToken?: string | null;
  /** Bearer token for the log service's read-back; absent or null: read-back disabled (403). */
  logReadToken?: string | null;
  /** Where clip files are written; absent: a `clips` folder beside the database file. */
  clipsDir?: string | null;
  /** The built web app served at `/` (vite build's output folder); absent or null: no app, services only. */
  appDir?: string | null;
  /** Origins allowed to call `/graphql` and `/api` from another site (CORS_ORIGINS, comma-separated); none: same origin only. */
  corsOrigins?: readonly string[];
  /**
   * Hops trusted to name the client in x-forwarded-for (TRUSTED_PROXIES, comma-separated addresses, CIDR ranges or
   * `loopback`, `linklocal`, `uniquelocal`): the load balancer in front of /graphql, or the GraphQL hosts in front
   * of /api. None by default: the address a request came from is the client's.
   */
  trustedProxies?: readonly string[];
  /** Who may frame `/watch_embed/{id}` (EMBED_ANCESTORS, space-separated CSP sources); `*` (any site) by default. */
  embedAncestors?: readonly string[];
  /**
   * The deployment's shared store (REDIS_URL, `redis://` or `rediss://`): the API's rate-limit windows and the
   * GraphQL layer's public-read cache (mesh/shared-cache.js reads the variable itself). Null: each process keeps its own.
   */
  redisUrl?: string | null;
  /** How long a stopping process waits for the requests in flight (SHUTDOWN_GRACE_SECONDS; server/http/lifecycle.ts). */
  shutdownGraceSeconds?: number;
  /** How long a stopping process keeps answering while unready, before it drains (SHUTDOWN_DELAY_SECONDS). */
  shutdownDelaySeconds?: number;
  /** Test-only TEST_FAULTS setting (server/http/test-hooks.ts `parseFaults`); never set in a deployment. */
  testFaults?: string | null;
}

/** SPEC.md §9's store-cache time: how long a public read may be kept unless PUBLIC_CACHE_SECONDS says otherwise. */
export const PUBLIC_CACHE_SECONDS = 60;

/** Reads the configuration from the environment, with the defaults a fresh clone needs. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env['HOST'] ?? '127.0.0.1',
    port: numberFrom(env['PORT'], 8080),
    databaseFile: env['DATABASE_FILE'] ?? resolve('data', 'channel.sqlite'),
    defaultChannel: env['CHANNEL'] ?? null,
    ...appOrigins(env['APP_ORIGIN']),
    rateLimit: {
      max: numberFrom(env['RATE_LIMIT_MAX'], 600),
      windowSeconds: numberFrom(env['RATE_LIMIT_WINDOW_SECONDS'], 60),
      // Absent, they follow RATE_LIMIT_MAX (rate-limit.ts).
      ...optionalNumber('addressMax', env['RATE_LIMIT_ADDRESS_MAX']),
      ...optionalNumber('keysMax', env['RATE_LIMIT_API_KEYS']),
    },
    publicCacheSeconds: numberFrom(env['PUBLIC_CACHE_SECONDS'], PUBLIC_CACHE_SECONDS),
    logMail: env['LOG_MAIL'] !== '0',
    analyticsReadToken: env['ANALYTICS_READ_TOKEN'] || null,
    logReadToken: env['LOG_READ_TOKEN'] || null,
    clipsDir: env['CLIPS_DIR'] || null,
    appDir: resolve(env['APP_DIR'] || 'dist'),
    corsOrigins: listFrom(env['CORS_ORIGINS'], /\s*,\s*/),
    trustedProxies: listFrom(env['TRUSTED_PROXIES'], /\s*,\s*/),
    embedAncestors: env['EMBED_ANCESTORS'] === undefined ? ['*'] : listFrom(env['EMBED_ANCESTORS'], /\s+/),
    redisUrl: env['REDIS_URL'] ? checkedRedisUrl(env['REDIS_URL']) : null,
    shutdownGraceSeconds: numberFrom(env['SHUTDOWN_GRACE_SECONDS'], DEFAULT_SHUTDOWN_GRACE_SECONDS),
    shutdownDelaySeconds: numberFrom(env['SHUTDOWN_DELAY_SECONDS'], 0),
    testFaults: env['TEST_FAULTS'] || null,
  };
}

/** APP_ORIGIN: one origin (the default channel's), or comma-separated `alias=origin` pairs (one per channel). */
function appOrigins(text: string | undefined): Pick<ServerConfig, 'appOrigin' | 'channelOrigins'> {
  const entries = listFrom(text, /\s*,\s*/);
  if (entries.length === 1 && !entries[0]!.includes('=')) return { appOrigin: checkedOrigin(entries[0]!, 'APP_ORIGIN'), channelOrigins: {} };
  const channelOrigins: Record<string, string> = {};
  for (const entry of entries) {
    const [alias, origin] = entry.split('=', 2).map((part) => part.trim());
    if (!alias || !origin) throw new Error(`APP_ORIGIN: "${entry}" is not alias=origin`);
    channelOrigins[alias] = checkedOrigin(origin, `APP_ORIGIN (${alias})`);
  }
  return { appOrigin: null, channelOrigins };
}

function listFrom(text: string | undefined, separator: RegExp): string[] {
  return (text ?? '').split(separator).map((entry) => entry.trim()).filter((entry) => entry !== '');
}

function numberFrom(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** `{ [name]: value }` for a setting that is a number of 0 or more; `{}` when absent or not one, so its default applies. */
function optionalNumber<K extends string>(name: K, text: string | undefined): Partial<Record<K, number>> {
  const value = numberFrom(text, -1);
  return value >= 0 ? ({ [name]: value } as Record<K, number>) : {};
}

/**
 * Checks an origin setting (APP_ORIGIN, a channel's public or media origin): scheme, host and port, nothing after.
 * Throws, so a typo stops the server at start instead of mailing broken links.
 */
function checkedOrigin(text: string, setting: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${setting}: "${text}" is not an origin (scheme://host[:port])`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== text.replace(/\/$/, '')) {
    throw new Error(`${setting}: "${text}" is not an origin (scheme://host[:port], with nothing after)`);
  }
  return url.origin;
}

/** Checks REDIS_URL at start, so a typo stops the server instead of running every process on its own counts. */
function checkedRedisUrl(text: string): string {
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // Said below.
  }
  // Not echoed: it may hold the password.
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:')) throw new Error('REDIS_URL is not a redis:// or rediss:// URL');
  return text;
}
