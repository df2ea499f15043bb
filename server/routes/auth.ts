import { parseJson } from '../db/database';
import { type ChannelRow, type Handlers, type RequestContext, Reply, type UserRow, viewerOf } from '../http/context';
import { ApiError, invalid, messages } from '../http/errors';
import { channelForHost, defaultChannel } from '../http/identity';
import { hashPassword, randomToken, sha256, sign, signaturesMatch, verifyPassword } from '../lib/crypto';
import {
  capabilityFlags,
  createSession,
  featureCount,
  findUserByEmail,
  getUser,
  sendMail,
  toProfile,
} from '../domain/users';
import { viewerPurchases } from '../domain/purchases';
import { consentPage } from './social-consent-page';

const VERIFY_LINK_SECONDS = 7 * 24 * 3600;
const RESET_LINK_SECONDS = 60 * 60;
const DELETE_LINK_SECONDS = 60 * 60;
const SESSION_CODE_SECONDS = 5 * 60;
const SOCIAL_TOKEN_SECONDS = 10 * 60;

interface LoginBody { email: string; password: string }
interface RegisterBody {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  phone?: string | null;
  language?: string | null;
}
interface SignedLinkBody { email: string; expires: number; signature: string }
interface ResetBody extends SignedLinkBody { password: string; password_confirmation: string }
interface ProfileUpdateBody {
  _method: 'PATCH' | 'DELETE';
  first_name?: string;
  last_name?: string;
  phone?: string | null;
  language?: string;
  password?: string;
  password_confirmation?: string;
}

/**
 * Email links are signed with the channel's secret over their purpose, the address and the expiry. A reset
 * link also covers the current password hash, so it stops working once it has been used; an account-deletion link
 * covers the account itself (see `deletionSubject`).
 */
function linkSignature(channel: ChannelRow, purpose: string, email: string, expires: number, extra = ''): string {
  return sign(channel.secret, purpose, email.toLowerCase(), expires, extra);
}

/**
 * What an account-deletion link is bound to besides the address: the account. SQLite reuses the id of a deleted
 * last row, so the id alone is not enough; the salted password hash differs for every account that has one.
 * A link for a deleted account therefore cannot delete a later account opened with the same address.
 */
function deletionSubject(user: UserRow): string {
  return `${user.id}:${user.created_at}:${user.password_hash ?? ''}`;
}

function signedLink(ctx: RequestContext, route: string, purpose: string, email: string, lifetime: number, extra = ''): string {
  const expires = ctx.now + lifetime;
  const query = new URLSearchParams({
    email,
    expires: String(expires),
    signature: linkSignature(ctx.channel, purpose, email, expires, extra),
  });
  return `${ctx.appOrigin}${route}?${query.toString()}`;
}

function requirePasswordsMatch(password: string | undefined, confirmation: string | undefined): void {
  if (password !== undefined && password !== confirmation) {
    throw invalid({ password_confirmation: [messages.passwordsDontMatch] });
  }
}

function refuseWhenLoggedIn(ctx: RequestContext): void {
  if (ctx.viewer) throw new ApiError(409, messages.alreadyLoggedIn, { auth: [messages.alreadyLoggedIn] });
}

