import type { RequestContext } from '../http/context';
import { ApiError, messages } from '../http/errors';
import { ownsEvent } from './access';
import type { EventRow } from './events';
import { GEO_BLOCKED_MESSAGE, geoOf } from './geo';
import { capabilityFlags } from './users';

/**
 * Who may watch, download and clip what (SPEC.md §6), in one place for the playback, download and clip calls:
 *
 * - Geo-blocking first: a blocked region or a blocked profile is refused everything, with SPEC's sentence.
 * - Events: a viewer needs the `watch` capability; anybody, signed in or not, may watch a free event (its
 *   `has_access` is true for visitors too, and prerolls exist for "unlogged" viewers); a paid one needs a purchase
 *   that covers it (`ownsEvent`), so a visitor is asked to log in (401) and a viewer to buy (403).
 * - VOD items: a viewer with the `vod_media` capability; an item cut from a paid event also needs that event.
 */
export function assertNotGeoBlocked(ctx: RequestContext): void {
  if (geoOf(ctx.channel, ctx.ip, ctx.viewer).is_geo_blocked) {
    throw new ApiError(403, GEO_BLOCKED_MESSAGE, { geo: [GEO_BLOCKED_MESSAGE] });
  }
}

const loginToWatch = (): ApiError => new ApiError(401, messages.unauthenticated, { auth: ['Log in to watch'] });

export function assertCanWatchEvent(ctx: RequestContext, event: EventRow): void {
  assertNotGeoBlocked(ctx);
  if (ctx.viewer && !capabilityFlags(ctx.viewer).watch) {
    throw new ApiError(403, 'Your account cannot watch events', { watch: ['The watch capability is required'] });
  }
  assertOwns(ctx, event);
}

export function assertCanWatchVod(ctx: RequestContext, eventOfItem: EventRow | undefined): void {
  assertNotGeoBlocked(ctx);
  if (!ctx.viewer) throw loginToWatch();
  if (!capabilityFlags(ctx.viewer).vod_media) {
    throw new ApiError(403, 'Your account cannot watch on-demand media', { vod_media: ['The vod_media capability is required'] });
  }
  if (eventOfItem) assertOwns(ctx, eventOfItem);
}

function assertOwns(ctx: RequestContext, event: EventRow): void {
  if (ownsEvent(ctx.services.db, ctx.viewer?.id ?? null, event, ctx.now)) return;
  if (!ctx.viewer) throw loginToWatch();
  throw new ApiError(403, 'This event must be bought before it can be watched', { has_access: ['Buy this event or a pass that covers it'] });
}
