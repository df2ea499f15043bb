/**
 * What the generated specs of tests/e2e/generated/ call (`npm run paths:specs`, from the UI maps beside the models:
 * machines/<name>/<name>.ui.ts): the viewers a path needs and the forms a viewer fills. Written by hand, so a
 * spec's lines stay short and say what the viewer does.
 */
import type { Page } from '@playwright/test';
import { type Account, firstBasicPass, openAccount } from './accounts';
import { pickEvent } from './catalogue';
import { expect, type Stack } from './fixtures';
import { appReady, openOrderKept } from './helpers';

/**
 * A viewer as the session model's profiles are (machines/session/session.model.ts): `settled` chose a basic pass
 * (the passes form's flag allows logout), `temporary` also has a temporary password, `withoutPass` chose nothing.
 */
export async function openPathViewer(stack: Stack, kind: 'settled' | 'temporary' | 'withoutPass'): Promise<Account> {
  // The register pass: the free one stays for the payment paths to buy (a chosen basic pass is the viewer's).
  const basicPass = kind === 'withoutPass' ? false : 'register-basic-2023-24';
  const account = await openAccount(stack, { tag: `paths-${kind}`, basicPass });
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

/** What the payment map's paths buy (machines/payment/payment.ui.ts): the seeded paid game, the team pass, the free pass. */
export type PathOffer = 'paidGame' | 'teamPass' | 'freePass';

/** The checkout page of an offer, as the catalogue and a paid game's "Buy this game" link open it. */
function checkoutUrl(stack: Stack, offer: PathOffer): string {
  if (offer === 'paidGame') {
    const game = pickEvent(stack.api, { when: 'finished', type: 'paid' });
    const single = stack.api.db.prepare<[number], { id: number }>('SELECT id FROM packages WHERE event_id = ?').get(game.id);
    if (!single) throw new Error(`the paid game ${game.id} has no single-event package`);
    return `/buy?event_id=${game.id}&single_event_package_id=${single.id}`;
  }
  const name = offer === 'teamPass' ? "Men's Hockey Team Pass" : 'Free Basic Pass 2023-24';
  const row = stack.api.db.prepare<[string], { id: number }>('SELECT id FROM packages WHERE name = ?').get(name);
  if (!row) throw new Error(`no package named ${name} in the seed`);
  return `/select-package/${row.id}`;
}

export const checkout = (page: Page) => page.getByTestId('checkout');

/** Stripe's test cards as the reference processor answers them: paid, declined when settled, refused at once (Luhn). */
export const PATH_CARDS = { visa: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', incorrect: '4242 4242 4242 4241' } as const;

/** Opens the checkout of `offer` for the viewer signed in on `page`. */
export async function openCheckout(page: Page, stack: Stack, offer: PathOffer): Promise<void> {
  await page.goto(checkoutUrl(stack, offer));
  await appReady(page);
}

/**
 * A card saved for the viewer, as the reference processor keeps one after a purchase that asked to save it (brand,
 * last four digits, expiry, and what a charge of it answers): `declined` is Stripe's 4000 0000 0000 0341, which
 * saves fine and is declined when charged.
 */
export function putSavedCard(stack: Stack, email: string, charge: 'paid' | 'declined'): void {
  const user = stack.api.db.prepare<[string], { id: number }>('SELECT id FROM users WHERE email = ?').get(email);
  if (!user) throw new Error(`no user ${email}`);
  stack.api.db
    .prepare(
      `INSERT INTO cards (id, user_id, brand, last4, exp_month, exp_year, charge_decline, is_default, created_at)
       VALUES (?, ?, 'visa', ?, 12, 2030, ?, 1, ?)`,
    )
    .run(`pm_paths${user.id}`, user.id, charge === 'paid' ? '4242' : '0341', charge === 'paid' ? null : 'card_declined', stack.clock.now());
}

/**
 * Two saved cards, neither of them the default, so the checkout chooses none for the viewer (it chooses a default
 * card, or an only one): the viewer can then send the form with no card.
 */
export function putSavedCardsWithoutDefault(stack: Stack, email: string): void {
  const user = stack.api.db.prepare<[string], { id: number }>('SELECT id FROM users WHERE email = ?').get(email);
  if (!user) throw new Error(`no user ${email}`);
  const insert = stack.api.db.prepare(
    `INSERT INTO cards (id, user_id, brand, last4, exp_month, exp_year, charge_decline, is_default, created_at)
     VALUES (?, ?, 'visa', ?, 12, 2030, NULL, 0, ?)`,
  );
  insert.run(`pm_paths${user.id}a`, user.id, '4242', stack.clock.now());
  insert.run(`pm_paths${user.id}b`, user.id, '1881', stack.clock.now());
}

/** The card panel's saved card (the only one a path viewer has). */
export async function chooseSavedCard(page: Page): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Payment' }).getByRole('radio', { name: /ending in/ }).check();
}

/**
 * A new card typed into the reference processor's fields, to be saved (as the payment model's new card is);
 * `chooseNew` first picks "A new card" beside the saved ones.
 */
export async function typeNewCard(page: Page, number: string, options: { chooseNew?: boolean } = {}): Promise<void> {
  if (options.chooseNew) await page.getByRole('radio', { name: 'A new card' }).check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('checkbox', { name: 'Save this card for later purchases' }).check();
}

/** The checkout's submit button: "Pay $…" when something is due, "Get it free" otherwise. */
export async function pressPay(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Pay |Get it free$)/ }).click();
}

