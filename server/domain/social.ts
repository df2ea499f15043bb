/**
 * The reference social provider. Its consent page (server/routes/social-consent-page.ts) signs a person in to one of
 * the provider's own identities (an email, a name and a secret that person chose), finds or opens the channel account
 * of that identity and hands a one-time code to the callback; the callback sends the browser to the web app's /login
 * with the code, which the app trades for a session (`addSession`). Knowing an address is never enough: an identity
 * takes its secret, and guessing it is throttled like a password sign-in (server/domain/login-throttle.ts).
 *
 * POST v2/auth/social/{provider} still signs in with a provider access token (`socialLogin`), the way a deployment
 * with a real provider works; the reference provider hands none to the browser (a bearer credential in a URL leaks
 * through history and referrers), so here only tests mint them (`socialAccessToken`).
 */
import { LIMITS, VALIDATION_MESSAGES } from '../../mesh/validation';
import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import { hashPassword, randomToken, sign, signaturesMatch, verifyPassword } from '../lib/crypto';
import { channelByApiKey, type ChannelRow } from './channels';
import { conflict, DomainError, type FieldErrors, invalid, messages } from './errors';
import { forgetAccountFailures, lockedFor, providerSignInKeys, recordFailure, signInThrottled } from './login-throttle';
import { createSession, refuseWhenLoggedIn } from './sessions';
import { findUserByEmail, getUser, NEW_ACCOUNT_CAPABILITIES, type UserRow } from './users';

const SESSION_CODE_SECONDS = 5 * 60;

/** The channel whose API key travels as the provider's `state`. */
export function channelOfState(db: Db, state: string): ChannelRow {
  const channel = channelByApiKey(db, state);
  if (!channel) throw new DomainError('unauthenticated', messages.noChannelOrApiKey, { state: ['The state does not carry a known API key'] });
  return channel;
}

