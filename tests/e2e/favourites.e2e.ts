/**
 * Favourites on the real stack (SPEC §3 Favourite, §7 Favourites): a viewer stars a team on a card and, after a
 * reload, sees its games first on home; follows a school from the schedule's school filter and the sport from a
 * watch page; sees them in the profile and drops one there; a visitor who clicks a star is asked to log in. Each
 * test opens its own viewer.
 */
import type { Locator, Page } from '@playwright/test';
import { openAccount } from './accounts';
import { pickEvent } from './catalogue';
import { expect, test, type Stack } from './fixtures';
import { appReady, expectNoAxeViolations, withStoredToken } from './helpers';

async function newViewer(stack: Stack, page: Page, tag: string): Promise<string> {
  const account = await openAccount(stack, { tag, basicPass: true });
  await withStoredToken(page, account.token);
  return account.email;
}

/** The team ids of the stars on each card of a home section, in the order the cards show. */
async function teamsByCard(section: Locator): Promise<string[][]> {
  const cards = section.getByTestId('event-card');
  const out: string[][] = [];
  for (const card of await cards.all()) {
    out.push(await card.locator('[data-testid="favourite"][data-kind="team"]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-id') ?? '')));
  }
  return out;
}

const teamStar = (scope: Locator, id: string) => scope.locator(`[data-testid="favourite"][data-kind="team"][data-id="${id}"]`);

test('a viewer stars a team on a card; after a reload its games come first on home, and the profile lists it', async ({ page, stack }) => {
  const email = await newViewer(stack, page, 'fan-of');
  await page.goto('/');
  await appReady(page);
  // The list layout: the rails' cards stay where they are while the test reads them.
  await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'List' }).click();
  const replays = page.getByRole('region', { name: 'Replays' });
  await expect(replays.getByTestId('event-card').nth(1)).toBeVisible();
  const before = await teamsByCard(replays);
  // A team that plays in a later game but not in the first one: once followed, one of its games moves to the top.
  const team = before.slice(1).flat().find((name) => !before[0]!.includes(name));
  if (!team) throw new Error('every replay has the first card’s teams');
  const star = teamStar(replays, team).first();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  const saved = stack.api.db
    .prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM favorites JOIN users ON users.id = favorites.user_id WHERE users.email = ? AND favoritable_type = 'participant'")
    .get(email);
  expect(saved?.n).toBe(1);

  await page.reload();
  await appReady(page);
  const first = page.getByRole('region', { name: 'Replays' }).getByTestId('event-card').first();
  await expect(teamStar(first, team)).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);

  await page.goto('/profile/favourites');
  await appReady(page);
  const followed = page.getByTestId('followed');
  await expect(followed).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Teams' })).toBeVisible();
  await expectNoAxeViolations(page);
  await followed.getByRole('button').click();
  await expect(page.getByText('You follow nothing yet.', { exact: false })).toBeVisible();
});

test('a viewer follows a school from the schedule’s filter and a sport from a watch page', async ({ page, stack }) => {
  await newViewer(stack, page, 'school-fan');
  await page.goto('/schedule');
  await appReady(page);
  const school = page.getByLabel('School');
  await school.selectOption({ index: 1 });
  // The select names the school as the follow button does (without "University", SPEC §2).
  const schoolName = (await school.locator('option:checked').textContent())?.trim() ?? '';
  const follow = page.getByRole('list', { name: 'Follow' });
  await follow.getByRole('button', { name: schoolName }).click();
  await expect(follow.getByRole('button', { name: schoolName })).toHaveAttribute('aria-pressed', 'true');

  const finished = pickEvent(stack.api, { when: 'finished', type: 'free' });
  await page.goto(`/watch/${finished.id}`);
  await appReady(page);
  const watchFollows = page.getByRole('list', { name: 'Follow' });
  await expect(watchFollows.getByTestId('favourite').first()).toBeVisible();
  const sport = watchFollows.locator('[data-kind="sport"]');
  await sport.click();
  await expect(sport).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);

  await page.goto('/profile/favourites');
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Schools' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sports' })).toBeVisible();
  await expect(page.getByTestId('followed')).toHaveCount(2);
});

test('a visitor who stars a team is asked to log in, and nothing is saved', async ({ page, stack }) => {
  const before = stack.api.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM favorites').get()?.n;
  await page.goto('/schedule');
  await appReady(page);
  await page.getByTestId('event-card').first().getByTestId('favourite').first().click();
  const dialog = page.getByRole('dialog', { name: 'Log in to follow your teams' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(dialog).toBeHidden();
  expect(stack.api.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM favorites').get()?.n).toBe(before);
});
