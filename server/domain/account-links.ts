import { passwordMessages } from '../../mesh/validation';
import type { Db } from '../db/database';
import { hashPassword, sign, signaturesMatch } from '../lib/crypto';
import type { ChannelRow } from './channels';
import { assertValid, DomainError, invalid, messages } from './errors';
import { mayMail } from './mail-limits';
import { endAllSessions } from './sessions';
import { dropUnprovenIdentities } from './social-identities';
import { findUserByEmail, type UserRow } from './users';

const VERIFY_LINK_SECONDS = 7 * 24 * 3600;
const RESET_LINK_SECONDS = 60 * 60;
const DELETE_LINK_SECONDS = 60 * 60;

/** Where mailed links point (the web app), and whether a mail is also printed for a local run without a mail server. */
export interface MailSettings {
  appOrigin: string;
  print: boolean;
}

/** What a signed link carries back when it is followed. */
interface SignedLink {
  email: string;
  expires: number;
  signature: string;
}

/**
 * Email links are signed with the channel's secret over their purpose, the address and the expiry. A reset
 * link also covers the current password hash, so it stops working once it has been used; an account-deletion link
 * covers the account itself (see `deletionSubject`).
 */
function linkSignature(secret: string, purpose: string, email: string, expires: number, extra = ''): string {
  return sign(secret, purpose, email.toLowerCase(), expires, extra);
}

/**
 * What an account-deletion link is bound to besides the address: the account. SQLite reuses the id of a deleted
 * last row, so the id alone is not enough; the salted password hash differs for every account that has one.
 * A link for a deleted account therefore cannot delete a later account opened with the same address.
 */
function deletionSubject(user: UserRow): string {
  return `${user.id}:${user.created_at}:${user.password_hash ?? ''}`;
}

/**
 * Records a mail in the outbox (the reference API sends none) and prints its link for a local run, unless the address
 * has had its share of this kind of mail lately (mail-limits.ts); the caller answers the same either way.
 */
function sendMail(db: Db, channel: ChannelRow, mail: MailSettings, email: string, kind: string, link: string, now: number): void {
  if (!mayMail(db, channel.id, email, kind, now)) return;
  db.prepare('INSERT INTO outbox (channel_id, email, kind, link, created_at) VALUES (?, ?, ?, ?, ?)').run(channel.id, email, kind, link, now);
  if (mail.print) console.log(`[mail] ${kind} for ${email}: ${link}`);
}

/** Mails a link to a page of the web app, signed for `purpose` and valid for `lifetime` seconds. */
function mailSignedLink(
  db: Db,
  channel: ChannelRow,
  mail: MailSettings,
  link: { kind: string; route: string; purpose: string; email: string; lifetime: number; extra?: string },
  now: number,
): void {
  const expires = now + link.lifetime;
  const query = new URLSearchParams({
    email: link.email,
    expires: String(expires),
    signature: linkSignature(channel.secret, link.purpose, link.email, expires, link.extra),
  });
  sendMail(db, channel, mail, link.email, link.kind, `${mail.appOrigin}${link.route}?${query.toString()}`, now);
}

/**
 * Mails the reference social provider's confirmation link: a page of the provider (the API), not of the app, so the
 * caller builds the whole link (server/domain/social.ts).
 */
export function mailProviderConfirmation(db: Db, channel: ChannelRow, mail: MailSettings, email: string, link: string, now: number): void {
  sendMail(db, channel, mail, email, 'social_identity_confirm', link, now);
}

export function mailVerificationLink(db: Db, channel: ChannelRow, mail: MailSettings, email: string, now: number): void {
  mailSignedLink(db, channel, mail, { kind: 'email_verify', route: '/verify-email', purpose: 'verify', email, lifetime: VERIFY_LINK_SECONDS }, now);
}

export function mailDeletionLink(db: Db, channel: ChannelRow, mail: MailSettings, viewer: UserRow, now: number): void {
  mailSignedLink(
    db,
    channel,
    mail,
    { kind: 'account_deletion', route: '/confirm-account-deletion', purpose: 'delete', email: viewer.email, lifetime: DELETE_LINK_SECONDS, extra: deletionSubject(viewer) },
    now,
  );
}

