/**
 * The statechart studio on the real stack: `/statecharts` lists every machine of the registry with its description;
 * `/statecharts/<machine>` draws the ELK layout as SVG, one box per state and one labelled edge per transition of
 * the walk, says what a state or a transition does when it has focus, zooms and fits; an unknown machine is the
 * not-found page. Live, a studio in a second tab follows the app's actors in the first; Simulate steps a detached
 * copy with its steps in the URL; Test paths plays a QA path on the diagram and exports what `npm run paths` prints.
 * The card a viewer pays with, its CVC and the viewer's email reach neither the studio nor the channel every tab hears.
 * No axe violations at desktop and phone sizes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { machineNames, machineRegistry } from '../../machines/registry';
import { LIVE_CHANNEL } from '../../src/app/logic/live-inspection';
import { listStates, listTransitions } from '../../statecharts/machine-graph';
import { openAccount } from './accounts';
import { expect, test } from './fixtures';
import { appReady, expectNoAxeViolations, withStoredToken } from './helpers';

const root = resolve(import.meta.dirname, '..', '..');

/** What `npm run paths -- <machine> --format <format>` prints. */
function printedPaths(machine: string, format: 'json' | 'md'): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'statecharts/paths.ts', machine, '--format', format], { cwd: root, encoding: 'utf8' });
}

/** Axe at the desktop size the test runs at, then at a phone's. */
async function noAxeViolationsAtBothSizes(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
}

/** The file the page downloads when `button` is clicked. */
async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

test('/statecharts lists every machine with its description and opens its diagram', async ({ page }) => {
  await page.goto('/statecharts');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Statecharts' })).toBeVisible();
  const listed = page.getByTestId('studio-machine');
  await expect(listed).toHaveCount(machineNames.length);
  expect(await listed.getByRole('link').allTextContents()).toEqual([...machineNames]);
  await expect(listed.filter({ has: page.getByRole('link', { name: 'payment', exact: true }) })).toContainText(machineRegistry.payment.root.description ?? '');
  // This tab's own session runs; no payment does.
  await expect(listed.filter({ has: page.getByRole('link', { name: 'session', exact: true }) }).getByTestId('running-count')).toHaveText(
    'Running now in this browser: 1',
  );
  await expect(listed.filter({ has: page.getByRole('link', { name: 'payment', exact: true }) }).getByTestId('running-count')).toHaveCount(0);
  await noAxeViolationsAtBothSizes(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  await listed.getByRole('link', { name: 'toast', exact: true }).click();
  await expect(page).toHaveURL(/\/statecharts\/toast$/);
  const diagram = page.getByTestId('diagram');
  await expect(diagram).toHaveAttribute('data-machine', 'toast');
  const toast = machineRegistry.toast;
  await expect(diagram.locator('[data-state-id]')).toHaveCount(listStates(toast).length - 1);
  await expect(diagram.locator('[data-transition-id]')).toHaveCount(listTransitions(toast).length);
});

test('a state or transition says what it does on focus; the diagram zooms and fits; an unknown machine is not found', async ({ page }) => {
  await page.goto('/statecharts/clip');
  await appReady(page);
  const diagram = page.getByTestId('diagram');
  await expect(diagram.locator('[data-state-id]').first()).toBeVisible();
  const confirming = diagram.locator('[data-state-id="clip.processed.confirming"]');
  await confirming.focus();
  await expect(page.getByTestId('diagram-detail')).toContainText('A popup asks the viewer whether to delete the clip for good.');
  const edge = diagram.locator('[data-transition-id]').filter({ hasText: 'deletion.confirmed' });
  await edge.focus();
  await expect(page.getByTestId('diagram-detail')).toContainText('clip.processed.deleting');

  const svg = diagram.locator('svg');
  const fitted = (await svg.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await svg.boundingBox())?.width ?? 0).toBeGreaterThan(fitted * 1.1);
  await page.getByRole('button', { name: 'Fit' }).click();
  await expect.poll(async () => Math.round((await svg.boundingBox())?.width ?? 0)).toBe(Math.round(fitted));
  await noAxeViolationsAtBothSizes(page);

  await page.goto('/statecharts/no-such-machine');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Hmm... Looks like we lose this page.' })).toBeVisible();
});

