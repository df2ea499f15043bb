/**
 * Where a channel's viewers reach it: the origin of every absolute URL the API hands out (mailed links, playback and
 * download links, clip share links, the social hand-off). Never the internal origin the GraphQL layer calls, and
 * never a host the request names but the deployment does not list, or a reset link could be pointed at any site.
 *
 * In order:
 * 1. the channel's own `public_origin` (its settings);
 * 2. the deployment's APP_ORIGIN for it (`alias=origin` pairs, or one origin for the default channel);
 * 3. the host the browser asked for, when the channel answers to it: a name in its `domains`, or for the
 *    deployment's default channel the loopback names of a server that listens on loopback only (`npm start`'s
 *    printed `http://127.0.0.1:8080`);
 * 4. otherwise the channel's first listed domain on the port the request arrived at.
 *
 * The browser's host is the `Host` header, or `X-Forwarded-Host` and `X-Forwarded-Proto` when the peer is a trusted
 * hop (the GraphQL layer, a load balancer in TRUSTED_PROXIES); from anyone else those headers are not believed.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { type ChannelRow, defaultChannel } from '../domain/channels';
import { parseJson } from '../db/database';
import type { HopTrust } from './client-address';

/** The scheme and host a browser asked for, as far as the request can be believed. */
export interface BrowserHost {
  protocol: 'http' | 'https';
  /** `name` or `name:port`, lower case; null when the request named none that is well formed. */
  host: string | null;
}

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

const firstValue = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim().toLowerCase();

/** The browser's scheme and host: forwarded ones only from a trusted hop. */
export function browserHost(request: Pick<FastifyRequest, 'ip' | 'headers'>, trust: HopTrust): BrowserHost {
  const fromTrustedHop = trust(request.ip, 0);
  const forwardedHost = fromTrustedHop ? firstValue(request.headers['x-forwarded-host']) : undefined;
  const forwardedProto = fromTrustedHop ? firstValue(request.headers['x-forwarded-proto']) : undefined;
  const host = forwardedHost ?? firstValue(request.headers.host);
  return { protocol: forwardedProto === 'https' ? 'https' : 'http', host: host && HOST.test(host) ? host : null };
}

const hostName = (host: string): string => host.replace(/:\d+$/, '');

/** Whether the deployment listens on loopback only, so that the loopback names are its own. */
const listensOnLoopback = (config: ServerConfig): boolean => LOOPBACK_NAMES.has(config.host) || config.host === '::1';

/** The origin viewers of `channel` reach it at (see the module comment for the order). */
export function publicOrigin(db: Db, config: ServerConfig, channel: ChannelRow, browser: BrowserHost, localPort: number): string {
  if (channel.public_origin) return channel.public_origin;
  const isDefault = (): boolean => defaultChannel(db, config.defaultChannel)?.id === channel.id;
  const configured = config.channelOrigins?.[channel.alias] ?? (config.appOrigin && isDefault() ? config.appOrigin : null);
  if (configured) return configured;
  const domains = parseJson<string[]>(channel.domains, []);
  if (browser.host) {
    const name = hostName(browser.host);
    if (domains.includes(name) || (LOOPBACK_NAMES.has(name) && listensOnLoopback(config) && isDefault())) {
      return `${browser.protocol}://${browser.host}`;
    }
  }
  return `http://${domains[0] ?? config.host}:${localPort}`;
}

/** Where the channel's media is served: its CDN when it has one, else beside the app. */
export function mediaOriginOf(channel: ChannelRow, origin: string): string {
  return channel.media_origin ?? origin;
}
