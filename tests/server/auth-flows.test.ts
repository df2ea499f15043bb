/**
 * The account flows end to end over HTTP: registration, email verification, password reset, temporary password,
 * account deletion, social login through the reference provider, the passes custom form, favourites, geo and
 * capability flags.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelByApiKey } from '../../server/domain/channels';
import { socialAccessToken } from '../../server/domain/social';
import { DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from './harness';
import { newNonce, PROVIDER_PASSWORD, ProviderBrowser, proveMailbox } from './provider-flow';

interface Profile {
  id: number;
  email: string;
  first_name: string;
  temporary_password: boolean;
  email_verified: boolean;
  basic_pass_selected: boolean;
}
interface Session {
  token: string;
  token_type: string;
  expires_at: number;
  user: Profile;
}
interface ErrorBody {
  error: { message: string; errors: Record<string, string[]> };
}
interface Favourite {
  id: number;
  favoritable_id: number;
  favoritable_type: string;
}
interface SignedLink {
  email: string;
  expires: number;
  signature: string;
}

let api: TestApi;
let key: string;
let counter = 0;

beforeAll(async () => {
  api = await startTestApi();
  key = await api.apiKey(SUMMIT.channelKey);
});
afterAll(() => api.close());

const freshEmail = (label: string): string => `${label}-${++counter}@summit.test`;

function registration(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { first_name: 'Robin', last_name: 'Hart', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true, ...overrides };
}

async function register(label: string): Promise<{ email: string; token: string; user: Profile }> {
  const email = freshEmail(label);
  const result = await api.call<Session>('POST', '/v2/auth/register', { key, body: registration(email) });
  expect(result.status).toBe(201);
  return { email, token: result.body.token, user: result.body.user };
}

function mails(email: string, kind: string): Array<{ link: string }> {
  return api.db.prepare<[string, string], { link: string }>('SELECT link FROM outbox WHERE email = ? AND kind = ? ORDER BY id').all(email, kind);
}

/** The query of the newest mailed link of a kind, as the app would post it back. */
function mailedLink(email: string, kind: string, path: string): SignedLink {
  const latest = mails(email, kind).at(-1);
  if (!latest) throw new Error(`No ${kind} mail for ${email}`);
  const url = new URL(latest.link);
  expect(url.origin).toBe(api.origin);
  expect(url.pathname).toBe(path);
  return { email: url.searchParams.get('email') ?? '', expires: Number(url.searchParams.get('expires')), signature: url.searchParams.get('signature') ?? '' };
}

/** The same signature with its last hex digit changed. */
const tampered = (signature: string): string => signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');

function expectError(result: { status: number; body: unknown }, status: number, message: string, field?: string): void {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  const body = result.body as ErrorBody;
  expect(body.error.message).toBe(message);
  if (field) expect(body.error.errors).toHaveProperty(field);
}

async function profile(token: string): Promise<{ status: number; body: Profile }> {
  return api.call<Profile>('GET', '/profile', { key, token });
}

