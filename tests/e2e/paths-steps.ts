/**
 * What the generated specs of tests/e2e/generated/ call (`npm run paths:specs`, from the UI maps beside the models:
 * machines/<name>/<name>.ui.ts): the viewers a path needs and the forms a viewer fills. Written by hand, so a
 * spec's lines stay short and say what the viewer does.
 */
import type { Page } from '@playwright/test';
import { type Account, firstBasicPass, openAccount } from './accounts';
import type { Stack } from './fixtures';
import { appReady } from './helpers';

/**
 * A viewer as the session model's profiles are (machines/session/session.model.ts): `settled` chose a basic pass
 * (the passes form's flag allows logout), `temporary` also has a temporary password, `withoutPass` chose nothing.
 */
export async function openPathViewer(stack: Stack, kind: 'settled' | 'temporary' | 'withoutPass'): Promise<Account> {
  const account = await openAccount(stack, { tag: `paths-${kind}`, basicPass: kind !== 'withoutPass' });
  if (kind === 'temporary') stack.api.db.prepare('UPDATE users SET temporary_password = 1 WHERE email = ?').run(account.email);
  return account;
}

export const banner = (page: Page) => page.getByRole('banner');
/** The refusal above a form (the toast host keeps its own, empty, alert outside the page's main). */
export const formAlert = (page: Page) => page.getByRole('main').getByRole('alert');

/** Opens /login and sends the form with these words. */
export async function logInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await appReady(page);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Opens /registration and sends the form: `terms` unticked or a `confirmation` that differs break its rules. */
export async function registerWithForm(page: Page, email: string, options: { terms?: boolean; confirmation?: string } = {}): Promise<void> {
  await page.goto('/registration');
  await appReady(page);
  const form = page.getByRole('form', { name: 'Register' });
  const password = 'Start-pass-123';
  await form.getByLabel('First name').fill('Path');
  await form.getByLabel('Last name').fill('Walker');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(options.confirmation ?? password);
  if (options.terms ?? true) await form.getByRole('checkbox', { name: 'I accept the terms & conditions' }).check();
  await form.getByRole('button', { name: 'Register' }).click();
}

/** On /profile/edit (where a temporary password keeps the viewer): a new password, saved. */
export async function saveNewPassword(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Edit my profile' });
  await form.getByLabel('New password', { exact: true }).fill('Chosen-pass-321');
  await form.getByLabel('Confirm new password').fill('Chosen-pass-321');
  await form.getByRole('button', { name: 'Save changes' }).click();
}

/** On /packages (where a viewer without a basic pass is sent): the passes form, sent with the first basic pass. */
export async function chooseBasicPass(page: Page, stack: Stack): Promise<void> {
  const passes = page.getByRole('form', { name: 'Choose your basic pass' });
  await passes.getByLabel('Basic pass').selectOption(firstBasicPass(stack).value);
  await passes.getByRole('button', { name: 'Continue' }).click();
}

/**
 * The viewer's session ends on the server (as a logout on another device ends it), then the viewer opens the
 * schedule from the main menu: the API answers its reads 401.
 */
export async function endSessionThenOpenSchedule(page: Page, stack: Stack, token: string): Promise<void> {
  const ended = await stack.api.call('POST', '/auth/logout', { key: await stack.api.apiKey(), token });
  if (ended.status !== 200) throw new Error(`logout answered ${ended.status}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' }).click();
}
