/** Facade of the favourites flow: the viewer's favourites (their one source) and what follows from them. */
import { useCallback } from 'react';
import { type CategoryLink, favouritesFirst, type OrderedEvent } from '../../../machines/favourites/favourites-first';
import { FavouritesFlow } from '../flows';

/**
 * Orders events with those of the viewer's favourite teams, schools and sports first (a visitor's stay as they are);
 * a new function whenever the favourites change.
 */
export function useFavouritesOrder(categories: readonly CategoryLink[]): <E extends OrderedEvent>(events: readonly E[]) => E[] {
  const favourites = FavouritesFlow.useSelect((s) => s.context.favourites);
  return useCallback(<E extends OrderedEvent>(events: readonly E[]) => favouritesFirst(events, favourites, categories), [favourites, categories]);
}
