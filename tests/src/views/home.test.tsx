// @vitest-environment jsdom
/**
 * Home (`/`) against the real reference API behind real Mesh: slides and where they lead, the event rails with
 * their cards, the VOD rails, the group filter, favourites first for a logged-in viewer, the grid or list choice,
 * the ecommerce pushes and accessibility.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORED_LAYOUT } from '../../../src/app/facades/catalogue';
import { formatEventDate } from '../../../src/format/event';
import type { Language } from '../../../machines/language/languages';
import { HomeView } from '../../../src/views/home/HomeView';
import { LOGGED_IN, createTestApp, renderWithApp, startupSettled, type TestApp } from '../app-actors-fixture';
import { SUMMIT } from '../../server/harness';
import { type CatalogueApi, axeViolations, startCatalogueApi, viewItemListPushes } from './catalogue-api';

/** An event as the REST API answers it: the test's own oracle, read beside the view. */
interface RestEvent {
  id: number;
  event_utc_ts: number;
  time_zone: string;
  type: string;
  event_category_id: number | null;
  participants: Array<{ id: number; alias: string; group_id: number | null }>;
}
type HomeRails = Record<'live' | 'upcoming' | 'vod', RestEvent[]>;

let backend: CatalogueApi;
let apiKey: string;
let app: TestApp | null = null;

beforeAll(async () => {
  backend = await startCatalogueApi();
  apiKey = await backend.api.apiKey(SUMMIT.channelKey);
});
afterAll(async () => {
  await backend.api.close();
});
beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
});

async function homeRails(query: Record<string, string> = {}): Promise<HomeRails> {
  const { body } = await backend.api.call<HomeRails>('GET', '/events-for-homepage', { key: apiKey, query });
  return body;
}

async function renderHome(options: { path?: string; token?: string; language?: Language; keepApp?: TestApp } = {}) {
  app =
    options.keepApp ??
    createTestApp({ api: backend.connection(options.token), parts: backend.parts, ...(options.token ? { viewer: LOGGED_IN } : {}) });
  await startupSettled(app.actors);
  const rendered = await renderWithApp(<HomeView />, app.actors, { path: options.path ?? '/', language: options.language ?? 'en' });
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 10_000 });
  return rendered;
}

const rail = (title: string) => screen.getByRole('region', { name: title });
const cardIds = (region: HTMLElement) => within(region).queryAllByTestId('event-card').map((card) => Number(card.dataset['eventId']));
const card = (id: number) => document.querySelector<HTMLElement>(`[data-event-id="${id}"]`)!;

