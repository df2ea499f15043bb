// @vitest-environment jsdom
/**
 * The VOD library and item views against the real reference API behind real Mesh (seeded from
 * server/seed/summit.ts): rails, categories, the category filter and the search in the address, SPEC §5's search
 * defaults, paging, the item page with "More in {category}", not-found and retry after a failure.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { formatVodDate, formatVodDuration } from '../../../src/components/vod/vod-format';
import { VodItemView, VodLibraryView } from '../../../src/views/vod/VodViews';
import { startTestApi, SUMMIT, type TestApi } from '../../server/harness';
import { summit } from '../../../server/seed/summit';
import { createTestApp, renderWithApp, startupSettled, type TestApp } from '../app-actors-fixture';

interface VodRow {
  id: number;
  title: string;
  description: string;
  date: number;
  duration: number;
  category_id: number | null;
}

let api: TestApi;
let app: TestApp | null = null;
/** The GraphQL requests the client sent (watched on the way out, passed on unchanged). */
let sent: Array<{ operationName: string; variables: Record<string, unknown> }> = [];

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
});

afterAll(async () => {
  await api.close();
});

afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
  api.faults.clear();
  api.requestLog.clear();
  vi.restoreAllMocks();
  sent = [];
});

function channelId(): number {
  return api.db.prepare<[string], { id: number }>('SELECT id FROM channels WHERE channel_key = ?').get(SUMMIT.channelKey)!.id;
}

/** The seeded item by its title (server/seed/summit.ts vodMedia). */
function media(title: string): VodRow {
  return api.db
    .prepare<[number, string], VodRow>('SELECT id, title, description, date, duration, category_id FROM vod_media WHERE channel_id = ? AND title = ?')
    .get(channelId(), title)!;
}

/** The picture the seed gave a VOD item. */
function imageOf(id: number): string | undefined {
  const row = api.db.prepare<[number], { assets: string }>('SELECT assets FROM vod_media WHERE id = ?').get(id);
  return (JSON.parse(row?.assets ?? '[]') as Array<{ type: string; path: string }>).find((asset) => asset.type === 'image')?.path;
}

function categoryId(alias: string): number {
  return api.db.prepare<[number, string], { id: number }>('SELECT id FROM vod_categories WHERE channel_id = ? AND alias = ?').get(channelId(), alias)!.id;
}

/** What a title search finds, in the order SPEC's default sort (date, newest first) gives. */
function searchOrder(words: string): string[] {
  return api.db
    .prepare<[number, string], { title: string }>('SELECT title FROM vod_media WHERE channel_id = ? AND title LIKE ? ORDER BY date DESC, id DESC')
    .all(channelId(), `%${words}%`)
    .map((row) => row.title);
}

const seedTitle = (key: string) => summit.vodMedia.find((m) => m.key === key)!.title;

function watchRequests(): void {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (typeof init?.body === 'string' && init.body.includes('"operationName"')) {
      // The app's documents go by hash, with their name (mesh/client/transport.ts).
      const body = JSON.parse(init.body) as { operationName: string; variables?: Record<string, unknown> };
      sent.push({ operationName: body.operationName, variables: body.variables ?? {} });
    }
    return realFetch(input, init);
  });
}

async function renderAt(path: string, language: 'en' | 'fr' = 'en') {
  app = createTestApp({ api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey } });
  await startupSettled(app.actors);
  return renderWithApp(
    <Switch>
      <Route path="/vod_library" component={VodLibraryView} />
      <Route path="/vod_library/:vod_id" component={VodItemView} />
    </Switch>,
    app.actors,
    { path, language },
  );
}

/** The card titles of a list, in order (each card's title is its h3 link). */
function cardTitles(container: HTMLElement): string[] {
  return within(container)
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent ?? '');
}

/** A rail, or a list of results: a region named by its heading. */
const regionOf = (name: string) => screen.getByRole('region', { name });

