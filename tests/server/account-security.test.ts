/**
 * No one signs in as another person: the sign-in throttle (per account, per client address, unknown addresses alike),
 * a password reset request that does not tell which addresses have accounts, the reference social provider's own
 * identities (knowing an address is never enough), and "User not found" only for the holder of a signed link.
 * Everything goes over HTTP through the real app; the tests move the API's clock instead of waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyHttp } from '../../mesh/client/errors';
import { LOGIN_THROTTLE } from '../../server/domain/login-throttle';
import { consentMessages } from '../../server/domain/social';
import { clientAddress, trustedHops } from '../../server/http/client-address';
import { type CallResult, DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from './harness';
import { type ConsentFields, newNonce, ProviderBrowser, providerHandOff } from './provider-flow';

interface ErrorBody {
  error: { message: string; errors: Record<string, string[]> };
}
interface Session {
  token: string;
  user: { id: number; email: string; first_name: string };
}

const TOO_MANY = 'Too many sign-in attempts. Please wait a moment and try again.';
const WRONG_PASSWORD = 'Wrong-password-1';
const PROVIDER_PASSWORD = 'Provider-pass-1';

let api: TestApi;
let key: string;
let counter = 0;

beforeAll(async () => {
  api = await startTestApi();
  key = await api.apiKey(SUMMIT.channelKey);
});
afterAll(() => api.close());

const freshEmail = (label: string): string => `${label}-${++counter}@summit.test`;

async function register(label: string): Promise<string> {
  const email = freshEmail(label);
  const result = await api.call('POST', '/v2/auth/register', {
    key,
    body: { first_name: 'Robin', last_name: 'Hart', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return email;
}

/** A sign-in, from the client address `from` when given (as the GraphQL layer or a proxy on this machine forwards it). */
function login(email: string, password: string, from?: string): Promise<CallResult<ErrorBody | Session>> {
  return api.call<ErrorBody | Session>('POST', '/v2/auth/login', {
    key,
    body: { email, password },
    ...(from ? { headers: { 'x-forwarded-for': from } } : {}),
  });
}

function expectWrong(result: CallResult<unknown>): void {
  expect(result.status, JSON.stringify(result.body)).toBe(422);
  expect(result.body).toEqual({ error: { message: 'Wrong auth data', errors: { email: ['Wrong auth data'] } } });
}