describe('HomeView for a visitor', () => {
  it('shows the first slide as the hero: its title once, as a heading under the page’s, and a call to watch what it points at', async () => {
    await renderHome();
    const hero = screen.getByTestId('hero');
    expect(hero.dataset['slidableType']).toBe('main');
    // One h1 on the page, the channel's; the slide's title is the hero's h2 and the name of its region.
    const h1 = screen.getAllByRole('heading', { level: 1 });
    expect(h1).toHaveLength(1);
    expect(h1[0]!.textContent).not.toBe('Hockey Night in Northfield');
    expect(within(hero).getByRole('heading', { level: 2 }).textContent).toBe('Hockey Night in Northfield');
    expect(screen.getByRole('region', { name: 'Hockey Night in Northfield' })).toBe(hero);
    expect(within(hero).getByText('The Huskies and Miners drop the puck live this weekend')).toBeTruthy();
    // Said once on the whole page: not again in the rail, nor as the picture's text.
    expect(screen.getAllByText('Hockey Night in Northfield')).toHaveLength(1);
    expect(within(hero).getByRole('link', { name: 'Watch now' }).getAttribute('href')).toBe('/upcoming');
    // Not a game being played: no "Live".
    expect(within(hero).queryByText('Live')).toBeNull();
    // The first paint's largest picture: sized before it arrives, fetched first, not lazily.
    const image = hero.querySelector('img')!;
    expect(image.getAttribute('alt')).toBe('');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1280', '480']);
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('loading')).toBe('eager');
  });

  it('shows the other slides in the Featured rail, linked to what each points at', async () => {
    await renderHome();
    const slides = within(rail('Featured')).getAllByTestId('slide');
    expect(slides).toHaveLength(4);
    expect(slides.map((s) => within(s).getByRole('heading').textContent)).not.toContain('Hockey Night in Northfield');
    const hrefOf = (type: string, index = 0) =>
      slides.filter((s) => s.dataset['slidableType'] === type)[index]!.querySelector('a')!.getAttribute('href');
    const hockey = backend.parts.categories!.data.find((c) => c?.alias === 'hockey')!;
    const lakers = backend.parts.participants!.data.find((p) => p?.alias === 'lakeshore-lakers-mens-basketball')!;
    expect(hrefOf('main')).toBe('/packages');
    expect(hrefOf('category')).toBe(`/upcoming?event_category_id=${hockey.id}`);
    expect(hrefOf('participant')).toBe(`/upcoming?participant_id=${lakers.id}`);
    expect(hrefOf('group')).toBe('/?group=northfield-university');
    for (const slide of slides) {
      expect(slide.querySelector('img')!.getAttribute('alt')).toBe('');
      expect(slide.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    }
  });

  it('marks the hero "Live" when it leads to a game being played now, and follows it to the game', async () => {
    const rails = await homeRails();
    const live = rails.live[0]!;
    const { body } = await backend.api.call<{ data: Array<{ id: number; link: string | null; position: number }> }>('GET', '/slides/web', { key: apiKey });
    const first = [...body.data].sort((a, b) => a.position - b.position)[0]!;
    const setLink = backend.api.db.prepare<[string | null, number]>('UPDATE slides SET link = ? WHERE id = ?');
    setLink.run(`/watch/${live.id}`, first.id);
    try {
      const { history } = await renderHome();
      const hero = screen.getByTestId('hero');
      expect(within(hero).getByText('Live')).toBeTruthy();
      fireEvent.click(within(hero).getByRole('link', { name: 'Watch now' }));
      expect(history.at(-1)).toBe(`/watch/${live.id}`);
    } finally {
      setLink.run(first.link, first.id);
    }
  });
  it('shows live, upcoming and finished events in the API order, with SPEC titles, dates, badges and prices', async () => {
    const rails = await homeRails();
    await renderHome();
    expect(cardIds(rail('Live now'))).toEqual(rails.live.map((e) => e.id));
    expect(cardIds(rail('Coming up'))).toEqual(rails.upcoming.map((e) => e.id));
    expect(cardIds(rail('Replays'))).toEqual(rails.vod.map((e) => e.id));

    // The next game: Iron Range's men's hockey at Northfield, paid ($9.99), seen by a visitor.
    const next = rails.upcoming[0]!;
    const nextCard = card(next.id);
    expect(within(nextCard).getByRole('heading', { level: 3 }).textContent).toBe('Miners @ Huskies');
    expect(within(nextCard).getByRole('link', { name: 'Miners @ Huskies' }).getAttribute('href')).toBe(`/watch/${next.id}`);
    expect(within(nextCard).getByTestId('event-date').textContent).toBe(formatEventDate(next.event_utc_ts, next.time_zone, 'en'));
    expect(within(nextCard).getByTestId('event-date').textContent).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2}$/);
    expect(within(nextCard).getByTestId('event-status').textContent).toBe('Upcoming');
    expect(within(nextCard).getByTestId('event-price').textContent).toBe('$9.99');
    expect(within(nextCard).getByText("Men's Hockey · Men")).toBeTruthy();
    expect(within(nextCard).getByRole('link', { name: 'LOGIN TO WATCH' }).getAttribute('href')).toBe('/login');
    expect(within(nextCard).getByRole('link', { name: 'REGISTER TO WATCH' }).getAttribute('href')).toBe('/registration');
    // "University" is dropped from the logos' names.
    expect(within(nextCard).getAllByRole('img').map((img) => img.getAttribute('alt'))).toContain('Northfield Huskies');

    // A free game: no price, no prompt; women's soccer reads Women.
    const free = rails.upcoming.find((e) => e.type === 'free')!;
    expect(within(card(free.id)).queryByTestId('event-price')).toBeNull();
    expect(within(card(free.id)).queryByRole('link', { name: 'LOGIN TO WATCH' })).toBeNull();
    expect(within(card(free.id)).getByText(/Women$/)).toBeTruthy();

    for (const id of cardIds(rail('Live now'))) expect(within(card(id)).getByTestId('event-status').textContent).toBe('Live');
    for (const id of cardIds(rail('Replays'))) expect(within(card(id)).getByTestId('event-status').textContent).toBe('Replay');
  });

  it('shows the VOD library rails, each item linked to its page', async () => {
    await renderHome();
    const highlights = within(rail('Latest Highlights')).getAllByTestId('vod-card');
    expect(highlights).toHaveLength(5);
    expect(within(highlights[0]!).getByRole('link').getAttribute('href')).toMatch(/^\/vod_library\/\d+$/);
    expect(within(highlights[0]!).getByRole('link').textContent).toBe('Huskies @ Miners Hockey Recap');
  });

  it('pushes one view_item_list per event rail, and not again on a re-render', async () => {
    const rails = await homeRails();
    await renderHome();
    await waitFor(() => expect(viewItemListPushes()).toHaveLength(3));
    const pushes = viewItemListPushes();
    expect(pushes.map((p) => p.item_list_id)).toEqual(['home_live', 'home_upcoming', 'home_vod']);
    const upcoming = pushes[1]!;
    expect(upcoming.items.map((i) => i['item_id'])).toEqual(rails.upcoming.map((e) => String(e.id)));
    expect(upcoming.items[0]).toEqual({ item_id: String(rails.upcoming[0]!.id), item_name: 'Miners @ Huskies', price: 9.99, currency: 'USD', item_category: "Men's Hockey" });
    // Switching the layout re-renders the same lists: nothing more is pushed.
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    fireEvent.click(screen.getByRole('button', { name: 'Grid' }));
    expect(viewItemListPushes()).toHaveLength(3);
  });

  it('switches between rails and lists, and remembers the choice', async () => {
    await renderHome();
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryAllByTestId('event-collection')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByTestId('event-collection').map((list) => list.dataset['layout'])).toEqual(['list', 'list', 'list']);
    expect(app!.actors.storage.get(STORED_LAYOUT)).toBe('list');

    // Another visit with the same storage starts in the list layout.
    const kept = app!;
    cleanup();
    await renderHome({ keepApp: kept });
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByTestId('event-collection')).toHaveLength(3);
  });

  it('has no axe violations, in either layout', async () => {
    const { container } = await renderHome();
    expect(await axeViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(await axeViolations(container)).toEqual([]);
  });

  it('speaks French: rail titles, badges and the date on the event clock', async () => {
    const rails = await homeRails();
    await renderHome({ language: 'fr' });
    const next = rails.upcoming[0]!;
    expect(rail('Prochainement')).toBeTruthy();
    expect(within(card(next.id)).getByTestId('event-status').textContent).toBe('À venir');
    expect(within(card(next.id)).getByTestId('event-date').textContent).toBe(formatEventDate(next.event_utc_ts, next.time_zone, 'fr'));
    // French puts the symbol after the amount, behind a no-break space; USD still shows $ (SPEC §2).
    expect(within(card(next.id)).getByTestId('event-price').textContent).toMatch(/^9,99\s\$$/u);
    expect(within(card(next.id)).getByRole('link', { name: 'CONNECTEZ-VOUS POUR REGARDER' })).toBeTruthy();
    expect(within(screen.getByTestId('hero')).getByRole('link', { name: 'Regarder' }).getAttribute('href')).toBe('/upcoming');
  });
});

