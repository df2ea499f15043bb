// @vitest-environment jsdom
/**
 * Simulate's choice among an event's payload variants (issue 29): the payload is shown before it is sent, and an edit
 * is checked as it is typed, refused with the reason and without losing the text, and sent only when it stays an
 * object of the same event type. Over toast's real options, as the simulation lists them.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { machineModels } from '../../../machines/models';
import { createSimulation } from '../../../statecharts/model-testing/simulate';
import { buildModel } from '../../../statecharts/model-testing/test-model';
import { createI18n } from '../../../src/i18n/i18n';
import { SimulateVariants } from '../../../src/views/statecharts/SimulateVariants';

const i18n = await createI18n('en');
const simulation = createSimulation(buildModel('toast', machineModels.toast));
const options = simulation.view().options;
simulation.stop();

function open() {
  const send = vi.fn<(index: number) => void>();
  const sendEdited = vi.fn<(index: number, event: unknown) => void>();
  render(
    <I18nextProvider i18n={i18n}>
      <SimulateVariants options={options} busy={false} send={send} sendEdited={sendEdited} />
    </I18nextProvider>,
  );
  return { send, sendEdited };
}

afterEach(cleanup);

describe('an event with several payload variants', () => {
  it('shows the chosen variant’s payload and sends that variant', () => {
    const { send, sendEdited } = open();
    expect(screen.getByTestId('sim-payload').textContent).toBe(options[0]?.payload);
    fireEvent.change(screen.getByTestId('sim-variant'), { target: { value: '1' } });
    expect(screen.getByTestId('sim-payload').textContent).toContain('"text": "You are offline"');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith(1);
    expect(sendEdited).not.toHaveBeenCalled();
  });

  it('refuses an edit that is not JSON or changes the type, keeping the text, and sends a good one', () => {
    const { send, sendEdited } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByTestId<HTMLTextAreaElement>('sim-payload-edit');
    expect(editor.value).toBe(options[0]?.payload);
    expect(screen.getByText(/An edited payload is not part of this page's link/)).toBeTruthy();

    fireEvent.change(editor, { target: { value: '{"type": "toast.show",' } });
    expect(screen.getByRole('alert').textContent).toMatch(/^This is not JSON \(.+\); nothing is sent, and your text is kept\.$/);
    expect(editor.value).toBe('{"type": "toast.show",');
    const sendEditedButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Send the edited payload' });
    expect(sendEditedButton.disabled).toBe(true);

    fireEvent.change(editor, { target: { value: '{"type": "toast.dismiss"}' } });
    expect(screen.getByRole('alert').textContent).toBe(
      "The payload's type must stay toast.show (it is toast.dismiss); nothing is sent, and your text is kept.",
    );
    fireEvent.change(editor, { target: { value: '[]' } });
    expect(screen.getByRole('alert').textContent).toBe('The payload must be a JSON object; nothing is sent, and your text is kept.');

    fireEvent.change(editor, { target: { value: '{"type": "toast.show", "toast": {"message": {"text": "Hi"}}}' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(sendEditedButton);
    expect(sendEdited).toHaveBeenCalledWith(0, { type: 'toast.show', toast: { message: { text: 'Hi' } } });
    expect(send).not.toHaveBeenCalled();
  });
});