describe('the library (/vod_library)', () => {
  it('shows the seeded rails, in order and with their cards, and the categories', async () => {
    await renderAt('/vod_library');
    await screen.findByRole('heading', { level: 2, name: 'Hockey Zone' });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Video library');
    const railNames = summit.vodRails.map((r) => r.title);
    for (const rail of summit.vodRails) {
      expect(cardTitles(regionOf(rail.title))).toEqual(rail.items.map(seedTitle));
    }
    expect(
      screen
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent)
        .filter((name) => railNames.includes(name ?? '')),
    ).toEqual(railNames);

    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['All categories', 'Highlights', 'Hockey Highlights', 'Features & Interviews']);
    expect(within(nav).getByRole('link', { name: 'All categories' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows each card with its picture (alt = title), date, duration and a link to its page', async () => {
    await renderAt('/vod_library');
    const rail = await screen.findByRole('region', { name: 'Hockey Zone' });
    const item = media(seedTitle('v1'));
    const card = within(rail).getByRole('heading', { level: 3, name: item.title }).closest('article')!;

    expect(within(card).getByRole('link', { name: item.title }).getAttribute('href')).toBe(`/vod_library/${item.id}`);
    // The item's poster: a frame of the pattern it plays (server/media/make-demo-media.sh).
    expect(within(card).getByRole('img', { name: item.title }).getAttribute('src')).toBe(imageOf(item.id));
    expect(card.textContent).toContain(formatVodDate(item.date, 'en'));
    expect(formatVodDate(item.date, 'en')).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    // 540 s reads 09:00 (mm:ss).
    expect(within(card).getByText('09:00').getAttribute('datetime')).toBe('PT0H9M0S');
  });

  it('shows the dates in the viewer’s language', async () => {
    await renderAt('/vod_library', 'fr');
    const rail = await screen.findByRole('region', { name: 'Hockey Zone' });
    const item = media(seedTitle('v3'));
    const card = within(rail).getByRole('heading', { level: 3, name: item.title }).closest('article')!;
    expect(card.textContent).toContain(formatVodDate(item.date, 'fr'));
    expect(formatVodDate(item.date, 'fr')).not.toBe(formatVodDate(item.date, 'en'));
    expect(screen.getByRole('navigation', { name: 'Catégories' })).toBeTruthy();
  });

  it('lists a chosen category’s items and keeps the choice in the address (?category_id=)', async () => {
    const { history } = await renderAt('/vod_library');
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    const hockey = categoryId('hockey-highlights');

    fireEvent.click(within(nav).getByRole('link', { name: 'Hockey Highlights' }));
    expect(history.at(-1)).toBe(`/vod_library?category_id=${hockey}`);

    const results = regionOf('Hockey Highlights');
    await waitFor(() => expect(cardTitles(results)).toHaveLength(5));
    const expected = ['v1', 'v3', 'v6', 'v9', 'v12'].map((key) => media(seedTitle(key)));
    // Newest first, as the API lists a category.
    expect(cardTitles(results)).toEqual(
      [...expected].sort((a, b) => b.date - a.date || b.id - a.id).map((m) => m.title),
    );
    expect(screen.queryByRole('region', { name: 'Hockey Zone' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Hockey Highlights' }).getAttribute('aria-current')).toBe('page');
    expect(api.requestLog.entries.filter((e) => e.operationId === 'listVodMedia').map((e) => e.queryKeys.sort())).toContainEqual(
      expect.arrayContaining(['category_id', 'limit', 'offset']),
    );

    fireEvent.click(within(nav).getByRole('link', { name: 'All categories' }));
    expect(history.at(-1)).toBe('/vod_library');
    await screen.findByRole('region', { name: 'Hockey Zone' });
  });

  it('reads the category from the address', async () => {
    await renderAt(`/vod_library?category_id=${categoryId('features')}`);
    const results = await screen.findByRole('region', { name: 'Features & Interviews' });
    // The rail of the same name also holds v2, which is filed under Highlights: the category has three.
    await waitFor(() => expect(cardTitles(results)).toHaveLength(3));
    expect(new Set(cardTitles(results))).toEqual(new Set(['v4', 'v8', 'v10'].map(seedTitle)));
  });

  it.each([
    ['category_id=abc&offset=-5'],
    ['category_id=0'],
    ['category_id=999999'],
    ['offset=abc'],
    ['title=%20%20'],
  ])('falls back to the rails for a meaningless address (?%s)', async (search) => {
    await renderAt(`/vod_library?${search}`);
    await screen.findByRole('region', { name: 'Hockey Zone' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('searches on submit with SPEC §5 defaults (limit 10, offset 0, sort_field date) and pages with ?offset=', async () => {
    watchRequests();
    const { history } = await renderAt('/vod_library');
    await screen.findByRole('region', { name: 'Hockey Zone' });
    const expected = searchOrder('e');
    expect(expected.length).toBeGreaterThan(10);
    api.requestLog.clear();

    const box = screen.getByRole('searchbox', { name: 'Search videos' });
    fireEvent.change(box, { target: { value: ' e ' } });
    // Typing alone sends nothing: the search runs on submit.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestLog.entries.filter((e) => e.operationId === 'searchVodMedia')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(history.at(-1)).toBe('/vod_library?title=e');
    const results = regionOf('Results for “e”');
    await waitFor(() => expect(cardTitles(results)).toHaveLength(10));
    expect(cardTitles(results)).toEqual(expected.slice(0, 10));
    expect(within(results).getByText(`Showing 1–10 of ${expected.length}`)).toBeTruthy();

    const searches = api.requestLog.entries.filter((e) => e.operationId === 'searchVodMedia');
    expect(searches).toHaveLength(1);
    expect(searches[0]!.queryKeys).toEqual(expect.arrayContaining(['limit', 'offset', 'sort_field', 'title']));
    const variables = sent.filter((s) => s.operationName === 'VodSearch').map((s) => s.variables);
    expect(variables).toEqual([{ title: 'e', limit: 10, offset: 0, sortField: 'date' }]);

    fireEvent.click(within(results).getByRole('link', { name: 'Next page' }));
    expect(history.at(-1)).toBe('/vod_library?title=e&offset=10');
    await waitFor(() => expect(cardTitles(regionOf('Results for “e”'))).toEqual(expected.slice(10)));
    expect(sent.filter((s) => s.operationName === 'VodSearch').at(-1)!.variables).toEqual({ title: 'e', limit: 10, offset: 10, sortField: 'date' });
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/vod_library?title=e');
    expect((screen.getByRole('searchbox', { name: 'Search videos' }) as HTMLInputElement).value).toBe('e');

    fireEvent.click(screen.getByRole('link', { name: 'Clear search' }));
    expect(history.at(-1)).toBe('/vod_library');
    await screen.findByRole('region', { name: 'Hockey Zone' });
    expect((screen.getByRole('searchbox', { name: 'Search videos' }) as HTMLInputElement).value).toBe('');
  });

  it('says when a search finds nothing, and when a page is past the end', async () => {
    await renderAt('/vod_library?title=curling');
    expect(await screen.findByText('No videos match “curling”. Try other words or clear the search.')).toBeTruthy();

    cleanup();
    app?.actors.stop();
    await renderAt('/vod_library?title=e&offset=500');
    expect(await screen.findByText('There is nothing more to show on this page.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the first page' }).getAttribute('href')).toBe('/vod_library?title=e');
  });

  it('shows a failure with a retry button, and the retry loads', async () => {
    // The client retries a 5xx once by itself: two failures make the read fail.
    api.faults.add({ operationId: 'listVodRails', status: 500, times: 2 });
    await renderAt('/vod_library');
    expect((await screen.findByRole('alert')).textContent).toBe('The videos could not be loaded.');
    expect(screen.queryByRole('region', { name: 'Hockey Zone' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Hockey Zone' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a VOD item (/vod_library/:vod_id)', () => {
  it('shows the item: title as the heading, date, duration, description and the player’s place', async () => {
    const item = media(seedTitle('v1'));
    await renderAt(`/vod_library/${item.id}`);
    expect((await screen.findByRole('heading', { level: 1, name: item.title })).textContent).toBe(item.title);
    const article = screen.getByRole('heading', { level: 1 }).closest('article')!;
    expect(article.textContent).toContain(formatVodDate(item.date, 'en'));
    expect(article.textContent).toContain(formatVodDuration(item.duration));
    expect(formatVodDuration(item.duration)).toBe('09:00');
    expect(screen.getByText(item.description)).toBeTruthy();
    // The player (src/components/player) plays the item; a visitor is asked to log in (the API refuses playback).
    expect(await within(article).findByTestId('player')).toBeTruthy();
    await waitFor(() => expect(within(article).getByTestId('player').getAttribute('data-status')).toBe('denied'));
  });

  it('shows "More in {category}": the category’s other items, without this one', async () => {
    const item = media(seedTitle('v1'));
    await renderAt(`/vod_library/${item.id}`);
    const more = await screen.findByRole('region', { name: 'More in Hockey Highlights' });
    const others = ['v3', 'v6', 'v9', 'v12'].map(seedTitle);
    expect(new Set(cardTitles(more))).toEqual(new Set(others));
    expect(cardTitles(more)).not.toContain(item.title);
  });

  it('says an unknown id is not found, with a link back to the library', async () => {
    const { history } = await renderAt('/vod_library/999999');
    // While the item loads, the page is headed "Video"; the API's 404 turns it into the not-found page.
    await screen.findByRole('heading', { level: 1, name: 'We couldn’t find this video.' });
    expect(screen.getByText('It may have been removed, or the link may be mistyped.')).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to the video library' });
    expect(back.getAttribute('href')).toBe('/vod_library');
    fireEvent.click(back);
    expect(history.at(-1)).toBe('/vod_library');
  });

  it('retries the item after a failure', async () => {
    const item = media(seedTitle('v4'));
    api.faults.add({ operationId: 'getVodMedia', status: 503, times: 2 });
    await renderAt(`/vod_library/${item.id}`);
    expect((await screen.findByRole('alert')).textContent).toBe('The video could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('heading', { level: 1, name: item.title })).textContent).toBe(item.title);
  });
});
