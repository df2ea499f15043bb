/**
 * The navigation flow's effects: who the viewer is, from the session of the app's actor system; wouter's browser
 * location moves the viewer, the browser's history takes the step back, and the previous page is kept in storage for
 * a sign-in that leaves the app (the social provider).
 */
import { fromCallback } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { type NavigationEvent, navigationMachine } from '../../../machines/navigation/navigation.machine';
import { viewerStatusOf } from '../../../machines/navigation/navigation-rules';
import { previousPageStore } from '../../adapters/stores';
import type { CoreActors } from './core-logic';
import { addressesIn } from './system';

export function provideNavigation(core: Pick<CoreActors, 'storage' | 'system'>): typeof navigationMachine {
  const previous = previousPageStore(core.storage);
  const to = addressesIn(core.system);
  return navigationMachine.provide({
    actors: {
      watchViewer: fromCallback<NavigationEvent>(({ sendBack }) => {
        const session = to('session')();
        const tell = (snapshot: ReturnType<typeof session.getSnapshot>) =>
          sendBack({ type: 'viewer.status', status: viewerStatusOf((tag) => snapshot.hasTag(tag)) });
        tell(session.getSnapshot());
        const subscription = session.subscribe(tell);
        return () => subscription.unsubscribe();
      }),
    },
    actions: {
      goBack: () => window.history.back(),
      navigate: (_, href) => navigate(href, { replace: true }),
      keepPrevious: (_, page) => previous.keep(page),
    },
  });
}

/** The navigation flow's input: the previous page kept from before this page load. */
export const navigationInput = (core: Pick<CoreActors, 'storage'>) => ({ previous: previousPageStore(core.storage).read() });
