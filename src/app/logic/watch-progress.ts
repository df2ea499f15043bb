/**
 * Continue watching: the player's viewing reports (every 30 s of playback, at a pause, at the end) also save where a
 * signed-in viewer is in a replay or a library video (the contract's PUT /watch_progress). One save per item at a
 * time: a newer report cancels the one still in flight, so an older position never lands after a newer one.
 *
 * Loaded with the first report (src/app/logic/player.ts), not with the app's chunk, which every page's first load
 * carries.
 */
import { progressItemOf } from '../../../machines/player/player.actors';
import type { ViewingParams } from '../../../machines/player/player.types';
import { SaveWatchProgressDocument } from '../../../mesh/client/generated/documents/SaveWatchProgress';
import type { ChannelClient } from '../../../mesh/client/transport';

/** The contract's bound on a position and a duration (a day of video). */
const MAX_SECONDS = 86_400;

export interface ProgressSaverDeps {
  client: ChannelClient;
  /** Whether a viewer is signed in now: a visitor's position is nobody's. */
  signedIn(): boolean;
}

/** Saves the position a report carries; settles once the save is done, cancelled or failed (never rejects). */
export type ProgressSaver = (params: ViewingParams) => Promise<void>;

export function createProgressSaver({ client, signedIn }: ProgressSaverDeps): ProgressSaver {
  const inFlight = new Map<string, AbortController>();
  return async (params) => {
    const item = progressItemOf(params);
    const { position, duration } = params;
    if (item === null || position === undefined || duration === undefined || !signedIn()) return;
    // A stream whose length is not known yet (or is endless) has no place to resume.
    if (!Number.isFinite(duration) || duration < 1 || duration > MAX_SECONDS) return;
    const key = `${item.type}:${item.id}`;
    inFlight.get(key)?.abort();
    const controller = new AbortController();
    inFlight.set(key, controller);
    try {
      const at = Math.min(Math.max(position, 0), duration);
      await client.request(SaveWatchProgressDocument, { type: item.type, id: item.id, position: at, duration }, { signal: controller.signal });
    } catch {
      // A cancelled save was superseded; a failed one is the next report's to make. Nothing to tell the viewer.
    } finally {
      if (inFlight.get(key) === controller) inFlight.delete(key);
    }
  };
}
