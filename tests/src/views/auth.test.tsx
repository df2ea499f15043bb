// @vitest-environment jsdom
/**
 * The sign-in views (SPEC §2 /login, /registration, /password-reset-request, /password-reset) against the real
 * reference API behind real Mesh: what each shows is what its machine says (a tag, `state.can`, or a selector beside
 * its guards), never a rule of the view's own. Each case is one where a view deciding for itself would show
 * something else: a refusal of another form, a link refused for expiry rather than forgery, a submit left enabled
 * while the session would not take it.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import { sessionErrorFor } from '../../../machines/session/session.selectors';
import { INVALID_CREDENTIALS } from '../../../machines/session/session.types';
import { LoginView, PasswordResetRequestView, PasswordResetView, RegistrationView } from '../../../src/views/auth/AuthViews';
import { startTestApi, SUMMIT, type TestApi } from '../../server/harness';
import { type FixtureOptions, LOGGED_IN, createTestApp, renderWithApp, startupSettled, type TestApp } from '../app-actors-fixture';

const PASSWORD = 'Password123!';

let api: TestApi;
let app: TestApp | null = null;
let counter = 0;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
});

afterAll(async () => {
  await api.close();
});

afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
  api.faults.clear();
  api.requestLog.clear();
});

const freshEmail = (label: string): string => `auth-view-${label}-${++counter}@summit.test`;

/** An account opened straight at the API, as another device would. */
async function openAccount(label: string): Promise<string> {
  const email = freshEmail(label);
  const body = { first_name: 'Robin', last_name: 'Hart', email, password: PASSWORD, password_confirmation: PASSWORD, terms: true };
  // A key of its own each time: a test moves the API's clock past the life of earlier ones.
  const result = await api.call('POST', '/v2/auth/register', { key: await api.apiKey(), body });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return email;
}

/** The query of the reset link mailed to the address (read from the API's outbox, as the viewer reads their mail). */
async function mailedResetLink(email: string): Promise<URLSearchParams> {
  const requested = await api.call('POST', '/auth/password-reset-request', { key: await api.apiKey(), body: { email } });
  expect(requested.status).toBe(200);
  const row = api.db
    .prepare<[string], { link: string }>("SELECT link FROM outbox WHERE email = ? AND kind = 'password_reset' ORDER BY rowid DESC LIMIT 1")
    .get(email);
  if (!row) throw new Error(`no reset mail to ${email}`);
  return new URL(row.link).searchParams;
}

async function renderAt(path: string, options: Omit<FixtureOptions, 'api'> = {}) {
  app = createTestApp({ ...options, api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey } });
  await startupSettled(app.actors);
  return renderWithApp(
    <Switch>
      <Route path="/login" component={LoginView} />
      <Route path="/registration" component={RegistrationView} />
      <Route path="/password-reset-request" component={PasswordResetRequestView} />
      <Route path="/password-reset" component={PasswordResetView} />
    </Switch>,
    app.actors,
    { path },
  );
}

const session = () => {
  if (!app) throw new Error('no app rendered');
  return app.actors.session;
};
/** What the login form's submit asks: whether the session would take a login now. */
const takesLogin = () => session().getSnapshot().can({ type: 'user.login', credentials: { email: '', password: '' } });
const form = (name: string) => screen.getByRole('form', { name });
/** The form's submit button, whatever its label says (Log in, or Logging in… while busy). */
const submitOf = (name: string) => within(form(name)).getByRole('button') as HTMLButtonElement;

