/**
 * Pure helpers over the catalogue's data: the startup's category tree flattened, the events a viewer follows put
 * first, and the properties of an event's participants. No React, no DOM.
 */
import type { StartupParts } from '../../../machines/app-load/app-load.types';
import type { CatalogueEvent, FavoriteRef } from '../../../machines/resource/catalogue.actors';

/** A category of the startup's tree, with where it sits. */
export interface FlatCategory {
  id: number;
  name: string;
  alias: string;
  parentId: number | null;
  depth: number;
}

type CategoryNode = {
  id: number;
  name: string;
  alias: string;
  parent_id: number | null;
  children?: ReadonlyArray<CategoryNode | null>;
};

/** The category tree (SPEC §3 "a tree with id and children") in reading order, parents before their children. */
export function flattenCategories(categories: StartupParts['categories']): FlatCategory[] {
  const out: FlatCategory[] = [];
  const walk = (nodes: ReadonlyArray<CategoryNode | null> | undefined, depth: number) => {
    for (const node of nodes ?? []) {
      if (node === null) continue;
      out.push({ id: node.id, name: node.name, alias: node.alias, parentId: node.parent_id, depth });
      walk(node.children, depth + 1);
    }
  };
  walk(categories?.data, 0);
  return out;
}

/** A category's id with the ids of everything under it. */
function withDescendants(id: number, categories: readonly FlatCategory[]): Set<number> {
  const ids = new Set([id]);
  // Parents come before their children in the flattened list, so one pass collects every level.
  for (const category of categories) if (category.parentId !== null && ids.has(category.parentId)) ids.add(category.id);
  return ids;
}

/**
 * The events with those of the viewer's favourite teams (participant), schools (group) and sports (category, or a
 * category under it) first; the order is otherwise kept. Without favourites the list is returned as it is.
 */
export function favouritesFirst<E extends CatalogueEvent>(
  events: readonly E[],
  favorites: readonly FavoriteRef[],
  categories: readonly FlatCategory[],
): E[] {
  if (favorites.length === 0) return [...events];
  const ids = (type: FavoriteRef['favoritable_type']) =>
    new Set(favorites.filter((f) => f.favoritable_type === type).map((f) => f.favoritable_id));
  const teams = ids('participant');
  const schools = ids('group');
  const sports = new Set([...ids('category')].flatMap((id) => [...withDescendants(id, categories)]));
  const followed = (event: E) =>
    (event.event_category_id !== null && sports.has(event.event_category_id)) ||
    event.participants.some((p) => p !== null && (teams.has(p.id) || (p.group_id !== null && schools.has(p.group_id))));
  return [...events.filter(followed), ...events.filter((event) => !followed(event))];
}

/** The values of one property of a participant's or a group's `properties` (SPEC §3: a map of lists). */
export function propertyValues(properties: unknown, name: string): string[] {
  if (typeof properties !== 'object' || properties === null) return [];
  const list: unknown = (properties as Record<string, unknown>)[name];
  return (Array.isArray(list) ? list : [list]).filter((value): value is string => typeof value === 'string' && value !== '');
}

/** The distinct values of one participant property (gender, sport) across an event's participants. */
export function participantProperty(event: CatalogueEvent, name: string): string[] {
  return [...new Set(event.participants.flatMap((participant) => propertyValues(participant?.properties, name)))];
}

/** True when the event costs money and the viewer has no access to it yet. */
export function isLockedPaidEvent(event: Pick<CatalogueEvent, 'type' | 'has_access'>): boolean {
  return event.type === 'paid' && !event.has_access;
}

/** A participant group of the startup's list. */
export type ParticipantGroup = NonNullable<NonNullable<StartupParts['groups']>['data'][number]>;

/** The group a `group` parameter names: by its alias, else by its name in any case (as the API matches it). */
export function findGroup(groups: StartupParts['groups'], value: string): ParticipantGroup | null {
  const list = (groups?.data ?? []).filter((group): group is ParticipantGroup => group !== null);
  const lower = value.toLowerCase();
  return list.find((group) => group.alias === value) ?? list.find((group) => group.name.toLowerCase() === lower) ?? null;
}
