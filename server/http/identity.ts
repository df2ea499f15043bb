import { channelByApiKey, type ChannelRow, channelServingHost } from '../domain/channels';
import { messages } from '../domain/errors';
import type { Services } from './context';
import { ApiError } from './errors';

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
  const byKey = request.apiKey ? channelByApiKey(db, request.apiKey) : undefined;
  if (byKey) return byKey;
  if (!request.exempt) throw noKey(request.apiKey ? 'The API key is not known' : 'An API key is required');
  const channel = channelServingHost(db, request.host, services.config.defaultChannel);
  if (!channel) throw new ApiError(404, messages.noChannelOrApiKey, { channel_key: ['No channel is configured'] });
  return channel;
}
