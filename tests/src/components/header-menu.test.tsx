// @vitest-environment jsdom
/**
 * The header's menu at every width: the links that fit stay in the row, the rest go under "More" (measured from the
 * widths the browser lays out, faked here), and "More" is a disclosure the keyboard can use.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../../src/components/layout/Header';
import * as styles from '../../../src/components/layout/layout.css';
import { fittingCount } from '../../../src/components/layout/use-fitting-count';
import { createTestApp, renderWithApp, startupSettled, type TestApp } from '../app-actors-fixture';

let app: TestApp | null = null;

afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  observers.length = 0;
});

const MENU = {
  data: [
    { id: 1, title: 'Home', url: '/', external: false, position: 1 },
    { id: 2, title: 'Schedule', url: '/schedule', external: false, position: 2 },
    { id: 3, title: 'Tickets', url: 'https://tickets.example.com/', external: true, position: 3 },
  ],
};

/** Each observer the header starts, so a test can say "the sizes changed" as the browser would. */
const observers: ResizeObserverCallback[] = [];

class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {
    observers.push(callback);
  }
  /** A browser reports each box once when it starts observing it (after its next layout); here, at once. */
  observe() {
    this.callback([], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

/**
 * Lays the header out as a browser would for a menu row `room` pixels wide: each word of the unseen copy is 10 px
 * per letter ("More" 40 px). Whatever gap jsdom reads (none, or the stylesheet's 16 px), the counts below hold.
 */
function layOut(room: { width: number }) {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains(styles.menuRoom)) return DOMRect.fromRect({ width: room.width, height: 0 });
    if (this.parentElement?.classList.contains(styles.menuCopy)) {
      return DOMRect.fromRect({ width: (this.textContent ?? '').length * 10, height: 20 });
    }
    return DOMRect.fromRect({ width: 0, height: 0 });
  });
}

function resized() {
  act(() => {
    for (const callback of observers) callback([], {} as ResizeObserver);
  });
}

async function renderHeader(language: 'en' | 'fr' = 'en', path = '/') {
  app = createTestApp({ parts: { menu: MENU } });
  await startupSettled(app.actors);
  return renderWithApp(<Header />, app.actors, { language, path });
}

const row = () => screen.getByRole('navigation', { name: /Main|Principal/ });
/** The links drawn in the row itself, not under "More". */
const rowLinks = () =>
  within(row())
    .getAllByRole('link')
    .filter((link) => link.closest(`.${styles.moreList}`) === null)
    .map((link) => link.textContent);

describe('fittingCount', () => {
  it('keeps every item when the whole row fits, without a More button', () => {
    expect(fittingCount(300, [100, 100, 80], 10, 60)).toBe(3);
    expect(fittingCount(300, [100, 100, 100], 0, 60)).toBe(3);
    expect(fittingCount(0, [], 10, 60)).toBe(0);
  });

  it('keeps as many leading items as fit beside the More button, down to none', () => {
    // 100 + 10 + 100 + 10 + 60 = 280 fits in 299; a third item would not.
    expect(fittingCount(299, [100, 100, 100], 10, 60)).toBe(2);
    // A pixel short of that, only the first stays.
    expect(fittingCount(279, [100, 100, 100], 10, 60)).toBe(1);
    expect(fittingCount(50, [100, 100, 100], 10, 60)).toBe(0);
  });
});

describe('the header menu', () => {
  it('keeps the links that fit in the row and moves the rest, in order, under "More"', async () => {
    const room = { width: 150 };
    layOut(room);
    await renderHeader();
    expect(rowLinks()).toEqual(['Home']);
    const more = within(row()).getByRole('button', { name: 'More' });
    const list = document.getElementById(more.getAttribute('aria-controls') ?? '')!;
    expect(within(list).getAllByRole('link', { hidden: true }).map((link) => link.textContent)).toEqual([
      'Schedule',
      'Tickets (opens in a new tab)',
    ]);

    // The window grows: everything fits again, and "More" goes.
    room.width = 500;
    resized();
    expect(rowLinks()).toEqual(['Home', 'Schedule', 'Tickets (opens in a new tab)']);
    expect(within(row()).queryByRole('button', { name: 'More' })).toBeNull();

    // It shrinks again.
    room.width = 150;
    resized();
    expect(rowLinks()).toEqual(['Home']);
  });

  it('has no axe violations, closed or open', async () => {
    layOut({ width: 150 });
    const { container } = await renderHeader();
    // jsdom lays nothing out: colour contrast is checked in Chromium.
    const violations = async () =>
      (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id);
    expect(await violations()).toEqual([]);
    fireEvent.click(within(row()).getByRole('button', { name: 'More' }));
    expect(await violations()).toEqual([]);
  });

  it('says "Plus" in French', async () => {
    layOut({ width: 150 });
    await renderHeader('fr');
    expect(within(row()).getByRole('button', { name: 'Plus' })).toBeTruthy();
  });

  it('opens and closes "More" as a disclosure: aria-expanded, Escape back to the button, a followed link', async () => {
    layOut({ width: 150 });
    await renderHeader();
    const more = within(row()).getByRole('button', { name: 'More' });
    const list = document.getElementById(more.getAttribute('aria-controls') ?? '')!;
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);

    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    const schedule = within(list).getByRole('link', { name: 'Schedule' });

    // Escape closes it and gives the focus back to the button.
    schedule.focus();
    fireEvent.keyDown(schedule, { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);

    // The arrow down opens it on its first link; the arrows move between its links, round.
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(schedule);
    fireEvent.keyDown(schedule, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Tickets (opens in a new tab)');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(schedule);

    // Following one of its links closes it.
    fireEvent.click(schedule);
    expect(more.getAttribute('aria-expanded')).toBe('false');

    // So does a press elsewhere on the page.
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(document.body);
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });

  it('marks "More" when the page shown is one of its links', async () => {
    layOut({ width: 150 });
    await renderHeader('en', '/schedule');
    expect(within(row()).getByRole('button', { name: 'More' }).hasAttribute('data-current')).toBe(true);
  });

  it('shows every link, and no "More", when the header is folded on a phone', async () => {
    layOut({ width: 0 });
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    await renderHeader();
    expect(rowLinks()).toEqual(['Home', 'Schedule', 'Tickets (opens in a new tab)']);
    expect(within(row()).queryByRole('button', { name: 'More' })).toBeNull();
  });
});
