// @vitest-environment jsdom
/** The reload screen (SPEC §1, §8, §9 "Reload button lock: 60 s, counted down in 1 s steps"). */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReloadScreen } from '../../../src/components/ReloadScreen';
import { CHANNEL_KEY_ERROR, createTestApp, renderWithApp, type TestApp } from '../app-actors-fixture';

let app: TestApp | null = null;

afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
  vi.useRealTimers();
});

const button = () => screen.getByTestId('reload-button') as HTMLButtonElement;

async function showReloadScreen(requestKey: () => Promise<string>) {
  app = createTestApp({ requestKey });
  await renderWithApp(<ReloadScreen />, app.actors);
  // The machine's countdown starts when the key error arrives; from then on the clock is the test's.
  vi.useFakeTimers();
  act(() => app!.raiseKeyError(CHANNEL_KEY_ERROR));
}

describe('ReloadScreen', () => {
  it('shows the service message and counts the locked button down second by second', async () => {
    await showReloadScreen(() => new Promise<string>(() => undefined));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Apologies! Our service is currently experiencing technical difficulties. Please refresh the page',
    );
    expect(button().textContent).toBe('Reload in 60 s');
    expect(button().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(1000));
    expect(button().textContent).toBe('Reload in 59 s');
    expect(button().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(58_000));
    expect(button().textContent).toBe('Reload in 1 s');
    // A click while locked does nothing.
    fireEvent.click(button());
    expect(button().textContent).toBe('Reload in 1 s');
  });

  it('unlocks at 0 and, when pressed, asks for a new key with the button disabled meanwhile', async () => {
    const requestKey = vi.fn(() => new Promise<string>(() => undefined));
    await showReloadScreen(requestKey);
    act(() => vi.advanceTimersByTime(60_000));
    expect(button().textContent).toBe('Reload');
    expect(button().disabled).toBe(false);
    expect(requestKey).not.toHaveBeenCalled();

    fireEvent.click(button());
    expect(requestKey).toHaveBeenCalledTimes(1);
    expect(button().textContent).toBe('Getting a new key…');
    expect(button().disabled).toBe(true);
  });

  it('locks the button for another 60 seconds when no key can be had', async () => {
    await showReloadScreen(async () => Promise.reject(new Error('no key')));
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.click(button());
    await act(async () => {
      await Promise.resolve();
    });
    expect(button().textContent).toBe('Reload in 60 s');
    expect(button().disabled).toBe(true);
  });
});
