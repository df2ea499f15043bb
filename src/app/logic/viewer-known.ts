/**
 * Who is watching, once the session knows: no token being restored, checked or traded, no profile loading. Until then
 * the capabilities are not the viewer's, and the preroll rules wait for this (machines/preroll `readViewer`): a no_ads
 * viewer decided on too early would get an ad.
 *
 * Its own module, with the app's chunk: xstate's `waitFor` would have joined the initial bundle, where xstate lives.
 */
import type { Actor, SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session/session.machine';
import type { PrerollViewer } from '../../../machines/preroll/preroll.types';

type Session = Actor<typeof sessionMachine>;

/** The session's named selector: it has settled on who the viewer is. */
const viewerKnown = (snapshot: SnapshotFrom<typeof sessionMachine>): boolean => !snapshot.hasTag('busy');

const viewerOf = ({ context }: SnapshotFrom<typeof sessionMachine>): PrerollViewer => ({
  id: context.profile?.id ?? null,
  noAds: context.capabilities.no_ads,
});

/** The viewer as soon as the session has settled; rejects if the session stops first. */
export function whenViewerKnown(session: Session): Promise<PrerollViewer> {
  return new Promise((resolve, reject) => {
    const current = session.getSnapshot();
    if (viewerKnown(current)) return resolve(viewerOf(current));
    const subscription = session.subscribe({
      next: (snapshot) => {
        if (!viewerKnown(snapshot)) return;
        subscription.unsubscribe();
        resolve(viewerOf(snapshot));
      },
      error: reject,
      complete: () => reject(new Error('the session stopped before the viewer was known')),
    });
  });
}
