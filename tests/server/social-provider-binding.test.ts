/**
 * Whom the reference social provider signs in, replayed as the attacks it must stop, over HTTP through the real app:
 * - account pre-hijacking: an identity opened for an address its opener does not read grants nothing (no code, no
 *   account) until the mailbox is proven; the owner of the mailbox always wins, and a password reset or change ends
 *   every other session and drops the identities nobody proved;
 * - login CSRF: the consent form is accepted only from the browser that opened the consent page (its SameSite=Lax
 *   cookie and the form's flow), the callback redirects only that browser, and the code is traded only with the nonce
 *   the app started the sign-in with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelByApiKey } from '../../server/domain/channels';
import { consentMessages, SIGN_IN_FLOW_SECONDS, socialAccessToken } from '../../server/domain/social';
import { DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from './harness';
import { fetchApi } from './contract-responses';
import { confirmationLink, followConfirmation, newNonce, PROVIDER_PASSWORD, ProviderBrowser, proveMailbox, providerHandOff } from './provider-flow';

interface ErrorBody {
  error: { message: string; errors: Record<string, string[]> };
}
interface Session {
  token: string;
  user: { id: number; email: string; email_verified: boolean };
}

const ATTACKER_PASSWORD = 'Attacker-pass-1';
const CHECK_MAILBOX = 'Check your mailbox';

let api: TestApi;
let key: string;
let counter = 0;

beforeAll(async () => {
  api = await startTestApi();
  key = await api.apiKey(SUMMIT.channelKey);
});
afterAll(() => api.close());

const freshEmail = (label: string): string => `${label}-${++counter}@summit.test`;

const count = (sql: string, ...params: Array<string | number>): number => api.db.prepare<Array<string | number>, { n: number }>(sql).get(...params)!.n;
const sessionCodes = (): number => count('SELECT count(*) AS n FROM session_codes');
const accounts = (email: string): number => count('SELECT count(*) AS n FROM users WHERE email = ? COLLATE NOCASE', email);
const identities = (email: string): Array<{ provider: string; proven: boolean }> =>
  api.db
    .prepare<[string], { provider: string; proven_at: number | null }>('SELECT provider, proven_at FROM social_identities WHERE lower(email) = lower(?) ORDER BY provider')
    .all(email)
    .map((row) => ({ provider: row.provider, proven: row.proven_at !== null }));

/** Someone at the provider's consent page in a browser of their own, typing these credentials. */
async function consentAs(fields: { email: string; password: string; name?: string }, provider = 'google') {
  const browser = new ProviderBrowser(api, provider);
  const nonce = newNonce();
  const page = await browser.open(key, nonce);
  expect(page.status, page.html).toBe(200);
  const answer = await browser.submit(page, { name: 'Mallory Squat', ...fields });
  return { browser, page, nonce, answer, html: await answer.text() };
}

function addSession(code: string, nonce: string) {
  return api.call<Session | ErrorBody>('POST', '/auth/add_session', { key, body: { code, nonce } });
}

