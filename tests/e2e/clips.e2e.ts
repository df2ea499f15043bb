/**
 * Cutting clips on the real stack (SPEC §3 Clip, §4, §5): a viewer whose pass includes clipping takes the last 30
 * seconds of a live game, sees the clip queued then processed without a reload, and a visitor opens its share link
 * and watches it; the §5 refusals on the form; a queued clip picked up again after the viewer leaves and comes back;
 * download with and without the download_clip capability; deleting a clip after a confirmation popup; downloading a
 * finished game with the download capability. Each test opens its own viewer.
 */
import type { Page } from '@playwright/test';
import { type Account, openAccount } from './accounts';
import { pickEvent } from './catalogue';
import { expect, test, type Stack } from './fixtures';
import { appReady, expectNoAxeViolations, withStoredToken } from './helpers';

/** A new viewer with a basic pass whose capabilities are set in the database (as an operator grants them). */
async function viewerWith(stack: Stack, page: Page, tag: string, capabilities: string[]): Promise<Account> {
  const account = await openAccount(stack, { tag, basicPass: true });
  stack.api.db.prepare('UPDATE users SET capabilities = ? WHERE email = ?').run(JSON.stringify(capabilities), account.email);
  await withStoredToken(page, account.token);
  return account;
}

const clipStatus = (page: Page) => page.getByTestId('clip-status');

async function openClipPanel(page: Page): Promise<void> {
  await page.getByText('Make a clip', { exact: true }).click();
  await expect(page.getByRole('form', { name: 'Make a clip' }).or(clipStatus(page))).toBeVisible();
}

test('a viewer clips the last 30 seconds of a live game: queued, then processed; a visitor watches the shared link', async ({ page, browser, stack }) => {
  const live = pickEvent(stack.api, { when: 'live', type: 'free', preroll: false, forAtLeast: 900 });
  await viewerWith(stack, page, 'clipper', ['Watch', 'Clipping', 'Download_Clip', 'Vod_Media']);
  await page.goto(`/watch/${live.id}`);
  await appReady(page);
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await openClipPanel(page);
  const form = page.getByRole('form', { name: 'Make a clip' });

  // SPEC §5: a name and at least one tag.
  await form.getByLabel('Tags').fill('');
  await form.getByRole('button', { name: 'Make the clip' }).click();
  await expect(form.getByText('Please fill in the input field')).toBeVisible();
  await expect(form.getByText('Please select tag')).toBeVisible();
  await form.getByLabel('Tags').fill('DEFAULT,goal');
  await form.getByRole('button', { name: 'Last 30 seconds' }).click();
  // Positions read as the player's clock does: hours once past the hour, never minutes past 60 ("218:18").
  await expect(page.getByTestId('clip-range')).toHaveText(/^From (\d+:)?[0-5]?\d:[0-5]\d to (\d+:)?[0-5]?\d:[0-5]\d$/);
  await form.getByLabel('Clip name').fill('Power-play goal');
  await page.locator('[data-testid="player"] video').evaluate((v: HTMLVideoElement) => v.pause());
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Make the clip' }).click();

  await expect(clipStatus(page)).toHaveAttribute('data-status', 'queued');
  await expect(clipStatus(page)).toContainText('“Power-play goal” is being cut');
  await expect(clipStatus(page)).toHaveAttribute('data-status', 'processed', { timeout: 30_000 });
  const shareUrl = await page.getByLabel('Share link').inputValue();
  const stored = stack.api.db.prepare<[], { uuid: string; tags: string; event_id: number }>("SELECT uuid, tags, event_id FROM clips WHERE name = 'Power-play goal'").all();
  expect(stored).toHaveLength(1);
  expect(JSON.parse(stored[0]!.tags)).toEqual(['DEFAULT', 'goal']);
  expect(new URL(shareUrl).pathname).toBe(`/share/${live.id}/${stored[0]!.uuid}`);

  // A private window: no stored session, on a clock far from the game's.
  const visitor = await browser.newContext({ baseURL: stack.originFor('summit'), timezoneId: 'Asia/Tokyo' });
  const shared = await visitor.newPage();
  await shared.goto(new URL(shareUrl).pathname);
  await appReady(shared);
  await expect(shared.getByRole('heading', { level: 1, name: 'Power-play goal' })).toBeVisible();
  // The game at the time its own page shows, on the clock of its time zone, not the viewer's.
  const played = `time[datetime="${new Date(live.event_utc_ts * 1000).toISOString()}"]`;
  await expect(shared.locator(played)).toHaveText(await page.locator(played).first().innerText());
  await expect(shared.getByTestId('player')).toHaveAttribute('data-status', /playing|ended/, { timeout: 20_000 });
  await expect(shared.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await visitor.close();
});

test('a queued clip is followed again after the viewer leaves and comes back', async ({ page, stack }) => {
  const finished = pickEvent(stack.api, { when: 'finished', type: 'free' });
  await viewerWith(stack, page, 'returning', ['Watch', 'Clipping', 'Vod_Media']);
  // The cutting job is held back an hour until the viewer has come back (a trigger on the stack's connection).
  stack.api.db.exec(
    `CREATE TEMP TRIGGER hold_clip AFTER INSERT ON jobs WHEN NEW.kind = 'process_clip'
     BEGIN UPDATE jobs SET run_at = run_at + 3600 WHERE id = NEW.id; END`,
  );
  try {
    await page.goto(`/watch/${finished.id}`);
    await appReady(page);
    await openClipPanel(page);
    const form = page.getByRole('form', { name: 'Make a clip' });
    await form.getByLabel('Start (seconds)').fill('12');
    await form.getByLabel('Length (seconds)').fill('8');
    await form.getByLabel('Clip name').fill('Kept for later');
    await form.getByRole('button', { name: 'Make the clip' }).click();
    await expect(clipStatus(page)).toHaveAttribute('data-status', 'queued');
  } finally {
    stack.api.db.exec('DROP TRIGGER hold_clip');
  }
  await page.goto('/');
  await appReady(page);
  await page.goto(`/watch/${finished.id}`);
  await appReady(page);
  await openClipPanel(page);
  await expect(clipStatus(page)).toHaveAttribute('data-status', 'queued');
  await expect(clipStatus(page)).toContainText('Waiting');
  stack.api.db.prepare("UPDATE jobs SET run_at = run_at - 3600 WHERE kind = 'process_clip' AND done_at IS NULL").run();
  await expect(clipStatus(page)).toHaveAttribute('data-status', 'processed', { timeout: 30_000 });
  // Without the download_clip capability the download cannot be asked for, and the viewer is told why.
  await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
  await expect(page.getByText('Your pass does not include clip downloads.')).toBeVisible();
});

test('a viewer with clip downloads saves the processed clip as a file', async ({ page, stack }) => {
  const finished = pickEvent(stack.api, { when: 'finished', type: 'free' });
  await viewerWith(stack, page, 'downloader', ['Watch', 'Clipping', 'Download_Clip', 'Vod_Media']);
  await page.goto(`/watch/${finished.id}`);
  await appReady(page);
  await openClipPanel(page);
  const form = page.getByRole('form', { name: 'Make a clip' });
  await form.getByLabel('Start (seconds)').fill('4');
  await form.getByLabel('Length (seconds)').fill('6');
  await form.getByLabel('Clip name').fill('Save this one');
  await form.getByRole('button', { name: 'Make the clip' }).click();
  await expect(clipStatus(page)).toHaveAttribute('data-status', 'processed', { timeout: 30_000 });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('save-this-one.ts');
});

test('a viewer whose pass has no clipping is told so', async ({ page, stack }) => {
  const finished = pickEvent(stack.api, { when: 'finished', type: 'free' });
  await viewerWith(stack, page, 'noclip', ['Watch', 'Vod_Media']);
  await page.goto(`/watch/${finished.id}`);
  await appReady(page);
  await page.getByText('Make a clip', { exact: true }).click();
  await expect(page.getByText('Your pass does not include clipping.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See passes and prices' })).toHaveAttribute('href', '/packages');
});

