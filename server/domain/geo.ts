import { parseJson } from '../db/database';
import type { ChannelRow } from './channels';
import type { UserRow } from './users';

/** SPEC.md §6: what a blocked viewer is told. */
export const GEO_BLOCKED_MESSAGE = "We're sorry, but this content is not available in your region.";

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Where a request comes from. The reference API has no IP database: loopback and private addresses are placed
 * in the channel's home country, and the documentation ranges (RFC 5737) stand for a few foreign countries so
 * geo-blocking can be exercised locally.
 */
function countryOf(ip: string, homeCountry: string): string {
  const v4 = ip.replace(/^::ffff:/, '');
  if (v4.startsWith('192.0.2.')) return 'RU';
  if (v4.startsWith('198.51.100.')) return 'FR';
  if (v4.startsWith('203.0.113.')) return 'GB';
  return homeCountry;
}

/**
 * The contract's Geo for a request: blocked when the channel blocks the caller's country or the viewer's
 * profile is flagged (SPEC.md §6). `GET /geo` answers it; playback, downloads and clipping refuse a blocked one.
 */
export function geoOf(channel: ChannelRow, ip: string, viewer: UserRow | null) {
  const countryCode = countryOf(ip, channel.country_code);
  const blocked = parseJson<string[]>(channel.blocked_countries, []).includes(countryCode);
  return {
    country: regionNames.of(countryCode) ?? countryCode,
    country_code: countryCode,
    ip,
    is_geo_blocked: blocked || viewer?.is_geo_blocked === 1,
  };
}
