import { parseJson } from '../db/database';
import { sha256 } from '../lib/crypto';
import type { ChannelRow, Services, UserRow } from './context';
import { ApiError, messages } from './errors';

const noKey = (detail: string): ApiError => new ApiError(401, messages.noChannelOrApiKey, { api_key: [detail] });

/**
 * The channel a request acts for. Calls that need an API key get the key's channel, or 401 with
 * `error.errors.api_key`. Exempt calls use the key when a valid one is sent, else the channel serving the
 * request's host name, else the deployment's default channel.
 */
export function resolveChannel(
  services: Services,
  request: { apiKey: string | null; exempt: boolean; host: string },
): ChannelRow {
  const { db } = services;
  const byKey = request.apiKey
    ? db
        .prepare<[string], ChannelRow>('SELECT c.* FROM api_keys k JOIN channels c ON c.id = k.channel_id WHERE k.key = ?')
        .get(request.apiKey)
    : undefined;
  if (byKey) return byKey;
  if (!request.exempt) throw noKey(request.apiKey ? 'The API key is not known' : 'An API key is required');
  const channel = channelForHost(services, request.host) ?? defaultChannel(services);
  if (!channel) throw new ApiError(404, messages.noChannelOrApiKey, { channel_key: ['No channel is configured'] });
  return channel;
}

export function channelForHost(services: Services, host: string): ChannelRow | undefined {
  const name = host.replace(/:\d+$/, '').toLowerCase();
  const channels = services.db.prepare<[], ChannelRow>('SELECT * FROM channels ORDER BY id').all();
  return channels.find((c) => parseJson<string[]>(c.domains, []).includes(name));
}

export function defaultChannel(services: Services): ChannelRow | undefined {
  const { db, config } = services;
  if (config.defaultChannel) {
    return db.prepare<[string], ChannelRow>('SELECT * FROM channels WHERE alias = ?').get(config.defaultChannel);
  }
  return db.prepare<[], ChannelRow>('SELECT * FROM channels ORDER BY id LIMIT 1').get();
}

/** The viewer behind a bearer token, only if the session is alive and belongs to the same channel. */
export function resolveViewer(services: Services, channel: ChannelRow, token: string): UserRow | null {
  const row = services.db
    .prepare<[string, number, number], UserRow>(
      `SELECT u.* FROM user_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.expires_at > ? AND u.channel_id = ?`,
    )
    .get(sha256(token), services.clock.now(), channel.id);
  return row ?? null;
}
