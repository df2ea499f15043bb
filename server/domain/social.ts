/**
 * The reference social provider: a consent page (server/routes/social-consent-page.ts) hands a one-time code to the
 * callback, which hands the web app a signed access token; the app signs in with it (`socialLogin`). A code can also
 * be traded for a session directly (`addSession`).
 */
import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import { randomToken, sign, signaturesMatch } from '../lib/crypto';
import { channelByApiKey, type ChannelRow } from './channels';
import { DomainError, invalid, messages } from './errors';
import { createSession, refuseWhenLoggedIn } from './sessions';
import { findUserByEmail, getUser, type UserRow } from './users';

const SESSION_CODE_SECONDS = 5 * 60;
const SOCIAL_TOKEN_SECONDS = 10 * 60;

/** The channel whose API key travels as the provider's `state`. */
export function channelOfState(db: Db, state: string): ChannelRow {
  const channel = channelByApiKey(db, state);
  if (!channel) throw new DomainError('unauthenticated', messages.noChannelOrApiKey, { state: ['The state does not carry a known API key'] });
  return channel;
}

/** Finds or creates the account a social identity signs in to. */
function socialUser(db: Db, channel: ChannelRow, provider: string, identity: { email: string; name: string }, now: number): UserRow {
  const existing = findUserByEmail(db, channel.id, identity.email);
  // Only an account this provider created signs in again: the reference provider lets anyone type any address,
  // so merging by email would hand over accounts that were registered another way.
  if (existing?.social_provider === provider) return existing;
  if (existing) throw invalid({ email: [messages.alreadyRegistered] }, messages.alreadyRegistered);
  const [first, ...rest] = identity.name.trim().split(/\s+/);
  const result = db
    .prepare(
      `INSERT INTO users (channel_id, email, first_name, last_name, social_provider, email_verified_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(channel.id, identity.email, first ?? '', rest.join(' '), provider, now, now);
  return getUser(db, Number(result.lastInsertRowid));
}

/** The reference provider's access token: `ref1.<payload>.<signature>`, signed with the channel secret. */
function socialAccessToken(channel: ChannelRow, provider: string, email: string, name: string, expires: number): string {
  const payload = Buffer.from(JSON.stringify({ p: provider, e: email, n: name, x: expires })).toString('base64url');
  return `ref1.${payload}.${sign(channel.secret, 'social', payload)}`;
}

function readSocialAccessToken(channel: ChannelRow, provider: string, token: string, now: number): { email: string; name: string } {
  const [version, payload, signature] = token.split('.');
  const rejected = invalid({ access_token: ['The access token is not valid'] }, messages.verificationFailed);
  if (version !== 'ref1' || !payload || !signature) throw rejected;
  if (!signaturesMatch(signature, sign(channel.secret, 'social', payload))) throw rejected;
  const claims = parseJson<{ p?: string; e?: string; n?: string; x?: number } | null>(
    Buffer.from(payload, 'base64url').toString('utf8'),
    null,
  );
  if (!claims || claims.p !== provider || typeof claims.e !== 'string' || typeof claims.x !== 'number') throw rejected;
  if (claims.x < now) throw invalid({ access_token: ['The access token has expired'] }, messages.verificationFailed);
  return { email: claims.e, name: claims.n ?? '' };
}

/** Signs in with the provider's access token, opening the account on first use. */
export function socialLogin(db: Db, channel: ChannelRow, viewer: UserRow | null, provider: string, accessToken: string, now: number) {
  refuseWhenLoggedIn(viewer);
  const identity = readSocialAccessToken(channel, provider, accessToken, now);
  return createSession(db, socialUser(db, channel, provider, identity, now), now);
}

/** The consent page's answer: the identity's account, found or opened, and a one-time code for it. */
export function grantSessionCode(db: Db, state: string, provider: string, identity: { email: string; name: string }, now: number): string {
  const channel = channelOfState(db, state);
  const user = socialUser(db, channel, provider, { email: identity.email.trim(), name: identity.name }, now);
  const code = randomToken(16);
  db.prepare('INSERT INTO session_codes (code, user_id, expires_at) VALUES (?, ?, ?)').run(code, user.id, now + SESSION_CODE_SECONDS);
  return code;
}

/** The provider's callback: the access token the web app signs in with, for a code still unused. */
export function accessTokenForCode(db: Db, state: string, provider: string, code: string, now: number): string {
  const channel = channelOfState(db, state);
  const user = db
    .prepare<[string, number], UserRow>(
      `SELECT u.* FROM session_codes s JOIN users u ON u.id = s.user_id
       WHERE s.code = ? AND s.used_at IS NULL AND s.expires_at > ?`,
    )
    .get(code, now);
  if (!user || user.channel_id !== channel.id) throw invalid({ code: ['The code is not valid'] }, messages.verificationFailed);
  return socialAccessToken(channel, provider, user.email, `${user.first_name} ${user.last_name}`, now + SOCIAL_TOKEN_SECONDS);
}

/** Trades a one-time code of the channel for a session; the code is then used up. */
export function addSession(db: Db, channel: ChannelRow, viewer: UserRow | null, code: string, now: number) {
  refuseWhenLoggedIn(viewer);
  const row = db
    .prepare<[string, number, number], { user_id: number }>(
      `SELECT s.user_id FROM session_codes s JOIN users u ON u.id = s.user_id
       WHERE s.code = ? AND s.used_at IS NULL AND s.expires_at > ? AND u.channel_id = ?`,
    )
    .get(code, now, channel.id);
  if (!row) throw invalid({ code: ['The code is not valid or has expired'] }, messages.verificationFailed);
  db.prepare('UPDATE session_codes SET used_at = ? WHERE code = ?').run(now, code);
  return createSession(db, getUser(db, row.user_id), now);
}
