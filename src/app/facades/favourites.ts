/** Facade of the favourites flow: the viewer's favourites (their one source) and what follows from them. */
import { useCallback } from 'react';
import { type CategoryLink, favouritesFirst, type OrderedEvent } from '../../../machines/favourites/favourites-first';
import { FAVOURITE_KIND_TYPES, type Favourite, type FavouritableType, type FavouriteKind } from '../../../machines/favourites/favourites.types';
import { FavouritesFlow } from '../flows';

/**
 * Orders events with those of the viewer's favourite teams, schools and sports first (a visitor's stay as they are);
 * a new function whenever the favourites change.
 */
export function useFavouritesOrder(categories: readonly CategoryLink[]): <E extends OrderedEvent>(events: readonly E[]) => E[] {
  const favourites = FavouritesFlow.useSelect((s) => s.context.favourites);
  return useCallback(<E extends OrderedEvent>(events: readonly E[]) => favouritesFirst(events, favourites, categories), [favourites, categories]);
}

/** A team, a school or a sport, as a favourite control names it. */
export interface FollowTarget {
  id: number;
  kind: FavouriteKind;
}

/**
 * One favourite control: whether the viewer follows the target, whether its change is on its way, whether a change
 * can be asked now (one call at a time), and the toggle. A visitor's toggle asks them to log in (the machine's
 * refusal and its `askToSignIn` effect).
 */
export function useFavourite(target: FollowTarget) {
  const actor = FavouritesFlow.useActor();
  const type = FAVOURITE_KIND_TYPES[target.kind];
  const followed = FavouritesFlow.useSelect((s) => s.context.favourites.some((f) => f.favoritable_type === type && f.favoritable_id === target.id));
  const pending = FavouritesFlow.useSelect((s) => s.context.pending?.favoritable_type === type && s.context.pending.favoritable_id === target.id);
  // The machine's tag rather than can() per star, which would work out a whole transition for every card on every render.
  const available = FavouritesFlow.useSelect((s) => s.hasTag('acceptsChange'));
  return {
    followed,
    pending,
    available,
    toggle: () => actor.send({ type: followed ? 'user.remove' : 'user.add', target }),
  };
}

/** The viewer's favourites, by kind, and whether they are still being read or could not be. */
export function useFavouritesList() {
  const favourites = FavouritesFlow.useSelect((s) => s.context.favourites);
  const status = FavouritesFlow.useSelect((s): 'loggedOut' | 'loading' | 'failed' | 'loaded' => {
    if (s.hasTag('loggedOut')) return 'loggedOut';
    if (s.hasTag('loadFailed')) return 'failed';
    if (s.hasTag('loaded')) return 'loaded';
    return 'loading';
  });
  const actor = FavouritesFlow.useActor();
  return { favourites, status, retry: () => actor.send({ type: 'favourites.load' }) };
}

const KIND_OF_TYPE: Readonly<Record<FavouritableType, FavouriteKind>> = { participant: 'team', group: 'school', category: 'sport' };

/** What the interface calls a favourite: a team, a school or a sport. */
export const favouriteKindOf = (favourite: Pick<Favourite, 'favoritable_type'>): FavouriteKind => KIND_OF_TYPE[favourite.favoritable_type];

/**
 * What the viewer follows as one stable string (`participant:4,group:2`), empty for a visitor or nobody followed:
 * the key of the reads that depend on it.
 */
export function useFollowedKey(): string {
  return FavouritesFlow.useSelect((s) =>
    s.context.favourites
      .map((f) => `${f.favoritable_type}:${f.favoritable_id}`)
      .sort()
      .join(','),
  );
}
