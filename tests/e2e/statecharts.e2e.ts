/**
 * The statechart studio on the real stack (issue 16, first step): `/statecharts` lists every machine of the
 * registry with its description; `/statecharts/<machine>` draws the ELK layout as SVG, one box per state and one
 * labelled edge per transition of the walk, says what a state or a transition does when it has focus, zooms and
 * fits; an unknown machine is the not-found page; no axe violations at desktop and phone sizes.
 */
import { machineNames, machineRegistry } from '../../machines/registry';
import { listStates, listTransitions } from '../../statecharts/machine-graph';
import { expect, test } from './fixtures';
import { appReady, expectNoAxeViolations } from './helpers';

test('/statecharts lists every machine with its description and opens its diagram', async ({ page }) => {
  await page.goto('/statecharts');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Statecharts' })).toBeVisible();
  const listed = page.getByTestId('studio-machine');
  await expect(listed).toHaveCount(machineNames.length);
  expect(await listed.getByRole('link').allTextContents()).toEqual([...machineNames]);
  await expect(listed.filter({ has: page.getByRole('link', { name: 'payment', exact: true }) })).toContainText(machineRegistry.payment.root.description ?? '');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
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
  await page.goto('/statecharts/clip-creation');
  await appReady(page);
  const diagram = page.getByTestId('diagram');
  await expect(diagram.locator('[data-state-id]').first()).toBeVisible();
  const confirming = diagram.locator('[data-state-id="clipCreation.processed.confirming"]');
  await confirming.focus();
  await expect(page.getByTestId('diagram-detail')).toContainText('A popup asks the viewer whether to delete the clip for good.');
  const edge = diagram.locator('[data-transition-id]').filter({ hasText: 'deletion.confirmed' });
  await edge.focus();
  await expect(page.getByTestId('diagram-detail')).toContainText('clipCreation.processed.deleting');

  const svg = diagram.locator('svg');
  const fitted = (await svg.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await svg.boundingBox())?.width ?? 0).toBeGreaterThan(fitted * 1.1);
  await page.getByRole('button', { name: 'Fit' }).click();
  await expect.poll(async () => Math.round((await svg.boundingBox())?.width ?? 0)).toBe(Math.round(fitted));
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);

  await page.goto('/statecharts/no-such-machine');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Hmm... Looks like we lose this page.' })).toBeVisible();
});
