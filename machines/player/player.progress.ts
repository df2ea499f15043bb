/**
 * Continue watching, the player's side (README.md "Continue watching", the contract's /watch_progress): which videos
 * keep a position, where a signed-in viewer stopped in one, and the saver of the positions the player reports. Loaded
 * on demand (player.actors.ts `readProgress`, the app's `reportViewing` in src/app/logic/player.ts): the app's chunk,
 * which every page's first load carries, holds none of it.
 */
import { SaveWatchProgressDocument } from '../../mesh/client/generated/documents/SaveWatchProgress';
import { ResumePositionsDocument } from '../../mesh/client/generated/documents/ResumePositions';
import type { WatchProgressItemType } from '../../mesh/client/generated/graphql';
import { progressItemOf } from './player.resumable';
import { ClientRequestError } from '../../mesh/client/errors';
import type { ChannelClient } from '../../mesh/client/transport';
import type { PrerollViewer } from '../preroll/preroll.types';
import type { FirstFrameParams, ViewingParams } from './player.types';

/** Where the viewer stopped in what `input` plays (seconds), or null: nothing saved, a visitor, a live game, a clip. */
export async function readSavedPosition(
  client: ChannelClient,
  viewer: () => PrerollViewer | Promise<PrerollViewer>,
  input: FirstFrameParams,
  signal: AbortSignal,
): Promise<number | null> {
  const item = progressItemOf(input);
  if (item === null || (await viewer()).id === null) return null;
  // execute, not request: the early read of the watch page's entry (src/app/early-watch.ts) answers it when it went out.
  const { data, errors } = await client.execute(ResumePositionsDocument, {}, { signal });
  if (errors[0]) throw new ClientRequestError(errors[0]);
  return data?.progress?.data.find((p) => p?.item_type === item.type && p.item_id === item.id)?.position ?? null;
}

/** The contract's bound on a position and a duration (a day of video). */
const MAX_SECONDS = 86_400;

/** @public */
export interface ProgressSaverDeps {
  client: ChannelClient;
  /** Whether a viewer is signed in now: a visitor's position is nobody's. */
  signedIn(): boolean;
}

/**
 * Saves the position a report carries; settles once it is saved (or failed: never rejects). One save per item at a
 * time: a report that arrives while one is in flight waits for it, and a newer one replaces it, so the positions land
 * in order and only the newest waiting one is sent.
 */
export type ProgressSaver = (params: ViewingParams) => Promise<void>;

interface Save {
  type: WatchProgressItemType;
  id: number;
  position: number;
  duration: number;
}

/** What a report saves, or null: not a replay or library video, no playhead or no known length, or a visitor. */
function saveOf(params: ViewingParams, signedIn: boolean): Save | null {
  const item = progressItemOf(params);
  const { position, duration } = params;
  if (item === null || !signedIn) return null;
  // A stream whose length or playhead is not known yet (or is endless) has no place to resume.
  if (!Number.isFinite(position) || !Number.isFinite(duration) || duration < 1 || duration > MAX_SECONDS) return null;
  return { ...item, position: Math.min(Math.max(position, 0), duration), duration };
}

export function createProgressSaver({ client, signedIn }: ProgressSaverDeps): ProgressSaver {
  const inFlight = new Map<string, { next: Save | null; done: Promise<void> }>();
  return (params) => {
    const save = saveOf(params, signedIn());
    if (save === null) return Promise.resolve();
    const key = `${save.type}:${save.id}`;
    const running = inFlight.get(key);
    if (running) {
      running.next = save;
      return running.done;
    }
    const slot: { next: Save | null; done: Promise<void> } = { next: save, done: Promise.resolve() };
    inFlight.set(key, slot);
    slot.done = (async () => {
      for (let next = slot.next; next !== null; next = slot.next) {
        slot.next = null;
        try {
          await client.request(SaveWatchProgressDocument, next);
        } catch {
          // A failed save is the next report's to make: nothing to tell the viewer.
        }
      }
      inFlight.delete(key);
    })();
    return slot.done;
  };
}
