// @vitest-environment jsdom
/** The shell's frame: header (channel, menu, account), footer (static blocks, pages, policy) and the landmarks. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Footer } from '../../../src/components/layout/Footer';
import { Header } from '../../../src/components/layout/Header';
import { MainLayout, PlainLayout } from '../../../src/components/layout/MainLayout';
import { PARTS, passesForm } from '../../../machines/shared/client-fixtures';
import { said } from '../../../mesh/client/errors';
import { LOGGED_IN, createTestApp, renderWithApp, startupSettled, type FixtureOptions, type TestApp } from '../app-actors-fixture';
import { installDialogPolyfill } from '../dialog-polyfill';

// The layouts host the popups, native dialogs that jsdom cannot open (see dialog-polyfill).
beforeAll(installDialogPolyfill);

let app: TestApp | null = null;

afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
});

const MENU = {
  data: [
    { id: 1, title: 'Home', url: '/', external: false, position: 1 },
    { id: 2, title: 'Schedule', url: '/schedule', external: false, position: 2 },
    { id: 3, title: 'Tickets', url: 'https://tickets.example.com/', external: true, position: 3 },
  ],
};

async function renderSettled(ui: ReactElement, options: FixtureOptions = {}, path = '/') {
  app = createTestApp(options);
  await startupSettled(app.actors);
  return renderWithApp(ui, app.actors, { path });
}

describe('Header', () => {
  it("links the channel's name home and shows its menu, internal links in the app and external ones in a new tab", async () => {
    await renderSettled(<Header />, { parts: { menu: MENU } }, '/schedule');
    const banner = screen.getByRole('banner');
    const home = within(banner).getByRole('link', { name: 'Summit Sports' });
    expect(home.getAttribute('href')).toBe('/');
    // No logo (the fixture's channel has none): a monogram of its initial, hidden from screen readers, beside its name.
    expect(home.querySelector('img')).toBeNull();
    expect([...home.querySelectorAll('[aria-hidden="true"]')].map((mark) => mark.textContent)).toEqual(['S']);

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const schedule = within(nav).getByRole('link', { name: 'Schedule' });
    expect(schedule.getAttribute('href')).toBe('/schedule');
    expect(schedule.getAttribute('aria-current')).toBe('page');
    const tickets = within(nav).getByRole('link', { name: /Tickets/ });
    expect(tickets.getAttribute('href')).toBe('https://tickets.example.com/');
    expect(tickets.getAttribute('target')).toBe('_blank');
    expect(tickets.getAttribute('rel')).toBe('noopener noreferrer');
    expect(tickets.textContent).toContain('(opens in a new tab)');
  });

  it('folds the menu, the language and the account behind a disclosure button', async () => {
    await renderSettled(<Header />, { parts: { menu: MENU } });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // The button folds the menu with the language and the account: one panel holds them.
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.contains(nav)).toBe(true);
    expect(panel?.contains(screen.getByTestId('language-switcher'))).toBe(true);
    expect(panel?.contains(screen.getByRole('link', { name: 'Log in' }))).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.getAttribute('data-open')).toBe('true');
    // Following a menu link folds it again.
    fireEvent.click(within(nav).getByRole('link', { name: 'Schedule' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers a visitor log in and register', async () => {
    await renderSettled(<Header />);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/registration');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('offers a logged-in viewer the account and log out, which the session machine carries out', async () => {
    await renderSettled(<Header />, { viewer: LOGGED_IN });
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(app!.actors.session.getSnapshot().matches('loggingOut')).toBe(true);
  });

  it('offers log out to a viewer; when the passes form does not allow it, a press says so in a toast', async () => {
    await renderSettled(
      <MainLayout>
        <p>Page</p>
      </MainLayout>,
      { viewer: { ...LOGGED_IN, passesForm: passesForm(false) } },
    );
    expect(screen.getByRole('link', { name: 'My account' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Log out' }).click());
    expect(within(screen.getByRole('alert')).getByText("user can't be logged out")).toBeTruthy();
    expect(app!.actors.session.getSnapshot().hasTag('loggedIn')).toBe(true);
  });

  it('says the refused logout in the viewer’s language', async () => {
    app = createTestApp({ viewer: { ...LOGGED_IN, passesForm: passesForm(false) } });
    await startupSettled(app.actors);
    await renderWithApp(
      <MainLayout>
        <p>Page</p>
      </MainLayout>,
      app.actors,
      { language: 'fr' },
    );
    act(() => app!.actors.session.send({ type: 'user.logout' }));
    expect(within(screen.getByRole('alert')).getByText("L'utilisateur ne peut pas être déconnecté")).toBeTruthy();
  });

  it("shows the channel's announcement, and its logo when it has one", async () => {
    await renderSettled(<Header />, {
      parts: {
        settings: {
          ...PARTS.settings!,
          channel: { id: 1, alias: 'summit', name: 'Summit Sports', logo: '/media/logo.png', country_code: 'US' },
          static_blocks: [{ id: '1', group: 'header', key: 'announcement', content: 'Hockey season starts this week!' }],
        },
      },
    });
    expect(screen.getByText('Hockey season starts this week!')).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Summit Sports' });
    expect(home.querySelector('img')?.getAttribute('src')).toBe('/media/logo.png');
    // The logo alone, named for the channel: no monogram, no second name beside it.
    expect(home.querySelector('[aria-hidden="true"]')).toBeNull();
    expect(home.textContent).toBe('');
  });
});

describe('Footer', () => {
  it('shows the about and copyright blocks (with the current year), the pages, the information links and the policy', async () => {
    await renderSettled(<Footer />, {
      staticBlocks: { 'footer:about': 'Summit streams college sports.', 'footer:copyright': '© {year} Summit Sports' },
      parts: {
        pages: {
          data: [
            { id: 1, name: 'About us', alias: 'about-us', url: '/about-us', alt_name: null },
            { id: 2, name: 'Our FAQ', alias: 'faq', url: '/faq', alt_name: null },
          ],
        },
      },
    });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Summit streams college sports.')).toBeTruthy();
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Summit Sports`)).toBeTruthy();
    expect(within(footer).getByText('All sales are final, with no refunds.')).toBeTruthy();

    const nav = within(footer).getByRole('navigation', { name: 'Channel pages' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['About us', '/about-us'],
      ['Our FAQ', '/faq'],
      ['Privacy policy', '/privacy_policy'],
      ['Terms and conditions', '/terms_conditions'],
      ['Contact us', '/contacts'],
    ]);
  });
});

describe('MainLayout', () => {
  it('gives the page its landmarks and a skip link that moves focus to the main content', async () => {
    await renderSettled(
      <MainLayout>
        <h1>Page</h1>
      </MainLayout>,
    );
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.id).toBe('main');
    expect(within(main).getByRole('heading', { name: 'Page' })).toBeTruthy();

    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip.getAttribute('href')).toBe('#main');
    expect(document.body.querySelector('a')).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(main);
  });

  it('hosts the toasts and popups', async () => {
    await renderSettled(
      <MainLayout>
        <p>Page</p>
      </MainLayout>,
    );
    act(() => {
      app!.actors.toasts.send({ type: 'toast.show', toast: { message: { text: 'Hello' } } });
      app!.actors.popups.send({ type: 'popup.open', popup: { kind: 'notice', data: { title: { text: 'Notice title' } } } });
    });
    expect(within(screen.getByRole('status')).getByText('Hello')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Notice title' })).toBeTruthy();
  });
});

describe('the global error banner in the layouts', () => {
  it('comes up at the top when the client reports a crash status, and goes when dismissed', async () => {
    await renderSettled(
      <MainLayout>
        <p>Page</p>
      </MainLayout>,
    );
    expect(screen.queryByTestId('global-error')).toBeNull();
    act(() =>
      app!.raiseGlobalError({
        kind: 'crash',
        status: 503,
        field: null,
        operation: 'Events',
        ...said('Service Unavailable'),
        body: null,
        upstream: null,
      }),
    );
    const banner = screen.getByTestId('global-error');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('global-error')).toBeNull();
  });
});

describe('PlainLayout', () => {
  it('shows the page alone, without header or footer', async () => {
    await renderSettled(
      <PlainLayout>
        <p>Embedded player</p>
      </PlainLayout>,
    );
    expect(within(screen.getByRole('main')).getByText('Embedded player')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Skip to content' })).toBeNull();
  });
});
