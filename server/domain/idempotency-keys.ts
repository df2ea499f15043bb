import type { Db } from '../db/database';

/** How long a key is remembered (Stripe: at least 24 hours); after that it may be used again for anything. */
export const IDEMPOTENCY_KEY_LIFETIME_SECONDS = 24 * 3600;

/** The answer stored for a key: the request's keyed fingerprint, and the status and JSON body it was answered. */
export interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: string;
}

/** What a viewer's key answered, while the key is remembered. */
export function storedAnswer(db: Db, userId: number, key: string, now: number): StoredAnswer | undefined {
  return db
    .prepare<[number, string, number], StoredAnswer>('SELECT fingerprint, status, body FROM idempotency_keys WHERE user_id = ? AND key = ? AND created_at > ?')
    .get(userId, key, now - IDEMPOTENCY_KEY_LIFETIME_SECONDS);
}

/** Remembers a key's answer, replacing one the key had past its lifetime; keys past theirs are swept here. */
export function storeAnswer(
  db: Db,
  entry: { userId: number; key: string; operationId: string; fingerprint: string; status: number; body: unknown },
  now: number,
): void {
  db.prepare('DELETE FROM idempotency_keys WHERE created_at <= ?').run(now - IDEMPOTENCY_KEY_LIFETIME_SECONDS);
  db.prepare(
    `INSERT INTO idempotency_keys (user_id, key, operation, fingerprint, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, key) DO UPDATE SET operation = excluded.operation, fingerprint = excluded.fingerprint,
       status = excluded.status, body = excluded.body, created_at = excluded.created_at`,
  ).run(entry.userId, entry.key, entry.operationId, entry.fingerprint, entry.status, JSON.stringify(entry.body ?? null), now);
}
