/**
 * Accounts on the real stack (SPEC §2 auth routes, §4 session, §5 form rules, §8 messages): registration and its
 * mailed verification link, log in and out, the social provider's consent page, the profile edit, the forgotten
 * password, the account's deletion, the temporary password, the sign-in throttle, French messages and axe on every
 * account page. Mail is read from the reference API's `outbox` table, as a viewer would read their inbox.
 *
 * Every test opens its own accounts (fresh addresses); the one test that uses a seeded viewer (the temporary
 * password) puts that viewer back as it found it, since the worker's other suites share the database.
 */
import type { Locator, Page } from '@playwright/test';
import { STORAGE_PREFIX } from '../../src/adapters/storage';
import { DEMO_PASSWORD, SUMMIT } from '../server/harness';
import { pickEvent } from './catalogue';
import { expect, test, type Stack } from './fixtures';
import { firstBasicPass, freshEmail, openAccount, PASSWORD, summitId } from './accounts';
import { appReady, expectNoAxeViolations } from './helpers';

type MailKind = 'email_verify' | 'password_reset' | 'account_deletion' | 'password_reset_no_account' | 'social_identity_confirm';

/**
 * The sign-in throttle also counts failures per client address (20, whatever the accounts; the GraphQL layer forwards
 * the browser's, 127.0.0.1 for every test), and a success does not forget them. This file's wrong passwords (about ten)
 * would stay on the worker's shared stack for 15 minutes and bring the next suites closer to an address lock: each
 * test forgets them, as the stack fixture forgets faults. Account counters need no cleanup: every address is fresh.
 */
test.afterEach(({ stack }) => {
  stack.api.db.prepare("DELETE FROM login_throttle WHERE key LIKE 'address:%'").run();
});

/**
 * The newest mail of this kind to this address. Its link must open the channel it was asked from (the page's host
 * name, unless `origin` says where the request came from): never the internal origin GraphQL calls the API on.
 */
async function mailedLink(stack: Stack, email: string, kind: MailKind, origin = stack.originFor('summit')): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      link = stack.api.db
        .prepare<[string, string], { link: string }>('SELECT link FROM outbox WHERE email = ? AND kind = ? ORDER BY rowid DESC LIMIT 1')
        .get(email, kind)?.link;
      return link;
    }, { message: `a ${kind} mail to ${email}` })
    .toBeTruthy();
  const url = new URL(link!);
  expect(url.origin).toBe(origin);
  return url.href;
}

function mailCount(stack: Stack, email: string, kind: MailKind): number {
  return stack.api.db.prepare<[string, string], { n: number }>('SELECT COUNT(*) AS n FROM outbox WHERE email = ? AND kind = ?').get(email, kind)?.n ?? 0;
}

const main = (page: Page) => page.getByRole('main');
const banner = (page: Page) => page.getByRole('banner');
/** The refusal above a form (`role="alert"` inside the page; the toast host keeps its own, empty, outside it). */
const formAlert = (page: Page) => main(page).getByRole('alert');
/** The success or info notice above a form. */
const formStatus = (page: Page, text: string | RegExp) => main(page).getByRole('status').filter({ hasText: text });

/** The field shows its own refusal: marked invalid, and the message is part of its description. */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

async function expectFieldValid(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

async function expectSignedIn(page: Page): Promise<void> {
  await expect(banner(page).getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Log in' })).toHaveCount(0);
}

async function expectSignedOut(page: Page): Promise<void> {
  await expect(banner(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'My account' })).toHaveCount(0);
}

/** The GraphQL answer to the next request of this operation (the page has no other sign that a call is over). */
function graphqlAnswer(page: Page, operation: string) {
  return page.waitForResponse((response) => {
    const request = response.request();
    // The app sends its documents by hash, with their name.
    return request.url().endsWith('/graphql') && request.method() === 'POST' && (request.postDataJSON() as { operationName?: string } | null)?.operationName === operation;
  });
}

/** Fills the login form on the page and sends it, waiting for the API's answer. */
async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  const answer = graphqlAnswer(page, 'Login');
  await form.getByRole('button', { name: 'Log in' }).click();
  await answer;
}

