/**
 * Loaded by the entry on a watch page only: the game's details and playback grant go out now, beside the startup
 * requests, rather than once the app, the watch view and the player have loaded. The player's own request for the
 * same game takes this answer if it is the same viewer's (mesh/client/early-reads.ts). hls.js and the granted
 * playlist start loading once the grant is there: before, hls.js's 180 kB would compete with the app's own chunks on a
 * slow network, and a viewer the game is refused to never needs either.
 */
import { EXPECTED_REFUSALS } from '../../machines/player/player.types';
import { ResumePositionsDocument } from '../../mesh/client/generated/documents/ResumePositions';
import { WatchEventDocument } from '../../mesh/client/generated/documents/WatchEvent';
import type { CoreActors } from './logic/core-logic';

/** The viewer's token as the session has it now: null for a visitor. */
type Token = () => string | null;

/**
 * `granted` runs with the stream's URL once the answer grants playback (not when the viewer may not watch). A
 * signed-in viewer's places go out at once, beside the grant: whether the game is a replay (which keeps a place) is
 * only known from the grant's answer, and asking after it would put a request between the grant and the replay's
 * first frame. A live game then has asked for a short list it does not use, and never loads the code that reads it.
 */
export function startEarlyWatch(core: Pick<CoreActors, 'early'>, id: number, granted: (url: string) => void, token: Token): void {
  const places = token() !== null;
  if (places) void core.early.start(ResumePositionsDocument, {});
  void core.early.start(WatchEventDocument, { id }, { tolerate: EXPECTED_REFUSALS }).then((answer) => {
    if (!answer.data?.playback) return;
    granted(answer.data.playback.url);
    if (places && answer.data.playback.stream_type === 'vod') loadProgressReader();
  });
}

/**
 * A signed-in viewer's places in replays and library videos (continue watching), and the player's code that reads
 * them (machines/player/player.progress.ts), load now, beside the playlist: the player asks for both before the
 * video may start, and would otherwise wait for them one after the other. A visitor has no places.
 */
export function startEarlyProgress(core: Pick<CoreActors, 'early'>, token: Token): void {
  if (token() === null) return;
  void core.early.start(ResumePositionsDocument, {});
  loadProgressReader();
}

const loadProgressReader = (): void => void import('../../machines/player/player.progress').catch(() => undefined);
