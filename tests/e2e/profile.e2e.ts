/**
 * The profile on the real stack (SPEC §2 /profile, /profile/transactions, /profile/clips): a viewer's bought game in
 * the orders list with its label, the list's filters in the URL, the payment in the transactions, the clips' empty
 * state, a visitor asked to log in, and axe on every tab at desktop and phone sizes. Each test opens its own viewer.
 */
import type { Page } from '@playwright/test';
import { openAccount } from './accounts';
import { expect, test, type Stack } from './fixtures';
import { appReady, expectNoAxeViolations, withStoredToken } from './helpers';

/** Buys and pays a paid game through the API, as the checkout does, and waits until its order is paid. */
async function buyGame(stack: Stack, token: string): Promise<{ orderId: number; name: string }> {
  const event = stack.api.db
    .prepare<[], { id: number; name: string; single_event_package_id: number }>(
      "SELECT id, name, single_event_package_id FROM events WHERE type = 'paid' AND single_event_package_id IS NOT NULL ORDER BY id LIMIT 1",
    )
    .get();
  if (!event) throw new Error('no paid game with a single-event package in the seed');
  const key = await stack.api.apiKey();
  const bought = await stack.api.call<{ order: { id: number }; client_secret: string }>('POST', '/stripe/buy', {
    key,
    token,
    body: { type: 'event', id: event.id, single_event_package_id: event.single_event_package_id },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  const confirmed = await stack.api.call('POST', '/stripe/confirm', {
    key,
    token,
    body: { client_secret: bought.body.client_secret, card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const orderId = bought.body.order.id;
  await expect
    .poll(() => stack.api.db.prepare<[number], { status: string }>('SELECT status FROM orders WHERE id = ?').get(orderId)?.status, { timeout: 15_000 })
    .toBe('paid');
  return { orderId, name: event.name };
}

async function signedIn(stack: Stack, page: Page, tag: string): Promise<string> {
  const account = await openAccount(stack, { tag, basicPass: true });
  await withStoredToken(page, account.token);
  return account.token;
}

test('the orders list shows a bought game, the transactions its payment, and the filters stay in the URL', async ({ page, stack }) => {
  const token = await signedIn(stack, page, 'orders');
  const { orderId, name } = await buyGame(stack, token);
  await page.goto('/profile');
  await appReady(page);
  await expect(page.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  const order = page.getByTestId('order');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(name);
  await expect(order).toContainText(`Order #${orderId}`);
  await expect(order).toContainText('Paid');

  await page.getByLabel('Type').selectOption('package');
  await expect(page).toHaveURL(/\/profile\?type=package$/);
  await expect(page.getByText('No orders here yet.', { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Type')).toHaveValue('package');
  await page.getByLabel('Type').selectOption('event');
  await expect(order).toHaveCount(1);

  await page.getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\/profile\/transactions$/);
  const payment = page.getByTestId('transaction');
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText('•••• 4242');
  await expect(payment).toContainText('Paid');

  await page.getByRole('link', { name: 'Clips' }).click();
  await expect(page.getByText('You have no clips yet.', { exact: false })).toBeVisible();
});

test('a visitor is asked to log in on the profile', async ({ page }) => {
  await page.goto('/profile');
  await appReady(page);
  await expect(page.getByText('Log in to see your account.')).toBeVisible();
  await expect(page.getByTestId('order')).toHaveCount(0);
});

for (const width of [1280, 390]) {
  test(`no axe violations on the profile's orders, transactions and clips at ${width} px`, async ({ page, stack }) => {
    await page.setViewportSize({ width, height: 900 });
    const token = await signedIn(stack, page, `axe-profile-${width}`);
    await buyGame(stack, token);
    for (const path of ['/profile', '/profile/transactions', '/profile/clips']) {
      await page.goto(path);
      await appReady(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('order').or(page.getByTestId('transaction')).or(page.getByText('You have no clips yet.', { exact: false })).first()).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}
