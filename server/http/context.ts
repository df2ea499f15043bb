import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import type { Scheduler } from '../jobs/scheduler';
import type { Clock } from '../lib/clock';

export interface ChannelRow {
  id: number;
  channel_key: string;
  alias: string;
  name: string;
  domains: string;
  language: string;
  currency: string;
  country_code: string;
  blocked_countries: string;
  logo: string | null;
  tag_manager_id: string | null;
  product_analytics_key: string | null;
  stripe_publishable_key: string | null;
  preroll_timeout_ms: number | null;
  colors: string;
  secret: string;
}

export interface UserRow {
  id: number;
  channel_id: number;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  language: string | null;
  temporary_password: number;
  trial_period_used: number;
  capabilities: string;
  is_geo_blocked: number;
  email_verified_at: number | null;
  social_provider: string | null;
  created_at: number;
}

export interface Services {
  db: Db;
  config: ServerConfig;
  clock: Clock;
  jobs: Scheduler;
}

/** What a handler gets: the resolved channel and viewer, and the request's validated inputs. */
export interface RequestContext {
  services: Services;
  channel: ChannelRow;
  viewer: UserRow | null;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /** The bearer token as sent, when there was one. */
  token: string | null;
  ip: string;
  now: number;
  /** Where the web app lives, for links in mail and redirects. */
  appOrigin: string;
  /** Where this API lives (scheme, host and the /api prefix). */
  apiBase: string;
}

/** A reply other than a 200 JSON body. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}

  static created(body: unknown): Reply {
    return new Reply(201, body);
  }

  static redirect(location: string): Reply {
    return new Reply(302, null, { location });
  }

  static html(markup: string, status = 200): Reply {
    return new Reply(status, markup, { 'content-type': 'text/html; charset=utf-8' });
  }
}

type Handler = (ctx: RequestContext) => unknown;

/** Handlers keyed by the contract's operationId. */
export type Handlers = Record<string, Handler>;

/** The viewer of an operation whose contract requires one (the glue has already answered 401 otherwise). */
export function viewerOf(ctx: RequestContext): UserRow {
  if (!ctx.viewer) throw new Error('viewerOf() used on an operation that does not require a viewer');
  return ctx.viewer;
}
