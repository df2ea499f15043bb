import type { Db } from '../db/database';
import { randomToken, sha256 } from '../lib/crypto';
import { conflict, messages } from './errors';
import { toProfile, type UserRow } from './users';

const SESSION_LIFETIME_SECONDS = 30 * 24 * 3600;

/** Opens a session and answers the contract's AuthSession. Only the token's hash is stored. */
export function createSession(db: Db, user: UserRow, now: number) {
  const token = randomToken();
  const expiresAt = now + SESSION_LIFETIME_SECONDS;
  db.prepare('INSERT INTO user_sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(sha256(token), user.id, now, expiresAt);
  return { token, token_type: 'Bearer' as const, expires_at: expiresAt, user: toProfile(db, user) };
}

/** The viewer behind a bearer token, only if the session is alive and belongs to the same channel. */
export function viewerOfSession(db: Db, channelId: number, token: string, now: number): UserRow | null {
  const row = db
    .prepare<[string, number, number], UserRow>(
      `SELECT u.* FROM user_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.expires_at > ? AND u.channel_id = ?`,
    )
    .get(sha256(token), now, channelId);
  return row ?? null;
}

export function endSession(db: Db, token: string): void {
  db.prepare('DELETE FROM user_sessions WHERE token_hash = ?').run(sha256(token));
}

/** Ends every session of the account but the one whose token is `kept`. */
export function endOtherSessions(db: Db, userId: number, kept: string): void {
  db.prepare('DELETE FROM user_sessions WHERE user_id = ? AND token_hash != ?').run(userId, sha256(kept));
}

export function endAllSessions(db: Db, userId: number): void {
  db.prepare('DELETE FROM user_sessions WHERE user_id = ?').run(userId);
}

/** Signing in again while signed in is refused (SPEC.md §8 "You are already logged in"). */
export function refuseWhenLoggedIn(viewer: UserRow | null): void {
  if (viewer) throw conflict('auth', messages.alreadyLoggedIn);
}