describe('HomeView filtered by a group', () => {
  const northfield = () => backend.parts.groups!.data.find((g) => g?.alias === 'northfield-university')!;

  it('shows only the group’s events under its name, with a way back to every school', async () => {
    const rails = await homeRails({ group: 'northfield-university' });
    await renderHome({ path: '/?group=northfield-university' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Northfield');
    expect(screen.getByRole('link', { name: 'Show all schools' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'All Northfield events' }).getAttribute('href')).toBe(
      '/schedule?group=northfield-university',
    );
    // No slides on a school's page: neither the hero nor the Featured rail.
    expect(screen.queryByTestId('hero')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull();
    const shown = cardIds(rail('Coming up'));
    expect(shown).toEqual(rails.upcoming.map((e) => e.id));
    for (const event of rails.upcoming) expect(event.participants.some((p) => p.group_id === northfield().id)).toBe(true);
    // Fewer than the whole channel's.
    expect(shown.length).toBeLessThan((await homeRails()).upcoming.length);
  });

  it('takes the group’s name too, in any case', async () => {
    const rails = await homeRails({ group: 'northfield-university' });
    await renderHome({ path: '/?group=northfield%20UNIVERSITY' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Northfield');
    expect(cardIds(rail('Coming up'))).toEqual(rails.upcoming.map((e) => e.id));
  });

  it('says so when no group has that alias or name', async () => {
    await renderHome({ path: '/?group=nowhere-college' });
    expect(screen.getByRole('alert').textContent).toBe('There is no school called “nowhere-college”.');
    expect(screen.getByRole('link', { name: 'Show all schools' })).toBeTruthy();
  });

  it('follows a group slide to the group’s home', async () => {
    const { history } = await renderHome();
    const slide = within(rail('Featured'))
      .getAllByTestId('slide')
      .find((s) => s.dataset['slidableType'] === 'group')!;
    fireEvent.click(within(slide).getByRole('link'));
    expect(history.at(-1)).toBe('/?group=northfield-university');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Northfield'), { timeout: 10_000 });
  });
});

describe('HomeView for a logged-in viewer', () => {
  it('puts the events of their favourite team and school first in each rail, and shows no prompts', async () => {
    const token = await backend.api.login('fan@summit.test', apiKey);
    const { body: favourites } = await backend.api.call<{ data: Array<{ favoritable_id: number; favoritable_type: string }> }>('GET', '/favorites', {
      key: apiKey,
      token,
    });
    const teams = new Set(favourites.data.filter((f) => f.favoritable_type === 'participant').map((f) => f.favoritable_id));
    const schools = new Set(favourites.data.filter((f) => f.favoritable_type === 'group').map((f) => f.favoritable_id));
    expect(teams.size + schools.size).toBeGreaterThan(0);
    const followed = (event: RestEvent) => event.participants.some((p) => teams.has(p.id) || (p.group_id !== null && schools.has(p.group_id)));
    const rails = await homeRails();

    await renderHome({ token });
    let reordered = false;
    for (const [title, key] of [['Live now', 'live'], ['Coming up', 'upcoming'], ['Replays', 'vod']] as const) {
      const apiOrder = rails[key];
      const expected = [...apiOrder.filter(followed), ...apiOrder.filter((e) => !followed(e))].map((e) => e.id);
      // The favourites actor reads them once the session has logged the viewer in: the rails reorder then.
      await waitFor(() => expect(cardIds(rail(title)), title).toEqual(expected));
      reordered ||= expected.join() !== apiOrder.map((e) => e.id).join();
    }
    expect(reordered, 'the seed has favourites that change the order').toBe(true);
    expect(screen.queryByRole('link', { name: 'LOGIN TO WATCH' })).toBeNull();
  });

  it('shows a "Your teams" rail of their favourites’ live and next games (events/favorite), and none to a visitor', async () => {
    const token = await backend.api.login('fan@summit.test', apiKey);
    const ask = async (status: 'live' | 'upcoming') =>
      (
        await backend.api.call<{ data: RestEvent[] }>('GET', '/events/favorite', {
          key: apiKey,
          token,
          query: { stream_status: status, limit: 12, sort_field: 'event_utc_ts', sort_direction: 'asc' },
        })
      ).body.data;
    const expected = [...(await ask('live')), ...(await ask('upcoming'))].slice(0, 12).map((e) => e.id);
    expect(expected.length).toBeGreaterThan(0);

    await renderHome({ token });
    await waitFor(() => expect(cardIds(rail('Your teams'))).toEqual(expected));
    cleanup();
    app?.actors.stop();
    await renderHome();
    await screen.findByRole('region', { name: 'Live now' });
    expect(screen.queryByRole('region', { name: 'Your teams' })).toBeNull();
  });
});
