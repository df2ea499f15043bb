/**
 * The sign-in throttle: failed sign-ins (a wrong password, an unknown address, a wrong provider secret) are counted
 * per account and per client address; past a handful, the key is locked for a while that doubles with each further
 * failure. While a key is locked every attempt is refused unchecked, a right password included, or guessing would
 * simply go on; unknown addresses are counted and locked exactly like known ones, so a lock says nothing about
 * whether an account exists.
 */
import type { Db } from '../db/database';
import { DomainError, messages } from './errors';

/** Every number of the throttle. SPEC.md gives none; these are ours. */
export const LOGIN_THROTTLE = {
  /** Consecutive failures of one account (or one provider identity) that lock it. */
  accountFailures: 5,
  /** Failures from one client address, whatever the accounts, that lock it. */
  addressFailures: 20,
  /** The first lock; each further failure past the threshold doubles it. */
  firstLockSeconds: 60,
  maxLockSeconds: 15 * 60,
  /** A key whose last failure is this old is forgotten: counting starts again. */
  forgetAfterSeconds: 15 * 60,
} as const;

/** One counter: its key in `login_throttle`, the failures it allows before locking, and whom it counts. */
export interface ThrottleKey {
  key: string;
  allowed: number;
  /** An account or a provider identity (forgotten on a successful sign-in), or a client address. */
  scope: 'account' | 'address';
}

interface ThrottleRow {
  failures: number;
  locked_until: number;
  last_failure_at: number;
}

const accountKey = (channelId: number, email: string): ThrottleKey => ({
  key: `account:${channelId}:${email.trim().toLowerCase()}`,
  allowed: LOGIN_THROTTLE.accountFailures,
  scope: 'account',
});

const addressKey = (address: string): ThrottleKey => ({ key: `address:${address}`, allowed: LOGIN_THROTTLE.addressFailures, scope: 'address' });

/** The keys of a password sign-in: the account (whether it exists or not) and, when known, the client's address. */
export function passwordSignInKeys(channelId: number, email: string, address: string | null): ThrottleKey[] {
  return address === null ? [accountKey(channelId, email)] : [accountKey(channelId, email), addressKey(address)];
}

/** The keys of a sign-in at the reference provider: its identity (provider-wide, as the identity is) and the address. */
export function providerSignInKeys(provider: string, email: string, address: string | null): ThrottleKey[] {
  const identity: ThrottleKey = { key: `social:${provider}:${email.trim().toLowerCase()}`, allowed: LOGIN_THROTTLE.accountFailures, scope: 'account' };
  return address === null ? [identity] : [identity, addressKey(address)];
}

/** Seconds until every one of the keys is unlocked; 0 when none is locked. */
export function lockedFor(db: Db, keys: readonly ThrottleKey[], now: number): number {
  let wait = 0;
  for (const { key } of keys) {
    const row = db.prepare<[string], Pick<ThrottleRow, 'locked_until'>>('SELECT locked_until FROM login_throttle WHERE key = ?').get(key);
    if (row) wait = Math.max(wait, row.locked_until - now);
  }
  return wait;
}

/**
 * Counts a failure against every key. Answers the lock it started in seconds (the longest, when several keys lock
 * at once), or 0 when no key is locked by it.
 */
export function recordFailure(db: Db, keys: readonly ThrottleKey[], now: number): number {
  // Keys nobody has failed on for a while only cost space: forget them as new failures come in.
  db.prepare('DELETE FROM login_throttle WHERE last_failure_at <= ? AND locked_until <= ?').run(now - LOGIN_THROTTLE.forgetAfterSeconds, now);
  let lock = 0;
  for (const { key, allowed } of keys) {
    const row = db.prepare<[string], ThrottleRow>('SELECT failures, locked_until, last_failure_at FROM login_throttle WHERE key = ?').get(key);
    const failures = row && now - row.last_failure_at < LOGIN_THROTTLE.forgetAfterSeconds ? row.failures + 1 : 1;
    const seconds = failures >= allowed ? Math.min(LOGIN_THROTTLE.firstLockSeconds * 2 ** (failures - allowed), LOGIN_THROTTLE.maxLockSeconds) : 0;
    db.prepare(
      `INSERT INTO login_throttle (key, failures, locked_until, last_failure_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until, last_failure_at = excluded.last_failure_at`,
    ).run(key, failures, seconds > 0 ? now + seconds : 0, now);
    lock = Math.max(lock, seconds);
  }
  return lock;
}

/**
 * A successful sign-in forgets the account's failures. The address's are kept until they age out: were a success
 * to clear them, one client could guess at many accounts and launder its count by signing in to its own every
 * nineteen tries.
 */
export function forgetAccountFailures(db: Db, keys: readonly ThrottleKey[]): void {
  for (const { key, scope } of keys) {
    if (scope === 'account') db.prepare('DELETE FROM login_throttle WHERE key = ?').run(key);
  }
}

/** The refusal of a locked sign-in: the wait is in `retry-after` and under `email`, where the form shows it. */
export function signInThrottled(seconds: number): DomainError {
  const wait = Math.max(1, seconds);
  return new DomainError('throttled', messages.tooManySignInAttempts, { email: [`Try again in ${wait} second${wait === 1 ? '' : 's'}`] }, wait);
}
