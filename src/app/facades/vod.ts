/** The VOD library and item reads (SPEC §2 /vod_library and the VOD item route), each one `useRead`. */
import {
  type VodCategory,
  vodItemRead,
  vodLibraryRead,
  type VodListQuery,
  vodListRead,
  type VodMedia,
  type VodPage,
  type VodRail,
  type VodRelatedQuery,
  vodRelatedRead,
} from '../../../machines/resource/vod.reads';
import { type ReadStatus, useRead } from './read';

/** The library screen's rails and categories. */
export function useVodLibrary(): { status: ReadStatus; rails: readonly VodRail[]; categories: readonly VodCategory[]; retry(): void } {
  const { status, data, retry } = useRead(vodLibraryRead, null);
  return { status, rails: data?.rails ?? [], categories: data?.categories ?? [], retry };
}

/** A page of a category's items or of a title search. */
export function useVodList(query: VodListQuery): { status: ReadStatus; page: VodPage | null; retry(): void } {
  const { status, data, retry } = useRead(vodListRead, query);
  return { status, page: data, retry };
}

/** One VOD item; `item` is null while loading, on failure, and when the id is unknown (`notFound`). */
export function useVodItem(id: number): { status: ReadStatus; item: VodMedia | null; notFound: boolean; retry(): void } {
  const { status, data, retry } = useRead(vodItemRead, id);
  return { status, item: data, notFound: status === 'loaded' && data === null, retry };
}

/** The other items of an item's category, with the category's name. */
export function useVodRelated(query: VodRelatedQuery): {
  status: ReadStatus;
  categoryName: string | null;
  items: readonly VodMedia[];
  retry(): void;
} {
  const { status, data, retry } = useRead(vodRelatedRead, query);
  return { status, categoryName: data?.categoryName ?? null, items: data?.items ?? [], retry };
}
