// @vitest-environment jsdom
/** Toasts (SPEC §3, §9: 5000 ms, info), popups as native modal dialogs, and the global error banner (SPEC §8). */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { said, type ClassifiedError } from '../../../mesh/client/errors';
import { GlobalErrorBanner } from '../../../src/components/feedback/GlobalErrorBanner';
import { PopupHost, PopupTitle } from '../../../src/components/feedback/PopupHost';
import { ToastHost } from '../../../src/components/feedback/ToastHost';
import { createI18n } from '../../../src/i18n/i18n';
import { I18nextProvider } from 'react-i18next';
import { createTestApp, renderWithApp, type TestApp } from '../app-actors-fixture';
import { installDialogPolyfill, isModal } from '../dialog-polyfill';

// jsdom has no showModal(); this suite's window gets a stand-in for the browser's (see dialog-polyfill).
beforeAll(installDialogPolyfill);

let app: TestApp | null = null;

afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
  vi.useRealTimers();
});

describe('ToastHost', () => {
  it('shows one toast at a time in the polite region and removes it after 5000 ms', async () => {
    app = createTestApp();
    const { actors } = app;
    await renderWithApp(<ToastHost />, actors);
    vi.useFakeTimers();
    act(() => {
      actors.toasts.send({ type: 'toast.show', toast: { message: { text: 'Saved to your favourites' }, type: 'success' } });
      actors.toasts.send({ type: 'toast.show', toast: { message: { text: 'Second message' } } });
    });
    const status = screen.getByRole('status');
    expect(within(status).getByText('Saved to your favourites')).toBeTruthy();
    expect(screen.queryByText('Second message')).toBeNull();

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Saved to your favourites')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved to your favourites')).toBeNull();
    expect(screen.getByTestId('toast').getAttribute('data-type')).toBe('info');
    expect(within(status).getByText('Second message')).toBeTruthy();

    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('announces errors at once (role="alert") and closes a toast with its dismiss button', async () => {
    app = createTestApp();
    const { actors } = app;
    await renderWithApp(<ToastHost />, actors);
    act(() => actors.toasts.send({ type: 'toast.show', toast: { message: { text: 'Payment failed' }, type: 'error' } }));
    expect(within(screen.getByRole('alert')).getByText('Payment failed')).toBeTruthy();
    expect(within(screen.getByRole('status')).queryByText('Payment failed')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Payment failed')).toBeNull();
  });

  it("shows a message key in the viewer's words, with its parameters, and a server's words as they came", async () => {
    app = createTestApp();
    const { actors } = app;
    await renderWithApp(<ToastHost />, actors);
    act(() => actors.toasts.send({ type: 'toast.show', toast: { message: { key: 'errors.logoutRefused' }, type: 'error' } }));
    expect(within(screen.getByRole('alert')).getByText("user can't be logged out")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    act(() => actors.toasts.send({ type: 'toast.show', toast: { message: { key: 'validation.fieldTooLong', params: { number: 101 } } } }));
    expect(within(screen.getByRole('status')).getByText('Field length must be less than 101')).toBeTruthy();
  });
});

describe('PopupHost', () => {
  async function openPopup(data: Record<string, unknown>, renderers?: Parameters<typeof PopupHost>[0]['renderers']) {
    app = createTestApp();
    const { actors } = app;
    const outcomes: string[] = [];
    actors.popups.on('popup.resolved', (event) => outcomes.push(`resolved ${event.id} ${String(event.value)}`));
    actors.popups.on('popup.cancelled', (event) => outcomes.push(`cancelled ${event.id}`));
    await renderWithApp(
      <>
        <button type="button">Open</button>
        <PopupHost renderers={renderers} />
      </>,
      actors,
    );
    const trigger = screen.getByRole('button', { name: 'Open' });
    trigger.focus();
    act(() => actors.popups.send({ type: 'popup.open', popup: { id: 'p1', kind: 'notice', data } }));
    return { outcomes, trigger };
  }

  it('shows an unknown kind as a labelled modal <dialog>; OK resolves it and focus goes back', async () => {
    const { outcomes, trigger } = await openPopup({ title: { text: 'Heads up' }, message: { text: 'The stream starts at 19:00.' } });
    const dialog = screen.getByRole('dialog', { name: 'Heads up' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(isModal(dialog)).toBe(true);
    expect(within(dialog).getByText('The stream starts at 19:00.')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isModal(dialog)).toBe(false);
    expect(outcomes).toEqual(['resolved p1 undefined']);
    expect(document.activeElement).toBe(trigger);
  });

  it('cancels with the Cancel button', async () => {
    const { outcomes, trigger } = await openPopup({ title: { text: 'Heads up' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(outcomes).toEqual(['cancelled p1']);
    expect(document.activeElement).toBe(trigger);
  });

  it('cancels with Escape through the dialog\'s cancel event, and the queue closes it', async () => {
    const { outcomes, trigger } = await openPopup({});
    // Without a title the generic dialog still has one.
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    const cancelEvents: boolean[] = [];
    dialog.addEventListener('cancel', (event) => cancelEvents.push(event.defaultPrevented));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    // The host kept the browser from closing the dialog itself: the queue dropped the popup, and React the dialog.
    expect(cancelEvents).toEqual([true]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(outcomes).toEqual(['cancelled p1']);
    expect(document.activeElement).toBe(trigger);
  });

  it('moves focus to the first control (the browser keeps Tab inside a modal dialog)', async () => {
    await openPopup({ title: { text: 'Heads up' } });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('counts a dialog the browser closed by itself as cancelled', async () => {
    const { outcomes, trigger } = await openPopup({ title: { text: 'Heads up' } });
    const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Heads up' });
    // As a form with method="dialog", or a close request the page may not prevent, would.
    dialog.close();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(outcomes).toEqual(['cancelled p1']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('shows queued popups one after the other, each a modal dialog of its own', async () => {
    const { outcomes, trigger } = await openPopup({ title: { text: 'First' } });
    act(() => app!.actors.popups.send({ type: 'popup.open', popup: { id: 'p2', kind: 'notice', data: { title: { text: 'Second' } } } }));
    const first = screen.getByRole('dialog', { name: 'First' });
    fireEvent.click(within(first).getByRole('button', { name: 'OK' }));
    const second = screen.getByRole('dialog', { name: 'Second' });
    expect(second).not.toBe(first);
    expect(isModal(second)).toBe(true);
    expect(second.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(second, { key: 'Escape' });
    // The close events of both dialogs have come and gone without touching the queue again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(outcomes).toEqual(['resolved p1 undefined', 'cancelled p2']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('lets a feature render its own kind, labelled by its PopupTitle', async () => {
    const { outcomes } = await openPopup({ team: 'Huskies' }, {
      notice: (popup, actions) => (
        <>
          <PopupTitle>Follow {String(popup.data['team'])}?</PopupTitle>
          <button type="button" onClick={() => actions.resolve('follow')}>
            Follow
          </button>
        </>
      ),
    });
    const dialog = screen.getByRole('dialog', { name: 'Follow Huskies?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Follow' }));
    expect(outcomes).toEqual(['resolved p1 follow']);
  });
});

describe('GlobalErrorBanner', () => {
  const base = { field: null, operation: 'Startup', body: null, upstream: null, ...said('x') };

  async function renderBanner(error: ClassifiedError | null) {
    const i18n = await createI18n('en');
    const onDismiss = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <GlobalErrorBanner error={error} onDismiss={onDismiss} />
      </I18nextProvider>,
    );
    return onDismiss;
  }

  it('says how long to wait when a 429 carries retry-after', async () => {
    await renderBanner({ ...base, kind: 'throttled', status: 429, retryAfterSeconds: 30 });
    expect(screen.getByRole('alert').textContent).toContain('Too many requests. Please wait 30 seconds and try again.');
  });

  it('asks to wait a moment when a 429 has no retry-after', async () => {
    await renderBanner({ ...base, kind: 'throttled', status: 429, retryAfterSeconds: null });
    expect(screen.getByRole('alert').textContent).toContain('Too many requests. Please wait a moment and try again.');
  });

  it('shows the service message for a crash status, and its button dismisses it', async () => {
    const onDismiss = await renderBanner({ ...base, kind: 'crash', status: 503 });
    expect(screen.getByRole('alert').textContent).toContain(
      'Apologies! Our service is currently experiencing technical difficulties. Please refresh the page',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('shows nothing without an error', async () => {
    await renderBanner(null);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
