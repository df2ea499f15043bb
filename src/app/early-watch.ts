/**
 * Loaded by the entry on a watch page only: the game's details and playback grant go out now, beside the startup
 * requests, rather than once the app, the watch view and the player have loaded. The player's own request for the
 * same game takes this answer if it is the same viewer's (mesh/client/early-reads.ts).
 */
import { EXPECTED_REFUSALS } from '../../machines/player/player.types';
import { WatchEventDocument } from '../../mesh/client/generated/documents/WatchEvent';
import type { CoreActors } from './logic/core-logic';

export function startEarlyWatch(core: Pick<CoreActors, 'early'>, id: number): void {
  core.early.start(WatchEventDocument, { id }, { tolerate: EXPECTED_REFUSALS });
}
