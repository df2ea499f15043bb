import type { Db } from '../db/database';
import { ownsEvent } from './access';
import type { ChannelRow } from './channels';
import { DomainError, messages } from './errors';
import type { EventRow } from './events';
import { GEO_BLOCKED_MESSAGE, geoOf } from './geo';
import { type CapabilityFlag, capabilityFlags, type UserRow } from './users';

/** Who asks to watch: the channel, the signed-in viewer if any, where the request comes from, and when. */
export interface Watcher {
  channel: ChannelRow;
  viewer: UserRow | null;
  ip: string;
  now: number;
}

/**
 * Who may watch, download and clip what (SPEC.md §6), in one place for the playback, download and clip calls:
 *
 * - Geo-blocking first: a blocked region or a blocked profile is refused everything, with SPEC's sentence.
 * - Events: a viewer needs the `watch` capability; anybody, signed in or not, may watch a free event (its
 *   `has_access` is true for visitors too, and prerolls exist for "unlogged" viewers); a paid one needs a purchase
 *   that covers it (`ownsEvent`), so a visitor is asked to log in (401) and a viewer to buy (403).
 * - VOD items: a viewer with the `vod_media` capability; an item cut from a paid event also needs that event.
 */
export function assertNotGeoBlocked(watcher: Watcher): void {
  if (geoOf(watcher.channel, watcher.ip, watcher.viewer).is_geo_blocked) {
    throw new DomainError('forbidden', GEO_BLOCKED_MESSAGE, { geo: [GEO_BLOCKED_MESSAGE] });
  }
}

const loginToWatch = (): DomainError => new DomainError('unauthenticated', messages.unauthenticated, { auth: ['Log in to watch'] });

export function assertCanWatchEvent(db: Db, watcher: Watcher, event: EventRow): void {
  assertNotGeoBlocked(watcher);
  if (watcher.viewer) assertCapability(watcher.viewer, 'watch', 'Your account cannot watch events');
  assertOwns(db, watcher, event);
}

export function assertCanWatchVod(db: Db, watcher: Watcher, eventOfItem: EventRow | undefined): void {
  assertNotGeoBlocked(watcher);
  if (!watcher.viewer) throw loginToWatch();
  assertCapability(watcher.viewer, 'vod_media', 'Your account cannot watch on-demand media');
  if (eventOfItem) assertOwns(db, watcher, eventOfItem);
}

function assertOwns(db: Db, watcher: Watcher, event: EventRow): void {
  if (ownsEvent(db, watcher.viewer?.id ?? null, event, watcher.now)) return;
  if (!watcher.viewer) throw loginToWatch();
  throw new DomainError('forbidden', 'This event must be bought before it can be watched', { has_access: ['Buy this event or a pass that covers it'] });
}

/** A capability the viewer must hold, or a 403 naming it. */
export function assertCapability(viewer: UserRow, capability: CapabilityFlag, message: string): void {
  if (!capabilityFlags(viewer)[capability]) {
    throw new DomainError('forbidden', message, { [capability]: [`The ${capability} capability is required`] });
  }
}