/** Finds or creates the account a social identity signs in to. */
function socialUser(db: Db, channel: ChannelRow, provider: string, identity: { email: string; name: string }, now: number): UserRow {
  const existing = findUserByEmail(db, channel.id, identity.email);
  // Only an account this provider opened signs in again. The reference provider does not prove that an identity's
  // owner reads its mailbox, so merging by email would hand accounts registered another way to whoever opened an
  // identity with their address.
  if (existing?.social_provider === provider) return existing;
  if (existing) throw invalid({ email: [messages.alreadyRegistered] }, messages.alreadyRegistered);
  const [first, ...rest] = identity.name.trim().split(/\s+/);
  const result = db
    .prepare(
      `INSERT INTO users (channel_id, email, first_name, last_name, social_provider, email_verified_at, capabilities, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(channel.id, identity.email, first ?? '', rest.join(' '), provider, now, NEW_ACCOUNT_CAPABILITIES, now);
  return getUser(db, Number(result.lastInsertRowid));
}

/**
 * The reference provider's access token: `ref1.<payload>.<signature>`, signed with the channel secret. Nothing in the
 * reference flow hands one out any more (see the module comment); tests mint them to exercise `socialLogin`.
 */
export function socialAccessToken(channel: ChannelRow, provider: string, email: string, name: string, expires: number): string {
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

/** What the consent form sends: the identity's email and secret, and its name when it is a new identity. */
export interface ConsentForm {
  state: string;
  email: string;
  password: string;
  name?: string | undefined;
}

interface IdentityRow {
  email: string;
  name: string;
  secret_hash: string;
}

/** Who an identity says it is: what its channel account is found or opened with. */
type Identity = Pick<IdentityRow, 'email' | 'name'>;

/** A consent's outcome: the one-time code, or the refusal the page shows (returned, so a counted failure is kept). */
export type ConsentOutcome = { code: string } | { refused: DomainError };

export const consentMessages = {
  wrongCredentials: 'Wrong email or password for this provider account',
  nameRequired: 'Enter your name to create this provider account',
  /** An account this provider opened before its identities had secrets: nobody can prove it is theirs here. */
  legacyAccount:
    'An account opened with this provider before provider passwords already uses this address. Reset its password in the app ("Forgot password") and sign in with it.',
} as const;

function findIdentity(db: Db, provider: string, email: string): IdentityRow | undefined {
  return db
    .prepare<[string, string], IdentityRow>('SELECT email, name, secret_hash FROM social_identities WHERE provider = ? AND lower(email) = lower(?)')
    .get(provider, email);
}

/**
 * Opens an identity at the provider. Refused when an account of this provider already uses the address without an
 * identity (opened before identities had secrets): whoever came first here would be handed it.
 */
function openIdentity(db: Db, provider: string, form: { email: string; password: string; name: string }, now: number): Identity | DomainError {
  const problems: FieldErrors = {};
  if (form.name === '') problems['name'] = [consentMessages.nameRequired];
  if (form.password.length < LIMITS.passwordMinLength) problems['password'] = [VALIDATION_MESSAGES.passwordTooShort];
  if (Object.keys(problems).length > 0) return invalid(problems, problems['name'] ? consentMessages.nameRequired : VALIDATION_MESSAGES.passwordTooShort);
  const legacy = db.prepare<[string, string], { id: number }>('SELECT id FROM users WHERE social_provider = ? AND email = ? LIMIT 1').get(provider, form.email);
  if (legacy) return conflict('email', consentMessages.legacyAccount);
  db.prepare('INSERT INTO social_identities (provider, email, name, secret_hash, created_at) VALUES (?, ?, ?, ?, ?)').run(
    provider,
    form.email,
    form.name,
    hashPassword(form.password),
    now,
  );
  return { email: form.email, name: form.name };
}

/**
 * The consent form's answer. An existing identity needs its secret (a wrong one is counted by the sign-in
 * throttle, per identity and per client address); a new one is opened with the secret and name given. The
 * identity's channel account is then found or opened, and a one-time code for it is issued.
 */
export function grantSessionCode(db: Db, provider: string, form: ConsentForm, address: string | null, now: number): ConsentOutcome {
  const channel = channelOfState(db, form.state);
  const email = form.email.trim();
  const keys = providerSignInKeys(provider, email, address);
  const wait = lockedFor(db, keys, now);
  if (wait > 0) return { refused: signInThrottled(wait) };

  const existing = findIdentity(db, provider, email);
  let identity: Identity;
  if (existing) {
    if (!verifyPassword(form.password, existing.secret_hash)) {
      const lock = recordFailure(db, keys, now);
      const wrong = new DomainError('unauthenticated', consentMessages.wrongCredentials, { password: [consentMessages.wrongCredentials] });
      return { refused: lock > 0 ? signInThrottled(lock) : wrong };
    }
    forgetAccountFailures(db, keys);
    identity = existing;
  } else {
    const opened = openIdentity(db, provider, { email, password: form.password, name: form.name?.trim() ?? '' }, now);
    if (opened instanceof DomainError) return { refused: opened };
    identity = opened;
  }

  const user = socialUser(db, channel, provider, { email: identity.email, name: identity.name }, now);
  const code = randomToken(16);
  db.prepare('INSERT INTO session_codes (code, user_id, expires_at) VALUES (?, ?, ?)').run(code, user.id, now + SESSION_CODE_SECONDS);
  return { code };
}

/** The provider's callback: checks that the code is one of the channel's, unused and alive, before the app gets it. */
export function checkSessionCode(db: Db, state: string, code: string, now: number): void {
  const channel = channelOfState(db, state);
  const row = db
    .prepare<[string, number, number], { user_id: number }>(
      `SELECT s.user_id FROM session_codes s JOIN users u ON u.id = s.user_id
       WHERE s.code = ? AND s.used_at IS NULL AND s.expires_at > ? AND u.channel_id = ?`,
    )
    .get(code, now, channel.id);
  if (!row) throw invalid({ code: ['The code is not valid'] }, messages.verificationFailed);
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
