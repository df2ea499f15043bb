/**
 * What the library's address asks for (SPEC §2 parameter names: `category_id`; the search's `title` and `offset`).
 * Values that make no sense (category_id=abc, offset=-5) read as their defaults rather than failing.
 */

/** The largest id or offset the API's integer arguments (32-bit GraphQL Int) take. */
const MAX_INT = 2_147_483_647;
/** SPEC §5's search text is at most 200 characters (mesh/openapi.yaml SearchText). */
const MAX_TITLE_LENGTH = 200;

export const VOD_LIBRARY_PATH = '/vod_library';

export interface LibraryQuery {
  /** The search's words, trimmed; null when not searching. */
  title: string | null;
  categoryId: number | null;
  offset: number;
}

function wholeNumber(text: string | null, min: number): number | null {
  if (text === null || !/^\d{1,10}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= MAX_INT ? value : null;
}

/** Reads the library's query string (`useSearch()`, with or without its `?`). */
export function parseLibraryQuery(search: string): LibraryQuery {
  const params = new URLSearchParams(search);
  const title = params.get('title')?.trim().slice(0, MAX_TITLE_LENGTH).trim() ?? '';
  return {
    title: title === '' ? null : title,
    categoryId: wholeNumber(params.get('category_id'), 1),
    offset: wholeNumber(params.get('offset'), 0) ?? 0,
  };
}

/** The library's address for a query; defaults are left out (`/vod_library` is the rails). */
export function libraryHref(query: Partial<LibraryQuery>): string {
  const params = new URLSearchParams();
  if (query.categoryId) params.set('category_id', String(query.categoryId));
  if (query.title) params.set('title', query.title);
  if (query.offset) params.set('offset', String(query.offset));
  const search = params.toString();
  return search ? `${VOD_LIBRARY_PATH}?${search}` : VOD_LIBRARY_PATH;
}

/** The item route's id (`/vod_library/:vod_id`), or null when it is not one the API could know. */
export function parseVodId(text: string | undefined): number | null {
  return wholeNumber(text ?? null, 1);
}
