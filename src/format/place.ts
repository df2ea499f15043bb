/**
 * Where an event takes place, apart from the other event conventions (./event.ts): only the watch page and its calendar
 * file need it, so the home and list pages, which share ./event.ts, do not load it. Pure.
 */
import type { LocationFieldsFragment } from '../../mesh/client/generated/graphql';

/**
 * The place as the watch page shows it and the calendar file says it: the venue, its city and state that the channel
 * filled in, comma-separated; null for an event without a venue.
 */
export function eventPlace(location: Pick<LocationFieldsFragment, 'name' | 'city' | 'state'> | null | undefined): string | null {
  if (!location) return null;
  const place = [location.name, location.city, location.state].filter((part) => part).join(', ');
  return place === '' ? null : place;
}
