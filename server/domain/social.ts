/**
 * The reference social provider. Its consent page (server/routes/social-consent-page.ts) signs a person in to one of
 * the provider's own identities (an email, a name and a secret that person chose; server/domain/social-identities.ts),
 * finds or opens the channel account of that identity and hands a one-time code to the callback; the callback sends
 * the browser to the web app's /login with the code, which the app trades for a session (`addSession`).
 *
 * Who may end up signed in to what:
 * - Knowing an address is never enough: an identity takes its secret, and guessing it is throttled like a password
 *   sign-in (server/domain/login-throttle.ts).
 * - Typing an address is not owning it: an identity grants nothing until its mailbox is proven (a mailed link), so
 *   nobody can open an identity for an address they do not read and wait for its owner to register (pre-hijacking).
 *   An unproven identity given another secret is opened anew, so such an attempt never blocks the owner.
 * - A proven identity opens a channel account or signs in to the one this provider opened; an account registered
 *   another way holds a password its owner chose and is never handed to the provider.
 * - The sign-in belongs to the browser that started it: the consent page's GET starts a flow whose id the browser
 *   holds in an HttpOnly, SameSite=Lax cookie and in the form; the form is accepted only with both, so a form posted
 *   from another site does nothing (login CSRF). The app passes a nonce of its own when it starts the sign-in, and the
 *   code is traded only with it, so a link to the app's /login with someone else's code signs nobody in.
 *
 * POST v2/auth/social/{provider} still signs in with a provider access token (`socialLogin`), the way a deployment
 * with a real provider works; the reference provider hands none to the browser (a bearer credential in a URL leaks
 * through history and referrers), so here only tests mint them (`socialAccessToken`).
 */
import { LIMITS, VALIDATION_MESSAGES } from '../../mesh/validation';
import { type Db, inTransaction, parseJson } from '../db/database';
import { randomToken, sha256, sign, signaturesMatch } from '../lib/crypto';
import { mailProviderConfirmation, type MailSettings } from './account-links';
import { channelByApiKey, type ChannelRow } from './channels';
import { DomainError, type FieldErrors, invalid, messages, specWords } from './errors';
import { forgetAccountFailures, lockedFor, providerSignInKeys, recordFailure, signInThrottled } from './login-throttle';
import { createSession, refuseWhenLoggedIn } from './sessions';
import { findIdentity, identityOfProof, type IdentityRow, openUnprovenIdentity, proveIdentity, renewProof, secretMatches } from './social-identities';
import { findUserByEmail, getUser, NEW_ACCOUNT_CAPABILITIES, type UserRow } from './users';

const SESSION_CODE_SECONDS = 5 * 60;
/** How long a browser has between opening the consent page and signing in on it. */
export const SIGN_IN_FLOW_SECONDS = 10 * 60;
/** The cookie that holds the browser's sign-in flow (the contract's `SignInFlowCookie`). */
export const SIGN_IN_FLOW_COOKIE = 'social_sign_in';

/** The channel whose API key travels as the provider's `state`. */
export function channelOfState(db: Db, state: string): ChannelRow {
  const channel = channelByApiKey(db, state);
  if (!channel) throw new DomainError('unauthenticated', messages.noChannelOrApiKey, { state: ['The state does not carry a known API key'] });
  return channel;
}

/**
 * Finds or creates the account an identity whose address the provider vouches for signs in to. Only an account this
 * provider opened signs in again: one registered another way holds a password its owner chose, and is theirs alone.
 */