/**
 * Verifies an address with its mailed link. The signature is checked first: it covers only the address and the
 * expiry, so a forged link learns nothing. Only the holder of a link this server signed is told that its account no
 * longer exists ("User not found"), which tells them nothing they did not know.
 */
export function verifyEmail(db: Db, channel: ChannelRow, link: SignedLink, now: number): void {
  if (!signaturesMatch(link.signature, linkSignature(channel.secret, 'verify', link.email, link.expires))) {
    throw invalid({ signature: [messages.verificationFailed] }, messages.verificationFailed);
  }
  if (link.expires < now) throw invalid({ expires: ['The link has expired'] }, messages.verificationFailed);
  const user = findUserByEmail(db, channel.id, link.email);
  if (!user) throw new DomainError('notFound', messages.userNotFound, { email: [messages.userNotFound] });
  if (user.email_verified_at !== null) throw invalid({ email: [messages.emailAlreadyVerified] }, messages.emailAlreadyVerified);
  db.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').run(now, user.id);
}

/**
 * Mails a reset link to an account's address. An address without an account is answered the same and mailed too
 * (`password_reset_no_account`: it has no account here, and the way to register). The mail is the costly part of
 * the work (a write), so neither the answer nor its time tells which addresses have accounts (bench:auth measures it).
 */
export function requestPasswordReset(db: Db, channel: ChannelRow, mail: MailSettings, email: string, now: number): void {
  const address = email.trim();
  const user = findUserByEmail(db, channel.id, address);
  if (user) {
    mailSignedLink(
      db,
      channel,
      mail,
      { kind: 'password_reset', route: '/password-reset', purpose: 'reset', email: user.email, lifetime: RESET_LINK_SECONDS, extra: user.password_hash ?? '' },
      now,
    );
    return;
  }
  sendMail(db, channel, mail, address, 'password_reset_no_account', `${mail.appOrigin}/registration`, now);
}

/**
 * Sets a new password from a reset link. Whoever follows it reads the mailbox, so every session of the account ends
 * and the provider identities of its address that nobody proved are forgotten: one that someone else opened with the
 * address loses its hold, and the owner can open theirs again.
 */
export function resetPassword(
  db: Db,
  channel: ChannelRow,
  reset: SignedLink & { password: string; password_confirmation: string },
  now: number,
): void {
  assertValid(passwordMessages(reset));
  const user = findUserByEmail(db, channel.id, reset.email);
  const expected = user ? linkSignature(channel.secret, 'reset', user.email, reset.expires, user.password_hash ?? '') : '';
  if (!user || !signaturesMatch(reset.signature, expected)) {
    throw invalid({ signature: [messages.resetFailed] }, messages.resetFailed);
  }
  if (reset.expires < now) throw invalid({ expires: [messages.resetKeyExpired] }, messages.resetKeyExpired);
  db.prepare('UPDATE users SET password_hash = ?, temporary_password = 0 WHERE id = ?').run(hashPassword(reset.password), user.id);
  endAllSessions(db, user.id);
  dropUnprovenIdentities(db, user.email);
}

/** Deletes the account an account-deletion link was signed for, whichever channel it is on. */
export function confirmAccountDeletion(db: Db, link: SignedLink, now: number): void {
  const { email, expires, signature } = link;
  // The route is exempt from the API key, so the link's signature says which channel's account it is.
  const candidates = db
    .prepare<[string], UserRow & { secret: string }>('SELECT u.*, c.secret FROM users u JOIN channels c ON c.id = u.channel_id WHERE u.email = ?')
    .all(email);
  const user = candidates.find((u) => signaturesMatch(signature, linkSignature(u.secret, 'delete', email, expires, deletionSubject(u))));
  if (!user) throw invalid({ signature: [messages.verificationFailed] }, messages.verificationFailed);
  if (expires < now) throw invalid({ expires: ['The link has expired'] }, messages.verificationFailed);
  db.prepare('DELETE FROM users WHERE id = ?').run(user.id);
}
