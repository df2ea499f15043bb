/**
 * What the favourites machine exchanges with views and with its actors, and the local check of SPEC §5: a
 * favourite's type must be a string and one of participant, group, category, or the call is refused before it is
 * sent, with a message listing the problems.
 */
import type { Message, MessageRef } from '../../mesh/messages';

/** The types the API knows (SPEC §3 Favourite, §7 POST /favorite). */
export const FAVOURITABLE_TYPES = ['participant', 'group', 'category'] as const;

/** @public */
export type FavouritableType = (typeof FAVOURITABLE_TYPES)[number];

/**
 * The words the interface uses for them (SPEC §3): teams, schools and sports.
 *
 * @public
 */
export type FavouriteKind = 'team' | 'school' | 'sport';

/** The type sent for each kind of the interface. */
export const FAVOURITE_KIND_TYPES: Readonly<Record<FavouriteKind, FavouritableType>> = {
  team: 'participant',
  school: 'group',
  sport: 'category',
};

/** SPEC §5: favourites need a logged-in viewer. */
export const FAVOURITES_LOGIN_REQUIRED: MessageRef = { key: 'validation.loginForFavourites' };
/** SPEC §8: what the viewer reads when the API refuses or fails. */
export const FAVOURITES_FAILED: MessageRef = { key: 'errors.somethingWentWrong' };

/** A favourite as the API answers it (`Favorite` of favorites.graphql). */
export interface Favourite {
  /** The favourite's own id, used to remove it. */
  id: number;
  favoritable_id: number;
  favoritable_type: FavouritableType;
  name: string;
  alias: string;
  image: string | null;
}

/**
 * What a view asks to add or remove: the team's, school's or sport's id and its kind. The kind arrives from
 * routes and cards at run time, so it is checked here rather than trusted: `team`, `school` and `sport` (or the
 * API's own participant, group and category) are accepted, anything else is refused locally.
 *
 * @public
 */
export interface FavouriteTarget {
  id: number;
  kind: unknown;
}

/** A target that passed the local check. */
export interface CheckedTarget {
  favoritable_id: number;
  favoritable_type: FavouritableType;
}

function isFavouriteKind(kind: unknown): kind is FavouriteKind {
  return typeof kind === 'string' && Object.hasOwn(FAVOURITE_KIND_TYPES, kind);
}

function isFavouritableType(type: unknown): type is FavouritableType {
  return typeof type === 'string' && (FAVOURITABLE_TYPES as readonly string[]).includes(type);
}

/** The type a kind is sent as: a kind of the interface is translated, anything else is passed on to be checked. */
function typeOf(kind: unknown): unknown {
  return isFavouriteKind(kind) ? FAVOURITE_KIND_TYPES[kind] : kind;
}

/** Every reason the target cannot be sent; empty when it can. */
export function favouriteProblems(target: FavouriteTarget): string[] {
  const problems: string[] = [];
  const type = typeOf(target.kind);
  if (typeof type !== 'string') problems.push('favoritable_type must be a string');
  if (!isFavouritableType(type)) problems.push(`favoritable_type must be one of ${FAVOURITABLE_TYPES.join(', ')}`);
  if (!Number.isSafeInteger(target.id) || target.id < 1) problems.push('favoritable_id must be a positive integer');
  return problems;
}

/** The message of a refused call: every problem, in one line (a bug of the caller's, in the developer's words). */
export function invalidFavouriteMessage(problems: readonly string[]): Message {
  return { text: `Invalid favourite: ${problems.join('; ')}` };
}

/** The target as the API wants it, or null when the local check refuses it. */
export function checkedTarget(target: FavouriteTarget): CheckedTarget | null {
  const type = typeOf(target.kind);
  if (favouriteProblems(target).length > 0 || !isFavouritableType(type)) return null;
  return { favoritable_id: target.id, favoritable_type: type };
}
