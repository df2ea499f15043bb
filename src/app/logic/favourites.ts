/** Favourites: the client for the viewer's follows; a visitor is asked to sign in, a failure is a toast. */
import { sendTo } from 'xstate';
import { createFavouritesActors } from '../../../machines/favourites/favourites.actors';
import { favouritesMachine } from '../../../machines/favourites/favourites.machine';
import type { CoreActors } from './core-logic';
import { addressesIn } from './system';

export function provideFavourites(core: Pick<CoreActors, 'client' | 'system'>): typeof favouritesMachine {
  const to = addressesIn(core.system);
  return favouritesMachine.provide({
    actors: createFavouritesActors({ client: core.client }),
    actions: {
      // One popup however many stars a visitor clicks: the queue keeps a popup id at most once.
      askToSignIn: sendTo(to('popups'), { type: 'popup.open', popup: { kind: 'signInToFollow', id: 'sign-in-to-follow' } }),
      announceFailure: sendTo(to('toasts'), (_, message) => ({ type: 'toast.show', toast: { message, type: 'error' as const } })),
    },
  });
}
