import type { Db } from '../db/database';

/**
 * At most this many mails of one kind go to one address of a channel in MAIL_WINDOW_SECONDS. Anyone may ask for a
 * reset of any address, so without a bound a script could fill a stranger's mailbox (and the channel's sending
 * reputation). Three lets a viewer who lost the first mail ask twice more; a reset link lasts an hour, longer than the
 * window, so the mails already sent still work while the address is held back.
 */
export const MAILS_PER_ADDRESS = 3;
export const MAIL_WINDOW_SECONDS = 15 * 60;

/**
 * Kinds counted together. The two answers to a reset request share one count, or the count would differ between an
 * address with an account and one without. A verification mail counts apart, so resets asked for an address before
 * its owner registers it do not hold the owner's verification mail back. The social provider's confirmation mail
 * (anyone may open a provider identity for any address) is bounded too: a squatter can hold the owner's own
 * confirmation back for one window at most, where without a bound a script could mail a stranger without end.
 */
const LIMITED_KINDS: readonly (readonly string[])[] = [
  ['password_reset', 'password_reset_no_account'],
  ['email_verify'],
  ['account_deletion'],
  ['social_identity_confirm'],
];

/**
 * Whether a mail of `kind` may go to `email` now. A mail held back is counted in `outbox_held` instead: one write
 * either way, so a held-back request costs about what a sent one does and its time tells nothing either.
 */
export function mayMail(db: Db, channelId: number, email: string, kind: string, now: number): boolean {
  const kinds = LIMITED_KINDS.find((group) => group.includes(kind));
  if (!kinds) return true;
  const { sent } = db
    .prepare<[number, string, number, ...string[]], { sent: number }>(
      `SELECT count(*) AS sent FROM outbox
       WHERE channel_id = ? AND email = ? COLLATE NOCASE AND created_at > ? AND kind IN (${kinds.map(() => '?').join(', ')})`,
    )
    .get(channelId, email, now - MAIL_WINDOW_SECONDS, ...kinds)!;
  if (sent < MAILS_PER_ADDRESS) return true;
  db.prepare(
    `INSERT INTO outbox_held (channel_id, email, kind, held, last_held_at) VALUES (?, ?, ?, 1, ?)
     ON CONFLICT (channel_id, email, kind) DO UPDATE SET held = held + 1, last_held_at = excluded.last_held_at`,
  ).run(channelId, email.toLowerCase(), kinds[0]!, now);
  return false;
}
