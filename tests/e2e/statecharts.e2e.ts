/**
 * The statechart studio on the real stack: `/statecharts` lists every machine of the registry with its description;
 * `/statecharts/<machine>` draws the ELK layout as SVG, one box per state and one labelled edge per transition of
 * the walk, opens readable (its smallest label at 11 px or more) on the active or initial state at a laptop's and a
 * phone's size, says in its panel what the selected state or transition does, zooms and fits; an unknown machine is
 * the not-found page. Live, a studio in a second tab follows the app's actors in the first; Simulate steps a detached
 * copy with its steps in the URL (a link it cannot replay says how far it got) and replays a trace the live view
 * exported (a foreign or broken one is refused, saying why); Test paths plays a QA path on the diagram and exports
 * what `npm run paths` prints, and for a machine with a UI map its generated Playwright spec.
 * The card a viewer pays with, its CVC and the viewer's email reach neither the studio nor the channel every tab hears.
 * No axe violations at desktop and phone sizes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { descriptionsFr } from '../../src/i18n/studio/descriptions-fr';
import { machineNames, machineRegistry } from '../../machines/registry';
import { LIVE_CHANNEL } from '../../src/app/logic/live-shared';
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

/**
 * The open diagram as the viewer sees it: its smallest label's rendered size (its computed font size × the SVG's
 * scale on screen), the state it should show (the deepest active ones, else the initial state followed down its
 * initial children), and whether that state's box lies within the frame's visible rect and the window.
 */
function diagramOnScreen(page: Page) {
  return page.getByTestId('diagram').evaluate((frame) => {
    const svg = frame.querySelector('svg');
    if (!svg) throw new Error('no diagram drawn');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const smallest = Math.min(...[...svg.querySelectorAll('text')].map((text) => parseFloat(getComputedStyle(text).fontSize) * scale));
    const states = [...frame.querySelectorAll<SVGGElement>('[data-state-id]')];
    const id = (state: SVGGElement) => state.dataset['stateId'] ?? '';
    const depth = (state: SVGGElement) => id(state).split('.').length;
    const active = states.filter((state) => state.hasAttribute('data-active'));
    let shown = active.find((state) => !active.some((other) => id(other).startsWith(`${id(state)}.`)));
    if (!shown) {
      const initials = states.filter((state) => state.hasAttribute('data-initial'));
      shown = initials.find((state) => depth(state) === 2);
      for (let next = shown; next; next = initials.find((s) => shown && id(s).startsWith(`${id(shown)}.`) && depth(s) === depth(shown) + 1)) shown = next;
    }
    const box = shown?.querySelector('rect, circle')?.getBoundingClientRect();
    if (!shown || !box) throw new Error('no active or initial state drawn');
    const outer = frame.getBoundingClientRect();
    const left = outer.left + frame.clientLeft;
    const top = outer.top + frame.clientTop;
    return {
      smallest,
      shown: id(shown),
      inFrame: box.left >= left && box.right <= left + frame.clientWidth && box.top >= top && box.bottom <= top + frame.clientHeight,
      inWindow: box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth,
    };
  });
}

/** The file the page downloads when `button` is clicked. */
async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

test('on Boréal the studio reads in French: the machines’ descriptions, in the list and beside the diagram', async ({ page, stack }) => {
  await page.goto(`${stack.originFor('boreal')}/statecharts`);
  await appReady(page);
  const payment = machineRegistry.payment.root.description ?? '';
  const listed = page.getByTestId('studio-machine').filter({ has: page.getByRole('link', { name: 'payment', exact: true }) });
  await expect(listed).toContainText(descriptionsFr[payment] ?? 'missing');
  await expect(listed).not.toContainText(payment);
  await listed.getByRole('link', { name: 'payment', exact: true }).click();
  await expect(page.getByTestId('diagram-detail')).toContainText(descriptionsFr[payment] ?? 'missing');
});

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