function expectLocked(result: CallResult<unknown>, seconds: number): void {
  expect(result.status, JSON.stringify(result.body)).toBe(429);
  expect(result.headers.get('retry-after')).toBe(String(seconds));
  const wait = `Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  expect(result.body).toEqual({ error: { message: TOO_MANY, errors: { email: [wait] } } });
}

/** Fails `times` times in a row, each answered "Wrong auth data". */
async function failBelowTheLimit(email: string, times: number, from?: string): Promise<void> {
  for (let i = 0; i < times; i += 1) expectWrong(await login(email, WRONG_PASSWORD, from));
}

describe('sign-in throttle per account', () => {
  it('the 5th failure in a row locks the account for 60 s: 429 with retry-after, even for the right password', async () => {
    const email = await register('lock');
    await failBelowTheLimit(email, LOGIN_THROTTLE.accountFailures - 1);
    expectLocked(await login(email, WRONG_PASSWORD), 60);

    expectLocked(await login(email, DEMO_PASSWORD), 60);
    api.clock.advance(45);
    expectLocked(await login(email, DEMO_PASSWORD), 15);
    // Another account of the same client is not locked.
    expect((await login('fan@summit.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('the lock expires with the clock, doubles with each further failure up to 15 minutes, then is forgotten', async () => {
    const email = await register('grow');
    await failBelowTheLimit(email, LOGIN_THROTTLE.accountFailures - 1);
    expectLocked(await login(email, WRONG_PASSWORD), 60);
    for (const [waited, next] of [
      [60, 120],
      [120, 240],
      [240, 480],
      [480, 900],
    ] as const) {
      api.clock.advance(waited - 1);
      expectLocked(await login(email, WRONG_PASSWORD), 1);
      api.clock.advance(1);
      expectLocked(await login(email, WRONG_PASSWORD), next);
    }
    // 15 minutes after the last failure the count starts again: a failure is then only a wrong password.
    api.clock.advance(LOGIN_THROTTLE.forgetAfterSeconds);
    expectWrong(await login(email, WRONG_PASSWORD));
  });

  it('a successful sign-in forgets the account’s failures', async () => {
    const email = await register('forgiven');
    await failBelowTheLimit(email, LOGIN_THROTTLE.accountFailures - 1);
    expect((await login(email, DEMO_PASSWORD)).status).toBe(200);
    await failBelowTheLimit(email, LOGIN_THROTTLE.accountFailures - 1);
    expectLocked(await login(email, WRONG_PASSWORD), 60);
  });

  it('an unknown address is answered exactly as an account is: wrong, then locked', async () => {
    const known = await register('known');
    const unknown = freshEmail('nobody');
    for (let i = 1; i <= LOGIN_THROTTLE.accountFailures + 1; i += 1) {
      const [a, b] = [await login(known, WRONG_PASSWORD), await login(unknown, WRONG_PASSWORD)];
      expect([b.status, b.body, b.headers.get('retry-after')], `attempt ${i}`).toEqual([a.status, a.body, a.headers.get('retry-after')]);
    }
    expectLocked(await login(unknown, DEMO_PASSWORD), 60);
  });

  it('the web client classifies the 429 as throttled, with the message and the wait under email (mesh/client/errors.ts)', async () => {
    const email = await register('client');
    await failBelowTheLimit(email, LOGIN_THROTTLE.accountFailures - 1);
    const answer = await login(email, WRONG_PASSWORD);
    const seen = classifyHttp(
      { status: answer.status, body: answer.body, headers: { 'retry-after': answer.headers.get('retry-after') ?? '' } },
      { operation: 'Login', field: 'session', upstream: null, fallbackMessage: '' },
    );
    expect(seen).toMatchObject({ kind: 'throttled', status: 429, message: TOO_MANY, fieldErrors: { email: ['Try again in 60 seconds'] }, retryAfterSeconds: 60 });
  });
});

describe('sign-in throttle per client address', () => {
  it('20 failures from one address, whatever the accounts, lock the address for every account; a success does not unlock it', async () => {
    const from = '198.51.100.20';
    const victim = await register('address-victim');
    for (let i = 1; i < LOGIN_THROTTLE.addressFailures; i += 1) expectWrong(await login(freshEmail('spray'), WRONG_PASSWORD, from));
    expectLocked(await login(freshEmail('spray'), WRONG_PASSWORD, from), 60);

    expectLocked(await login(victim, DEMO_PASSWORD, from), 60);
    // The account itself is not locked: from elsewhere it signs in.
    expect((await login(victim, DEMO_PASSWORD, '198.51.100.21')).status).toBe(200);

    api.clock.advance(60);
    expect((await login(victim, DEMO_PASSWORD, from)).status).toBe(200);
    // Signing in to one's own account does not launder the address's count: the next failure locks it again, longer.
    expectLocked(await login(freshEmail('spray'), WRONG_PASSWORD, from), 120);
  });

  it('counts the address a trusted hop forwards, never one a remote caller claims', () => {
    const thisMachine = trustedHops(['loopback']);
    expect(clientAddress('203.0.113.9', '198.51.100.1', thisMachine)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '203.0.113.7, 198.51.100.1', thisMachine)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:127.0.0.1', '2001:db8::1', thisMachine)).toBe('2001:db8::1');
    expect(clientAddress('::1', ['203.0.113.7', '198.51.100.2'], thisMachine)).toBe('198.51.100.2');
    // The in-process GraphQL layer forwards nothing yet: it speaks for every browser, so it is not one address.
    expect(clientAddress('127.0.0.1', undefined, thisMachine)).toBeNull();
    expect(clientAddress('127.0.0.1', 'not an address', thisMachine)).toBeNull();
  });

  it('walks back through the configured proxies to the first hop that is not one', () => {
    const behindBalancer = trustedHops(['loopback', '10.0.0.0/8']);
    // The balancer (10.1.2.3) appended the client (198.51.100.4) to what the client claimed (203.0.113.66).
    expect(clientAddress('127.0.0.1', '203.0.113.66, 198.51.100.4, 10.1.2.3', behindBalancer)).toBe('198.51.100.4');
    // Trusting nobody, the peer is the client whatever it says.
    expect(clientAddress('127.0.0.1', '198.51.100.4', trustedHops([]))).toBe('127.0.0.1');
    expect(() => trustedHops(['loopbak'])).toThrow(/loopbak/);
  });
});

describe('password reset request', () => {
  it('answers a known and an unknown address with the same status and body', async () => {
    const known = await register('reset-known');
    const unknown = freshEmail('reset-unknown');
    const [a, b] = [
      await api.call('POST', '/auth/password-reset-request', { key, body: { email: known } }),
      await api.call('POST', '/auth/password-reset-request', { key, body: { email: unknown } }),
    ];
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('content-length')).toBe(a.headers.get('content-length'));
    const kinds = (email: string) => api.db.prepare<[string], { kind: string }>('SELECT kind FROM outbox WHERE email = ?').all(email).map((m) => m.kind);
    expect(kinds(known)).toContain('password_reset');
    expect(kinds(unknown)).toEqual(['password_reset_no_account']);
  });
});

describe('email verification of an account that no longer exists', () => {
  it('answers "User not found" for a link the server signed, "Verification failed" for a forged one', async () => {
    const email = await register('verify-gone');
    const link = (kind: string) => {
      const row = api.db.prepare<[string, string], { link: string }>('SELECT link FROM outbox WHERE email = ? AND kind = ? ORDER BY id DESC').get(email, kind)!;
      const query = new URL(row.link).searchParams;
      return { email: query.get('email') ?? '', expires: Number(query.get('expires')), signature: query.get('signature') ?? '' };
    };
    const verification = link('email_verify');
    const session = (await login(email, DEMO_PASSWORD)).body as Session;
    expect((await api.call('POST', '/profile', { key, token: session.token, body: { _method: 'DELETE' } })).status).toBe(200);
    expect((await api.call('POST', '/delete-account-confirm', { body: link('account_deletion') })).status).toBe(200);

    const gone = await api.call<ErrorBody>('POST', '/auth/email-verify', { key, body: verification });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: { message: 'User not found', errors: { email: ['User not found'] } } });

    const forged = { ...verification, signature: `${verification.signature.slice(0, -1)}${verification.signature.endsWith('0') ? '1' : '0'}` };
    const refused = await api.call<ErrorBody>('POST', '/auth/email-verify', { key, body: forged });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('Verification failed');
  });
});

describe('the reference social provider', () => {
  /**
   * Opens the consent page in a browser of its own and posts its form as that browser does; answers the raw response
   * (a redirect, or the page again).
   */
  async function submitConsent(provider: string, fields: ConsentFields, from?: string): Promise<Response> {
    const browser = new ProviderBrowser(api, provider);
    const page = await browser.open(key, newNonce());
    return browser.submit(page, fields, from ? { 'x-forwarded-for': from } : {});
  }

  /** Consent (with the mailed link, the first time), callback, then add_session, as the browser and app do. */
  async function signInWithProvider(provider: string, fields: ConsentFields): Promise<CallResult<Session>> {
    const handOff = await providerHandOff(api, { key, provider, ...fields });
    expect(`${handOff.landing.origin}${handOff.landing.pathname}`).toBe(`${api.origin}/login`);
    // Only the provider and the one-time code: no bearer credential in the URL.
    expect([...handOff.landing.searchParams.keys()].sort()).toEqual(['code', 'provider']);
    return api.call<Session>('POST', '/auth/add_session', { key, body: { code: handOff.code, nonce: handOff.nonce } });
  }

  const sessionCodes = (): number => api.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM session_codes').get()!.n;

  it('the consent page asks for email, password and name, accessibly', async () => {
    const { html } = await new ProviderBrowser(api).open(key, newNonce());
    expect(html).toContain('<html lang="en">');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    for (const [field, autocomplete] of [
      ['email', 'username'],
      ['password', 'current-password'],
      ['name', 'name'],
    ]) {
      expect(html).toContain(`<label for="${field}">`);
      expect(html).toMatch(new RegExp(`<input id="${field}" name="${field}"[^>]* autocomplete="${autocomplete}"`));
    }
    expect(html).not.toContain('role="alert"');
  });

  it('a new identity opens with its password and name; its password alone signs back in to the same account', async () => {
    const email = freshEmail('provider-new');
    const first = await signInWithProvider('google', { email, password: PROVIDER_PASSWORD, name: 'Sam Social' });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email, first_name: 'Sam' });

    const again = await signInWithProvider('google', { email: email.toUpperCase(), password: PROVIDER_PASSWORD, name: '' });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
  });

  it('knowing another person’s provider email without their password does not sign in', async () => {
    const email = freshEmail('provider-victim');
    expect((await signInWithProvider('facebook', { email, password: PROVIDER_PASSWORD, name: 'Vic Tim' })).status).toBe(200);
    const codes = sessionCodes();

    const guessed = await submitConsent('facebook', { email, password: 'Guessed-pass-1', name: 'Mallory' });
    expect(guessed.status).toBe(401);
    expect(guessed.headers.get('location')).toBeNull();
    expect(guessed.headers.get('content-type')).toContain('text/html');
    const html = await guessed.text();
    expect(html).toMatch(new RegExp(`<div id="consent-error" class="error" role="alert">\\s*<p>${consentMessages.wrongCredentials}</p>`));
    expect(html).toContain(`value="${email}"`);
    expect(html).not.toContain('Guessed-pass-1');
    expect(html).toMatch(/<input id="password"[^>]* aria-invalid="true"/);

    // The old form, an address and a name, is not even accepted.
    const nameOnly = await api.call<ErrorBody>('POST', '/auth/login/facebook', {
      body: new URLSearchParams({ state: key, flow: 'none', email, name: 'Mallory' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(nameOnly.status).toBe(422);
    expect(nameOnly.body.error.errors).toHaveProperty('password');
    expect(sessionCodes()).toBe(codes);
  });

  it('guessing a provider password is throttled like a sign-in: locked after 5, even for the right one', async () => {
    const email = freshEmail('provider-guess');
    expect((await signInWithProvider('google', { email, password: PROVIDER_PASSWORD, name: 'Gus Guess' })).status).toBe(200);
    for (let i = 1; i < LOGIN_THROTTLE.accountFailures; i += 1) expect((await submitConsent('google', { email, password: `Guess-${i}-pass` })).status).toBe(401);
    const locked = await submitConsent('google', { email, password: 'Guess-5-pass' });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('60');
    const html = await locked.text();
    expect(html).toContain(TOO_MANY);
    expect(html).toContain('Try again in 60 seconds');
    expect((await submitConsent('google', { email, password: PROVIDER_PASSWORD })).status).toBe(429);

    api.clock.advance(60);
    expect((await signInWithProvider('google', { email, password: PROVIDER_PASSWORD })).status).toBe(200);
  });

  it('a new identity needs a name and a password of 8 characters; the page comes back escaped, without the password', async () => {
    const email = freshEmail('provider-short');
    const noName = await submitConsent('google', { email, password: PROVIDER_PASSWORD, name: '  ' });
    expect(noName.status).toBe(422);
    const noNameHtml = await noName.text();
    expect(noNameHtml).toContain(consentMessages.nameRequired);
    expect(noNameHtml).toMatch(/<input id="password"[^>]* autocomplete="new-password"/);
    expect(noNameHtml).toMatch(/<input id="name"[^>]* required/);

    const short = await submitConsent('google', { email, password: 'short', name: '<script>alert(1)</script> "Bo"' });
    expect(short.status).toBe(422);
    const shortHtml = await short.text();
    expect(shortHtml).toContain('The password is too short');
    expect(shortHtml).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt; &quot;Bo&quot;"');
    expect(shortHtml).not.toContain('<script>');
    expect(api.db.prepare('SELECT id FROM social_identities WHERE email = ?').get(email)).toBeUndefined();
  });

  it('an account of the provider opened before identities had passwords goes to whoever proves its mailbox, not to whoever types it first', async () => {
    const email = freshEmail('provider-legacy');
    const channelId = api.db.prepare<[string], { channel_id: number }>('SELECT channel_id FROM api_keys WHERE key = ?').get(key)?.channel_id;
    const legacy = api.db
      .prepare("INSERT INTO users (channel_id, email, first_name, last_name, social_provider, email_verified_at, created_at) VALUES (?, ?, 'Old', 'Timer', 'google', 0, 0)")
      .run(channelId, email);
    const codes = sessionCodes();
    const claimed = await submitConsent('google', { email, password: 'Mallory-pass-1', name: 'Mallory' });
    expect(claimed.status).toBe(401);
    expect(await claimed.text()).toContain('Check your mailbox');
    expect(sessionCodes()).toBe(codes);

    // Its owner reads the mailbox: they open the identity with a password of their own, follow the link, sign in.
    const owner = await signInWithProvider('google', { email, password: PROVIDER_PASSWORD, name: 'Old Timer' });
    expect(owner.status).toBe(200);
    expect(owner.body.user.id).toBe(Number(legacy.lastInsertRowid));
  });
});
