/**
 * The favourites machine's real actors over the typed client (favorites.graphql). The app shell passes them with
 * `favouritesMachine.provide({ actors: createFavouritesActors({ client }) })`.
 */
import { fromPromise } from 'xstate';
import type { ChannelClient } from '../../mesh/client/transport';
import { AddFavoriteDocument } from '../../mesh/client/generated/documents/AddFavorite';
import { FavoritesDocument } from '../../mesh/client/generated/documents/Favorites';
import { RemoveFavoriteDocument } from '../../mesh/client/generated/documents/RemoveFavorite';
import type { CheckedTarget, Favourite } from './favourites.types';
import type { RemoveFavouriteInput } from './favourites.machine';

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/** Real implementations of `loadFavourites`, `addFavourite` and `removeFavourite`; they reject with ClientRequestError. */
export function createFavouritesActors(deps: { client: ChannelClient }) {
  const { client } = deps;
  return {
    loadFavourites: fromPromise<Favourite[]>(async ({ signal }) => {
      const { favorites } = await client.request(FavoritesDocument, {}, { signal });
      return (favorites?.data ?? []).filter(present);
    }),
    addFavourite: fromPromise<Favourite, CheckedTarget>(async ({ input, signal }) => {
      const { favorite } = await client.request(
        AddFavoriteDocument,
        { id: input.favoritable_id, type: input.favoritable_type },
        { signal },
      );
      if (!favorite) throw new Error('AddFavorite answered no favourite');
      return favorite;
    }),
    removeFavourite: fromPromise<void, RemoveFavouriteInput>(async ({ input, signal }) => {
      await client.request(RemoveFavoriteDocument, { id: input.favouriteId }, { signal });
    }),
  };
}