async function register(email: string): Promise<string> {
  const result = await api.call<Session>('POST', '/v2/auth/register', {
    key,
    body: { first_name: 'Vic', last_name: 'Owner', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.token;
}

/** The query of the newest signed link of a kind mailed to an address, as the app posts it back. */
function signedLink(email: string, kind: string): { email: string; expires: number; signature: string } {
  const row = api.db.prepare<[string, string], { link: string }>('SELECT link FROM outbox WHERE email = ? AND kind = ? ORDER BY id DESC').get(email, kind);
  expect(row, `a ${kind} mail to ${email}`).toBeDefined();
  const query = new URL(row?.link ?? 'http://invalid/').searchParams;
  return { email: query.get('email') ?? '', expires: Number(query.get('expires')), signature: query.get('signature') ?? '' };
}

const profileStatus = async (token: string): Promise<number> => (await api.call('GET', '/profile', { key, token })).status;

describe('account pre-hijacking: the owner of a mailbox always wins', () => {
  it('the whole replay: a squatted identity opens nothing; the owner registers, verifies and resets; the squatter is still refused', async () => {
    const victim = freshEmail('prehijack-victim');
    const codes = sessionCodes();

    // The attacker opens an identity with the victim's address and their own password: a mail goes to the victim,
    // the page says to check the mailbox, and there is no code, no account and no session.
    const squat = await consentAs({ email: victim, password: ATTACKER_PASSWORD });
    expect(squat.answer.status).toBe(401);
    expect(squat.answer.headers.get('location')).toBeNull();
    expect(squat.html).toContain(CHECK_MAILBOX);
    expect(squat.html).toMatch(/<div id="consent-notice" class="notice" role="status">/);
    expect(squat.html).not.toContain(ATTACKER_PASSWORD);
    expect(sessionCodes()).toBe(codes);
    expect(accounts(victim)).toBe(0);
    expect(identities(victim)).toEqual([{ provider: 'google', proven: false }]);
    expect(new URL(confirmationLink(api, victim) ?? '').pathname).toBe('/api/auth/login/google/confirm');

    // The owner registers: the address is not "already registered". They verify it and reset the password.
    const registeredToken = await register(victim);
    expect((await api.call('POST', '/auth/email-verify', { key, body: signedLink(victim, 'email_verify') })).status).toBe(200);
    const secondSession = await api.login(victim, key);
    // The attacker tries meanwhile: still unproven, still nothing.
    expect((await consentAs({ email: victim, password: ATTACKER_PASSWORD })).answer.status).toBe(401);
    expect(sessionCodes()).toBe(codes);

    expect((await api.call('POST', '/auth/password-reset-request', { key, body: { email: victim } })).status).toBe(200);
    const newPassword = 'Owner-new-pass-1';
    const reset = { ...signedLink(victim, 'password_reset'), password: newPassword, password_confirmation: newPassword };
    expect((await api.call('POST', '/auth/password-reset', { key, body: reset })).status).toBe(200);
    // Every session ended; the squatted identity is gone.
    expect(await profileStatus(registeredToken)).toBe(401);
    expect(await profileStatus(secondSession)).toBe(401);
    expect(identities(victim)).toEqual([]);

    // The attacker again: a fresh unproven identity, a mail to the owner, and no code.
    const again = await consentAs({ email: victim, password: ATTACKER_PASSWORD });
    expect(again.answer.status).toBe(401);
    expect(again.html).toContain(CHECK_MAILBOX);
    expect(sessionCodes()).toBe(codes);
    expect(api.db.prepare<[string], { social_provider: string | null }>('SELECT social_provider FROM users WHERE email = ?').get(victim)).toEqual({ social_provider: null });
    expect(await api.login(victim, key, newPassword)).toEqual(expect.any(String));
  });

  it('an unproven identity never grants a code; once its link is followed, it does, and opens a verified account', async () => {
    const email = freshEmail('provider-prove');
    const codes = sessionCodes();
    const { browser, page, nonce, answer } = await consentAs({ email, password: PROVIDER_PASSWORD, name: 'Pat Proven' });
    expect(answer.status).toBe(401);
    // Its own password again, before the link is followed: a new link, still no code.
    expect((await browser.submit(page, { email, password: PROVIDER_PASSWORD })).status).toBe(401);
    expect(sessionCodes()).toBe(codes);
    expect(accounts(email)).toBe(0);

    const link = confirmationLink(api, email) ?? '';
    // Opening the link proves nothing (mail scanners open links); confirming on its page does.
    const confirmPage = await fetchApi(link);
    expect(confirmPage.status).toBe(200);
    const confirmHtml = await confirmPage.text();
    expect(confirmHtml).toContain(email);
    expect(confirmHtml).toMatch(/<button type="submit">Confirm my address<\/button>/);
    expect(identities(email)).toEqual([{ provider: 'google', proven: false }]);
    const confirmed = await followConfirmation(link);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('is confirmed');
    expect(identities(email)).toEqual([{ provider: 'google', proven: true }]);
    // A link works once.
    const reused = await fetchApi(link);
    expect(reused.status).toBe(422);
    expect(await reused.text()).toContain(consentMessages.linkInvalid);

    // Back on the same page: now the form signs in.
    const signedIn = await browser.submit(page, { email, password: PROVIDER_PASSWORD });
    expect(signedIn.status, await signedIn.clone().text()).toBe(302);
    const callback = await browser.follow(signedIn.headers.get('location') ?? '');
    const code = new URL(callback.headers.get('location') ?? '').searchParams.get('code') ?? '';
    expect(sessionCodes()).toBe(codes + 1);
    const session = await addSession(code, nonce);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect((session.body as Session).user).toMatchObject({ email, email_verified: true });
    expect(accounts(email)).toBe(1);
  });

  it('a squatter’s unproven identity is opened anew by the owner: the squatter’s link fails, the owner signs in, the squatter cannot', async () => {
    const email = freshEmail('provider-squatted');
    await consentAs({ email, password: ATTACKER_PASSWORD });
    const squattersLink = confirmationLink(api, email) ?? '';

    // The owner, with their own password: the identity is theirs now (a new secret, a new link).
    const { code, nonce } = await providerHandOff(api, { key, email, password: PROVIDER_PASSWORD, name: 'Olive Owner' });
    expect((await fetchApi(squattersLink)).status).toBe(422);
    const session = await addSession(code, nonce);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect((session.body as Session).user).toMatchObject({ email, email_verified: true });

    // The squatter's password is a wrong password of a proven identity now.
    const codes = sessionCodes();
    const refused = await consentAs({ email, password: ATTACKER_PASSWORD });
    expect(refused.answer.status).toBe(401);
    expect(refused.html).toContain(consentMessages.wrongCredentials);
    expect(sessionCodes()).toBe(codes);
  });

  it('a proven identity does not sign in to an account registered another way', async () => {
    const email = freshEmail('provider-registered');
    const token = await register(email);
    const { browser, page, answer } = await consentAs({ email, password: PROVIDER_PASSWORD });
    expect(answer.status).toBe(401);
    await proveMailbox(api, email);
    const codes = sessionCodes();
    const refused = await browser.submit(page, { email, password: PROVIDER_PASSWORD });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('The email address you have entered is already registered');
    expect(sessionCodes()).toBe(codes);
    expect(await profileStatus(token)).toBe(200);
    expect(api.db.prepare<[string], { social_provider: string | null }>('SELECT social_provider FROM users WHERE email = ?').get(email)).toEqual({ social_provider: null });
  });

  it('a password change ends the other sessions and drops the identities nobody proved, and only those', async () => {
    const email = freshEmail('provider-change');
    const kept = await register(email);
    const other = await api.login(email, key);
    // A proven identity at one provider (its owner's), an unproven one at the other (anyone's).
    await consentAs({ email, password: PROVIDER_PASSWORD }, 'facebook');
    await proveMailbox(api, email);
    await consentAs({ email, password: ATTACKER_PASSWORD }, 'google');
    expect(identities(email)).toEqual([
      { provider: 'facebook', proven: true },
      { provider: 'google', proven: false },
    ]);

    const newPassword = 'Changed-pass-1';
    const changed = await api.call('POST', '/profile', { key, token: kept, body: { _method: 'PATCH', password: newPassword, password_confirmation: newPassword } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await profileStatus(kept)).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    expect(identities(email)).toEqual([{ provider: 'facebook', proven: true }]);
  });

  it('the access-token sign-in refuses an address the provider has not verified, as the consent page does', async () => {
    const channel = channelByApiKey(api.db, key);
    if (!channel) throw new Error('no channel for the key');
    const email = freshEmail('token-unverified');
    const unverified = socialAccessToken(channel, 'google', email, 'Una Verified', api.clock.now() + 600, false);
    const refused = await api.call<ErrorBody>('POST', '/v2/auth/social/google', { key, body: { access_token: unverified } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ message: 'Verification failed', errors: { access_token: ['The provider has not verified this address'] } });
    expect(accounts(email)).toBe(0);

    // Verified, it opens the account; an address registered another way stays refused.
    const verified = socialAccessToken(channel, 'google', email, 'Una Verified', api.clock.now() + 600);
    expect((await api.call('POST', '/v2/auth/social/google', { key, body: { access_token: verified } })).status).toBe(200);
    const registered = freshEmail('token-registered');
    await register(registered);
    const claimed = socialAccessToken(channel, 'google', registered, 'Someone Else', api.clock.now() + 600);
    const taken = await api.call<ErrorBody>('POST', '/v2/auth/social/google', { key, body: { access_token: claimed } });
    expect(taken.status).toBe(422);
    expect(taken.body.error.message).toBe('The email address you have entered is already registered');
  });
});

describe('login CSRF: the sign-in belongs to the browser that started it', () => {
  /** The attacker's own identity, proven: what they would sign a victim's browser in to. */
  async function attackerIdentity(): Promise<string> {
    const email = freshEmail('csrf-attacker');
    await providerHandOff(api, { key, email, password: ATTACKER_PASSWORD, name: 'Eve Attacker' });
    return email;
  }

  it('a consent form another site posts (no SameSite=Lax cookie) answers 403 and issues no code', async () => {
    const attacker = await attackerIdentity();
    // The attacker opens a page to learn a live flow id, then has the victim's browser post the form to it.
    const attackersBrowser = new ProviderBrowser(api);
    const page = await attackersBrowser.open(key, newNonce());
    const codes = sessionCodes();
    const forged = await fetchApi(page.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ state: page.state, flow: page.flow, email: attacker, password: ATTACKER_PASSWORD, name: '' }).toString(),
      redirect: 'manual',
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
    expect(forged.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await forged.text();
    expect(html).toContain(consentMessages.noFlow);
    expect(html).not.toMatch(/<form[\s>]/);
    expect(sessionCodes()).toBe(codes);

    // The victim's browser with a consent page of its own open: its cookie names another flow than the form does.
    const victimsBrowser = new ProviderBrowser(api);
    await victimsBrowser.open(key, newNonce());
    const mixed = await victimsBrowser.submit(page, { email: attacker, password: ATTACKER_PASSWORD });
    expect(mixed.status).toBe(403);
    expect(sessionCodes()).toBe(codes);

    // The attacker's own browser, whose cookie and form agree, signs in: the flow was left unused.
    expect((await attackersBrowser.submit(page, { email: attacker, password: ATTACKER_PASSWORD })).status).toBe(302);
  });

  it('a flow lasts 10 minutes and signs in once', async () => {
    const email = freshEmail('csrf-flow');
    await providerHandOff(api, { key, email });
    const browser = new ProviderBrowser(api);
    const page = await browser.open(key, newNonce());
    expect(browser.flowCookie).toBe(page.flow);
    api.clock.advance(SIGN_IN_FLOW_SECONDS);
    expect((await browser.submit(page, { email, password: PROVIDER_PASSWORD })).status).toBe(403);

    const fresh = await browser.open(key, newNonce());
    expect((await browser.submit(fresh, { email, password: PROVIDER_PASSWORD })).status).toBe(302);
    expect((await browser.submit(fresh, { email, password: PROVIDER_PASSWORD })).status).toBe(403);
  });

  it('the consent page sets an HttpOnly, SameSite=Lax cookie scoped to the provider’s pages, the same id as its form', async () => {
    const response = await fetchApi(`${api.baseUrl}/auth/login/google?${new URLSearchParams({ state: key, nonce: newNonce() }).toString()}`);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('social_sign_in='));
    expect(cookie).toBeDefined();
    const attributes = (cookie ?? '').split(';').map((part) => part.trim());
    expect(attributes).toEqual(expect.arrayContaining(['Path=/api/auth/login', 'HttpOnly', 'SameSite=Lax', `Max-Age=${SIGN_IN_FLOW_SECONDS}`]));
    const id = attributes[0]?.split('=')[1];
    expect(await response.text()).toContain(`<input type="hidden" name="flow" value="${id}">`);
    // Without the app's nonce there is no sign-in to start.
    const noNonce = await api.call<ErrorBody>('GET', '/auth/login/google', { query: { state: key } });
    expect(noNonce.status).toBe(422);
    expect(noNonce.body.error.errors).toHaveProperty('nonce');
  });

  it('the callback redirects only the browser whose flow issued the code, and then forgets the flow', async () => {
    const email = freshEmail('csrf-callback');
    await providerHandOff(api, { key, email });
    const browser = new ProviderBrowser(api);
    const page = await browser.open(key, newNonce());
    const consented = await browser.submit(page, { email, password: PROVIDER_PASSWORD });
    expect(consented.status).toBe(302);
    const callback = consented.headers.get('location') ?? '';

    const elsewhere = await api.call<ErrorBody>('GET', new URL(callback).pathname.replace('/api', ''), { query: Object.fromEntries(new URL(callback).searchParams) });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.errors).toHaveProperty('flow');

    const back = await browser.follow(callback);
    expect(back.status).toBe(302);
    expect(new URL(back.headers.get('location') ?? '').pathname).toBe('/login');
    expect(browser.flowCookie).toBeNull();
  });

  it('a code traded without the nonce its sign-in started with is refused, and stays the browser’s to trade', async () => {
    const email = freshEmail('csrf-nonce');
    const { code, nonce, landing } = await providerHandOff(api, { key, email });
    // What a link to the app's /login?code= made by someone else amounts to: the code, and another browser's nonce.
    expect([...landing.searchParams.keys()].sort()).toEqual(['code', 'provider']);
    const refused = await addSession(code, newNonce());
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ error: { message: 'Verification failed', errors: { nonce: ['This sign-in was not started in this browser'] } } });

    const session = await addSession(code, nonce);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect((session.body as Session).user.email).toBe(email);
    const again = await addSession(code, nonce);
    expect(again.status).toBe(422);
    expect((again.body as ErrorBody).error.errors).toHaveProperty('code');
  });
});
