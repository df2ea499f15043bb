/**
 * Idempotent writes, as Stripe's API has them: a write sent with an `Idempotency-Key` header is answered once, and a
 * repeat of the key (a client's retry after a lost answer, a double click) gets the stored answer again without the
 * operation running a second time. The check, the operation and the storing are one SQLite transaction (a savepoint
 * in the request's, server/app.ts), so two requests with one key never both run. The keys are kept by
 * server/domain/idempotency-keys.ts.
 */
import { type Db, inTransaction } from '../db/database';
import { invalid, messages } from '../domain/errors';
import { storeAnswer, storedAnswer } from '../domain/idempotency-keys';
import { sign } from '../lib/crypto';
import { Reply } from './context';

/** The header as the contract declares it, and as errors name it. */
const HEADER = 'Idempotency-Key';

/** The answer's header that tells a replay from a first answer. */
const REPLAYED_HEADER = 'idempotent-replayed';

export interface IdempotentRequest {
  userId: number;
  key: string;
  operationId: string;
  /** The body as sent, without the API key. */
  body: Record<string, unknown>;
  /** The channel's secret: the fingerprint is keyed with it, so a stored one gives nothing of the body away. */
  secret: string;
}

/**
 * Runs `operation` once per key: a key already used with the same operation and body answers the stored status and
 * body (with `Idempotent-Replayed: true`) without running it; used with another operation or body, it is a 422 naming
 * the header. Only a successful (2xx) answer is stored: a refusal can be retried with the same key.
 */
export function idempotently(db: Db, request: IdempotentRequest, now: number, operation: () => unknown): Reply {
  // A keyed hash, not a plain one: a confirmation's body holds a card number, which a plain hash of a row would let
  // anyone holding the table recover by trying the few numbers left once brand, last four and expiry are known.
  const fingerprint = sign(request.secret, request.operationId, canonicalJson(request.body));
  return inTransaction(db, () => {
    const stored = storedAnswer(db, request.userId, request.key, now);
    if (stored) {
      if (stored.fingerprint !== fingerprint) throw invalid({ [HEADER]: [messages.idempotencyKeyReused] }, messages.idempotencyKeyReused);
      return new Reply(stored.status, JSON.parse(stored.body) as unknown, { [REPLAYED_HEADER]: 'true' });
    }
    const result = operation();
    const answer = result instanceof Reply ? result : new Reply(200, result);
    if (answer.status >= 200 && answer.status < 300) {
      storeAnswer(db, { userId: request.userId, key: request.key, operationId: request.operationId, fingerprint, status: answer.status, body: answer.body }, now);
    }
    return answer;
  });
}

/** JSON with every object's keys sorted, so the same body sent with its fields in another order is the same request. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
