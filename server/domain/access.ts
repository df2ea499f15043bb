import type { Db } from '../db/database';

/**
 * Whether a viewer owns the right to watch an event (SPEC.md §4 "purchased flag"): free events are open to
 * everyone; a paid one needs a purchase that covers it. This is the one place that answers it: the Event's
 * `has_access`, `user/access` and media playback all ask here.
 *
 * Until the commerce part records purchases, no paid event is owned.
 */
export function ownsEvent(_db: Db, viewerId: number | null, event: { id: number; type: 'paid' | 'free' }): boolean {
  if (event.type === 'free') return true;
  if (viewerId === null) return false;
  return false;
}