function socialUser(db: Db, channel: ChannelRow, provider: string, identity: { email: string; name: string }, now: number): UserRow {
  const existing = findUserByEmail(db, channel.id, identity.email);
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
 * The reference provider's access token: `ref1.<payload>.<signature>`, signed with the channel secret, with the
 * provider's word on whether the identity's address is verified (as OpenID Connect's `email_verified`). Nothing in
 * the reference flow hands one out any more (see the module comment); tests mint them to exercise `socialLogin`.
 */
export function socialAccessToken(channel: ChannelRow, provider: string, email: string, name: string, expires: number, emailVerified = true): string {
  const payload = Buffer.from(JSON.stringify({ p: provider, e: email, n: name, v: emailVerified, x: expires })).toString('base64url');
  return `ref1.${payload}.${sign(channel.secret, 'social', payload)}`;
}

function readSocialAccessToken(channel: ChannelRow, provider: string, token: string, now: number): { email: string; name: string } {
  const [version, payload, signature] = token.split('.');
  const rejected = invalid({ access_token: ['The access token is not valid'] }, messages.verificationFailed);
  if (version !== 'ref1' || !payload || !signature) throw rejected;
  if (!signaturesMatch(signature, sign(channel.secret, 'social', payload))) throw rejected;
  const claims = parseJson<{ p?: string; e?: string; n?: string; v?: boolean; x?: number } | null>(
    Buffer.from(payload, 'base64url').toString('utf8'),
    null,
  );
  if (!claims || claims.p !== provider || typeof claims.e !== 'string' || typeof claims.x !== 'number') throw rejected;
  if (claims.x < now) throw invalid({ access_token: ['The access token has expired'] }, messages.verificationFailed);
  // Whoever opened an identity the provider has not verified may not read its mailbox: no account for them.
  if (claims.v !== true) throw invalid({ access_token: ['The provider has not verified this address'] }, messages.verificationFailed);
  return { email: claims.e, name: claims.n ?? '' };
}

/** Signs in with the provider's access token, opening the account on first use. */
export function socialLogin(db: Db, channel: ChannelRow, viewer: UserRow | null, provider: string, accessToken: string, now: number) {
  refuseWhenLoggedIn(viewer);
  const identity = readSocialAccessToken(channel, provider, accessToken, now);
  return createSession(db, socialUser(db, channel, provider, identity, now), now);
}

/**
 * Starts a sign-in for the browser that opened the consent page; answers the flow's id, which goes in that browser's
 * cookie and in the form (only its hash is kept). `nonce` is the app's: the code this flow ends with is traded only
 * with it. Flows past their time are swept here, the one place they are made.
 */
export function startSignInFlow(db: Db, channel: ChannelRow, provider: string, nonce: string, now: number): string {
  // Asked for with a GET (the consent page), and a write all the same: the sweep and the new flow, or neither.
  return inTransaction(db, () => {
    db.prepare('DELETE FROM social_sign_in_flows WHERE expires_at <= ?').run(now);
    const id = randomToken(16);
    db.prepare('INSERT INTO social_sign_in_flows (id_hash, channel_id, provider, nonce_hash, expires_at) VALUES (?, ?, ?, ?, ?)').run(
      sha256(id),
      channel.id,
      provider,
      sha256(nonce),
      now + SIGN_IN_FLOW_SECONDS,
    );
    return id;
  });
}

interface FlowRow {
  id_hash: string;
  nonce_hash: string;
}

/** The live, unused flow this browser holds in its cookie and posted in its form; both must name it. */
function liveFlow(db: Db, channel: ChannelRow, provider: string, held: { cookie: string | undefined; posted: string }, now: number): FlowRow | undefined {
  if (!held.cookie || !signaturesMatch(held.cookie, held.posted)) return undefined;
  return db
    .prepare<[string, number, string, number], FlowRow>(
      `SELECT id_hash, nonce_hash FROM social_sign_in_flows
       WHERE id_hash = ? AND channel_id = ? AND provider = ? AND used_at IS NULL AND expires_at > ?`,
    )
    .get(sha256(held.cookie), channel.id, provider, now);
}

/** What the consent form sends: its flow, the identity's email and secret, and its name when it is a new identity. */
export interface ConsentForm {
  state: string;
  flow: string;
  email: string;
  password: string;
  name?: string | undefined;
}

/** Where the consent form came from, and what a confirmation mail needs. */
export interface ConsentRequest {
  /** The flow the browser's cookie holds, if it sent one. */
  cookie: string | undefined;
  /** The client address the sign-in throttle counts. */
  address: string | null;
  mail: MailSettings;
  /** The provider's own base URL (the API's), where the mailed confirmation link points. */
  apiBase: string;
}

/**
 * A consent's outcome: the one-time code; a confirmation link mailed to this address instead (the identity's mailbox
 * is not proven yet); or the refusal the page shows. Returned, not thrown, so that a counted failure and a mail are
 * kept.
 */
export type ConsentOutcome = { code: string } | { mailed: string } | { refused: DomainError };

export const consentMessages = {
  wrongCredentials: 'Wrong email or password for this provider account',
  nameRequired: 'Enter your name to create this provider account',
  noFlow: 'This sign-in was not started in this browser, or it has expired. Go back to the app and choose the provider again.',
  linkInvalid: 'This confirmation link no longer works: it was used, a newer one was sent, or it has expired.',
} as const;

/** What a new identity needs: a name, and a secret as long as a password. */
function newIdentityProblems(form: { password: string; name: string }): DomainError | null {
  const problems: FieldErrors = {};
  if (form.name === '') problems['name'] = [consentMessages.nameRequired];
  if (form.password.length < LIMITS.passwordMinLength) problems['password'] = [specWords(VALIDATION_MESSAGES.passwordTooShort)];
  if (Object.keys(problems).length === 0) return null;
  return invalid(problems, problems['name'] ? consentMessages.nameRequired : specWords(VALIDATION_MESSAGES.passwordTooShort));
}

/**
 * Sends the identity a link that proves its mailbox. It is the provider's own page (under the API), and it names
 * only a random token: the address and secret stay out of the URL.
 */
function mailProof(db: Db, channel: ChannelRow, provider: string, request: ConsentRequest, email: string, token: string, now: number): void {
  const link = `${request.apiBase}/auth/login/${encodeURIComponent(provider)}/confirm?${new URLSearchParams({ token }).toString()}`;
  mailProviderConfirmation(db, channel, request.mail, email, link, now);
}

/**
 * The consent form's answer, for the browser that started the flow only. An identity whose mailbox is not proven
 * (new, or opened before and never confirmed) is sent a confirmation link and grants nothing yet; an unproven one
 * given another secret is opened anew with it, replacing the earlier link. A proven identity needs its secret (a wrong
 * one is counted by the sign-in throttle, per identity and per client address); its channel account is then found or
 * opened, and a one-time code bound to this flow and its nonce is issued.
 */
export function grantSessionCode(db: Db, provider: string, form: ConsentForm, request: ConsentRequest, now: number): ConsentOutcome {
  const channel = channelOfState(db, form.state);
  const flow = liveFlow(db, channel, provider, { cookie: request.cookie, posted: form.flow }, now);
  if (!flow) return { refused: new DomainError('forbidden', consentMessages.noFlow, { flow: [consentMessages.noFlow] }) };
  const email = form.email.trim();
  const keys = providerSignInKeys(provider, email, request.address);
  const wait = lockedFor(db, keys, now);
  if (wait > 0) return { refused: signInThrottled(wait) };

  const existing = findIdentity(db, provider, email);
  if (!existing || existing.proven_at === null) return proveFirst(db, channel, provider, { ...form, email }, existing, request, now);
  if (!secretMatches(existing, form.password)) {
    const lock = recordFailure(db, keys, now);
    const wrong = new DomainError('unauthenticated', consentMessages.wrongCredentials, { password: [consentMessages.wrongCredentials] });
    return { refused: lock > 0 ? signInThrottled(lock) : wrong };
  }
  forgetAccountFailures(db, keys);

  let user: UserRow;
  try {
    user = socialUser(db, channel, provider, existing, now);
  } catch (error) {
    if (error instanceof DomainError) return { refused: error };
    throw error;
  }
  const code = randomToken(16);
  db.prepare('UPDATE social_sign_in_flows SET used_at = ? WHERE id_hash = ?').run(now, flow.id_hash);
  db.prepare('INSERT INTO session_codes (code, user_id, expires_at, flow_hash, nonce_hash) VALUES (?, ?, ?, ?, ?)').run(
    code,
    user.id,
    now + SESSION_CODE_SECONDS,
    flow.id_hash,
    flow.nonce_hash,
  );
  return { code };
}

/** An identity whose mailbox is not proven: (re)opened with the secret given, or mailed a new link when it matches. */
function proveFirst(
  db: Db,
  channel: ChannelRow,
  provider: string,
  form: ConsentForm,
  existing: IdentityRow | undefined,
  request: ConsentRequest,
  now: number,
): ConsentOutcome {
  let token: string;
  if (existing && secretMatches(existing, form.password)) {
    token = renewProof(db, existing, now);
  } else {
    const name = form.name?.trim() ?? '';
    const problems = newIdentityProblems({ password: form.password, name });
    if (problems) return { refused: problems };
    token = openUnprovenIdentity(db, provider, { email: form.email, secret: form.password, name }, now);
  }
  mailProof(db, channel, provider, request, form.email, token, now);
  return { mailed: form.email };
}

/** The address a live confirmation link is for, to show before it is confirmed; null when the link no longer works. */
export function confirmationFor(db: Db, provider: string, token: string, now: number): string | null {
  return identityOfProof(db, provider, token, now)?.email ?? null;
}

/** Proves the mailbox a live confirmation link was sent to; answers its address, or null when the link no longer works. */
export function confirmIdentity(db: Db, provider: string, token: string, now: number): string | null {
  const identity = identityOfProof(db, provider, token, now);
  if (!identity) return null;
  proveIdentity(db, identity, now);
  return identity.email;
}

interface CodeRow {
  user_id: number;
  flow_hash: string | null;
  nonce_hash: string | null;
}

function liveCode(db: Db, channel: ChannelRow, code: string, now: number): CodeRow | undefined {
  return db
    .prepare<[string, number, number], CodeRow>(
      `SELECT s.user_id, s.flow_hash, s.nonce_hash FROM session_codes s JOIN users u ON u.id = s.user_id
       WHERE s.code = ? AND s.used_at IS NULL AND s.expires_at > ? AND u.channel_id = ?`,
    )
    .get(code, now, channel.id);
}

/**
 * The provider's callback: checks that the code is one of the channel's, unused and alive, and that this is the
 * browser whose flow it ended (its cookie), before the app gets it.
 */
export function checkSessionCode(db: Db, state: string, code: string, cookie: string | undefined, now: number): void {
  const row = liveCode(db, channelOfState(db, state), code, now);
  if (!row) throw invalid({ code: ['The code is not valid'] }, messages.verificationFailed);
  if (!cookie || !row.flow_hash || !signaturesMatch(row.flow_hash, sha256(cookie))) {
    throw new DomainError('forbidden', consentMessages.noFlow, { flow: [consentMessages.noFlow] });
  }
}

/**
 * Trades a one-time code of the channel for a session, with the nonce the app started its sign-in with; the code is
 * then used up. A wrong nonce leaves the code as it was: it is no guess of the code's, and the browser it belongs to
 * may still trade it.
 */
export function addSession(db: Db, channel: ChannelRow, viewer: UserRow | null, handOff: { code: string; nonce: string }, now: number) {
  refuseWhenLoggedIn(viewer);
  const row = liveCode(db, channel, handOff.code, now);
  if (!row) throw invalid({ code: ['The code is not valid or has expired'] }, messages.verificationFailed);
  if (!row.nonce_hash || !signaturesMatch(row.nonce_hash, sha256(handOff.nonce))) {
    throw invalid({ nonce: ['This sign-in was not started in this browser'] }, messages.verificationFailed);
  }
  db.prepare('UPDATE session_codes SET used_at = ? WHERE code = ?').run(now, handOff.code);
  return createSession(db, getUser(db, row.user_id), now);
}
