import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import { randomToken } from '../lib/crypto';
import { DomainError, messages } from './errors';

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
  /** Where viewers reach the channel (scheme, host, port); null: see server/http/public-origin.ts. */
  public_origin: string | null;
  /** Where its media is served from (a CDN in front of /media); null: the public origin. */
  media_origin: string | null;
  colors: string;
  secret: string;
}

export function channelByApiKey(db: Db, key: string): ChannelRow | undefined {
  return db.prepare<[string], ChannelRow>('SELECT c.* FROM api_keys k JOIN channels c ON c.id = k.channel_id WHERE k.key = ?').get(key);
}

function channelForHost(db: Db, host: string): ChannelRow | undefined {
  const name = host.replace(/:\d+$/, '').toLowerCase();
  const channels = db.prepare<[], ChannelRow>('SELECT * FROM channels ORDER BY id').all();
  return channels.find((c) => parseJson<string[]>(c.domains, []).includes(name));
}

/** The channel that serves `host` when one lists it, else the deployment's default channel. */
export function channelServingHost(db: Db, host: string | null, defaultAlias: string | null): ChannelRow | undefined {
  return (host ? channelForHost(db, host) : undefined) ?? defaultChannel(db, defaultAlias);
}

/** The deployment's default channel: the one named by alias (the CHANNEL setting), else the first. */
export function defaultChannel(db: Db, alias: string | null): ChannelRow | undefined {
  if (alias) return db.prepare<[string], ChannelRow>('SELECT * FROM channels WHERE alias = ?').get(alias);
  return db.prepare<[], ChannelRow>('SELECT * FROM channels ORDER BY id LIMIT 1').get();
}

/** The CDNs the channels serve their media from (their `media_origin` settings). */
export function channelMediaOrigins(db: Db): string[] {
  return db.prepare<[], { media_origin: string }>('SELECT DISTINCT media_origin FROM channels WHERE media_origin IS NOT NULL ORDER BY 1').all().map((row) => row.media_origin);
}

/** The secret a channel signs its media links with; empty for a channel that does not exist (no token matches it). */
export function channelSecret(db: Db, channelId: number): string {
  return db.prepare<[number], { secret: string }>('SELECT secret FROM channels WHERE id = ?').get(channelId)?.secret ?? '';
}

/** The secret of the channel an event belongs to; empty for an event that does not exist. */
export function channelSecretOfEvent(db: Db, eventId: number): string {
  return (
    db.prepare<[number], { secret: string }>('SELECT c.secret FROM events e JOIN channels c ON c.id = e.channel_id WHERE e.id = ?').get(eventId)?.secret ?? ''
  );
}

/** SPEC.md §5: the analytics service names its channel by the channel's product analytics key. */
export function channelByAnalyticsKey(db: Db, key: string): ChannelRow | undefined {
  return db.prepare<[string], ChannelRow>('SELECT * FROM channels WHERE product_analytics_key = ?').get(key);
}

/** A channel by its key or, failing that, its alias. */
export function channelByKeyOrAlias(db: Db, name: string): ChannelRow | undefined {
  return db
    .prepare<[string, string, string], ChannelRow>('SELECT * FROM channels WHERE channel_key = ? OR alias = ? ORDER BY channel_key = ? DESC LIMIT 1')
    .get(name, name, name);
}

/**
 * The channel key for a host name (the channel serving it, else the default channel); without a host, the key of
 * the channel the request already resolved to.
 */
export function channelKeyFor(db: Db, host: string | undefined, current: ChannelRow, defaultAlias: string | null): { channel_key: string } {
  const found = (host ? channelForHost(db, host) : current) ?? defaultChannel(db, defaultAlias);
  if (!found) throw new DomainError('notFound', messages.noChannelOrApiKey, { channel_key: ['No channel serves this host'] });
  return { channel_key: found.channel_key };
}

/** Issues a new API key of the channel behind `channelKey`. */
export function issueApiKey(db: Db, channelKey: string, now: number) {
  const channel = db.prepare<[string], ChannelRow>('SELECT * FROM channels WHERE channel_key = ?').get(channelKey);
  if (!channel) throw new DomainError('notFound', messages.noChannelOrApiKey, { channel_key: ['The channel key is not known'] });
  const key = randomToken(24);
  db.prepare('INSERT INTO api_keys (key, channel_id, created_at) VALUES (?, ?, ?)').run(key, channel.id, now);
  return { api_key: key, channel: { id: channel.id, alias: channel.alias, name: channel.name } };
}