/** Finds or creates the account a social identity signs in to. */
function socialUser(ctx: RequestContext, provider: string, email: string, name: string): UserRow {
  const existing = findUserByEmail(ctx.services.db, ctx.channel.id, email);
  // Only an account this provider created signs in again: the reference provider lets anyone type any address,
  // so merging by email would hand over accounts that were registered another way.
  if (existing?.social_provider === provider) return existing;
  if (existing) throw invalid({ email: [messages.alreadyRegistered] }, messages.alreadyRegistered);
  const [first, ...rest] = name.trim().split(/\s+/);
  const result = ctx.services.db
    .prepare(
      `INSERT INTO users (channel_id, email, first_name, last_name, social_provider, email_verified_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(ctx.channel.id, email, first ?? '', rest.join(' '), provider, ctx.now, ctx.now);
  return getUser(ctx.services.db, Number(result.lastInsertRowid));
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

function channelByApiKey(ctx: RequestContext, key: string): ChannelRow | undefined {
  return ctx.services.db
    .prepare<[string], ChannelRow>('SELECT c.* FROM api_keys k JOIN channels c ON c.id = k.channel_id WHERE k.key = ?')
    .get(key);
}

export const authHandlers: Handlers = {
  getChannelKey(ctx) {
    const host = ctx.query['host'] as string | undefined;
    const channel = host ? channelForHost(ctx.services, host) : ctx.channel;
    const found = channel ?? defaultChannel(ctx.services);
    if (!found) throw new ApiError(404, messages.noChannelOrApiKey, { channel_key: ['No channel serves this host'] });
    return { channel_key: found.channel_key };
  },

  getApiKey(ctx) {
    const { channel_key } = ctx.body as { channel_key: string };
    const channel = ctx.services.db.prepare<[string], ChannelRow>('SELECT * FROM channels WHERE channel_key = ?').get(channel_key);
    if (!channel) throw new ApiError(404, messages.noChannelOrApiKey, { channel_key: ['The channel key is not known'] });
    const key = randomToken(24);
    ctx.services.db.prepare('INSERT INTO api_keys (key, channel_id, created_at) VALUES (?, ?, ?)').run(key, channel.id, ctx.now);
    return { api_key: key, channel: { id: channel.id, alias: channel.alias, name: channel.name } };
  },

  getProfile(ctx) {
    return toProfile(ctx.services.db, viewerOf(ctx));
  },

  updateProfile(ctx) {
    const viewer = viewerOf(ctx);
    const body = ctx.body as unknown as ProfileUpdateBody;
    const { db } = ctx.services;
    if (body._method === 'DELETE') {
      const link = signedLink(ctx, '/confirm-account-deletion', 'delete', viewer.email, DELETE_LINK_SECONDS, deletionSubject(viewer));
      sendMail(ctx, viewer.email, 'account_deletion', link);
      return toProfile(db, viewer);
    }
    requirePasswordsMatch(body.password, body.password_confirmation);
    const next = {
      first_name: body.first_name ?? viewer.first_name,
      last_name: body.last_name ?? viewer.last_name,
      phone: body.phone === undefined ? viewer.phone : body.phone,
      language: body.language ?? viewer.language,
      password_hash: body.password ? hashPassword(body.password) : viewer.password_hash,
      temporary_password: body.password ? 0 : viewer.temporary_password,
    };
    db.prepare(
      `UPDATE users SET first_name = @first_name, last_name = @last_name, phone = @phone, language = @language,
       password_hash = @password_hash, temporary_password = @temporary_password WHERE id = @id`,
    ).run({ ...next, id: viewer.id });
    if (body.password && ctx.token) {
      // A new password ends every other session of the account.
      db.prepare('DELETE FROM user_sessions WHERE user_id = ? AND token_hash != ?').run(viewer.id, sha256(ctx.token));
    }
    return toProfile(db, getUser(db, viewer.id));
  },

  getUserAccess(ctx) {
    const viewer = viewerOf(ctx);
    return {
      capabilities: capabilityFlags(viewer),
      featureCount: featureCount(ctx.services.db, viewer.id),
      ...viewerPurchases(ctx.services.db, viewer.id, ctx.now),
    };
  },

  login(ctx) {
    refuseWhenLoggedIn(ctx);
    const { email, password } = ctx.body as unknown as LoginBody;
    const user = findUserByEmail(ctx.services.db, ctx.channel.id, email.trim());
    if (!user || !verifyPassword(password, user.password_hash)) {
      throw invalid({ email: [messages.wrongAuthData] }, messages.wrongAuthData);
    }
    return createSession(ctx, user);
  },

  register(ctx) {
    refuseWhenLoggedIn(ctx);
    const body = ctx.body as unknown as RegisterBody;
    const { db } = ctx.services;
    requirePasswordsMatch(body.password, body.password_confirmation);
    const email = body.email.trim();
    if (findUserByEmail(db, ctx.channel.id, email)) {
      throw invalid({ email: [messages.alreadyRegistered] }, messages.alreadyRegistered);
    }
    const result = db
      .prepare(
        `INSERT INTO users (channel_id, email, password_hash, first_name, last_name, phone, language, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        ctx.channel.id,
        email,
        hashPassword(body.password),
        body.first_name.trim(),
        body.last_name.trim(),
        body.phone ?? null,
        body.language ?? ctx.channel.language,
        ctx.now,
      );
    const user = getUser(db, Number(result.lastInsertRowid));
    sendMail(ctx, email, 'email_verify', signedLink(ctx, '/verify-email', 'verify', email, VERIFY_LINK_SECONDS));
    return Reply.created(createSession(ctx, user));
  },

  socialLogin(ctx) {
    refuseWhenLoggedIn(ctx);
    const provider = ctx.params['provider'] as string;
    const { access_token } = ctx.body as { access_token: string };
    const identity = readSocialAccessToken(ctx.channel, provider, access_token, ctx.now);
    return createSession(ctx, socialUser(ctx, provider, identity.email, identity.name));
  },

  socialConsentPage(ctx) {
    const provider = ctx.params['provider'] as string;
    const state = ctx.query['state'] as string;
    const channel = channelByApiKey(ctx, state);
    if (!channel) throw new ApiError(401, messages.noChannelOrApiKey, { state: ['The state does not carry a known API key'] });
    return Reply.html(consentPage({ provider, state, channelName: channel.name, action: `${ctx.apiBase}/auth/login/${provider}` }));
  },

  socialConsentSubmit(ctx) {
    const provider = ctx.params['provider'] as string;
    const { state, email, name } = ctx.body as { state: string; email: string; name: string };
    const channel = channelByApiKey(ctx, state);
    if (!channel) throw new ApiError(401, messages.noChannelOrApiKey, { state: ['The state does not carry a known API key'] });
    const user = socialUser({ ...ctx, channel }, provider, email.trim(), name);
    const code = randomToken(16);
    ctx.services.db
      .prepare('INSERT INTO session_codes (code, user_id, expires_at) VALUES (?, ?, ?)')
      .run(code, user.id, ctx.now + SESSION_CODE_SECONDS);
    const query = new URLSearchParams({ code, state });
    return Reply.redirect(`${ctx.apiBase}/auth/login/${provider}/callback?${query.toString()}`);
  },

  socialCallback(ctx) {
    const provider = ctx.params['provider'] as string;
    const code = ctx.query['code'] as string;
    const state = ctx.query['state'] as string;
    const channel = channelByApiKey(ctx, state);
    if (!channel) throw new ApiError(401, messages.noChannelOrApiKey, { state: ['The state does not carry a known API key'] });
    const user = ctx.services.db
      .prepare<[string, number], UserRow>(
        `SELECT u.* FROM session_codes s JOIN users u ON u.id = s.user_id
         WHERE s.code = ? AND s.used_at IS NULL AND s.expires_at > ?`,
      )
      .get(code, ctx.now);
    if (!user || user.channel_id !== channel.id) throw invalid({ code: ['The code is not valid'] }, messages.verificationFailed);
    const token = socialAccessToken(channel, provider, user.email, `${user.first_name} ${user.last_name}`, ctx.now + SOCIAL_TOKEN_SECONDS);
    const query = new URLSearchParams({ provider, code, access_token: token });
    return Reply.redirect(`${ctx.appOrigin}/login?${query.toString()}`);
  },

  logout(ctx) {
    viewerOf(ctx);
    ctx.services.db.prepare('DELETE FROM user_sessions WHERE token_hash = ?').run(sha256(ctx.token ?? ''));
    return { message: 'Logged out' };
  },

  verifyEmail(ctx) {
    const { email, expires, signature } = ctx.body as unknown as SignedLinkBody;
    const { db } = ctx.services;
    const user = findUserByEmail(db, ctx.channel.id, email);
    const expected = linkSignature(ctx.channel, 'verify', email, expires);
    if (!user || expires < ctx.now || !signaturesMatch(signature, expected)) {
      throw invalid({ signature: [messages.verificationFailed] }, messages.verificationFailed);
    }
    if (user.email_verified_at !== null) throw invalid({ email: [messages.emailAlreadyVerified] }, messages.emailAlreadyVerified);
    db.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').run(ctx.now, user.id);
    return { message: 'Email verified' };
  },

  requestPasswordReset(ctx) {
    const { email } = ctx.body as { email: string };
    const user = findUserByEmail(ctx.services.db, ctx.channel.id, email.trim());
    if (!user) throw new ApiError(404, messages.userNotFound, { email: [messages.userNotFound] });
    const link = signedLink(ctx, '/password-reset', 'reset', user.email, RESET_LINK_SECONDS, user.password_hash ?? '');
    sendMail(ctx, user.email, 'password_reset', link);
    return { message: 'A password reset link has been sent' };
  },

  resetPassword(ctx) {
    const body = ctx.body as unknown as ResetBody;
    const { db } = ctx.services;
    requirePasswordsMatch(body.password, body.password_confirmation);
    const user = findUserByEmail(db, ctx.channel.id, body.email);
    const expected = user ? linkSignature(ctx.channel, 'reset', user.email, body.expires, user.password_hash ?? '') : '';
    if (!user || !signaturesMatch(body.signature, expected)) {
      throw invalid({ signature: [messages.resetFailed] }, messages.resetFailed);
    }
    if (body.expires < ctx.now) throw invalid({ expires: [messages.resetKeyExpired] }, messages.resetKeyExpired);
    db.prepare('UPDATE users SET password_hash = ?, temporary_password = 0 WHERE id = ?').run(hashPassword(body.password), user.id);
    db.prepare('DELETE FROM user_sessions WHERE user_id = ?').run(user.id);
    return { message: 'Your password has been changed' };
  },

  addSession(ctx) {
    refuseWhenLoggedIn(ctx);
    const { code } = ctx.body as { code: string };
    const { db } = ctx.services;
    const row = db
      .prepare<[string, number, number], { user_id: number }>(
        `SELECT s.user_id FROM session_codes s JOIN users u ON u.id = s.user_id
         WHERE s.code = ? AND s.used_at IS NULL AND s.expires_at > ? AND u.channel_id = ?`,
      )
      .get(code, ctx.now, ctx.channel.id);
    if (!row) throw invalid({ code: ['The code is not valid or has expired'] }, messages.verificationFailed);
    db.prepare('UPDATE session_codes SET used_at = ? WHERE code = ?').run(ctx.now, code);
    return createSession(ctx, getUser(db, row.user_id));
  },

  confirmAccountDeletion(ctx) {
    const { email, expires, signature } = ctx.body as unknown as SignedLinkBody;
    const { db } = ctx.services;
    // The route is exempt from the API key, so the link's signature says which channel's account it is.
    const candidates = db
      .prepare<[string], UserRow & { secret: string }>('SELECT u.*, c.secret FROM users u JOIN channels c ON c.id = u.channel_id WHERE u.email = ?')
      .all(email);
    const user = candidates.find((u) =>
      signaturesMatch(signature, sign(u.secret, 'delete', email.toLowerCase(), expires, deletionSubject(u))),
    );
    if (!user) throw invalid({ signature: [messages.verificationFailed] }, messages.verificationFailed);
    if (expires < ctx.now) throw invalid({ expires: ['The link has expired'] }, messages.verificationFailed);
    db.prepare('DELETE FROM users WHERE id = ?').run(user.id);
    return { message: 'Your account has been deleted' };
  },
};
