/** Facade of a game's download (`<EventDownloadFlow.Scope>`): whether the viewer may download, and the request. */
import { EventDownloadFlow, SessionFlow } from '../flows';

/** Whether the viewer's pass includes downloading games (SPEC §3 capability `download`). */
export function useDownloadRight(): boolean {
  return SessionFlow.useSelect((s) => s.hasTag('loggedIn') && s.context.capabilities.download);
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