test('live: a studio in a second tab follows the reload screen of the first while its key call fails', async ({ page, context, stack }) => {
  stack.faults.add({ operationId: 'getApiKey', status: 503 });
  await page.goto('/');
  await expect(page.getByText('Apologies! Our service is currently experiencing technical difficulties. Please refresh the page')).toBeVisible();
  // The studio's own tab needs a key: the API answers it.
  stack.faults.clear();

  const studio = await context.newPage();
  await studio.goto('/statecharts/reload-screen');
  await appReady(studio);
  const viewerActor = studio.getByTestId('live-actor').filter({ hasText: 'another tab · /' });
  await expect(viewerActor).toHaveAttribute('aria-pressed', 'true');
  await expect(studio.getByTestId('live-actor').filter({ hasText: 'this tab' })).toContainText('hidden');
  await expect(studio.getByTestId('live-state')).toHaveText('shown.locked');
  const diagram = studio.getByTestId('diagram');
  await expect(diagram.locator('[data-state-id="reloadScreen.shown.locked"]')).toHaveAttribute('data-active', 'true');
  await expect(diagram.locator('[data-state-id="reloadScreen.hidden"]')).not.toHaveAttribute('data-active');

  // The countdown's ticks arrive as the first tab's timer fires, each lighting the transition it took.
  const ticks = studio.getByTestId('live-log').locator('li[data-event^="xstate.after.1000"]');
  await expect(ticks.first()).toContainText('→ shown.locked', { timeout: 5_000 });
  const seen = await ticks.count();
  await expect.poll(() => ticks.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(seen + 2);
  await expect(diagram.locator('[data-transition-id][data-taken]')).toHaveCount(1);
  await expect(diagram.locator('[data-transition-id][data-taken]')).toHaveAttribute('data-transition-id', /^reloadScreen\.shown\.locked xstate\.after\.1000/);
  await expect(page.getByTestId('reload-button')).toBeDisabled();

  await noAxeViolationsAtBothSizes(studio);
});

test('simulate: the toast machine stepped to a shown toast and past its timer, back, reset, and a link to the state', async ({ page }) => {
  await page.goto('/statecharts/toast');
  await appReady(page);
  await page.getByRole('link', { name: 'Simulate' }).click();
  await expect(page).toHaveURL(/\/statecharts\/toast\?view=simulate$/);
  const state = page.getByTestId('sim-state');
  await expect(state).toHaveText('idle');
  const diagram = page.getByTestId('diagram');
  await expect(diagram.locator('[data-state-id="toast.idle"]')).toHaveAttribute('data-active', 'true');

  await page.getByTestId('sim-option').filter({ hasText: 'send toast.show {"toast":{"message":{"text":"Saved"}}}' }).click();
  await expect(state).toHaveText('showing');
  const panel = page.getByTestId('studio-panel');
  await expect(panel.getByText('#visible')).toBeVisible();
  await expect(diagram.locator('[data-transition-id="toast.idle toast.show #0"]')).toHaveAttribute('data-taken', 'true');
  // The toast's time is a timer the viewer fires: it hides, and the queue is empty again.
  await page.getByTestId('sim-option').filter({ hasText: 'wait 5000 ms (shownToastTime)' }).click();
  await expect(state).toHaveText('idle');
  await expect(panel.getByText('#visible')).toHaveCount(0);
  await expect(diagram.locator('[data-transition-id][data-taken]')).toHaveCount(2);
  await expect(page).toHaveURL(/[?&]sim=0\.\d+$/);

  // The address is a link to this state: opened afresh, it replays the same steps.
  const link = page.url();
  await page.goto(link);
  await appReady(page);
  await expect(state).toHaveText('idle');
  await page.getByText('Steps so far (3)').click();
  await expect(page.getByRole('listitem').filter({ hasText: 'wait 5000 ms (shownToastTime)' })).toBeVisible();

  await page.getByRole('button', { name: 'Back one step' }).click();
  await expect(state).toHaveText('showing');
  await expect(page).toHaveURL(/[?&]sim=0$/);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(state).toHaveText('idle');
  await expect(page).toHaveURL(/\/statecharts\/toast\?view=simulate$/);
  await expect(page.getByRole('button', { name: 'Reset' })).toBeDisabled();

  await noAxeViolationsAtBothSizes(page);
});

test('test paths: the coverage on the diagram, a path played step by step, and exports equal to npm run paths', async ({ page }) => {
  await page.goto('/statecharts/toast?view=paths');
  await appReady(page);
  const printed = JSON.parse(printedPaths('toast', 'json')) as {
    coverage: { covered: number; total: number };
    paths: Array<{ id: number; end: string; steps: Array<{ text: string; expect: { state: string } }> }>;
  };
  await expect(page.getByTestId('coverage')).toContainText(`take ${printed.coverage.covered} of the ${printed.coverage.total} transitions`);
  const diagram = page.getByTestId('diagram');
  await expect(diagram.locator('[data-transition-id][data-covered="true"]')).toHaveCount(listTransitions(machineRegistry.toast).length);
  await expect(page.getByTestId('path-link')).toHaveCount(printed.paths.length);

  const path = printed.paths.find((p) => p.steps.length >= 3);
  if (!path) throw new Error('toast has no path of three steps');
  await page.getByTestId('path-link').filter({ hasText: new RegExp(`^Path ${path.id}: `) }).click();
  await expect(page).toHaveURL(new RegExp(`path=${path.id}&step=1$`));
  const player = page.getByTestId('path-player');
  for (const [index, step] of path.steps.entries()) {
    await expect(player).toHaveAttribute('data-step', String(index + 1));
    await expect(player.locator('li[aria-current="step"]')).toContainText(step.text);
    // The expected state of the step is lit on the diagram (a leaf of it, at least).
    const leaf = step.expect.state.split(', ')[0] ?? '';
    await expect(diagram.locator(`[data-state-id="toast.${leaf}"]`)).toHaveAttribute('data-active', 'true');
    if (index + 1 < path.steps.length) await page.getByRole('button', { name: 'Next step' }).click();
  }
  await expect(page.getByRole('button', { name: 'Next step' })).toBeDisabled();

  const json = await downloaded(page, 'Export JSON');
  expect(json.name).toBe('toast.paths.json');
  expect(json.text).toBe(printedPaths('toast', 'json'));
  const markdown = await downloaded(page, 'Export Markdown');
  expect(markdown.name).toBe('toast.paths.md');
  expect(markdown.text).toBe(printedPaths('toast', 'md'));

  await noAxeViolationsAtBothSizes(page);
});

test('live: a product owner watches the payment and its order polling move while a viewer buys a pass in another tab', async ({ page, context, stack }) => {
  const account = await openAccount(stack, { tag: 'studio-pass', basicPass: true });
  const pass = stack.api.db.prepare<[], { id: number }>("SELECT id FROM packages WHERE name = 'Hockey Season Pass'").get();
  const studio = await context.newPage();
  await studio.goto('/statecharts/payment');
  await appReady(studio);
  await expect(studio.getByTestId('live-empty')).toBeVisible();

  await withStoredToken(page, account.token);
  await page.goto(`/select-package/${pass?.id ?? 0}`);
  await appReady(page);
  await expect(page.getByTestId('checkout')).toHaveAttribute('data-status', 'editing');
  const payment = studio.getByTestId('live-actor').filter({ hasText: 'another tab' });
  await expect(payment).toContainText('editing.ready');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay $52.49' }).click();
  await expect(page.getByTestId('checkout')).toHaveAttribute('data-status', 'success', { timeout: 20_000 });

  await expect(studio.getByTestId('live-state')).toHaveText('success');
  const log = studio.getByTestId('live-log');
  await expect(log.locator('li[data-event="user.submit"]')).toHaveCount(1);
  await expect(log.locator('li[data-event="xstate.done.actor.pollOrder"]')).toContainText('→ success');
  await expect(studio.getByTestId('diagram').locator('[data-state-id="payment.success"]')).toHaveAttribute('data-active', 'true');
  // The order polling it invoked, followed on its own diagram.
  await studio.getByRole('link', { name: /^pollOrder · / }).click();
  await expect(studio).toHaveURL(/\/statecharts\/polling\?actor=/);
  await expect(studio.getByTestId('live-state')).toHaveText('done');
  await expect(studio.getByTestId('live-state')).toHaveAttribute('data-status', 'done');
  await expect(log.locator('li[data-event="xstate.init"]')).toContainText('→ waiting');
  // The verdict order polling gives an order whose status is paid (machines/payment/order-polling.ts).
  await expect(log.locator('li[data-event="xstate.done.actor.fetch"]').first()).toContainText('"verdict":"done"');
  await expect(studio.getByTestId('live-actor').filter({ hasText: 'pollOrder' })).toHaveAttribute('aria-pressed', 'true');
});

/**
 * Whether `text` holds `digits` in any grouping (spaces, dashes), not as part of a longer number or a clock time: the
 * log stamps each step `HH:MM:SS.mmm`, so a step at 737 ms past a second once read as the CVC.
 */
function holdsDigits(text: string, digits: string): boolean {
  return new RegExp(`(?<![\\d:.])${digits.replace(/\D/g, '').split('').join('[\\s-]*')}(?![\\d:])`).test(text);
}

test("live: a viewer's new card, its CVC and email reach neither the studio's log nor the channel every tab hears", async ({ page, context, stack }) => {
  const account = await openAccount(stack, { tag: 'studio-secrets', basicPass: true });
  const pass = stack.api.db.prepare<[], { id: number }>("SELECT id FROM packages WHERE name = 'Hockey Season Pass'").get();
  const studio = await context.newPage();
  await studio.goto('/statecharts/payment');
  await appReady(studio);
  // Any page of the browser may listen: what the app's tabs post must already be clean.
  await studio.evaluate((name) => {
    const heard: unknown[] = [];
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent) => heard.push(event.data);
    Object.assign(window, { liveHeard: heard, liveListener: channel });
  }, LIVE_CHANNEL);
  const heard = () => studio.evaluate(() => JSON.stringify((window as unknown as { liveHeard: unknown[] }).liveHeard));

  await withStoredToken(page, account.token);
  await page.goto(`/select-package/${pass?.id ?? 0}`);
  await appReady(page);
  const checkout = page.getByTestId('checkout');
  await expect(checkout).toHaveAttribute('data-status', 'editing');
  await expect(studio.getByTestId('live-actor').filter({ hasText: 'another tab' })).toContainText('editing.ready');
  const [declined, visa] = ['4000 0000 0000 0002', '4242 4242 4242 4242'] as const;
  const cards = [declined, visa];
  const pay = async (card: string) => {
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry (MM/YY)').fill('11/31');
    await page.getByLabel('Security code (CVC)').fill('737');
    await page.getByRole('button', { name: 'Pay $52.49' }).click();
  };
  await pay(declined);
  const popup = page.getByRole('dialog', { name: 'The payment did not go through' });
  await expect(popup).toContainText('Your card was declined.', { timeout: 20_000 });
  await popup.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(checkout).toHaveAttribute('data-status', 'editing');
  await pay(visa);
  await expect(checkout).toHaveAttribute('data-status', 'success', { timeout: 20_000 });

  const noSecrets = (where: string, text: string) => {
    for (const card of cards) expect(holdsDigits(text, card), `${card} in the ${where}`).toBe(false);
    expect(holdsDigits(text, '737'), `the CVC in the ${where}`).toBe(false);
    expect(holdsDigits(text, '2031'), `the expiry in the ${where}`).toBe(false);
    expect(text, `the email in the ${where}`).not.toContain(account.email.split('@')[0]);
  };
  // The studio followed both attempts...
  await expect(studio.getByTestId('live-state')).toHaveText('success');
  const entered = studio.getByTestId('live-log').locator('li[data-event="user.enterNewCard"]');
  await expect(entered).toHaveCount(2);
  await expect.poll(async () => (await heard()).match(/user\.enterNewCard/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  noSecrets('payment log', await studio.getByTestId('studio-panel').innerText());
  noSecrets('channel', await heard());
  // ...with each card hidden where it was, not left out.
  await expect(entered.first()).toContainText('"number":"•••"');

  // Each card entry the payment invoked (the card is its input), on its own live view.
  const entries = studio.getByRole('link', { name: /^cardEntry · / });
  const count = await entries.count();
  expect(count).toBeGreaterThanOrEqual(1);
  for (let index = 0; index < count; index += 1) {
    await entries.nth(index).click();
    await expect(studio).toHaveURL(/\/statecharts\/card-entry\?actor=/);
    const init = studio.getByTestId('live-log').locator('li[data-event="xstate.init"]');
    await expect(init).toBeVisible();
    noSecrets(`card entry log ${index + 1}`, await studio.getByTestId('studio-panel').innerText());
    await expect(init).toContainText('"number":"•••"');
    await studio.goBack();
    await expect(entries).toHaveCount(count);
  }
  noSecrets('channel', await heard());
});
