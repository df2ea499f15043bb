import type { Db } from '../db/database';

export interface Page {
  /** `null`: every item (`no_limit=1`). */
  limit: number | null;
  offset: number;
}

/**
 * SQL suffix for a page; SQLite treats LIMIT -1 as no limit. The contract puts no maximum on `offset`, and SQLite
 * refuses an OFFSET beyond a 64-bit integer, so a huge one is capped (the page is empty either way).
 */
export function limitClause(page: Page): { sql: string; args: number[] } {
  return { sql: ' LIMIT ? OFFSET ?', args: [page.limit ?? -1, Math.min(page.offset, Number.MAX_SAFE_INTEGER)] };
}

type SqlValue = string | number | null;

/** A WHERE clause assembled from optional filters, with its positional arguments. */
export class Conditions {
  readonly parts: string[] = [];
  readonly args: SqlValue[] = [];

  add(sql: string, ...args: SqlValue[]): this {
    this.parts.push(sql);
    this.args.push(...args);
    return this;
  }

  get sql(): string {
    return this.parts.length > 0 ? ` WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** One page of `SELECT <select> FROM <from> <where> ORDER BY <order>`, and how many rows match in all. */
export function selectPage<Row>(db: Db, query: { select: string; from: string; where: Conditions; order: string }, page: Page): { rows: Row[]; total: number } {
  const { select, from, where, order } = query;
  const total = db.prepare<SqlValue[], { n: number }>(`SELECT count(*) AS n FROM ${from}${where.sql}`).get(...where.args)!.n;
  const limit = limitClause(page);
  const rows = db.prepare<SqlValue[], Row>(`SELECT ${select} FROM ${from}${where.sql} ORDER BY ${order}${limit.sql}`).all(...where.args, ...limit.args);
  return { rows, total };
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally (with ESCAPE '\'). */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