test('the panel says what the selected state or transition does; the diagram zooms and fits; an unknown machine is not found', async ({ page }) => {
  await page.goto('/statecharts/clip');
  await appReady(page);
  const diagram = page.getByTestId('diagram');
  await expect(diagram.locator('[data-state-id]').first()).toBeVisible();
  const detail = page.getByRole('complementary').getByTestId('diagram-detail');
  await expect(detail.getByRole('heading', { name: 'About this machine' })).toBeVisible();
  // Focus previews...
  const confirming = diagram.locator('[data-state-id="clip.processed.confirming"]');
  await confirming.focus();
  await expect(detail).toContainText('A popup asks the viewer whether to delete the clip for good.');
  // ...a click selects: pressed on the diagram, described in the panel with its route, event and guard.
  const edge = diagram.locator('[data-transition-id]').filter({ hasText: 'deletion.confirmed' });
  // On its label: the middle of a transition's bounds may be another state's box.
  await edge.locator('text').click();
  await expect(edge).toHaveAttribute('aria-pressed', 'true');
  await expect(detail.getByRole('heading', { name: 'Selected' })).toBeVisible();
  await expect(detail).toContainText('clip.processed.confirming → clip.processed.deleting');
  await expect(detail.getByRole('definition').filter({ hasText: /^deletion\.confirmed$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edge).toHaveAttribute('aria-pressed', 'false');
  await expect(detail.getByRole('heading', { name: 'About this machine' })).toBeVisible();
  // Enter selects what has focus.
  await confirming.focus();
  await page.keyboard.press('Enter');
  await expect(confirming).toHaveAttribute('aria-pressed', 'true');
  await expect(detail.getByTestId('detail-name')).toHaveText('confirming');

  const svg = diagram.locator('svg');
  const opened = (await svg.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await svg.boundingBox())?.width ?? 0).toBeGreaterThan(opened * 1.1);
  await page.getByRole('button', { name: 'Fit' }).click();
  // Fitted: the whole drawing within the frame.
  await expect
    .poll(async () => {
      const drawn = await svg.boundingBox();
      const frame = await diagram.evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight }));
      return drawn !== null && drawn.width <= frame.width + 1 && drawn.height <= frame.height + 1;
    })
    .toBe(true);
  await noAxeViolationsAtBothSizes(page);

  await page.goto('/statecharts/no-such-machine');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Hmm... Looks like we lose this page.' })).toBeVisible();
});

for (const size of [
  { name: 'a laptop', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  test(`on ${size.name} (${size.width}×${size.height}) a diagram opens readable, on its active or initial state, with the view switch in the first screen`, async ({ page }) => {
    await page.setViewportSize(size);
    // The payment, which no actor runs: its initial state. The session, which this tab runs: the state it is in.
    for (const [machine, shown] of [
      ['payment', 'payment.loadingPurchases'],
      ['session', 'session.anonymous'],
    ] as const) {
      await page.goto(`/statecharts/${machine}`);
      await appReady(page);
      await expect(page.getByTestId('diagram')).toHaveAttribute('data-zoom');
      if (machine === 'session') await expect(page.getByTestId('diagram').locator(`[data-state-id="${shown}"]`)).toHaveAttribute('data-active', 'true');
      await expect.poll(async () => ({ ...(await diagramOnScreen(page)), smallest: undefined })).toEqual({ smallest: undefined, shown, inFrame: true, inWindow: true });
      // To the hundredth of a pixel: the drawing's width is laid out in 1/64 px, a hair under 11/12 of its own.
      const { smallest } = await diagramOnScreen(page);
      expect(Math.round(smallest * 100) / 100, `${machine}'s smallest label`).toBeGreaterThanOrEqual(11);
      // The view switch is in the first screen, the page not scrolled.
      const views = page.getByRole('navigation', { name: 'What to show on the diagram' });
      await expect(views.getByRole('link', { name: 'Simulate' })).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => scrollY)).toBe(0);
    }
  });
}

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

  // toast.show has two variants: the first is chosen, its payload shown before it is sent.
  const variants = page.getByTestId('sim-variants');
  await expect(variants.getByTestId('sim-payload')).toContainText('"text": "Saved"');
  await variants.getByRole('button', { name: 'Send', exact: true }).click();
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

test('simulate: a link whose steps cannot be replayed says how far it got, and the address is corrected in place', async ({ page }) => {
  await page.goto('/statecharts');
  await appReady(page);
  await page.goto('/statecharts/toast?view=simulate&sim=0.99.1');
  await appReady(page);
  const notice = page.getByTestId('sim-link-notice');
  await expect(notice).toContainText("This link's simulation steps could be replayed only up to step 1 of 3; stopping there.");
  await expect(notice).toContainText('has no option 99');
  await expect(page.getByTestId('sim-state')).toHaveText('showing');
  await expect(page).toHaveURL(/\/statecharts\/toast\?view=simulate&sim=0$/);
  // Replaced, not pushed: Back leaves the studio rather than returning to the bad link.
  await page.goBack();
  await expect(page).toHaveURL(/\/statecharts$/);

  await page.goto('/statecharts/toast?view=simulate&sim=abc');
  await appReady(page);
  await expect(notice).toHaveText("This link's simulation steps could not be replayed; starting from the initial state.");
  await expect(page.getByTestId('sim-state')).toHaveText('idle');
  await expect(page).toHaveURL(/\/statecharts\/toast\?view=simulate$/);
  // The viewer's own step supersedes what the link said.
  await page.getByTestId('sim-option').first().click();
  await expect(notice).toHaveCount(0);
});

