/** The contract's list envelope for a collection answered whole. */
export function wholeList<T>(data: T[]): { data: T[]; meta: { total: number; limit: number; offset: number } } {
  return { data, meta: { total: data.length, limit: data.length, offset: 0 } };
}

export interface Page {
  /** `null`: every item (`no_limit=1`). */
  limit: number | null;
  offset: number;
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

/**
 * SQL suffix for a page; SQLite treats LIMIT -1 as no limit. The contract puts no maximum on `offset`, and SQLite
 * refuses an OFFSET beyond a 64-bit integer, so a huge one is capped (the page is empty either way).
 */
export function limitClause(page: Page): { sql: string; args: number[] } {
  return { sql: ' LIMIT ? OFFSET ?', args: [page.limit ?? -1, Math.min(page.offset, Number.MAX_SAFE_INTEGER)] };
}
