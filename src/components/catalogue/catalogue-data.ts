/**
 * Pure helpers over the catalogue's data: the startup's category tree flattened, and the properties of an event's
 * participants. No React, no DOM.
 */
import type { StartupParts } from '../../../machines/app-load/app-load.types';
import type { CatalogueEvent } from '../../../machines/resource/catalogue.reads';

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