test('a viewer deletes a clip from their list once they confirm; its share link is then not found', async ({ page, stack }) => {
  const finished = pickEvent(stack.api, { when: 'finished', type: 'free' });
  const { email, token } = await viewerWith(stack, page, 'deleter', ['Watch', 'Clipping', 'Vod_Media']);
  const created = await stack.api.call<{ id: number; uuid: string }>('POST', '/clip', {
    key: await stack.api.apiKey(),
    token,
    body: { event_id: finished.id, name: 'Not my best', start_time: 5, duration: 5, tags: ['DEFAULT'] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await page.goto('/profile/clips');
  await appReady(page);
  const row = page.getByTestId('clip').filter({ hasText: 'Not my best' });
  // Queued when the page opens; the row follows it until it is processed, without a reload.
  await expect(row).toHaveAttribute('data-status', 'processed', { timeout: 30_000 });
  await expect(row.getByText('Your pass does not include clip downloads.')).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: 'Delete · Not my best' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “Not my best”?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveAttribute('data-status', 'processed');

  await row.getByRole('button', { name: 'Delete · Not my best' }).click();
  await page.getByRole('dialog', { name: 'Delete “Not my best”?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveAttribute('data-status', 'deleted');
  const left = stack.api.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM clips JOIN users ON users.id = clips.user_id WHERE users.email = ?').get(email);
  expect(left?.n).toBe(0);

  await page.reload();
  await appReady(page);
  await expect(page.getByText('You have no clips yet. Cut one from a game while you watch it.')).toBeVisible();
  await page.goto(`/share/${finished.id}/${created.body.uuid}`);
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Hmm... Looks like we lose this page.' })).toBeVisible();
});

test('a viewer whose pass includes downloads saves a finished game; one without sees no download', async ({ page, browser, stack }) => {
  const finished = pickEvent(stack.api, { when: 'finished', type: 'free' });
  await viewerWith(stack, page, 'gamesaver', ['Watch', 'Download', 'Vod_Media']);
  await page.goto(`/watch/${finished.id}`);
  await appReady(page);
  const button = page.getByRole('button', { name: 'Download the game' });
  await expect(button).toBeEnabled();
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.ts$/);
  await expect(button).toBeEnabled();

  const other = await browser.newContext({ baseURL: stack.originFor('summit') });
  const without = await other.newPage();
  await viewerWith(stack, without, 'nosaver', ['Watch', 'Vod_Media']);
  await without.goto(`/watch/${finished.id}`);
  await appReady(without);
  await expect(without.getByTestId('watch-status')).toBeVisible();
  await expect(without.getByText('Make a clip', { exact: true })).toBeVisible();
  await expect(without.getByRole('button', { name: 'Download the game' })).toHaveCount(0);
  await other.close();
});