describe('registration', () => {
  it('answers 201 with a working session and mails a verification link', async () => {
    const email = freshEmail('new');
    const result = await api.call<Session>('POST', '/v2/auth/register', { key, body: registration(email, { phone: '+1 555 010 4444' }) });
    expect(result.status).toBe(201);
    expect(result.body.token_type).toBe('Bearer');
    expect(result.body.user.email).toBe(email);
    expect(result.body.user.email_verified).toBe(false);
    const me = await profile(result.body.token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    expect(mails(email, 'email_verify')).toHaveLength(1);
    mailedLink(email, 'email_verify', '/verify-email');
  });

  it('refuses an address already registered, whatever its case', async () => {
    const { email } = await register('dup');
    for (const again of [email, email.toUpperCase(), 'fan@summit.test']) {
      const result = await api.call('POST', '/v2/auth/register', { key, body: registration(again) });
      expectError(result, 422, 'The email address you have entered is already registered', 'email');
    }
  });

  it('refuses a password confirmation that does not match, naming password_confirmation', async () => {
    const email = freshEmail('mismatch');
    const result = await api.call('POST', '/v2/auth/register', { key, body: registration(email, { password_confirmation: 'Password123?' }) });
    expect(result.status).toBe(422);
    expect((result.body as ErrorBody).error.errors['password_confirmation']).toEqual(['The password and password confirmation do not match']);
    expect(api.db.prepare('SELECT id FROM users WHERE email = ?').get(email)).toBeUndefined();
  });

  it('refuses a blank first or last name with SPEC §5\'s words, which the schema alone would let through', async () => {
    for (const [field, message] of [
      ['first_name', 'Enter your first name'],
      ['last_name', 'Enter your last name'],
    ] as const) {
      const email = freshEmail('blank-name');
      const result = await api.call('POST', '/v2/auth/register', { key, body: registration(email, { [field]: '   ' }) });
      expectError(result, 422, 'The given data was invalid.');
      expect((result.body as ErrorBody).error.errors).toEqual({ [field]: [message] });
      expect(api.db.prepare('SELECT id FROM users WHERE email = ?').get(email)).toBeUndefined();
    }
  });

  it('refuses terms that are not accepted, naming terms', async () => {
    for (const terms of [false, undefined]) {
      const email = freshEmail('terms');
      const result = await api.call('POST', '/v2/auth/register', { key, body: registration(email, { terms }) });
      expect(result.status).toBe(422);
      expect((result.body as ErrorBody).error.errors).toHaveProperty('terms');
      expect(api.db.prepare('SELECT id FROM users WHERE email = ?').get(email)).toBeUndefined();
    }
  });

  it('refuses a caller who is already logged in', async () => {
    const { token } = await register('twice');
    const result = await api.call('POST', '/v2/auth/register', { key, token, body: registration(freshEmail('twice')) });
    expectError(result, 409, 'You are already logged in');
  });
});

describe('email verification', () => {
  it('verifies with the mailed link once, then answers "Email already verified"', async () => {
    const { email, token } = await register('verify');
    const link = mailedLink(email, 'email_verify', '/verify-email');
    const verified = await api.call<{ message: string }>('POST', '/auth/email-verify', { key, body: link });
    expect(verified.status).toBe(200);
    expect((await profile(token)).body.email_verified).toBe(true);

    expectError(await api.call('POST', '/auth/email-verify', { key, body: link }), 422, 'Email already verified', 'email');
  });

  it('refuses a tampered signature, another address or another expiry with "Verification failed"', async () => {
    const { email, token } = await register('tamper');
    const link = mailedLink(email, 'email_verify', '/verify-email');
    const other = await register('other');
    for (const body of [
      { ...link, signature: tampered(link.signature) },
      { ...link, email: other.email },
      { ...link, expires: link.expires + 1 },
    ]) {
      expectError(await api.call('POST', '/auth/email-verify', { key, body }), 422, 'Verification failed', 'signature');
    }
    expect((await profile(token)).body.email_verified).toBe(false);
    expect((await profile(other.token)).body.email_verified).toBe(false);
  });

  it('refuses an expired link with "Verification failed"', async () => {
    const { email, token } = await register('expired');
    const link = mailedLink(email, 'email_verify', '/verify-email');
    api.clock.advance(link.expires - api.clock.now() + 1);
    expectError(await api.call('POST', '/auth/email-verify', { key, body: link }), 422, 'Verification failed');
    expect((await profile(token)).body.email_verified).toBe(false);
  });
});

describe('password reset', () => {
  it('answers an unknown address as it answers an account, and mails it no reset link', async () => {
    const email = freshEmail('nobody');
    const { email: known } = await register('reset-known');
    const unknownAnswer = await api.call('POST', '/auth/password-reset-request', { key, body: { email } });
    const knownAnswer = await api.call('POST', '/auth/password-reset-request', { key, body: { email: known } });
    expect(unknownAnswer.status).toBe(200);
    expect(unknownAnswer.body).toEqual(knownAnswer.body);
    expect(mails(email, 'password_reset')).toEqual([]);
    expect(mails(email, 'password_reset_no_account')).toEqual([{ link: `${api.origin}/registration` }]);
  });

  it('changes the password with the mailed link, which works only once', async () => {
    const { email, token } = await register('reset');
    const requested = await api.call('POST', '/auth/password-reset-request', { key, body: { email } });
    expect(requested.status).toBe(200);
    const link = mailedLink(email, 'password_reset', '/password-reset');
    const body = { ...link, password: 'Fresh-pass-42', password_confirmation: 'Fresh-pass-42' };

    const reset = await api.call('POST', '/auth/password-reset', { key, body });
    expect(reset.status).toBe(200);
    expectError(await api.call('POST', '/v2/auth/login', { key, body: { email, password: DEMO_PASSWORD } }), 422, 'Wrong auth data', 'email');
    await expect(api.login(email, key, 'Fresh-pass-42')).resolves.toEqual(expect.any(String));
    // The reset ends the sessions opened with the old password.
    expect((await profile(token)).status).toBe(401);

    const again = await api.call('POST', '/auth/password-reset', { key, body: { ...body, password: 'Third-pass-42', password_confirmation: 'Third-pass-42' } });
    expectError(again, 422, 'Reset password failed', 'signature');
    await expect(api.login(email, key, 'Fresh-pass-42')).resolves.toEqual(expect.any(String));
  });

  it('refuses a tampered link with "Reset password failed" and a mismatched confirmation naming it', async () => {
    const { email } = await register('reset-tamper');
    await api.call('POST', '/auth/password-reset-request', { key, body: { email } });
    const link = mailedLink(email, 'password_reset', '/password-reset');
    const tamperedReset = await api.call('POST', '/auth/password-reset', {
      key,
      body: { ...link, signature: tampered(link.signature), password: 'Fresh-pass-42', password_confirmation: 'Fresh-pass-42' },
    });
    expectError(tamperedReset, 422, 'Reset password failed', 'signature');
    const mismatch = await api.call<ErrorBody>('POST', '/auth/password-reset', {
      key,
      body: { ...link, password: 'Fresh-pass-42', password_confirmation: 'Fresh-pass-43' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.errors).toEqual({ password_confirmation: ['The password and password confirmation do not match'] });
    await expect(api.login(email, key)).resolves.toEqual(expect.any(String));
  });

  it('refuses an expired link with "Reset password key expired"', async () => {
    const { email } = await register('reset-expired');
    await api.call('POST', '/auth/password-reset-request', { key, body: { email } });
    const link = mailedLink(email, 'password_reset', '/password-reset');
    api.clock.advance(link.expires - api.clock.now() + 1);
    const result = await api.call('POST', '/auth/password-reset', { key, body: { ...link, password: 'Fresh-pass-42', password_confirmation: 'Fresh-pass-42' } });
    expectError(result, 422, 'Reset password key expired', 'expires');
    await expect(api.login(email, key)).resolves.toEqual(expect.any(String));
  });
});

describe('temporary password', () => {
  it('basic@ is flagged until a PATCH sets a new password', async () => {
    const token = await api.login('basic@summit.test', key);
    expect((await profile(token)).body.temporary_password).toBe(true);

    // A profile change without a password keeps the flag.
    const renamed = await api.call<Profile>('POST', '/profile', { key, token, body: { _method: 'PATCH', first_name: 'Casey' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.temporary_password).toBe(true);

    const changed = await api.call<Profile>('POST', '/profile', {
      key,
      token,
      body: { _method: 'PATCH', password: 'Chosen-pass-7', password_confirmation: 'Chosen-pass-7' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.temporary_password).toBe(false);
    expect((await profile(token)).body.temporary_password).toBe(false);
    const fresh = await api.login('basic@summit.test', key, 'Chosen-pass-7');
    expect((await profile(fresh)).body.temporary_password).toBe(false);

    // Back to the demo password, for the other tests of this file that log basic@ in.
    const restored = await api.call('POST', '/profile', {
      key,
      token: fresh,
      body: { _method: 'PATCH', password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
    });
    expect(restored.status).toBe(200);
  });

  it('a mismatched confirmation changes nothing and names password_confirmation', async () => {
    const { token, email } = await register('temp-mismatch');
    const result = await api.call<ErrorBody>('POST', '/profile', {
      key,
      token,
      body: { _method: 'PATCH', first_name: 'Changed', password: 'Chosen-pass-7', password_confirmation: 'Chosen-pass-8' },
    });
    expect(result.status).toBe(422);
    expect(result.body.error.errors).toEqual({ password_confirmation: ['The password and password confirmation do not match'] });
    expect((await profile(token)).body.first_name).toBe('Robin');
    await expect(api.login(email, key)).resolves.toEqual(expect.any(String));
  });

  it('refuses a confirmation sent without a new password, as the app\'s form does, and changes nothing', async () => {
    const { token, email } = await register('confirmation-alone');
    const result = await api.call<ErrorBody>('POST', '/profile', {
      key,
      token,
      body: { _method: 'PATCH', first_name: 'Changed', password_confirmation: 'Chosen-pass-7' },
    });
    expectError(result, 422, 'The given data was invalid.');
    expect(result.body.error.errors).toEqual({ password_confirmation: ['The password and password confirmation do not match'] });
    expect((await profile(token)).body.first_name).toBe('Robin');
    await expect(api.login(email, key)).resolves.toEqual(expect.any(String));

    const empty = await api.call<Profile>('POST', '/profile', { key, token, body: { _method: 'PATCH', first_name: 'Changed', password_confirmation: '' } });
    expect(empty.status).toBe(200);
    expect(empty.body.first_name).toBe('Changed');
  });
});

describe('account deletion', () => {
  it('_method DELETE mails a link; confirming it (without a key) deletes the account, its favourites and sessions', async () => {
    const { email, token, user } = await register('delete');
    const second = await api.login(email, key);
    const participant = api.db.prepare<[], { id: number }>("SELECT p.id FROM participants p JOIN channels c ON c.id = p.channel_id WHERE c.alias = 'summit' LIMIT 1").get()!;
    const fav = await api.call('POST', '/favorite', { key, token, body: { favoritable_id: participant.id, favoritable_type: 'participant' } });
    expect(fav.status).toBe(200);

    const requested = await api.call<Profile>('POST', '/profile', { key, token, body: { _method: 'DELETE' } });
    expect(requested.status).toBe(200);
    expect(requested.body.email).toBe(email);
    // Asking is not deleting.
    expect((await profile(token)).status).toBe(200);
    const link = mailedLink(email, 'account_deletion', '/confirm-account-deletion');

    const badLinks = [{ ...link, signature: tampered(link.signature) }, { ...link, expires: link.expires + 60 }, { ...link, email: 'fan@summit.test' }];
    for (const body of badLinks) {
      expectError(await api.call('POST', '/delete-account-confirm', { body }), 422, 'Verification failed', 'signature');
    }
    expect((await profile(token)).status).toBe(200);

    const confirmed = await api.call('POST', '/delete-account-confirm', { body: link });
    expect(confirmed.status).toBe(200);
    expect(api.db.prepare('SELECT id FROM users WHERE id = ?').get(user.id)).toBeUndefined();
    expect(api.db.prepare('SELECT id FROM favorites WHERE user_id = ?').all(user.id)).toEqual([]);
    expect(api.db.prepare('SELECT token_hash FROM user_sessions WHERE user_id = ?').all(user.id)).toEqual([]);
    for (const t of [token, second]) expect((await profile(t)).status).toBe(401);
    expectError(await api.call('POST', '/v2/auth/login', { key, body: { email, password: DEMO_PASSWORD } }), 422, 'Wrong auth data');

    // The link cannot delete anything twice: not even a new account opened later with the same address.
    expectError(await api.call('POST', '/delete-account-confirm', { body: link }), 422, 'Verification failed');
    const reopened = await api.call<Session>('POST', '/v2/auth/register', { key, body: registration(email) });
    expect(reopened.status).toBe(201);
    expectError(await api.call('POST', '/delete-account-confirm', { body: link }), 422, 'Verification failed', 'signature');
    expect((await profile(reopened.body.token)).status).toBe(200);
  });

  it('an expired deletion link is refused', async () => {
    const { email, token } = await register('delete-late');
    await api.call('POST', '/profile', { key, token, body: { _method: 'DELETE' } });
    const link = mailedLink(email, 'account_deletion', '/confirm-account-deletion');
    api.clock.advance(link.expires - api.clock.now() + 1);
    expectError(await api.call('POST', '/delete-account-confirm', { body: link }), 422, 'Verification failed', 'expires');
    expect((await profile(token)).status).toBe(200);
  });
});

describe('social login through the reference provider', () => {
  /** The provider's access token for an identity, as a deployment with a real provider would hand the app one. */
  function accessToken(provider: string, email: string, name: string): string {
    return socialAccessToken(channelByApiKey(api.db, key)!, provider, email, name, api.clock.now() + 600);
  }

  /**
   * Through the consent page, its form (and the mailed link, the first time), and the callback to the app's /login,
   * in one browser; answers the one-time code and the nonce the app started with.
   */
  async function consent(provider: string, email: string, name: string, password = PROVIDER_PASSWORD): Promise<{ code: string; nonce: string }> {
    const browser = new ProviderBrowser(api, provider);
    const nonce = newNonce();
    const page = await browser.open(key, nonce);
    expect(page.status).toBe(200);
    expect(page.action).toBe(`${api.baseUrl}/auth/login/${provider}`);
    expect(page.state).toBe(key);
    expect(page.flow).toBe(browser.flowCookie);
    expect(page.html).toMatch(/name="email"/);
    expect(page.html).toMatch(/name="password"/);
    expect(page.html).toMatch(/name="name"/);

    let submitted = await browser.submit(page, { email, password, name });
    if (submitted.status === 401) {
      // A new identity: no code until its owner follows the link mailed to the address.
      expect(await submitted.text()).toContain('Check your mailbox');
      await proveMailbox(api, email);
      submitted = await browser.submit(page, { email, password, name });
    }
    expect(submitted.status).toBe(302);
    const callback = new URL(submitted.headers.get('location') ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe(`${api.baseUrl}/auth/login/${provider}/callback`);
    expect(callback.searchParams.get('state')).toBe(key);

    const returned = await browser.follow(callback.href);
    expect(returned.status).toBe(302);
    const app = new URL(returned.headers.get('location') ?? '');
    expect(`${app.origin}${app.pathname}`).toBe(`${api.origin}/login`);
    expect([...app.searchParams.keys()].sort()).toEqual(['code', 'provider']);
    expect(app.searchParams.get('provider')).toBe(provider);
    const code = app.searchParams.get('code');
    expect(code).toBeTruthy();
    return { code: code!, nonce };
  }

  it('consent page → form → mailed link → form → callback → app; add_session and the access token sign in the same viewer', async () => {
    const email = freshEmail('social');
    const { code, nonce } = await consent('google', email, 'Sam Social');

    const session = await api.call<Session>('POST', '/auth/add_session', { key, body: { code, nonce } });
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(email);
    expect(session.body.user.first_name).toBe('Sam');
    expect(session.body.user.email_verified).toBe(true);
    expect((await profile(session.body.token)).body.email).toBe(email);

    expectError(await api.call('POST', '/auth/add_session', { key, body: { code, nonce } }), 422, 'Verification failed', 'code');

    const token = accessToken('google', email, 'Sam Social');
    const social = await api.call<Session>('POST', '/v2/auth/social/google', { key, body: { access_token: token } });
    expect(social.status).toBe(200);
    expect(social.body.user.id).toBe(session.body.user.id);
    expect(social.body.token).not.toBe(session.body.token);

    const wrongProvider = await api.call('POST', '/v2/auth/social/facebook', { key, body: { access_token: token } });
    expectError(wrongProvider, 422, 'Verification failed', 'access_token');
    const forged = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    expectError(await api.call('POST', '/v2/auth/social/google', { key, body: { access_token: forged } }), 422, 'Verification failed', 'access_token');

    expect(api.db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM users WHERE email = ?').get(email)!.n).toBe(1);
  });

  it('signs a social account in again rather than creating another', async () => {
    const email = freshEmail('social-again');
    const first = await api.call<Session>('POST', '/auth/add_session', { key, body: await consent('facebook', email, 'Sam Again') });
    // The identity exists and is proven now: its password alone signs in again, the name is not asked for.
    const again = await api.call<Session>('POST', '/auth/add_session', { key, body: await consent('facebook', email, '') });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
  });

  it('does not hand an account registered with a password to a social sign-in that types its address', async () => {
    const { email, user } = await register('social-existing');
    const browser = new ProviderBrowser(api, 'facebook');
    const page = await browser.open(key, newNonce());
    const codes = () => api.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM session_codes').get()!.n;
    const before = codes();
    // Whoever types the address gets a mail sent to its owner, and no code.
    const typed = await browser.submit(page, { email, password: PROVIDER_PASSWORD, name: 'Someone Else' });
    expect(typed.status).toBe(401);
    // Even the mailbox's owner, proving it, is refused: the account holds a password they chose.
    await proveMailbox(api, email);
    const proven = await browser.submit(page, { email, password: PROVIDER_PASSWORD });
    expect(proven.status).toBe(422);
    expect(await proven.text()).toContain('The email address you have entered is already registered');
    expect(codes()).toBe(before);
    expect(api.db.prepare('SELECT social_provider FROM users WHERE id = ?').get(user.id)).toEqual({ social_provider: null });
  });

  it('refuses an unknown state on the consent page, and an expired code', async () => {
    const page = await api.call<ErrorBody>('GET', '/auth/login/google', { query: { state: 'not-a-key', nonce: newNonce() } });
    expect(page.status).toBe(401);
    expect(page.body.error.errors).toHaveProperty('state');

    const late = await consent('google', freshEmail('social-late'), 'Lee Late');
    api.clock.advance(5 * 60 + 1);
    expectError(await api.call('POST', '/auth/add_session', { key, body: late }), 422, 'Verification failed', 'code');
  });
});

describe('the passes custom form', () => {
  it('shows its flag and fields, and a valid basic pass marks the profile', async () => {
    const { token } = await register('form');
    const form = await api.call<{ flag: boolean; fields: Array<{ name: string; required: boolean; options: Array<{ value: string }> }> }>(
      'GET',
      '/custom-forms/passes',
      { key, token },
    );
    expect(form.status).toBe(200);
    expect(form.body.flag).toBe(true);
    const basicPass = form.body.fields.find((f) => f.name === 'basic_pass');
    expect(basicPass?.required).toBe(true);
    expect(basicPass?.options.length).toBeGreaterThan(0);
    expect((await profile(token)).body.basic_pass_selected).toBe(false);

    const submitted = await api.call<{ values: Array<{ name: string; value: string }>; submitted_at: number | null }>('POST', '/custom-forms/passes', {
      key,
      token,
      body: { values: [{ name: 'basic_pass', value: basicPass!.options[0]!.value }, { name: 'newsletter', value: 'true' }] },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.values).toContainEqual({ name: 'basic_pass', value: basicPass!.options[0]!.value });
    expect(submitted.body.submitted_at).toEqual(expect.any(Number));
    expect((await profile(token)).body.basic_pass_selected).toBe(true);
  });

  it('refuses an invalid option, an unknown field and a missing required field, naming the field', async () => {
    const { token } = await register('form-bad');
    const cases: Array<[Array<{ name: string; value: string }>, string]> = [
      [[{ name: 'basic_pass', value: 'gold-pass' }], 'basic_pass'],
      [[{ name: 'basic_pass', value: 'free-basic-2023-24' }, { name: 'favourite_colour', value: 'blue' }], 'favourite_colour'],
      [[{ name: 'newsletter', value: 'true' }], 'basic_pass'],
      [[], 'basic_pass'],
      [[{ name: 'basic_pass', value: 'free-basic-2023-24' }, { name: 'newsletter', value: 'maybe' }], 'newsletter'],
    ];
    for (const [values, field] of cases) {
      const result = await api.call<ErrorBody>('POST', '/custom-forms/passes', { key, token, body: { values } });
      expect(result.status, JSON.stringify(values)).toBe(422);
      expect(result.body.error.errors, JSON.stringify(values)).toHaveProperty([field]);
    }
    expect((await profile(token)).body.basic_pass_selected).toBe(false);
    expect((await api.call('POST', '/custom-forms/no-such-form', { key, token, body: { values: [] } })).status).toBe(404);
  });
});

describe('favourites', () => {
  it('adds idempotently, lists and removes', async () => {
    const { token } = await register('fav');
    const participants = await api.call<{ data: Array<{ id: number }> }>('GET', '/participants', { key, query: { no_limit: 1 } });
    const groups = await api.call<{ data: Array<{ id: number }> }>('GET', '/participant-groups', { key });
    const team = participants.body.data[0]!.id;
    const school = groups.body.data[0]!.id;

    const first = await api.call<Favourite>('POST', '/favorite', { key, token, body: { favoritable_id: team, favoritable_type: 'participant' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ favoritable_id: team, favoritable_type: 'participant' });
    const again = await api.call<Favourite>('POST', '/favorite', { key, token, body: { favoritable_id: team, favoritable_type: 'participant' } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const schoolFav = await api.call<Favourite>('POST', '/favorite', { key, token, body: { favoritable_id: school, favoritable_type: 'group' } });
    expect(schoolFav.status).toBe(200);

    const list = await api.call<{ data: Favourite[]; meta: { total: number } }>('GET', '/favorites', { key, token });
    expect(list.body.data.map((f) => f.id).sort()).toEqual([first.body.id, schoolFav.body.id].sort());
    expect(list.body.meta.total).toBe(2);

    expect((await api.call('DELETE', `/favorite/${first.body.id}`, { key, token })).status).toBe(200);
    expect((await api.call('DELETE', `/favorite/${first.body.id}`, { key, token })).status).toBe(404);
    const after = await api.call<{ data: Favourite[] }>('GET', '/favorites', { key, token });
    expect(after.body.data.map((f) => f.id)).toEqual([schoolFav.body.id]);
  });

  it('refuses a favoritable_type outside participant, group and category, naming it', async () => {
    const { token } = await register('fav-type');
    for (const favoritable_type of ['team', 'school', 'sport', 'event', 'PARTICIPANT', '', 7, null]) {
      const result = await api.call<ErrorBody>('POST', '/favorite', { key, token, body: { favoritable_id: 1, favoritable_type } });
      expect(result.status, String(favoritable_type)).toBe(422);
      expect(result.body.error.errors, String(favoritable_type)).toHaveProperty('favoritable_type');
    }
    const anonymous = await api.call<ErrorBody>('GET', '/favorites', { key });
    expect(anonymous.status).toBe(401);
  });
});

describe('geo and capabilities', () => {
  it('is_geo_blocked is true for blocked@ and false for fan@', async () => {
    const blocked = await api.call<{ is_geo_blocked: boolean }>('GET', '/geo', { key, token: await api.login('blocked@summit.test', key) });
    expect(blocked.status).toBe(200);
    expect(blocked.body.is_geo_blocked).toBe(true);
    const fan = await api.call<{ is_geo_blocked: boolean }>('GET', '/geo', { key, token: await api.login('fan@summit.test', key) });
    expect(fan.status).toBe(200);
    expect(fan.body.is_geo_blocked).toBe(false);
    const anonymous = await api.call<{ is_geo_blocked: boolean }>('GET', '/geo', { key });
    expect(anonymous.body.is_geo_blocked).toBe(false);
  });

  it('user/access flags are all true for fan@ and all false for basic@', async () => {
    const flags = ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media', 'vod_media_access'];
    const fan = await api.call<{ capabilities: Record<string, boolean> }>('GET', '/user/access', { key, token: await api.login('fan@summit.test', key) });
    expect(fan.status).toBe(200);
    for (const flag of flags) expect(fan.body.capabilities[flag], flag).toBe(true);

    const basic = await api.call<{ capabilities: Record<string, boolean> }>('GET', '/user/access', { key, token: await api.login('basic@summit.test', key) });
    expect(basic.status).toBe(200);
    for (const flag of flags) expect(basic.body.capabilities[flag], flag).toBe(false);
  });
});
