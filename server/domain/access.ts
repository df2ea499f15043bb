import type { Db } from '../db/database';
import { coversEvent, eventCoverageFacts, viewerGrants } from './purchases';

/**
 * Whether a viewer owns the right to watch an event (SPEC.md §4 "purchased flag"): free events are open to
 * everyone; a paid one needs a paid order, active at `now`, that covers it: the event itself, a package or pass
 * over its category, a team pass of one of its teams, or a subscription (see `Grants` in purchases.ts). This is
 * the one place that answers it: the Event's `has_access`, `user/access` and media playback all ask here.
 *
 * `now` is the API's clock (the request's `ctx.now`), so orders lapse when the clock passes their period.
 */
export function ownsEvent(db: Db, viewerId: number | null, event: { id: number; type: 'paid' | 'free' }, now: number): boolean {
  if (event.type === 'free') return true;
  if (viewerId === null) return false;
  const grants = viewerGrants(db, viewerId, now);
  return grants !== null && coversEvent(grants, eventCoverageFacts(db, event.id));
}

/** An event whose category and teams the caller has already loaded. */
interface LoadedEvent {
  id: number;
  type: 'paid' | 'free';
  categoryId: number | null;
  participantIds: number[];
}

/**
 * `ownsEvent` for a whole page of events: the viewer's purchases are read once, and each event's category and teams
 * come from what the caller already loaded, instead of a few queries per event.
 */
export function eventOwnership(db: Db, viewerId: number | null, now: number): (event: LoadedEvent) => boolean {
  const grants = viewerId === null ? null : viewerGrants(db, viewerId, now);
  return (event) => event.type === 'free' || (grants !== null && coversEvent(grants, event));
}
