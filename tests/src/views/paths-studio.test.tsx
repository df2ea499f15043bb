// @vitest-environment jsdom
/**
 * The studio's Paths view opened from a link (`?view=paths&path=&step=`): a path or step the machine does not have is
 * said so, and the view shows what it can instead (the list, the nearest step), correcting the address in place so
 * that Back does not return to the bad link. Over the download's real paths (a step of them runs `saveDownload`), built as the studio's build builds them.
 * The download has no UI map: the view offers no Playwright spec and says where QA can write one.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import ELK from 'elkjs';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pathLoaders } from 'virtual:statecharts/paths';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { machineRegistry } from '../../../machines/registry';
import { layoutMachine } from '../../../statecharts/layout';
import type { StudioMachine } from '../../../statecharts/studio-data';
import { studioPaths } from '../../../statecharts/studio-paths';
import { createI18n } from '../../../src/i18n/i18n';
import { PathsStudio } from '../../../src/views/statecharts/PathsStudio';

const download: StudioMachine = {
  name: 'download',
  id: machineRegistry.download.id,
  description: '',
  layout: await layoutMachine(machineRegistry.download, new ELK()),
};
const data = await studioPaths('download');
const i18n = await createI18n('en');

async function open(search: string) {
  const location = memoryLocation({ path: `/statecharts/download?view=paths${search}`, record: true });
  // The view suspends until its paths chunk arrives; an awaited act lets React retry it once it has.
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <PathsStudio machine={download} />
        </Router>
      </I18nextProvider>,
    );
  });
  await screen.findByTestId('coverage');
  return location;
}

// The view fetches the machine's paths chunk, which the studio's Vite plugin builds the first time it is asked for.
beforeAll(async () => {
  await pathLoaders['download']?.();
  // jsdom lays nothing out and has no scrolling: the diagram beside the paths scrolls its frame to the initial state.
  Element.prototype.scrollTo ??= () => undefined;
}, 120_000);

afterEach(cleanup);

describe('Paths view deep links', () => {
  const [first] = data.paths;
  if (first === undefined) throw new Error('download has no path');
  const last = first.steps.length;

  it('lists the covering set with each path titled', async () => {
    await open('');
    const links = screen.getAllByTestId('path-link');
    expect(links).toHaveLength(data.paths.length);
    expect(links[0]?.textContent).toContain(first.title);
    expect(screen.queryByTestId('link-note')).toBeNull();
  });

  it('says there is no such path and shows the list', async () => {
    await open('&path=9999');
    expect(screen.getByTestId('link-note').textContent).toBe('No path 9999 in this machine; showing the list.');
    expect(screen.getAllByTestId('path-link')).toHaveLength(data.paths.length);
    expect(screen.queryByTestId('path-player')).toBeNull();
  });

  it('corrects a step beyond the path to its last step, replacing the address', async () => {
    const location = await open(`&path=${first.id}&step=999`);
    const player = await screen.findByTestId('path-player');
    expect(player.getAttribute('data-step')).toBe(String(last));
    expect(location.history).toEqual([`/statecharts/download?view=paths&path=${first.id}&step=${last}`]);
    expect(screen.getByTestId('link-note').textContent).toBe(`This path has no step 999; showing step ${last}.`);
    expect(within(player).getByRole('button', { name: 'Next step' })).toHaveProperty('disabled', true);
  });

  it('corrects a step that is not a number to step 1', async () => {
    const location = await open(`&path=${first.id}&step=abc`);
    const player = await screen.findByTestId('path-player');
    expect(player.getAttribute('data-step')).toBe('1');
    expect(location.history).toEqual([`/statecharts/download?view=paths&path=${first.id}&step=1`]);
    expect(screen.getByTestId('link-note').textContent).toBe('“abc” is not a step number; showing step 1.');
  });

  it('shows the transitions and effects of the current step', async () => {
    const index = first.steps.findIndex(([, , transitions, effects]) => transitions.length > 0 && effects.length > 0);
    if (index < 0) throw new Error('no download step both takes a transition and runs an action');
    await open(`&path=${first.id}&step=${index + 1}`);
    const step = data.paths[0]?.steps[index];
    const transition = data.transitions[step?.[2][0] ?? -1];
    expect(screen.getByTestId('step-transitions').textContent).toContain(`${transition?.source}: ${transition?.label}`);
    const effect = data.effects[step?.[3][0] ?? -1] as { type: string } | undefined;
    expect(screen.getByTestId('step-effects').textContent).toContain(effect?.type);
    expect(screen.queryByTestId('link-note')).toBeNull();
  });
});

describe('Paths view exports', () => {
  it('offers no Playwright spec for a machine without a UI map, and says where QA can add one', async () => {
    await open('');
    expect(screen.queryByRole('button', { name: 'Export Playwright spec' })).toBeNull();
    expect(screen.getByText('No Playwright spec for this machine yet: QA can map its steps to the app in machines/download/download.ui.ts.')).toBeTruthy();
  });
});
