/**
 * Favourites first (SPEC §1: "favourite schools, teams and sports"): a list of events with those of the viewer's
 * favourite teams (participant), schools (group) and sports (category, or a category under it) first, the order
 * otherwise kept. The favourites come from the favourites actor, their one source.
 */
import type { Favourite } from './favourites.types';

/** What the ordering reads of an event. */
export interface OrderedEvent {
  event_category_id: number | null;
  participants: ReadonlyArray<{ id: number; group_id: number | null } | null>;
}

/** A category of the channel's tree, with its parent. */
export interface CategoryLink {
  id: number;
  parentId: number | null;
}

/** A category's id with the ids of everything under it (`categories` lists parents before their children). */
function withDescendants(id: number, categories: readonly CategoryLink[]): Set<number> {
  const ids = new Set([id]);
  for (const category of categories) if (category.parentId !== null && ids.has(category.parentId)) ids.add(category.id);
  return ids;
}

export function favouritesFirst<E extends OrderedEvent>(
  events: readonly E[],
  favourites: readonly Pick<Favourite, 'favoritable_id' | 'favoritable_type'>[],
  categories: readonly CategoryLink[],
): E[] {
  if (favourites.length === 0) return [...events];
  const ids = (type: Favourite['favoritable_type']) =>
    new Set(favourites.filter((f) => f.favoritable_type === type).map((f) => f.favoritable_id));
  const teams = ids('participant');
  const schools = ids('group');
  const sports = new Set([...ids('category')].flatMap((id) => [...withDescendants(id, categories)]));
  const followed = (event: E) =>
    (event.event_category_id !== null && sports.has(event.event_category_id)) ||
    event.participants.some((p) => p !== null && (teams.has(p.id) || (p.group_id !== null && schools.has(p.group_id))));
  return [...events.filter(followed), ...events.filter((event) => !followed(event))];
}
