/**
 * Facade of a game's download (`<EventDownloadFlow.Scope>`, the download machine with the game as input): whether it
 * is offered, and the request.
 */
import { offersGameDownload } from '../../../machines/download/download.guards';
import { EventDownloadFlow, PlayerFlow, SessionFlow } from '../flows';

/**
 * Whether the game's Download button is offered (`offersGameDownload`, beside the download machine's guard): a
 * viewer whose pass includes downloading games, on a finished game they may watch. Inside the player's scope.
 */
export function useGameDownloadOffered(event: { stream_status: 'live' | 'vod' | 'upcoming' }): boolean {
  const signedIn = SessionFlow.useSelect((s) => s.hasTag('loggedIn'));
  const download = SessionFlow.useSelect((s) => s.context.capabilities.download);
  const denied = PlayerFlow.useSelect((s) => s.hasTag('denied'));
  return offersGameDownload({ signedIn, download }, event, { denied });
}

export function useEventDownload() {
  const actor = EventDownloadFlow.useActor();
  return {
    busy: EventDownloadFlow.useSelect((s) => s.hasTag('busy')),
    canDownload: EventDownloadFlow.useSelect((s) => s.can({ type: 'user.download' })),
    message: EventDownloadFlow.useSelect((s) => s.context.message),
    download: () => actor.send({ type: 'user.download' }),
  };
}