function fillLogin(email: string, password: string): void {
  const login = form('Log in');
  fireEvent.change(within(login).getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(within(login).getByLabelText('Password'), { target: { value: password } });
}

describe('the login form (/login)', () => {
  it('disables its submit exactly while state.can says the session would not take a login', async () => {
    const email = await openAccount('can');
    // The API holds the answer a moment, so the form is seen while the login is on its way.
    api.faults.add({ operationId: 'login', delayMs: 1500, times: 1 });
    await renderAt('/login');
    expect(takesLogin()).toBe(true);
    expect(submitOf('Log in').disabled).toBe(false);
    expect(submitOf('Log in').textContent).toBe('Log in');

    fillLogin(email, 'Not-the-password-1');
    fireEvent.click(submitOf('Log in'));
    await waitFor(() => expect(session().getSnapshot().hasTag('signingIn')).toBe(true));
    expect(takesLogin()).toBe(false);
    await waitFor(() => expect(submitOf('Log in').disabled).toBe(true));
    expect(submitOf('Log in').textContent).toBe('Logging in…');

    // Refused: a visitor again, and the form takes the next try.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid email or password. Please try again.'));
    expect(takesLogin()).toBe(true);
    expect(submitOf('Log in').disabled).toBe(false);
  });

  it('keeps its submit disabled for a signed-in viewer, whom the session would not log in again (not busy, yet no login is taken)', async () => {
    await renderAt('/login', { viewer: LOGGED_IN });
    await waitFor(() => expect(session().getSnapshot().hasTag('loggedIn')).toBe(true));
    expect(session().getSnapshot().hasTag('busy')).toBe(false);
    expect(takesLogin()).toBe(false);
    expect(submitOf('Log in').disabled).toBe(true);
  });

  it("shows the session's refusal of a wrong password, and the registration page does not show it", async () => {
    const email = await openAccount('refused');
    await renderAt('/login');
    fillLogin(email, 'Not-the-password-1');
    fireEvent.click(submitOf('Log in'));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid email or password. Please try again.'));
    expect(sessionErrorFor(session().getSnapshot(), 'login')?.message).toBe(INVALID_CREDENTIALS);

    // The refusal is the login form's: the registration form, on the same session, has none to show.
    fireEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    await screen.findByRole('form', { name: 'Register' });
    expect(sessionErrorFor(session().getSnapshot(), 'register')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the session\'s own check of an empty form, field by field, and sends nothing', async () => {
    await renderAt('/login');
    fireEvent.click(submitOf('Log in'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please check the fields marked below.'));
    const emailField = within(form('Log in')).getByLabelText('Email');
    expect(emailField.getAttribute('aria-invalid')).toBe('true');
    expect(api.requestLog.entries.filter((e) => e.operationId === 'login')).toEqual([]);
  });
});

describe('the registration form (/registration)', () => {
  it("disables its submit while the session registers, then shows the server's refusal of a taken address", async () => {
    const taken = await openAccount('taken');
    api.faults.add({ operationId: 'register', delayMs: 1500, times: 1 });
    await renderAt('/registration');
    const register = form('Register');
    const field = (label: string) => within(register).getByLabelText(label, { exact: true });
    fireEvent.change(field('First name'), { target: { value: 'Second' } });
    fireEvent.change(field('Last name'), { target: { value: 'Comer' } });
    fireEvent.change(field('Email'), { target: { value: taken } });
    fireEvent.change(field('Password'), { target: { value: PASSWORD } });
    fireEvent.change(field('Confirm password'), { target: { value: PASSWORD } });
    fireEvent.click(within(register).getByRole('checkbox'));
    expect(submitOf('Register').disabled).toBe(false);

    fireEvent.click(submitOf('Register'));
    await waitFor(() => expect(session().getSnapshot().hasTag('signingIn')).toBe(true));
    await waitFor(() => expect(submitOf('Register').disabled).toBe(true));
    expect(session().getSnapshot().can({ type: 'user.register', form: { firstName: '', lastName: '', email: '', password: '', passwordConfirmation: '', terms: false } })).toBe(false);

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The email address you have entered is already registered'));
    expect(sessionErrorFor(session().getSnapshot(), 'register')?.message).toEqual({ key: 'server.emailTaken' });
    expect(submitOf('Register').disabled).toBe(false);
  });
});

describe('the mailed reset link (/password-reset)', () => {
  async function submitNewPassword(password: string, confirmation = password): Promise<void> {
    const reset = form('Choose a new password');
    fireEvent.change(within(reset).getByLabelText('New password', { exact: true }), { target: { value: password } });
    fireEvent.change(within(reset).getByLabelText('Confirm new password'), { target: { value: confirmation } });
    fireEvent.click(within(reset).getByRole('button', { name: 'Change my password' }));
  }
  const newLinkOffered = () => screen.queryByRole('link', { name: 'Request a new link' });

  it('a forged link is refused, and the page offers a new one because the account form says the link was refused', async () => {
    const query = await mailedResetLink(await openAccount('forged'));
    const signature = query.get('signature') ?? '';
    query.set('signature', signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0'));
    await renderAt(`/password-reset?${query}`);
    expect(screen.getByText(`Choose a new password for ${query.get('email')}.`)).toBeTruthy();

    await submitNewPassword('Fresh-pass-42');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Reset password failed'));
    expect(newLinkOffered()).not.toBeNull();
  });

  it('an expired link is refused for its expiry (not its signature), and a new one is offered all the same', async () => {
    const query = await mailedResetLink(await openAccount('expired'));
    api.clock.advance(Number(query.get('expires')) - api.clock.now() + 1);
    await renderAt(`/password-reset?${query}`);

    await submitNewPassword('Fresh-pass-42');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Reset password key expired'));
    expect(newLinkOffered()).not.toBeNull();
  });

  it('a link cut short shows no form: it says the link is incomplete and offers a new one, with no request', async () => {
    const query = await mailedResetLink(await openAccount('cut'));
    query.delete('signature');
    await renderAt(`/password-reset?${query}`);

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This link is incomplete: a part of it is missing. Open it again from the email, or ask for a new one.'));
    expect(screen.queryByRole('form', { name: 'Choose a new password' })).toBeNull();
    expect(newLinkOffered()).not.toBeNull();
    expect(api.requestLog.entries.filter((e) => e.operationId === 'resetPassword')).toEqual([]);
  });

  it('a refusal of what was typed on a good link offers no new link, and the password is then set', async () => {
    const email = await openAccount('typed');
    const query = await mailedResetLink(email);
    await renderAt(`/password-reset?${query}`);

    await submitNewPassword('Fresh-pass-42', 'Fresh-pass-43');
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    const confirmation = within(form('Choose a new password')).getByLabelText('Confirm new password');
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(newLinkOffered()).toBeNull();

    await submitNewPassword('Fresh-pass-42');
    await screen.findByText('Your password has been changed. Log in with your new password.');
    await expect(api.login(email, await api.apiKey(), 'Fresh-pass-42')).resolves.toEqual(expect.any(String));
  });
});

describe('the reset request (/password-reset-request)', () => {
  it('names the address the account form sent the request for', async () => {
    const email = await openAccount('request');
    await renderAt('/password-reset-request');
    const request = form('Forgot your password');
    fireEvent.change(within(request).getByLabelText('Email'), { target: { value: email } });
    fireEvent.click(within(request).getByRole('button', { name: 'Send the link' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(`If an account exists for ${email}, a link to choose a new password is on its way. It works for 60 minutes.`);
  });
});
