import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import type { MailSettings } from '../domain/account-links';
import type { ChannelRow } from '../domain/channels';
import type { ClipOrigins } from '../domain/clips';
import type { UserRow } from '../domain/users';
import type { Watcher } from '../domain/watch';
import type { Scheduler } from '../jobs/scheduler';
import type { Clock } from '../lib/clock';

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
  /** The cookies the operation declares (`in: cookie`), as the browser sent them; no other cookie reaches a handler. */
  cookies: Record<string, string>;
  ip: string;
  /** Who per-address limits count this request as (server/http/client-address.ts); null when it cannot tell. */
  clientAddress: string | null;
  now: number;
  /** Where the channel's viewers reach the web app, for links in mail and redirects (server/http/public-origin.ts). */
  appOrigin: string;
  /** Where they reach this API: the public origin and the /api prefix (the social provider's pages). */
  apiBase: string;
  /** Where they fetch media (/media/...): the channel's CDN, else the public origin. */
  mediaOrigin: string;
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

  static html(markup: string, status = 200, headers: Record<string, string> = {}): Reply {
    return new Reply(status, markup, { ...headers, 'content-type': 'text/html; charset=utf-8' });
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

export const clipOrigins = (ctx: RequestContext): ClipOrigins => ({ app: ctx.appOrigin, media: ctx.mediaOrigin });

export const mailSettings = (ctx: RequestContext): MailSettings => ({ appOrigin: ctx.appOrigin, print: ctx.services.config.logMail });

/** What the watch rules (server/domain/watch.ts) need of a request. */
export const watcherOf = (ctx: RequestContext): Watcher => ({ channel: ctx.channel, viewer: ctx.viewer, ip: ctx.ip, now: ctx.now });
