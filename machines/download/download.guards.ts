/**
 * Who may download: the download machine's guard, and the selector the game's page asks through its facade
 * (src/app/facades/event-download.ts) instead of deciding for itself.
 */
import type { DownloadContext } from './download.types';

export const downloadGuards = {
  /** The viewer's capability for this kind: `download` for a game, `download_clip` for a clip (SPEC §3). */
  isAllowed: ({ context }: { context: DownloadContext }) => context.allowed,
};

/**
 * Whether a game's Download button is offered: to a signed-in viewer whose pass includes downloading games, on a
 * finished game (only a recording can be saved) that they may watch.
 */
export function offersGameDownload(
  viewer: { signedIn: boolean; download: boolean },
  event: { stream_status: 'live' | 'vod' | 'upcoming' },
  player: { denied: boolean },
): boolean {
  return viewer.signedIn && viewer.download && event.stream_status === 'vod' && !player.denied;
}