/** Opens /login and signs in with the form. */
async function logInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await appReady(page);
  await submitLogin(page, email, password);
  await expectSignedIn(page);
}

async function logOutFromHeader(page: Page): Promise<void> {
  await banner(page).getByRole('button', { name: 'Log out' }).click();
  await expectSignedOut(page);
}

/** The session token the app keeps for the next visit (what the header's state rests on). */
async function storedToken(page: Page): Promise<string | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), `${STORAGE_PREFIX}token`);
  return raw === null ? null : (JSON.parse(raw) as { value: string }).value;
}

test.describe('registration (SPEC §2, §5, §8)', () => {
  test('the form names each broken rule next to its field, then registers, and the mailed link verifies the address once', async ({ page, stack }) => {
    await page.goto('/registration');
    await appReady(page);
    const form = page.getByRole('form', { name: 'Register' });
    const firstName = form.getByLabel('First name');
    const lastName = form.getByLabel('Last name');
    const email = form.getByLabel('Email');
    const phone = form.getByLabel('Phone (optional)');
    const password = form.getByLabel('Password', { exact: true });
    const confirmation = form.getByLabel('Confirm password');
    const terms = form.getByRole('checkbox', { name: 'I accept the terms & conditions' });
    const submit = form.getByRole('button', { name: 'Register' });

    // Empty: every required field says what it needs, and above the form SPEC's "not registered yet".
    await submit.click();
    await expectFieldError(firstName, 'Enter your first name');
    await expectFieldError(lastName, 'Enter your last name');
    await expectFieldError(email, 'Enter your Email');
    await expectFieldError(password, 'The password is too short');
    await expectFieldError(terms, 'Please accept terms & conditions');
    await expectFieldValid(phone);
    await expect(formAlert(page)).toHaveText('You are not registered yet. Please accept the terms & conditions and click Register.');
    await expectNoAxeViolations(page);

    // A mistyped address.
    const address = freshEmail('register');
    await firstName.fill('Robin');
    await lastName.fill('Park');
    await email.fill('robin@example');
    await password.fill(PASSWORD);
    await confirmation.fill(PASSWORD);
    await terms.check();
    await submit.click();
    await expectFieldError(email, 'A valid email address is required');
    for (const field of [firstName, lastName, password, confirmation, terms]) await expectFieldValid(field);
    await expect(formAlert(page)).toHaveText('Please check the fields marked below.');

    // A confirmation that does not match.
    await email.fill(address);
    await confirmation.fill(`${PASSWORD}x`);
    await submit.click();
    await expectFieldError(confirmation, 'The password and password confirmation do not match');
    await expectFieldValid(email);

    // A phone number that is too short.
    await confirmation.fill(PASSWORD);
    await phone.fill('555 01');
    await submit.click();
    await expectFieldError(phone, 'Field length must be greater than 9');
    await expectFieldValid(confirmation);
    // Nothing was sent while the form was refused.
    expect(stack.api.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM users WHERE email = ?').get(address)?.n).toBe(0);

    // Valid: registered, signed in, and told to check the mail.
    await phone.fill('+1 555 010 9999');
    await submit.click();
    await expect(page).toHaveURL(/\/verify-notice$/);
    await expect(formStatus(page, address)).toHaveText(`We sent a verification link to ${address}. Open it to verify your email address.`);
    await expectSignedIn(page);

    const link = await mailedLink(stack, address, 'email_verify');
    expect(new URL(link).pathname).toBe('/verify-email');
    await page.goto(link);
    await expect(formStatus(page, 'verified')).toHaveText('Your email address is verified. Thank you!');
    const verifiedAt = stack.api.db.prepare<[string], { email_verified_at: number | null }>('SELECT email_verified_at FROM users WHERE email = ?').get(address);
    expect(verifiedAt?.email_verified_at).not.toBeNull();

    // The same link again: SPEC §8's user message.
    await page.goto(link);
    await expect(formAlert(page)).toHaveText('Your email already verified.');
  });

  test('an address that already has an account is refused with the server\'s words', async ({ page, stack }) => {
    const taken = await openAccount(stack, { tag: 'taken' });
    await page.goto('/registration');
    await appReady(page);
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('First name').fill('Second');
    await form.getByLabel('Last name').fill('Comer');
    await form.getByLabel('Email').fill(taken.email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('checkbox', { name: 'I accept the terms & conditions' }).check();
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(formAlert(page)).toHaveText('The email address you have entered is already registered');
    await expect(page).toHaveURL(/\/registration$/);
    await expectSignedOut(page);
  });
});

test.describe('log in and out (SPEC §2, §4, §8)', () => {
  test('a wrong password is refused; the right one goes back to the page the viewer was on; /login then sends home', async ({ page, stack }) => {
    const viewer = await openAccount(stack, { tag: 'login', basicPass: true });
    const event = pickEvent(stack.api, { when: 'upcoming', type: 'free' });
    await page.goto(`/watch/${event.id}`);
    await appReady(page);
    await expectSignedOut(page);
    await banner(page).getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');

    await submitLogin(page, viewer.email, 'Not-the-password-1');
    await expect(formAlert(page)).toHaveText('Invalid email or password. Please try again.');
    await expect(page).toHaveURL(/\/login$/);
    await expectSignedOut(page);

    await submitLogin(page, viewer.email, viewer.password);
    await expect(page).toHaveURL(new RegExp(`/watch/${event.id}$`));
    await expectSignedIn(page);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);
  });

  test('log out puts the Log in link back, and the viewer can log in again', async ({ page, stack }) => {
    // The channel's passes form carries the logout flag (SPEC §4), so the logout is allowed.
    const viewer = await openAccount(stack, { tag: 'logout', basicPass: true });
    await logInWithForm(page, viewer.email, viewer.password);
    await expect(page).toHaveURL(/\/$/);

    await logOutFromHeader(page);
    expect(await storedToken(page)).toBeNull();
    // Still signed out after a reload: the session was forgotten, not only hidden.
    await page.reload();
    await appReady(page);
    await expectSignedOut(page);

    await banner(page).getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, viewer.email, viewer.password);
    await expectSignedIn(page);
  });
});

