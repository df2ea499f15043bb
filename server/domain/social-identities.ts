/**
 * The reference social provider's own identities (an email, a name and a secret their opener chose) and the proof of
 * their mailbox. An identity signs in to nothing until whoever reads its address follows the link mailed to it: typing
 * an address is not owning it, and the provider must never vouch for an address on the word of its opener.
 */
import type { Db } from '../db/database';
import { hashPassword, randomToken, sha256, verifyPassword } from '../lib/crypto';

/** How long a mailed confirmation link works. */
const PROOF_LINK_SECONDS = 24 * 3600;

export interface IdentityRow {
  id: number;
  email: string;
  name: string;
  secret_hash: string;
  /** Null until its mailbox is proven. */
  proven_at: number | null;
}

export function findIdentity(db: Db, provider: string, email: string): IdentityRow | undefined {
  return db
    .prepare<[string, string], IdentityRow>(
      'SELECT id, email, name, secret_hash, proven_at FROM social_identities WHERE provider = ? AND lower(email) = lower(?)',
    )
    .get(provider, email);
}

export const secretMatches = (identity: IdentityRow, secret: string): boolean => verifyPassword(secret, identity.secret_hash);

/**
 * Opens an unproven identity, or opens anew an unproven one whose opener gave another secret (the address's owner,
 * after someone else typed it): the secret and name are replaced and any earlier link stops working. Answers the
 * token of the confirmation link to mail; only its hash is kept.
 */
export function openUnprovenIdentity(db: Db, provider: string, form: { email: string; secret: string; name: string }, now: number): string {
  const token = randomToken(24);
  const values = { provider, email: form.email, name: form.name, secret_hash: hashPassword(form.secret), proof_hash: sha256(token), proof_expires_at: now + PROOF_LINK_SECONDS, now };
  const reopened = db
    .prepare(
      `UPDATE social_identities SET email = @email, name = @name, secret_hash = @secret_hash, proof_hash = @proof_hash,
       proof_expires_at = @proof_expires_at, created_at = @now
       WHERE provider = @provider AND lower(email) = lower(@email) AND proven_at IS NULL`,
    )
    .run(values);
  if (reopened.changes === 0) {
    db.prepare(
      `INSERT INTO social_identities (provider, email, name, secret_hash, proof_hash, proof_expires_at, created_at)
       VALUES (@provider, @email, @name, @secret_hash, @proof_hash, @proof_expires_at, @now)`,
    ).run(values);
  }
  return token;
}

/** A new link for an unproven identity whose opener signed in to it again (the first mail may be lost). */
export function renewProof(db: Db, identity: IdentityRow, now: number): string {
  const token = randomToken(24);
  db.prepare('UPDATE social_identities SET proof_hash = ?, proof_expires_at = ? WHERE id = ? AND proven_at IS NULL').run(
    sha256(token),
    now + PROOF_LINK_SECONDS,
    identity.id,
  );
  return token;
}

/** The unproven identity a live confirmation link names, if any. */
export function identityOfProof(db: Db, provider: string, token: string, now: number): IdentityRow | undefined {
  return db
    .prepare<[string, string, number], IdentityRow>(
      `SELECT id, email, name, secret_hash, proven_at FROM social_identities
       WHERE provider = ? AND proof_hash = ? AND proven_at IS NULL AND proof_expires_at > ?`,
    )
    .get(provider, sha256(token), now);
}

/** Marks the mailbox proven; the link is then used up. */
export function proveIdentity(db: Db, identity: IdentityRow, now: number): void {
  db.prepare('UPDATE social_identities SET proven_at = ?, proof_hash = NULL, proof_expires_at = NULL WHERE id = ?').run(now, identity.id);
}

/**
 * Forgets the identities of an address whose mailbox nobody proved, at every provider. Called when the owner of an
 * account with that address proves it is theirs (a password reset or change): an identity someone else opened with
 * it is gone, and with it any hold of theirs on the address.
 */
export function dropUnprovenIdentities(db: Db, email: string): void {
  db.prepare('DELETE FROM social_identities WHERE lower(email) = lower(?) AND proven_at IS NULL').run(email);
}
