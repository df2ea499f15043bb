import { passwordMessages, registrationMessages } from '../../mesh/validation';
import type { Db } from '../db/database';
import { hashPassword, randomToken, verifyPassword } from '../lib/crypto';
import { mailDeletionLink, mailVerificationLink, type MailSettings } from './account-links';
import type { ChannelRow } from './channels';
import { assertValid, type DomainError, invalid, messages } from './errors';
import { forgetAccountFailures, lockedFor, passwordSignInKeys, recordFailure, signInThrottled } from './login-throttle';
import { createSession, endOtherSessions, refuseWhenLoggedIn } from './sessions';
import { dropUnprovenIdentities } from './social-identities';
import { findUserByEmail, getUser, NEW_ACCOUNT_CAPABILITIES, toProfile, type UserRow } from './users';

export interface Registration {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  phone?: string | null;
  language?: string | null;
}

export interface ProfileUpdate {
  _method: 'PATCH' | 'DELETE';
  first_name?: string;
  last_name?: string;
  phone?: string | null;
  language?: string;
  password?: string;
  password_confirmation?: string;
}

/** A sign-in's outcome: a session, or the refusal to answer (see `login`). */
export type SignInOutcome = { session: ReturnType<typeof createSession> } | { refused: DomainError };

let decoy: string | null = null;
/** A hash no password matches, checked for an address without a password so that it costs what a real check costs. */
const decoyHash = (): string => (decoy ??= hashPassword(randomToken()));

/**
 * Signs in with email and password, through the sign-in throttle (server/domain/login-throttle.ts). A refusal is
 * returned, not thrown: throwing would roll back the failure it has just counted.
 */
export function login(
  db: Db,
  channel: ChannelRow,
  viewer: UserRow | null,
  credentials: { email: string; password: string },
  address: string | null,
  now: number,
): SignInOutcome {
  refuseWhenLoggedIn(viewer);
  const email = credentials.email.trim();
  const keys = passwordSignInKeys(channel.id, email, address);
  const wait = lockedFor(db, keys, now);
  if (wait > 0) return { refused: signInThrottled(wait) };
  const user = findUserByEmail(db, channel.id, email);
  // An unknown address is checked against a decoy: answering it sooner would tell which addresses have accounts.
  const matches = verifyPassword(credentials.password, user?.password_hash ?? decoyHash());
  if (!user?.password_hash || !matches) {
    const lock = recordFailure(db, keys, now);
    return { refused: lock > 0 ? signInThrottled(lock) : invalid({ email: [messages.wrongAuthData] }, messages.wrongAuthData) };
  }
  forgetAccountFailures(db, keys);
  return { session: createSession(db, user, now) };
}

/**
 * Opens an account, mails its address a verification link, and signs it in. The form must pass SPEC §5's
 * registration rules, the ones the app checks; of those, only a blank name gets past the contract's schema.
 */
export function register(db: Db, channel: ChannelRow, viewer: UserRow | null, form: Registration, mail: MailSettings, now: number) {
  refuseWhenLoggedIn(viewer);
  assertValid(registrationMessages(form));
  const email = form.email.trim();
  if (findUserByEmail(db, channel.id, email)) {
    throw invalid({ email: [messages.alreadyRegistered] }, messages.alreadyRegistered);
  }
  const result = db
    .prepare(
      `INSERT INTO users (channel_id, email, password_hash, first_name, last_name, phone, language, capabilities, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      channel.id,
      email,
      hashPassword(form.password),
      form.first_name.trim(),
      form.last_name.trim(),
      form.phone ?? null,
      form.language ?? channel.language,
      NEW_ACCOUNT_CAPABILITIES,
      now,
    );
  const user = getUser(db, Number(result.lastInsertRowid));
  mailVerificationLink(db, channel, mail, email, now);
  return createSession(db, user, now);
}

/**
 * POST /profile: `_method: DELETE` mails an account-deletion link; otherwise the given fields change. A new password
 * ends every other session of the account (`token` is the caller's own) and, as a reset does, forgets the provider
 * identities of its address that nobody proved.
 */
export function updateProfile(db: Db, channel: ChannelRow, viewer: UserRow, token: string | null, update: ProfileUpdate, mail: MailSettings, now: number) {
  if (update._method === 'DELETE') {
    mailDeletionLink(db, channel, mail, viewer, now);
    return toProfile(db, viewer);
  }
  // No new password keeps the current one; a confirmation sent alone is refused, as the app's form refuses it.
  assertValid(passwordMessages(update, { optional: true }));
  const next = {
    first_name: update.first_name ?? viewer.first_name,
    last_name: update.last_name ?? viewer.last_name,
    phone: update.phone === undefined ? viewer.phone : update.phone,
    language: update.language ?? viewer.language,
    password_hash: update.password ? hashPassword(update.password) : viewer.password_hash,
    temporary_password: update.password ? 0 : viewer.temporary_password,
  };
  db.prepare(
    `UPDATE users SET first_name = @first_name, last_name = @last_name, phone = @phone, language = @language,
     password_hash = @password_hash, temporary_password = @temporary_password WHERE id = @id`,
  ).run({ ...next, id: viewer.id });
  if (update.password) {
    if (token) endOtherSessions(db, viewer.id, token);
    dropUnprovenIdentities(db, viewer.email);
  }
  return toProfile(db, getUser(db, viewer.id));
}
