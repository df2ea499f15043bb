// @vitest-environment jsdom
/**
 * The studio's panel describes what is selected on the diagram (issue 29: descriptions showed only on hover, under
 * a diagram taller than the screen). A click, Enter or Space on a state or a transition selects it (pressed on the
 * diagram) and the panel's first section gives its name, kind and description, and for a transition its source →
 * target, event and guard; pointing at another previews it until the pointer leaves; Escape clears back to the
 * machine. Drawn from the toast machine's real layout.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import ELK from 'elkjs/lib/elk.bundled.js';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { machineRegistry } from '../../../machines/registry';
import { layoutMachine } from '../../../statecharts/layout';
import type { StudioMachine } from '../../../statecharts/studio-data';
import { createI18n } from '../../../src/i18n/i18n';
import { StudioLayout } from '../../../src/views/statecharts/StudioLayout';

let toast: StudioMachine;

beforeAll(async () => {
  const machine = machineRegistry.toast;
  toast = { name: 'toast', id: machine.id, description: machine.root.description ?? '', layout: await layoutMachine(machine, new ELK()) };
  // jsdom lays nothing out and has no scrolling: the frame is 0 × 0, and scrolling it does nothing.
  Element.prototype.scrollTo ??= () => undefined;
});

afterEach(cleanup);

async function renderStudio() {
  const i18n = await createI18n('en');
  const location = memoryLocation({ path: '/statecharts/toast' });
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <StudioLayout machine={toast} overlay={{ active: new Set(['toast.idle']) }}>
          <p>The view's own content</p>
        </StudioLayout>
      </Router>
    </I18nextProvider>,
  );
  const diagram = screen.getByTestId('diagram');
  const detail = screen.getByTestId('diagram-detail');
  const stateButton = (id: string) => diagram.querySelector<SVGGElement>(`[data-state-id="${id}"]`)!;
  const edgeButton = (id: string) => diagram.querySelector<SVGGElement>(`[data-transition-id="${id}"]`)!;
  return { diagram, detail, stateButton, edgeButton };
}

describe('the panel describes the selection', () => {
  it('shows the machine until something is selected, in the aside above the view', async () => {
    const { detail } = await renderStudio();
    const aside = screen.getByRole('complementary');
    expect(aside.firstElementChild).toBe(detail);
    expect(within(detail).getByRole('heading', { name: 'About this machine' })).toBeTruthy();
    expect(within(detail).getByTestId('detail-name').textContent).toBe('toast');
    expect(detail.textContent).toContain('Short messages for the viewer');
    // The view's switch is not in the aside: on a phone it comes before the diagram.
    expect(within(aside).queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'What to show on the diagram' })).toBeTruthy();
  });

  it('a click selects a state: pressed on the diagram, its name, kind and description in the panel; a second click clears', async () => {
    const { detail, stateButton } = await renderStudio();
    const showing = stateButton('toast.showing');
    expect(showing.getAttribute('role')).toBe('button');
    expect(showing.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(showing);
    expect(showing.getAttribute('aria-pressed')).toBe('true');
    expect(within(detail).getByRole('heading', { name: 'Selected' })).toBeTruthy();
    expect(within(detail).getByTestId('detail-name').textContent).toBe('showing');
    expect(detail.textContent).toContain('State');
    expect(detail.textContent).toContain('The first toast of the queue is on screen; the others wait their turn.');
    expect(detail.textContent).toContain('#visible');
    fireEvent.click(showing);
    expect(showing.getAttribute('aria-pressed')).toBe('false');
    expect(within(detail).getByTestId('detail-name').textContent).toBe('toast');
  });

  it('Enter on a transition selects it: source → target, event and guard apart', async () => {
    const { detail, edgeButton } = await renderStudio();
    const dismiss = toast.layout.edges.find((e) => e.label === 'toast.dismiss [isShownToast]')!;
    const button = edgeButton(dismiss.id);
    act(() => button.focus());
    fireEvent.keyDown(button, { key: 'Enter' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(within(detail).getByTestId('detail-name').textContent).toBe('toast.dismiss [isShownToast]');
    expect(detail.textContent).toContain('Transition on an event');
    expect(detail.textContent).toContain('From → totoast.showing → toast.next');
    expect(detail.textContent).toContain('Eventtoast.dismiss');
    expect(detail.textContent).toContain('GuardisShownToast');
    expect(detail.textContent).toContain('The viewer closes the toast on screen.');
  });

  it('pointing at another previews it until the pointer leaves; Escape clears the selection', async () => {
    const { diagram, detail, stateButton } = await renderStudio();
    fireEvent.keyDown(stateButton('toast.showing'), { key: ' ' });
    fireEvent.mouseEnter(stateButton('toast.idle'));
    expect(within(detail).getByRole('heading', { name: 'Preview' })).toBeTruthy();
    expect(within(detail).getByTestId('detail-name').textContent).toBe('idle');
    expect(stateButton('toast.showing').getAttribute('aria-pressed')).toBe('true');
    fireEvent.mouseLeave(stateButton('toast.idle'));
    expect(within(detail).getByTestId('detail-name').textContent).toBe('showing');
    fireEvent.keyDown(diagram, { key: 'Escape' });
    expect(stateButton('toast.showing').getAttribute('aria-pressed')).toBe('false');
    expect(within(detail).getByRole('heading', { name: 'About this machine' })).toBeTruthy();
  });
});
