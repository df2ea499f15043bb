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
