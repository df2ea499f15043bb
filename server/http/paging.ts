import type { Page } from '../domain/queries';

/** The contract's list envelope for a collection answered whole. */
export function wholeList<T>(data: T[]): { data: T[]; meta: { total: number; limit: number; offset: number } } {
  return { data, meta: { total: data.length, limit: data.length, offset: 0 } };
}

/** Reads limit, offset and no_limit (already validated by the contract) with a per-operation default limit. */
export function pageFrom(query: Record<string, unknown>, defaultLimit: number): Page {
  const offset = typeof query['offset'] === 'number' ? query['offset'] : 0;
  if (query['no_limit'] === 1) return { limit: null, offset };
  return { limit: typeof query['limit'] === 'number' ? query['limit'] : defaultLimit, offset };
}

export function pagedList<T>(data: T[], total: number, page: Page) {
  return { data, meta: { total, limit: page.limit ?? total, offset: page.offset } };
}