test('simulate: payment started from a link\'s input, a payload variant chosen and sent, an edit refused then sent', async ({ page }) => {
  await page.goto('/statecharts');
  await appReady(page);
  await page.goto('/statecharts/payment?view=simulate&input=1');
  await appReady(page);
  const state = page.getByTestId('sim-state');
  const start = page.getByTestId('sim-input');
  await expect(start).toHaveValue('1');
  await expect(start.locator('option:checked')).toHaveText('a reload of Lakers @ Huskies while order 42 is being settled');
  await expect(state).toHaveText('loadingPurchases');
  // The long input's name stays inside the panel: the page does not grow past the window (it did, to 1,363 px).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByText('Context', { exact: true }).click();
  await expect(page.getByTestId('studio-panel').locator('pre').last()).toContainText('"openOrderId":42');

  // Another start: the address follows it (the first input is left out of it).
  await start.selectOption({ label: 'a checkout page with nothing selected yet' });
  await expect(start).toHaveValue('0');
  await expect(page).toHaveURL(/\/statecharts\/payment\?view=simulate$/);

  const picks = page.getByTestId('sim-variants').and(page.locator('[data-type="user.selectPurchase"]'));
  await picks.getByTestId('sim-variant').selectOption({ label: "pick Men's Hockey Team Pass" });
  await expect(picks.getByTestId('sim-payload')).toContainText('"name": "Men\'s Hockey Team Pass"');

  // An edit that changes the event type, or is not JSON, is refused with the reason; the text stays as typed.
  await picks.getByRole('button', { name: 'Edit', exact: true }).click();
  const editor = picks.getByTestId('sim-payload-edit');
  await expect(editor).toHaveValue(/"isTeamPass": true/);
  await editor.fill('{"type": "user.selectTeam", "participantId": 101}');
  const problem = picks.getByTestId('sim-payload-problem');
  await expect(problem).toHaveText(
    "The payload's type must stay user.selectPurchase (it is user.selectTeam); nothing is sent, and your text is kept.",
  );
  await expect(picks.getByRole('button', { name: 'Send the edited payload' })).toBeDisabled();
  await editor.fill('{"type": "user.selectPurchase",');
  await expect(problem).toContainText('This is not JSON');
  await expect(editor).toHaveValue('{"type": "user.selectPurchase",');
  await expect(picks.getByText('An edited payload is not part of this page\'s link')).toBeVisible();

  // Back to the variant chosen, and sent as the model gives it.
  await picks.getByRole('button', { name: 'Back to the variant' }).click();
  await expect(picks.getByTestId('sim-payload')).toContainText('"name": "Men\'s Hockey Team Pass"');
  await picks.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('studio-panel').locator('pre').last()).toContainText('"name":"Men\'s Hockey Team Pass"');
  await expect(picks).toHaveCount(0);
  await expect(page).toHaveURL(/\/statecharts\/payment\?view=simulate&sim=2$/);

  // Back, then the same variant edited: sent, marked, and said not to be in the link.
  await page.getByRole('button', { name: 'Back one step' }).click();
  await expect(page).toHaveURL(/\/statecharts\/payment\?view=simulate$/);
  await picks.getByRole('button', { name: 'Edit', exact: true }).click();
  await picks.getByTestId('sim-payload-edit').fill(
    JSON.stringify({ type: 'user.selectPurchase', purchase: { type: 'package', name: 'Edited Pass', currency: 'USD', id: 20, price: 4999, isTeamPass: true, eventCategoryIds: [1], participantIds: [101, 102] } }),
  );
  await picks.getByRole('button', { name: 'Send the edited payload' }).click();
  await expect(page.getByTestId('studio-panel').locator('pre').last()).toContainText('"name":"Edited Pass"');
  await expect(page.getByTestId('sim-edited-note')).toBeVisible();
  await page.getByText(/^Steps so far/).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Edited Pass' })).toContainText('(edited)');

  await noAxeViolationsAtBothSizes(page);

  // A link to an input the machine does not have says so and starts from the first, without its steps.
  await page.goto('/statecharts/payment?view=simulate&input=7&sim=0');
  await appReady(page);
  await expect(page.getByTestId('sim-input-notice')).toHaveText(
    'This link\'s input “7” is not one this machine starts from; starting from “a checkout page with nothing selected yet” without its steps.',
  );
  await expect(page.getByTestId('sim-input')).toHaveValue('0');
  await expect(page).toHaveURL(/\/statecharts\/payment\?view=simulate$/);
});

