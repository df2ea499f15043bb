// @vitest-environment jsdom
/** The loader, the language switcher, the 404 page and a channel page while its content loads. */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { languageStore } from '../../../src/adapters/stores';
import type { ChannelPage } from '../../../src/app/facades/channel';
import { LanguageSwitcher } from '../../../src/components/LanguageSwitcher';
import { Loader } from '../../../src/components/Loader';
import { ChannelPageView } from '../../../src/views/channel-page/ChannelPageView';
import { NotFoundView } from '../../../src/views/not-found/NotFoundView';
import { createTestApp, renderWithApp, type TestApp } from '../app-actors-fixture';

let app: TestApp | null = null;

afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
});

describe('Loader', () => {
  it('says the channel is loading in a status region', async () => {
    app = createTestApp();
    await renderWithApp(<Loader />, app.actors);
    expect(screen.getByRole('status').textContent).toBe('Loading the channel…');
  });
});

describe('NotFoundView', () => {
  it('shows the SPEC §2 message and a link home', async () => {
    app = createTestApp();
    const { history } = await renderWithApp(<NotFoundView />, app.actors, { path: '/404' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hmm... Looks like we lose this page.');
    const home = screen.getByRole('link', { name: 'Back to home' });
    expect(home.getAttribute('href')).toBe('/');
    fireEvent.click(home);
    expect(history.at(-1)).toBe('/');
  });
});

describe('LanguageSwitcher', () => {
  it('lists every language by its own name, in its own language', async () => {
    app = createTestApp();
    await renderWithApp(<LanguageSwitcher />, app.actors);
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(select).toBe(screen.getByTestId('language-switcher'));
    expect(select.value).toBe('en');
    const options = [...select.options].map((option) => [option.value, option.textContent, option.lang]);
    expect(options).toEqual([
      ['en', 'English', 'en'],
      ['fr', 'Français', 'fr'],
      ['es', 'Español', 'es'],
      ['de', 'Deutsch', 'de'],
      ['it', 'Italiano', 'it'],
      ['pt', 'Português', 'pt'],
    ]);
  });

  it('switches to French at once and remembers the choice', async () => {
    app = createTestApp();
    await renderWithApp(
      <>
        <LanguageSwitcher />
        <NotFoundView />
      </>,
      app.actors,
    );
    fireEvent.change(screen.getByTestId('language-switcher'), { target: { value: 'fr' } });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hum... On dirait que cette page est introuvable.'),
    );
    expect(screen.getByRole('combobox', { name: 'Langue' })).toBeTruthy();
    expect(languageStore(app.actors.storage).read()).toBe('fr');
  });

  it('loads Spanish as its own chunk, disabled meanwhile', async () => {
    app = createTestApp();
    const { i18n } = await renderWithApp(
      <>
        <LanguageSwitcher />
        <NotFoundView />
      </>,
      app.actors,
    );
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(false);
    const select = screen.getByTestId('language-switcher') as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'es' } });
    expect(select.disabled).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mmm... Parece que hemos perdido esta página.'),
    );
    expect(select.disabled).toBe(false);
    expect(select.value).toBe('es');
    expect(i18n.hasResourceBundle('es', 'translation')).toBe(true);
    expect(languageStore(app.actors.storage).read()).toBe('es');
  });
});

describe('ChannelPageView', () => {
  it('titles the page with its name and says its content is loading', async () => {
    app = createTestApp();
    const page: ChannelPage = { id: 1, name: 'About us', alias: 'about-us', url: '/about-us', alt_name: null };
    await renderWithApp(<ChannelPageView page={page} />, app.actors, { path: page.url });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About us');
    expect(screen.getByRole('status').textContent).toBe('Loading the page…');
  });
});
