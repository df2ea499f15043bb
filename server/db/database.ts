import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

export type Db = Database.Database;

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens (creating if needed) the SQLite file in WAL mode and applies pending migrations in name order.
 * `:memory:` is accepted for throwaway databases.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  cacheStatements(db);
  return db;
}

/**
 * Makes `db.prepare` answer the same compiled statement for the same SQL. Preparing on every call was the largest
 * single server cost under load (bench:mesh); statements are reusable, and no caller changes a statement's mode.
 */
function cacheStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      // Dynamic SQL (filter combinations) is finite, but keep a bound all the same.
      if (cache.size >= 1000) cache.clear();
      statement = prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  }) as Db['prepare'];
}

function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applied = new Set(
    db.prepare<[], { name: string }>('SELECT name FROM schema_migrations').all().map((row) => row.name),
  );
  const pending = readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql') && !applied.has(name))
    .sort();
  const record = db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  for (const name of pending) {
    db.transaction(() => {
      db.exec(readFileSync(join(migrationsDir, name), 'utf8'));
      record.run(name, Math.floor(Date.now() / 1000));
    })();
  }
}

/**
 * Runs `work` as one transaction: all of its writes or none. Outermost, it begins IMMEDIATE, taking the write lock
 * before its first read, so what it checks cannot be changed by another connection before it writes (a deferred
 * transaction would read, then fail with SQLITE_BUSY when it came to write); inside another transaction it is a
 * savepoint, rolled back alone when `work` throws.
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work).immediate();
}

/** Reads a JSON column, falling back when the stored text is not valid JSON. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text == null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Whether the database answers a query now (the readiness probe, server/http/lifecycle.ts). */
export function databaseAnswers(db: Db): boolean {
  try {
    db.prepare('SELECT 1').get();
    return true;
  } catch {
    return false;
  }
}