test.describe('social login through the reference provider', () => {
  /**
   * Proves a new provider identity's mailbox as its owner does: opens the link mailed to the address in another tab,
   * confirms there and closes it, leaving the consent page where it was.
   */
  async function confirmProviderMailbox(page: Page, stack: Stack, email: string): Promise<void> {
    const link = await mailedLink(stack, email, 'social_identity_confirm');
    const mailbox = await page.context().newPage();
    await mailbox.goto(link);
    await expect(mailbox.getByRole('heading', { level: 1 })).toHaveText('Confirm your address');
    await mailbox.getByRole('button', { name: 'Confirm my address' }).click();
    await expect(mailbox.getByRole('status')).toContainText(`${email} is confirmed`);
    await mailbox.close();
  }

  test('Continue with Google opens an identity and signs in once its mailbox is proven; coming back takes the provider password, not only the address', async ({ page, stack }) => {
    const email = freshEmail('social');
    const providerPassword = 'Provider-secret-9';
    await page.goto('/login');
    await appReady(page);
    await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/auth\/login\/google\?state=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Continue with Google');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Google password').fill(providerPassword);
    await page.getByLabel(/^Name/).fill('Quinn Social');
    await page.getByRole('button', { name: 'Allow and continue' }).click();

    // A new identity signs in nowhere until its owner follows the link mailed to the address.
    await expect(page.getByRole('status')).toContainText('Check your mailbox');
    expect(stack.api.db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM users WHERE email = ?').get(email)?.n).toBe(0);
    await confirmProviderMailbox(page, stack, email);
    await page.getByLabel('Google password').fill(providerPassword);
    await page.getByRole('button', { name: 'Allow and continue' }).click();

    // Back in the app, which traded the one-time code for a session.
    await appReady(page);
    await expectSignedIn(page);
    expect(new URL(page.url()).origin).toBe(stack.originFor('summit'));
    const accounts = () =>
      stack.api.db.prepare<[string], { id: number; social_provider: string | null }>('SELECT id, social_provider FROM users WHERE email = ?').all(email);
    expect(accounts()).toEqual([{ id: expect.any(Number), social_provider: 'google' }]);
    const accountId = accounts()[0]!.id;

    await logOutFromHeader(page);

    // Knowing the address is not enough: a wrong provider password keeps the browser on the provider's page.
    await page.goto('/login');
    await appReady(page);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/auth\/login\/google\?state=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Google password').fill('Guessed-secret-1');
    await page.getByRole('button', { name: 'Allow and continue' }).click();
    await expect(page.getByRole('alert')).toContainText('Wrong email or password for this provider account');
    await expect(page).toHaveURL(/\/auth\/login\/google$/);
    await expect(page.getByLabel('Google password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toHaveValue(email);

    // The right one: signed in again, to the same account.
    await page.getByLabel('Google password').fill(providerPassword);
    await page.getByRole('button', { name: 'Allow and continue' }).click();
    await appReady(page);
    await expectSignedIn(page);
    expect(accounts().map((a) => a.id)).toEqual([accountId]);
    const token = await storedToken(page);
    expect(token).not.toBeNull();
    const profile = await stack.api.call<{ id: number; email: string }>('GET', '/profile', { key: await stack.api.apiKey(), token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: accountId, email });
  });
});

test.describe('the profile edit (SPEC §2, §5)', () => {
  test('a new name and password: a mismatched confirmation is refused, then saved; only the new password logs in', async ({ page, stack }) => {
    const viewer = await openAccount(stack, { tag: 'profile', basicPass: true });
    const newPassword = 'Fresh-pass-456';
    await logInWithForm(page, viewer.email, viewer.password);
    await page.goto('/profile/edit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit my profile');
    const form = page.getByRole('form', { name: 'Edit my profile' });
    await expect(form.getByLabel('Email')).toHaveValue(viewer.email);
    await expect(form.getByLabel('First name')).toHaveValue('Sam');
    await expectNoAxeViolations(page);

    await form.getByLabel('First name').fill('Samantha');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(`${newPassword}!`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expectFieldError(form.getByLabel('Confirm new password'), "PASSWORDS DON'T MATCH");
    await expect(formStatus(page, 'Your profile is saved.')).toHaveCount(0);

    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(formStatus(page, 'Your profile is saved.')).toBeVisible();
    await expectFieldValid(form.getByLabel('Confirm new password'));
    const saved = stack.api.db.prepare<[string], { first_name: string }>('SELECT first_name FROM users WHERE email = ?').get(viewer.email);
    expect(saved?.first_name).toBe('Samantha');

    await logOutFromHeader(page);
    await page.goto('/login');
    await appReady(page);
    await submitLogin(page, viewer.email, viewer.password);
    await expect(formAlert(page)).toHaveText('Invalid email or password. Please try again.');
    await expectSignedOut(page);
    await submitLogin(page, viewer.email, newPassword);
    await expectSignedIn(page);
    await page.goto('/profile/edit');
    await expect(page.getByRole('form', { name: 'Edit my profile' }).getByLabel('First name')).toHaveValue('Samantha');
  });
});

test.describe('the forgotten password (SPEC §2, §8)', () => {
  test('the mailed link sets a new password once; unknown addresses get the same answer', async ({ page, stack }) => {
    const viewer = await openAccount(stack, { tag: 'reset' });
    const newPassword = 'Reset-pass-789';
    await page.goto('/login');
    await appReady(page);
    await main(page).getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/password-reset-request$/);

    const request = page.getByRole('form', { name: 'Forgot your password' });
    await request.getByLabel('Email').fill(viewer.email);
    await request.getByRole('button', { name: 'Send the link' }).click();
    await expect(formStatus(page, viewer.email)).toHaveText(
      `If an account exists for ${viewer.email}, a link to choose a new password is on its way. It works for 60 minutes.`,
    );
    await expectNoAxeViolations(page);
    const link = await mailedLink(stack, viewer.email, 'password_reset');
    expect(new URL(link).pathname).toBe('/password-reset');

    // An address without an account: the same words (no enumeration), and the mail it gets is not a reset link.
    const stranger = freshEmail('nobody');
    await page.goto('/password-reset-request');
    await appReady(page);
    await request.getByLabel('Email').fill(stranger);
    await request.getByRole('button', { name: 'Send the link' }).click();
    await expect(formStatus(page, stranger)).toHaveText(
      `If an account exists for ${stranger}, a link to choose a new password is on its way. It works for 60 minutes.`,
    );
    expect(mailCount(stack, stranger, 'password_reset')).toBe(0);
    expect(mailCount(stack, stranger, 'password_reset_no_account')).toBe(1);

    // The link: a password that is too short is refused on the page, a good one is set.
    await page.goto(link);
    await appReady(page);
    await expect(main(page)).toContainText(`Choose a new password for ${viewer.email}.`);
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.getByLabel('New password', { exact: true }).fill('short');
    await reset.getByLabel('Confirm new password').fill('short');
    await reset.getByRole('button', { name: 'Change my password' }).click();
    await expectFieldError(reset.getByLabel('New password', { exact: true }), 'The password is too short');
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await reset.getByLabel('Confirm new password').fill(newPassword);
    await reset.getByRole('button', { name: 'Change my password' }).click();
    await expect(formStatus(page, 'changed')).toHaveText('Your password has been changed. Log in with your new password.');

    // The same link a second time is refused: it was signed over the old password.
    await page.goto(link);
    await appReady(page);
    await reset.getByLabel('New password', { exact: true }).fill('Another-pass-000');
    await reset.getByLabel('Confirm new password').fill('Another-pass-000');
    await reset.getByRole('button', { name: 'Change my password' }).click();
    await expect(formAlert(page)).toHaveText('Reset password failed');
    await expect(main(page).getByRole('link', { name: 'Request a new link' })).toBeVisible();

    await logInWithForm(page, viewer.email, newPassword);
  });
});

test.describe('account deletion (SPEC §2)', () => {
  test('the mailed link deletes the account; its session and credentials are refused afterwards', async ({ page, stack }) => {
    const viewer = await openAccount(stack, { tag: 'delete', basicPass: true });
    await logInWithForm(page, viewer.email, viewer.password);
    await page.goto('/profile/edit');
    await appReady(page);
    const section = page.getByRole('region', { name: 'Delete your account' });
    await section.getByRole('button', { name: 'Email me a deletion link' }).click();
    await expect(section.getByRole('status')).toHaveText(`We sent a confirmation link to ${viewer.email}. Open it to delete your account.`);

    const link = await mailedLink(stack, viewer.email, 'account_deletion');
    expect(new URL(link).pathname).toBe('/confirm-account-deletion');
    await page.goto(link);
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete your account');
    await expect(main(page)).toContainText(`Deleting the account of ${viewer.email} removes your profile`);
    await main(page).getByRole('button', { name: 'Delete my account' }).click();
    await expect(formStatus(page, 'deleted')).toHaveText('Your account has been deleted.');
    expect(stack.api.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM users WHERE email = ?').get(viewer.email)?.n).toBe(0);

    // The token the app kept belongs to nobody now: after a reload the visitor is anonymous.
    await page.goto('/');
    await appReady(page);
    await expectSignedOut(page);
    expect(await storedToken(page)).toBeNull();

    await page.goto('/login');
    await appReady(page);
    await submitLogin(page, viewer.email, viewer.password);
    await expect(formAlert(page)).toHaveText('Invalid email or password. Please try again.');
    await expectSignedOut(page);
  });
});

test.describe('a mailed link opened without its parts', () => {
  for (const { path, heading, way, to } of [
    { path: '/password-reset', heading: 'Choose a new password', way: 'Request a new link', to: '/password-reset-request' },
    // Cut short after the address: the signature and expiry are gone.
    { path: '/confirm-account-deletion?email=fan%40summit.test', heading: 'Delete your account', way: 'Ask for a new link from your profile', to: '/profile' },
  ]) {
    test(`${path.split('?')[0]} says the link is incomplete, offers a new one, and has nothing to send`, async ({ page }) => {
      await page.goto(path);
      await appReady(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(main(page).getByRole('alert')).toHaveText('This link is incomplete: a part of it is missing. Open it again from the email, or ask for a new one.');
      await expect(main(page).getByRole('link', { name: way })).toHaveAttribute('href', to);
      // No form whose button would only fail, and no account named by a blank.
      await expect(main(page).getByRole('button')).toHaveCount(0);
      await expect(main(page)).not.toContainText('Deleting the account of');
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('the temporary password (SPEC §2, §6)', () => {
  test('the seeded viewer is kept on /profile/edit until a new password is saved, then chooses a basic pass', async ({ page, stack }) => {
    const email = `basic@${SUMMIT.alias}.test`;
    const { db } = stack.api;
    const before = db
      .prepare<[string, number], { id: number; password_hash: string; temporary_password: number }>(
        'SELECT id, password_hash, temporary_password FROM users WHERE email = ? AND channel_id = ?',
      )
      .get(email, summitId(stack));
    if (!before) throw new Error(`no seeded ${email}`);
    expect(before.temporary_password).toBe(1);
    try {
      await page.goto('/login');
      await appReady(page);
      await submitLogin(page, email, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/profile\/edit$/);
      await expect(formStatus(page, 'temporary')).toHaveText('Your password is temporary. Choose a new password to continue.');

      // Home is out of reach, by the address bar as by the header's link.
      await page.goto('/');
      await expect(page).toHaveURL(/\/profile\/edit$/);
      await expect(formStatus(page, 'temporary')).toBeVisible();
      await page.getByTestId('channel-home').click();
      await expect(page).toHaveURL(/\/profile\/edit$/);

      const form = page.getByRole('form', { name: 'Edit my profile' });
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expectFieldError(form.getByLabel('New password', { exact: true }), 'The password is too short');
      await expect(page).toHaveURL(/\/profile\/edit$/);

      const newPassword = 'Chosen-pass-321';
      await form.getByLabel('New password', { exact: true }).fill(newPassword);
      await form.getByLabel('Confirm new password').fill(newPassword);
      await form.getByRole('button', { name: 'Save changes' }).click();

      // Released; without a basic pass the viewer is sent to the packages, where the passes form asks for one.
      await expect(page).toHaveURL(/\/packages$/);
      const passes = page.getByRole('form', { name: 'Choose your basic pass' });
      const basicPass = firstBasicPass(stack);
      await passes.getByLabel('Basic pass').selectOption(basicPass.value);
      await passes.getByRole('button', { name: 'Continue' }).click();
      await expect(passes).toHaveCount(0);

      await page.goto('/');
      await appReady(page);
      await expect(page).toHaveURL(/\/$/);
      await expectSignedIn(page);
      expect(db.prepare<[number], { temporary_password: number }>('SELECT temporary_password FROM users WHERE id = ?').get(before.id)?.temporary_password).toBe(0);
    } finally {
      // The worker's other suites expect the seeded viewer as seeded.
      db.prepare('UPDATE users SET password_hash = ?, temporary_password = ? WHERE id = ?').run(before.password_hash, before.temporary_password, before.id);
      db.prepare('DELETE FROM custom_form_submissions WHERE user_id = ?').run(before.id);
    }
  });
});

test.describe('the sign-in throttle', () => {
  test('five wrong passwords lock the account: the form says so, and the right password is refused too', async ({ page, stack }) => {
    const viewer = await openAccount(stack, { tag: 'throttle' });
    const failures = () =>
      stack.api.db
        .prepare<[string], { failures: number }>('SELECT failures FROM login_throttle WHERE key = ?')
        .get(`account:${summitId(stack)}:${viewer.email.toLowerCase()}`)?.failures ?? 0;
    await page.goto('/login');
    await appReady(page);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await submitLogin(page, viewer.email, `Wrong-guess-${attempt}`);
      await expect(formAlert(page)).toHaveText('Invalid email or password. Please try again.');
      expect(failures()).toBe(attempt);
    }
    await submitLogin(page, viewer.email, 'Wrong-guess-5');
    await expect(formAlert(page)).toHaveText('Too many sign-in attempts. Please wait a moment and try again.');

    await submitLogin(page, viewer.email, viewer.password);
    await expect(formAlert(page)).toHaveText('Too many sign-in attempts. Please wait a moment and try again.');
    await expect(page).toHaveURL(/\/login$/);
    await expectSignedOut(page);
    expect(await storedToken(page)).toBeNull();
  });
});

test.describe('languages (SPEC §9)', () => {
  test('in French, the empty login form is refused in French, and so is a wrong password', async ({ page, stack }) => {
    const viewer = await openAccount(stack, { tag: 'francais' });
    await page.goto('/login');
    await appReady(page);
    await page.getByTestId('language-switcher').selectOption('fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');

    const form = page.getByRole('form', { name: 'Connexion' });
    await form.getByRole('button', { name: 'Se connecter' }).click();
    await expectFieldError(form.getByLabel('Courriel'), 'Entrez votre adresse courriel');
    await expectFieldError(form.getByLabel('Mot de passe'), 'Ce champ est obligatoire');
    await expect(formAlert(page)).toHaveText('Veuillez vérifier les champs indiqués ci-dessous.');

    await form.getByLabel('Courriel').fill(viewer.email);
    await form.getByLabel('Mot de passe').fill('Mauvais-passe-1');
    const answer = graphqlAnswer(page, 'Login');
    await form.getByRole('button', { name: 'Se connecter' }).click();
    await answer;
    await expect(formAlert(page)).toHaveText('Courriel ou mot de passe invalide. Veuillez réessayer.');
  });
});

// The other account pages run axe within their journeys: /login (social login), /registration with its errors,
// /password-reset-request with its notice (the forgotten password) and /profile/edit.
test.describe('accessibility of the account pages (axe)', () => {
  test('no violations on /verify-notice', async ({ page }) => {
    await page.goto('/verify-notice');
    await appReady(page);
    await expect(formStatus(page, 'verification link')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('no violations on /password-reset from a mailed link', async ({ page, stack }) => {
    const viewer = await openAccount(stack, { tag: 'axe-reset' });
    const requested = await stack.api.call('POST', '/auth/password-reset-request', { key: await stack.api.apiKey(), body: { email: viewer.email } });
    expect(requested.status).toBeLessThan(300);
    // Asked straight from the API at the address `npm start` prints: the link opens there.
    await page.goto(await mailedLink(stack, viewer.email, 'password_reset', stack.origin));
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await expectNoAxeViolations(page);
  });

  test('no violations on /confirm-account-deletion from a mailed link', async ({ page, stack }) => {
    const viewer = await openAccount(stack, { tag: 'axe-delete' });
    const requested = await stack.api.call('POST', '/profile', { key: await stack.api.apiKey(), token: viewer.token, body: { _method: 'DELETE' } });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    await page.goto(await mailedLink(stack, viewer.email, 'account_deletion', stack.origin));
    await appReady(page);
    await expect(main(page).getByRole('button', { name: 'Delete my account' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
