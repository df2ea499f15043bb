/** The VOD reads (SPEC §3 VOD media and rails, §7 "VOD"): the library, a list page, an item and its related items. */
import { VodItemDocument } from '../../mesh/client/generated/documents/VodItem';
import { VodLibraryDocument } from '../../mesh/client/generated/documents/VodLibrary';
import { VodMediaListDocument } from '../../mesh/client/generated/documents/VodMediaList';
import { VodSearchDocument } from '../../mesh/client/generated/documents/VodSearch';
import type { VodCardFragment, VodLibraryQuery } from '../../mesh/client/generated/graphql';
import type { ReadCache } from '../../mesh/client/read-cache';
import { defineRead } from './read';

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
  rails: VodRail[];
  categories: VodCategory[];
}

/** What a list shows: a category's items or a title search, from `offset`. @public */
export type VodListQuery = { kind: 'category'; categoryId: number; offset: number } | { kind: 'search'; title: string; offset: number };

/** @public */
export interface VodPage {
  items: VodMedia[];
  total: number;
  offset: number;
  limit: number;
}

/** The item page's "More in {category}": the category's other items. @public */
export interface VodRelatedQuery {
  categoryId: number;
  excludeId: number;
}

/** @public */
export interface VodRelated {
  /** Null when the category is not among the channel's categories. */
  categoryName: string | null;
  items: VodMedia[];
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

async function readLibrary(cache: ReadCache, signal: AbortSignal): Promise<VodLibrary> {
  const { rails, categories } = await cache.request(VodLibraryDocument, {}, { signal });
  return {
    rails: (rails?.data ?? []).filter(present).map((rail) => ({ ...rail, vod_media_items: rail.vod_media_items.filter(present) })),
    categories: (categories?.data ?? []).filter(present),
  };
}

/** The library screen: rails with their items, and the categories (one request). */
export const vodLibraryRead = defineRead<null, VodLibrary>('vodLibrary', ({ cache }, _params, signal) => readLibrary(cache, signal));

/** A page of a category (VodMediaList) or of a title search (VodSearch, SPEC §5 defaults). */
export const vodListRead = defineRead<VodListQuery, VodPage>('vodList', async ({ cache }, query, signal) => {
  if (query.kind === 'category') {
    const { vod } = await cache.request(VodMediaListDocument, { categoryId: query.categoryId, limit: VOD_CATEGORY_LIMIT, offset: query.offset }, { signal });
    return page(vod, query.offset, VOD_CATEGORY_LIMIT);
  }
  // The defaults are sent explicitly rather than left to the document's, so the request says what SPEC says.
  const { results } = await cache.request(
    VodSearchDocument,
    { title: query.title, limit: VOD_SEARCH_LIMIT, offset: query.offset, sortField: VOD_SEARCH_SORT_FIELD },
    { signal },
  );
  return page(results, query.offset, VOD_SEARCH_LIMIT);
});

function page(
  list: { data: Array<VodMedia | null>; meta: { total: number; limit: number; offset: number } } | null,
  offset: number,
  limit: number,
): VodPage {
  return {
    items: (list?.data ?? []).filter(present),
    total: list?.meta.total ?? 0,
    offset: list?.meta.offset ?? offset,
    limit: list?.meta.limit ?? limit,
  };
}

/** One item by id; an unknown id is an answer (null), not a failure. */
export const vodItemRead = defineRead<number, VodMedia | null>('vodItem', async ({ cache }, id, signal) => {
  const { item } = await cache.request(VodItemDocument, { id }, { signal, tolerate: ['notFound'] });
  return item ?? null;
});

/** The other items of a category, and the category's name (from the categories list, which the item does not carry). */
export const vodRelatedRead = defineRead<VodRelatedQuery, VodRelated>('vodRelated', async ({ cache }, query, signal) => {
  const [list, library] = await Promise.all([
    // One more than shown, so that leaving the item itself out still fills the rail.
    cache.request(VodMediaListDocument, { categoryId: query.categoryId, limit: VOD_RELATED_LIMIT + 1, offset: 0 }, { signal }),
    readLibrary(cache, signal),
  ]);
  const items = (list.vod?.data ?? [])
    .filter(present)
    .filter((item) => item.id !== query.excludeId)
    .slice(0, VOD_RELATED_LIMIT);
  return {
    categoryName: library.categories.find((category) => category.id === query.categoryId)?.name ?? null,
    items,
  };
});
