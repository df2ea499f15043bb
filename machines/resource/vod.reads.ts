/**
 * The VOD reads (SPEC §3 VOD media and rails, §7 "VOD") for the resource machine. Each factory answers the `load`
 * actor of one read: `resourceMachine.provide({ actors: createVodListActors({ client }) })`, input the params below.
 * Every output carries a `kind`, so the view's facade can tell its read's answer from anything else in `data`.
 */
import { fromPromise } from 'xstate';
import { VodItemDocument } from '../../mesh/client/generated/documents/VodItem';
import { VodLibraryDocument } from '../../mesh/client/generated/documents/VodLibrary';
import { VodMediaListDocument } from '../../mesh/client/generated/documents/VodMediaList';
import { VodSearchDocument } from '../../mesh/client/generated/documents/VodSearch';
import type { VodCardFragment, VodLibraryQuery } from '../../mesh/client/generated/graphql';
import type { ChannelClient } from '../../mesh/client/transport';

/** SPEC §5 and §9: VOD search defaults to limit 10, offset 0, sort_field date. */
const VOD_SEARCH_LIMIT = 10;
const VOD_SEARCH_SORT_FIELD = 'date';
/** A category's page: four rows of three cards on a wide screen. */
const VOD_CATEGORY_LIMIT = 12;
/** How many other items of the category the item page shows. */
const VOD_RELATED_LIMIT = 8;

/** @public */
export type VodMedia = VodCardFragment;
type RailRow = NonNullable<NonNullable<NonNullable<VodLibraryQuery['rails']>['data'][number]>>;
type CategoryRow = NonNullable<NonNullable<NonNullable<VodLibraryQuery['categories']>['data'][number]>>;
/** @public */
export type VodRail = Omit<RailRow, 'vod_media_items'> & { vod_media_items: VodMedia[] };
/** @public */
export type VodCategory = CategoryRow;

/** @public */
export interface VodLibrary {
  kind: 'vodLibrary';
  rails: VodRail[];
  categories: VodCategory[];
}

/** What a list shows: a category's items or a title search, from `offset`. @public */
export type VodListQuery = { kind: 'category'; categoryId: number; offset: number } | { kind: 'search'; title: string; offset: number };

/** @public */
export interface VodPage {
  kind: 'vodPage';
  items: VodMedia[];
  total: number;
  offset: number;
  limit: number;
}

/** The item, or null when the API does not know its id (404). @public */
export interface VodItemAnswer {
  kind: 'vodItem';
  item: VodMedia | null;
}

/** The item page's "More in {category}": the category's other items. @public */
export interface VodRelatedQuery {
  categoryId: number;
  excludeId: number;
}

/** @public */
export interface VodRelated {
  kind: 'vodRelated';
  /** Null when the category is not among the channel's categories. */
  categoryName: string | null;
  items: VodMedia[];
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

function isListQuery(input: unknown): input is VodListQuery {
  if (typeof input !== 'object' || input === null) return false;
  const query = input as Partial<Record<string, unknown>>;
  if (typeof query['offset'] !== 'number') return false;
  return (query['kind'] === 'category' && typeof query['categoryId'] === 'number') || (query['kind'] === 'search' && typeof query['title'] === 'string');
}

function isRelatedQuery(input: unknown): input is VodRelatedQuery {
  if (typeof input !== 'object' || input === null) return false;
  const query = input as Partial<Record<string, unknown>>;
  return typeof query['categoryId'] === 'number' && typeof query['excludeId'] === 'number';
}

async function readLibrary(client: ChannelClient, signal: AbortSignal): Promise<VodLibrary> {
  const { rails, categories } = await client.request(VodLibraryDocument, {}, { signal });
  return {
    kind: 'vodLibrary',
    rails: (rails?.data ?? []).filter(present).map((rail) => ({ ...rail, vod_media_items: rail.vod_media_items.filter(present) })),
    categories: (categories?.data ?? []).filter(present),
  };
}

/** The library screen: rails with their items, and the categories (one request). Input: anything. */
export function createVodLibraryActors(deps: { client: ChannelClient }) {
  return {
    load: fromPromise<unknown, unknown>(({ signal }) => readLibrary(deps.client, signal)),
  };
}

/** A page of a category (VodMediaList) or of a title search (VodSearch, SPEC §5 defaults). Input: a VodListQuery. */
export function createVodListActors(deps: { client: ChannelClient }) {
  return {
    load: fromPromise<unknown, unknown>(async ({ input, signal }): Promise<VodPage> => {
      if (!isListQuery(input)) throw new Error('a VOD list is read by a category or a title');
      if (input.kind === 'category') {
        const { vod } = await deps.client.request(
          VodMediaListDocument,
          { categoryId: input.categoryId, limit: VOD_CATEGORY_LIMIT, offset: input.offset },
          { signal },
        );
        return page(vod, input.offset, VOD_CATEGORY_LIMIT);
      }
      // The defaults are sent explicitly rather than left to the document's, so the request says what SPEC says.
      const { results } = await deps.client.request(
        VodSearchDocument,
        { title: input.title, limit: VOD_SEARCH_LIMIT, offset: input.offset, sortField: VOD_SEARCH_SORT_FIELD },
        { signal },
      );
      return page(results, input.offset, VOD_SEARCH_LIMIT);
    }),
  };
}

function page(
  list: { data: Array<VodMedia | null>; meta: { total: number; limit: number; offset: number } } | null,
  offset: number,
  limit: number,
): VodPage {
  return {
    kind: 'vodPage',
    items: (list?.data ?? []).filter(present),
    total: list?.meta.total ?? 0,
    offset: list?.meta.offset ?? offset,
    limit: list?.meta.limit ?? limit,
  };
}

/** One item by id. Input: the id. An unknown id is an answer (item null), not a failure. */
export function createVodItemActors(deps: { client: ChannelClient }) {
  return {
    load: fromPromise<unknown, unknown>(async ({ input, signal }): Promise<VodItemAnswer> => {
      if (typeof input !== 'number') throw new Error('a VOD item is read by its id');
      const { item } = await deps.client.request(VodItemDocument, { id: input }, { signal, tolerate: ['notFound'] });
      return { kind: 'vodItem', item: item ?? null };
    }),
  };
}

/**
 * The other items of a category, and the category's name (from the categories list, which the item read does not
 * carry). Input: a VodRelatedQuery.
 */
export function createVodRelatedActors(deps: { client: ChannelClient }) {
  return {
    load: fromPromise<unknown, unknown>(async ({ input, signal }): Promise<VodRelated> => {
      if (!isRelatedQuery(input)) throw new Error('related VOD items are read by a category and the item to leave out');
      const [list, library] = await Promise.all([
        // One more than shown, so that leaving the item itself out still fills the rail.
        deps.client.request(VodMediaListDocument, { categoryId: input.categoryId, limit: VOD_RELATED_LIMIT + 1, offset: 0 }, { signal }),
        readLibrary(deps.client, signal),
      ]);
      const items = (list.vod?.data ?? [])
        .filter(present)
        .filter((item) => item.id !== input.excludeId)
        .slice(0, VOD_RELATED_LIMIT);
      return {
        kind: 'vodRelated',
        categoryName: library.categories.find((category) => category.id === input.categoryId)?.name ?? null,
        items,
      };
    }),
  };
}
