/**
 * The rules behind preroll gating (SPEC §3 Preroll, §4 Preroll, §9 "Preroll disable time"), as plain functions the
 * machine's guards and actions call: which prerolls suit an event, the weighted choice among them, how long a
 * played preroll keeps prerolls off, and the storage key of that time.
 */

/** How long prerolls stay off for a viewer and an event after one played, when the channel sets no time (SPEC §9). */
export const PREROLL_DEFAULT_TIMEOUT_MS = 3_600_000;

/** A preroll of the channel's settings (SPEC §3). */
export interface Preroll {
  id: number;
  url: string;
  /** Relative chance of being chosen among the prerolls that suit an event; 0 or less never plays. */
  weight: number;
  /** Only for events at this location; null for every location. */
  location_id: number | null;
  /** Only for events of these categories; empty for every category. */
  event_categories: readonly number[];
  for_live: boolean;
  for_vod: boolean;
}

/**
 * The channel's preroll settings, read at startup (Startup `settings.prerolls` and `settings.preroll_timeout_ms`).
 *
 * @public
 */
export interface PrerollSettings {
  prerolls: readonly Preroll[];
  /** The channel's configured time prerolls stay off after one played; null for the default hour. */
  timeoutMs: number | null;
}

/** The event about to play, as far as prerolls care. */
export interface PlayableEvent {
  id: number;
  categoryId: number | null;
  locationId: number | null;
  /** live and vod (finished) events play; an upcoming one has nothing to play yet. */
  streamStatus: 'live' | 'vod' | 'upcoming';
}

/** The viewer watching it. */
export interface PrerollViewer {
  /** The user's id; null for a visitor who is not logged in ("unlogged"). */
  id: number | null;
  /** The no_ads capability (SPEC §3 capability flags). */
  noAds: boolean;
}

/** Why no preroll plays before the content. */
export type PrerollSkipReason =
  /** The viewer has the no_ads capability. */
  | 'noAds'
  /** No preroll of the channel suits this event. */
  | 'noMatch'
  /** A preroll played for this viewer and event less than the timeout ago. */
  | 'disabled'
  /** The clock or the random draw was unavailable: the viewer is not held up by ads. */
  | 'unavailable'
  /** The player could not play the chosen preroll. */
  | 'failed';

/** Whether a preroll suits an event: its live/VOD flag, its location (if any) and its categories (if any). */
function suitsEvent(preroll: Preroll, event: PlayableEvent): boolean {
  const streamOk =
    (event.streamStatus === 'live' && preroll.for_live) || (event.streamStatus === 'vod' && preroll.for_vod);
  const locationOk = preroll.location_id === null || preroll.location_id === event.locationId;
  const categoryOk =
    preroll.event_categories.length === 0 ||
    (event.categoryId !== null && preroll.event_categories.includes(event.categoryId));
  return preroll.weight > 0 && streamOk && locationOk && categoryOk;
}

/** The prerolls that may play before an event, in the settings' order. */
export function matchingPrerolls(prerolls: readonly Preroll[], event: PlayableEvent): Preroll[] {
  return prerolls.filter((p) => suitsEvent(p, event));
}

/**
 * The weighted choice: `draw` (a number in [0, 1) from the injected random source) falls in one preroll's share of
 * the total weight. Out-of-range draws are clamped, so a faulty source still picks a suitable preroll.
 */
export function pickWeighted(candidates: readonly Preroll[], draw: number): Preroll | null {
  const total = candidates.reduce((sum, p) => sum + p.weight, 0);
  if (candidates.length === 0 || total <= 0) return null;
  const point = Math.min(Math.max(Number.isFinite(draw) ? draw : 0, 0), 1) * total;
  let reached = 0;
  for (const preroll of candidates) {
    reached += preroll.weight;
    if (point < reached) return preroll;
  }
  return candidates[candidates.length - 1] ?? null;
}

/** The channel's timeout when it sets a positive one, otherwise one hour (SPEC §4, §9). */
export function prerollTimeoutMs(configured: number | null): number {
  return configured !== null && Number.isFinite(configured) && configured > 0 ? configured : PREROLL_DEFAULT_TIMEOUT_MS;
}

/** Where the disabled-until time of a viewer (or "unlogged") and an event is stored. */
export function prerollStorageKey(viewerId: number | null, eventId: number): string {
  return `preroll_disabled_until:${viewerId ?? 'unlogged'}:${eventId}`;
}