/** Types a promo code (possibly blank) and presses Apply. */
export async function applyPromoCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

/** The checkout's alert of an order that did not end paid: the reason and "Try again", said once, on the page. */
export const paymentFailure = (page: Page) => page.getByRole('alert').filter({ hasText: 'The payment did not go through' });

/**
 * The processor's answers are held back: each settlement job is scheduled an hour on (a trigger on the stack's own
 * connection) until `releaseSettlement`, so an order stays processing for as long as a path needs. The worker's
 * tests run one at a time; `DROP TRIGGER IF EXISTS hold_settlement` after each test ends a hold a test left.
 */
export function holdSettlement(stack: Stack): void {
  stack.api.db.exec(
    `CREATE TEMP TRIGGER IF NOT EXISTS hold_settlement AFTER INSERT ON jobs WHEN NEW.kind = 'payments.settle'
     BEGIN UPDATE jobs SET run_at = run_at + 3600 WHERE id = NEW.id; END`,
  );
}

/** Ends the hold: the held settlements run now (the jobs run every half second). */
export function releaseSettlement(stack: Stack): void {
  stack.api.db.exec('DROP TRIGGER IF EXISTS hold_settlement');
  stack.api.db.prepare("UPDATE jobs SET run_at = run_at - 3600 WHERE kind = 'payments.settle' AND done_at IS NULL AND run_at > ?").run(stack.clock.now() + 60);
}

/** The newest settlement job queued after job `afterId`: whether it is held (due in an hour) and not run yet. */
function settlementAfter(stack: Stack, afterId: number): { held: boolean; done: boolean } | null {
  const job = stack.api.db
    .prepare<[number], { run_at: number; done_at: number | null }>("SELECT run_at, done_at FROM jobs WHERE kind = 'payments.settle' AND id > ? ORDER BY id DESC LIMIT 1")
    .get(afterId);
  return job ? { held: job.run_at > stack.clock.now() + 60, done: job.done_at !== null } : null;
}

const lastJobId = (stack: Stack) => stack.api.db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM jobs').get()?.id ?? 0;

/**
 * Before the visit a path starts with: the viewer paid for the paid game with `number` while its settlement was
 * held, then reloaded the page (the app keeps the order it follows, so the reload resumes it).
 */
export async function payThenReload(page: Page, stack: Stack, number: string, options: { chooseNew?: boolean } = {}): Promise<void> {
  await openCheckout(page, stack, 'paidGame');
  await typeNewCard(page, number, options);
  const before = lastJobId(stack);
  holdSettlement(stack);
  await pressPay(page);
  await expect(checkout(page)).toHaveAttribute('data-status', 'processing');
  // This payment's own settlement, queued held: not a count of held jobs, which an earlier test's can make up.
  await expect.poll(() => settlementAfter(stack, before)).toEqual({ held: true, done: false });
  // The server queues the settlement as it answers the card's confirmation; the page keeps the open order (what a
  // reload resumes) only once that answer has reached it and it follows the order. A reload in between starts over.
  await openOrderKept(page);
  await page.reload();
  await appReady(page);
}