test('simulate: a trace exported from the live view replayed on payment, a foreign one refused, one that falls short said so', async ({ page }) => {
  await page.goto('/statecharts');
  await appReady(page);
  await page.goto('/statecharts/payment?view=simulate');
  await appReady(page);
  const state = page.getByTestId('sim-state');
  await expect(state).toHaveText('loadingPurchases');

  // What a viewer's purchase of the paid event left in the live view; outputs and the card hidden there.
  let at = 1_767_225_600_000;
  const step = (event: string, value: unknown, payload?: unknown) => ({ at: (at += 100), event, from: '', ...(payload === undefined ? {} : { payload }), taken: [event], value });
  const trace = {
    format: 'statecharts-trace',
    version: 1,
    machine: 'payment',
    actor: 'payment',
    tab: '/events/7/checkout',
    exportedAt: '2026-11-26T14:25:50.561Z',
    steps: [
      step('xstate.init', 'loadingPurchases'),
      step('xstate.done.actor.loadOrders', { editing: 'ready' }, { output: '•••', actorId: 'loadOrders' }),
      step('user.selectPurchase', { editing: 'ready' }, {
        purchase: { type: 'event', name: 'Lakers @ Huskies', currency: 'USD', id: 7, price: 1099, isPaid: true, singleEventPackageId: 70 },
      }),
      step('user.enterNewCard', { editing: 'ready' }, { details: { number: '•••', exp_month: '•••', exp_year: '•••', cvc: '•••' }, save: true }),
      step('user.submit', { processing: 'buying' }),
      step('xstate.done.actor.buy', { processing: 'confirmingCard' }, { output: '•••', actorId: 'buy' }),
      step('xstate.done.actor.cardEntry', { processing: 'polling' }, { output: { result: 'confirmed' }, actorId: 'cardEntry' }),
      step('xstate.done.actor.pollOrder', 'success', { output: '•••', actorId: 'pollOrder' }),
    ],
  };
  const file = (name: string, content: unknown) => ({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(content)) });

  await page.getByText('Replay a trace', { exact: true }).click();
  const upload = page.getByLabel('Trace file (.json)');
  await upload.setInputFiles(file('payment.trace.json', trace));
  await expect(state).toHaveText('success');
  await expect(page.getByTestId('sim-trace-notice')).toHaveText('Replayed 8 of 8 steps from payment on /events/7/checkout.');
  // The steps followed are a link like any other.
  await expect(page).toHaveURL(/\/statecharts\/payment\?view=simulate&sim=\d+(\.\d+){6}$/);
  const replayed = page.url();

  // Another machine's trace is refused, saying why; the simulation stays where it was.
  await upload.setInputFiles(file('toast.trace.json', { ...trace, machine: 'toast' }));
  const problem = page.getByTestId('sim-trace-problem');
  await expect(problem).toContainText('toast.trace.json was not replayed: This is a trace of toast, not of payment');
  await expect(state).toHaveText('success');
  expect(page.url()).toBe(replayed);

  // Pasted, with an event the payment never offers: replayed up to it, and said where and why it stopped.
  const foreign = { ...trace, steps: [...trace.steps.slice(0, 3), step('player.play', { editing: 'ready' }), ...trace.steps.slice(3)] };
  foreign.steps.forEach((s, i) => (s.at = 1000 + i));
  const paste = page.getByLabel('Or paste the trace');
  await paste.fill('{"format": "statecharts-trace",');
  await page.getByRole('button', { name: 'Replay the pasted trace' }).click();
  await expect(problem).toContainText('This is not JSON');
  await expect(paste).toHaveValue('{"format": "statecharts-trace",');
  await paste.fill(JSON.stringify(foreign));
  await page.getByRole('button', { name: 'Replay the pasted trace' }).click();
  const notice = page.getByTestId('sim-trace-notice');
  await expect(notice).toContainText('Replayed 3 of 9 steps from payment on /events/7/checkout.');
  await expect(notice).toContainText('Step 4 (player.play) stopped the replay: in editing.ready the simulation offers no such event.');
  await expect(problem).toHaveCount(0);
  await expect(state).toHaveText('editing.ready');

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

test('test paths: a machine with a UI map exports its Playwright spec, the one committed in tests/e2e/generated', async ({ page }) => {
  await page.goto('/statecharts/payment?view=paths');
  await appReady(page);
  await expect(page.getByTestId('path-link').first()).toBeVisible();
  const spec = await downloaded(page, 'Export Playwright spec');
  expect(spec.name).toBe('payment.paths.e2e.ts');
  // Compared as a boolean: a failure would otherwise print two specs of hundreds of lines.
  expect(spec.text === readFileSync(resolve(root, 'tests/e2e/generated/payment.paths.e2e.ts'), 'utf8'), 'the exported spec is the committed one').toBe(true);
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
  // The sequence view: the payment started its card entry and its order polling, and heard back from them.
  const messages = studio.getByRole('list', { name: 'Messages, oldest first' });
  await expect(messages.getByRole('button', { name: /payment → pollOrder: xstate\.init$/ })).toHaveCount(1);
  await expect(messages.getByRole('button', { name: /pollOrder → payment: xstate\.done\.actor\.pollOrder$/ })).toHaveCount(1);

  // The payment's trace, exported: secrets hidden, and Simulate follows it to the same end.
  const [download] = await Promise.all([studio.waitForEvent('download'), studio.getByRole('button', { name: 'Export trace' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^payment-[\dT-]+Z\.trace\.json$/);
  const exported = readFileSync((await download.path()) ?? '', 'utf8');
  expect(JSON.parse(exported)).toMatchObject({ format: 'statecharts-trace', version: 1, machine: 'payment', tab: `/select-package/${pass?.id ?? 0}` });
  expect(holdsDigits(exported, '4242424242424242')).toBe(false);
  await studio.goto('/statecharts/payment?view=simulate');
  await appReady(studio);
  await studio.getByText('Replay a trace', { exact: true }).click();
  await studio.getByLabel('Trace file (.json)').setInputFiles({ name: 'payment.trace.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  // Every step, from the pass the page started the payment with (no start of the model): no link can lead there.
  await expect(studio.getByTestId('sim-trace-notice')).toHaveText(new RegExp(`^Replayed (\\d+) of \\1 steps from payment on /select-package/${pass?.id ?? 0}\\.$`));
  await expect(studio.getByTestId('sim-state')).toHaveText('success');
  await expect(studio.getByTestId('sim-unlinked-note')).toContainText('no link can lead here');
  await studio.goBack();
  await expect(studio.getByTestId('live-state')).toHaveText('success');

  // The order polling it invoked, followed on its own diagram.
  await studio.getByRole('link', { name: /^pollOrder · / }).click();
  await expect(studio).toHaveURL(/\/statecharts\/polling\?actor=/);
  await expect(studio.getByTestId('live-state')).toHaveText('done');
  await expect(studio.getByTestId('live-state')).toHaveAttribute('data-status', 'done');
  await expect(log.locator('li[data-event="xstate.init"]')).toContainText('→ waiting');
  // The verdict order polling gives an order whose status is paid (machines/payment/order-polling.ts).
  await expect(log.locator('li[data-event="xstate.done.actor.fetch"]').first()).toContainText('"verdict":"done"');
  await expect(studio.getByTestId('live-actor').filter({ hasText: 'pollOrder' })).toHaveAttribute('aria-pressed', 'true');

  // The viewer reloads the tab: the order polling of the page before stays, still picked, said to be from before it.
  await page.reload();
  await appReady(page);
  const before = studio.getByTestId('live-actor').filter({ hasText: 'before reload' });
  await expect(before).toContainText('pollOrder');
  await expect(before).toHaveAttribute('data-status', 'done');
  await expect(before).toHaveAttribute('aria-pressed', 'true');
  await expect(log.locator('li[data-event="xstate.done.actor.fetch"]').first()).toContainText('"verdict":"done"');
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
  const failure = page.getByRole('alert').filter({ hasText: 'The payment did not go through' });
  await expect(failure).toContainText('Your card was declined.', { timeout: 20_000 });
  await failure.getByRole('button', { name: 'Try again' }).click();
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
  // Opened, an entry shows its whole payload and the context it left; the payment's context is one click away.
  const openEntry = async () => {
    const line = entered.first().getByRole('button');
    await line.click();
    await expect(line).toHaveAttribute('aria-expanded', 'true');
    await expect(entered.first().getByTestId('live-payload')).toContainText('"number": "•••"');
    await expect(entered.first().getByTestId('live-context-after')).toContainText('"details"');
    const context = studio.getByRole('button', { name: 'Context', exact: true });
    await context.click();
    await expect(context).toHaveAttribute('aria-expanded', 'true');
    await expect(studio.getByTestId('live-context')).toContainText('"card"');
  };
  await openEntry();
  noSecrets('opened payment log', await studio.getByTestId('studio-panel').innerText());

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

  // The opened entry and context wrap on a phone rather than widen the page.
  await openEntry();
  await noAxeViolationsAtBothSizes(studio);
  expect(await studio.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});
