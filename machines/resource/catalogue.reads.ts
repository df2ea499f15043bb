/**
 * The catalogue's reads for the resource machine (SPEC §2 home and events list, §7 "Events and participants"):
 * `resourceMachine.provide({ actors: createHomeActors({ client }) })` with input `{ params: HomeParams }`, and the
 * same for the events list (`EventsListQueryVariables`) and the list's filter values (no parameters).
 */
import { fromPromise } from 'xstate';
import { EventFiltersDocument } from '../../mesh/client/generated/documents/EventFilters';
import { EventsListDocument } from '../../mesh/client/generated/documents/EventsList';
import { FavoritesDocument } from '../../mesh/client/generated/documents/Favorites';
import { HomeEventsDocument } from '../../mesh/client/generated/documents/HomeEvents';
import { SlidesDocument } from '../../mesh/client/generated/documents/Slides';
import { VodLibraryDocument } from '../../mesh/client/generated/documents/VodLibrary';
import type {
  EventCardFragment,
  EventFiltersQuery,
  EventsListQueryVariables,
  FavoritesQuery,
  SlidesQuery,
  VodLibraryQuery,
} from '../../mesh/client/generated/graphql';
import type { ChannelClient } from '../../mesh/client/transport';

/** @public */
export type CatalogueEvent = EventCardFragment;
/** @public */
export type Slide = NonNullable<NonNullable<SlidesQuery['slides']>['data'][number]>;
/** @public */
export type VodRail = NonNullable<NonNullable<VodLibraryQuery['rails']>['data'][number]>;
/** @public */
export type FavoriteRef = Pick<NonNullable<NonNullable<FavoritesQuery['favorites']>['data'][number]>, 'favoritable_id' | 'favoritable_type'>;
/** @public */
export type FilterProperty = NonNullable<NonNullable<EventFiltersQuery['properties']>['data'][number]>;
/** @public */
export type EventLocation = NonNullable<NonNullable<EventFiltersQuery['locations']>['data'][number]>;

/** What the home page reads for: a participant group's alias or name (`?group=`), and whether a viewer is logged in. */
export interface HomeParams {
  group: string | null;
  loggedIn: boolean;
}

/** @public */
export interface HomeContent {
  live: CatalogueEvent[];
  upcoming: CatalogueEvent[];
  vod: CatalogueEvent[];
  /** The channel's slides in their position order; none on a group's page. */
  slides: Slide[];
  /** The VOD library's rails; none on a group's page. */
  vodRails: VodRail[];
  /** The logged-in viewer's favourites (none for a visitor), to show their events first. */
  favorites: FavoriteRef[];
}

/** @public */
export interface EventsPage {
  events: CatalogueEvent[];
  total: number;
}

/** @public */
export interface EventFilterValues {
  properties: FilterProperty[];
  locations: EventLocation[];
}

function present<T>(items: ReadonlyArray<T | null> | null | undefined): T[] {
  return (items ?? []).filter((item): item is T => item !== null);
}

function isHomeParams(value: unknown): value is HomeParams {
  if (typeof value !== 'object' || value === null) return false;
  const params = value as Partial<HomeParams>;
  return (params.group === null || typeof params.group === 'string') && typeof params.loggedIn === 'boolean';
}

export function createHomeActors(deps: { client: ChannelClient }) {
  const { client } = deps;
  return {
    load: fromPromise<HomeContent, unknown>(async ({ input, signal }) => {
      if (!isHomeParams(input)) throw new Error('the home page is read with { group, loggedIn }');
      const grouped = input.group !== null;
      // The events are the page; slides, VOD rails and favourites only add to it, so their failure leaves them out
      // (the client has already reported it) instead of failing the page.
      const optional = <T>(read: Promise<T>): Promise<T | null> => read.catch(() => null);
      const [home, slides, vod, favorites] = await Promise.all([
        client.request(HomeEventsDocument, { group: input.group }, { signal }),
        grouped ? null : optional(client.request(SlidesDocument, {}, { signal })),
        grouped ? null : optional(client.request(VodLibraryDocument, {}, { signal })),
        input.loggedIn ? optional(client.request(FavoritesDocument, {}, { signal })) : null,
      ]);
      return {
        live: present(home.home?.live),
        upcoming: present(home.home?.upcoming),
        vod: present(home.home?.vod),
        slides: present(slides?.slides?.data).sort((a, b) => a.position - b.position),
        vodRails: present(vod?.rails?.data).filter((rail) => rail.vod_media_items.some((item) => item !== null)),
        favorites: present(favorites?.favorites?.data).map(({ favoritable_id, favoritable_type }) => ({ favoritable_id, favoritable_type })),
      };
    }),
  };
}

export function createEventsListActors(deps: { client: ChannelClient }) {
  return {
    load: fromPromise<EventsPage, unknown>(async ({ input, signal }) => {
      if (typeof input !== 'object' || input === null) throw new Error('the events list is read with its filters');
      const { events } = await deps.client.request(EventsListDocument, input as EventsListQueryVariables, { signal });
      return { events: present(events?.data), total: events?.meta.total ?? 0 };
    }),
  };
}

export function createEventFiltersActors(deps: { client: ChannelClient }) {
  return {
    load: fromPromise<EventFilterValues, unknown>(async ({ signal }) => {
      const { properties, locations } = await deps.client.request(EventFiltersDocument, {}, { signal });
      return { properties: present(properties?.data), locations: present(locations?.data) };
    }),
  };
}
