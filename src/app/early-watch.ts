/**
 * Loaded by the entry on a watch page only: the game's details and playback grant go out now, beside the startup
 * requests, rather than once the app, the watch view and the player have loaded. The player's own request for the
 * same game takes this answer if it is the same viewer's (mesh/client/early-reads.ts). hls.js and the granted
 * playlist start loading once the grant is there: before, hls.js's 180 kB would compete with the app's own chunks on a
 * slow network, and a viewer the game is refused to never needs either.
 */
import { EXPECTED_REFUSALS } from '../../machines/player/player.types';
import { WatchEventDocument } from '../../mesh/client/generated/documents/WatchEvent';
import type { CoreActors } from './logic/core-logic';

/** `granted` runs with the stream's URL once the answer grants playback (not when the viewer may not watch). */
export function startEarlyWatch(core: Pick<CoreActors, 'early'>, id: number, granted: (url: string) => void): void {
  void core.early.start(WatchEventDocument, { id }, { tolerate: EXPECTED_REFUSALS }).then((answer) => {
    if (answer.data?.playback) granted(answer.data.playback.url);
  });
}
