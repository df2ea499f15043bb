/**
 * The catalogue's reads (SPEC §2 home and events list, §7 "Events and participants"): the home page, a page of the
 * events list, and the list's filter values. The viewer's favourites are not read here: the favourites actor is
 * their one source.
 */
import { EventFiltersDocument } from '../../mesh/client/generated/documents/EventFilters';
import { EventsListDocument } from '../../mesh/client/generated/documents/EventsList';
import { HomeEventsDocument } from '../../mesh/client/generated/documents/HomeEvents';
import { SlidesDocument } from '../../mesh/client/generated/documents/Slides';
import { VodLibraryDocument } from '../../mesh/client/generated/documents/VodLibrary';
import type {
  EventCardFragment,
  EventFiltersQuery,
  EventsListQueryVariables,
  SlidesQuery,
  VodLibraryQuery,
} from '../../mesh/client/generated/graphql';
import { defineRead, present } from './read';

/** @public */
export type CatalogueEvent = EventCardFragment;
/** @public */
export type Slide = NonNullable<NonNullable<SlidesQuery['slides']>['data'][number]>;
/** @public */
export type VodRail = NonNullable<NonNullable<VodLibraryQuery['rails']>['data'][number]>;
/** @public */
export type FilterProperty = NonNullable<NonNullable<EventFiltersQuery['properties']>['data'][number]>;
/** @public */
export type EventLocation = NonNullable<NonNullable<EventFiltersQuery['locations']>['data'][number]>;

/** What the home page reads for: a participant group's alias or name (`?group=`). */
export interface HomeParams {
  group: string | null;
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
  /** `?group=` names no participant group the API knows (by alias or name): the page says so, with nothing else. */
  groupNotFound: boolean;
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


/** The home page, for a participant group's alias or name (`?group=`) or, with null, the whole channel. */
export const homeRead = defineRead<HomeParams, HomeContent>('home', async ({ cache }, params, signal) => {
  const grouped = params.group !== null;
  // The events are the page; slides and VOD rails only add to it, so their failure leaves them out (the client has
  // already reported it) instead of failing the page.
  const optional = <T>(read: Promise<T>): Promise<T | null> => read.catch(() => null);
  const [home, slides, vod] = await Promise.all([
    // An unknown group is an answer (404), not a failure to retry.
    cache.request(HomeEventsDocument, { group: params.group }, { signal, tolerate: grouped ? ['notFound'] : [] }),
    grouped ? null : optional(cache.request(SlidesDocument, {}, { signal })),
    grouped ? null : optional(cache.request(VodLibraryDocument, {}, { signal })),
  ]);
  return {
    groupNotFound: grouped && home.home === null,
    live: present(home.home?.live),
    upcoming: present(home.home?.upcoming),
    vod: present(home.home?.vod),
    slides: present(slides?.slides?.data).sort((a, b) => a.position - b.position),
    vodRails: present(vod?.rails?.data).filter((rail) => rail.vod_media_items.some((item) => item !== null)),
  };
});

/** One page of the events list for these filters. */
export const eventsListRead = defineRead<EventsListQueryVariables, EventsPage>('eventsList', async ({ cache }, variables, signal) => {
  const { events } = await cache.request(EventsListDocument, variables, { signal });
  return { events: present(events?.data), total: events?.meta.total ?? 0 };
});

/** What the list's filters offer beyond the startup parts: group properties (division...) and venues. */
export const eventFiltersRead = defineRead<null, EventFilterValues>('eventFilters', async ({ cache }, _params, signal) => {
  const { properties, locations } = await cache.request(EventFiltersDocument, {}, { signal });
  return { properties: present(properties?.data), locations: present(locations?.data) };
});
