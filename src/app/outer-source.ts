/**
 * The outer-source tracking value (SPEC §2: "A tracking query parameter trk is stored as an outer-source tracking
 * value"; §9: kept 3 hours). Analytics requests carry it while it lasts.
 */
import type { ExpiringStorage } from '../adapters/storage';

export const OUTER_SOURCE_LIFETIME_MS = 3 * 60 * 60 * 1000;
const STORED_OUTER_SOURCE = 'outer_source';
/** The longest value kept; anything longer is not a tracking code. */
const MAX_LENGTH = 200;

/** Stores `trk` from a query string when it has one. */
export function rememberOuterSource(storage: ExpiringStorage, search: string): void {
  const trk = new URLSearchParams(search).get('trk')?.trim();
  if (trk && trk.length <= MAX_LENGTH) storage.set(STORED_OUTER_SOURCE, trk, OUTER_SOURCE_LIFETIME_MS);
}

export function outerSource(storage: ExpiringStorage): string | null {
  return storage.get(STORED_OUTER_SOURCE);
}
