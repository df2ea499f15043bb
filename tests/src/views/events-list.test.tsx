// @vitest-environment jsdom
/**
 * The events list (`/upcoming`, `/live`, `/vod`, `/schedule`) against the real reference API behind real Mesh: the
 * status tabs, the filters written to and read from the URL, bad URL values, the calendar (start = day + 86400),
 * the pages, empty and error states, the ecommerce push and accessibility.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENTS_PAGE_SIZE } from '../../../src/components/catalogue/list-query';
import { EventsListView } from '../../../src/views/events-list/EventsListView';
import { createTestApp, renderWithApp, startupSettled, type TestApp } from '../app-actors-fixture';
import { SUMMIT } from '../../server/harness';
import { type CatalogueApi, axeViolations, startCatalogueApi, viewItemListPushes } from './catalogue-api';

interface RestList {
  data: Array<{ id: number; event_utc_ts: number }>;
  meta: { total: number };
}

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
  backend.api.faults.clear();
  app?.actors.stop();
  app = null;
});

/** The test's oracle: the same list asked of the REST API directly. */
async function restEvents(query: Record<string, string | number>): Promise<RestList> {
  const { body } = await backend.api.call<RestList>('GET', '/events', { key: apiKey, query: { limit: EVENTS_PAGE_SIZE, ...query } });
  return body;
}

const settled = () => waitFor(() => expect(screen.queryByText('Loading events…')).toBeNull(), { timeout: 10_000 });

async function renderList(path: string) {
  app = createTestApp({ api: backend.connection(), parts: backend.parts });
  await startupSettled(app.actors);
  const rendered = await renderWithApp(<EventsListView />, app.actors, { path });
  await settled();
  return rendered;
}

const shownIds = () => screen.queryAllByTestId('event-card').map((card) => Number(card.dataset['eventId']));
const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);
const choose = async (label: string, value: string) => {
  fireEvent.change(select(label), { target: { value } });
  await settled();
};
const currentTab = () => screen.getByRole('navigation', { name: 'Events to show' }).querySelector('[aria-current="page"]')?.textContent;

describe('EventsListView tabs', () => {
  it('/upcoming preselects upcoming events, soonest first, a page at a time', async () => {
    const all = await restEvents({ stream_status: 'upcoming', limit: 100 });
    expect(all.meta.total).toBeGreaterThan(EVENTS_PAGE_SIZE);
    const { history } = await renderList('/upcoming');
    expect(currentTab()).toBe('Upcoming');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Schedule');
    expect(shownIds()).toEqual(all.data.slice(0, EVENTS_PAGE_SIZE).map((e) => e.id));
    for (const badge of screen.getAllByTestId('event-status')) expect(badge.textContent).toBe('Upcoming');
    expect(screen.getByTestId('event-count').textContent).toBe(`Events found: ${all.meta.total}`);
    const pages = Math.ceil(all.meta.total / EVENTS_PAGE_SIZE);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText(`Page 1 of ${pages}`)).toBeTruthy();
    expect(within(pager).queryByRole('link', { name: 'Previous page' })).toBeNull();

    fireEvent.click(within(pager).getByRole('link', { name: 'Next page' }));
    expect(history.at(-1)).toBe(`/upcoming?offset=${EVENTS_PAGE_SIZE}`);
    await settled();
    await waitFor(() => expect(shownIds()).toEqual(all.data.slice(EVENTS_PAGE_SIZE, 2 * EVENTS_PAGE_SIZE).map((e) => e.id)));
    expect(screen.getByText(`Page 2 of ${pages}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/upcoming');
  });

  it('/live preselects live events, /vod finished ones latest first, /schedule all of them', async () => {
    await renderList('/live');
    expect(currentTab()).toBe('Live');
    expect(shownIds()).toEqual((await restEvents({ stream_status: 'live' })).data.map((e) => e.id));
    for (const badge of screen.getAllByTestId('event-status')) expect(badge.textContent).toBe('Live');
    cleanup();

    await renderList('/vod');
    expect(currentTab()).toBe('Replay');
    const vod = await restEvents({ stream_status: 'vod', sort_direction: 'desc' });
    expect(shownIds()).toEqual(vod.data.map((e) => e.id));
    cleanup();

    await renderList('/schedule');
    expect(currentTab()).toBe('All');
    expect(screen.getByTestId('event-count').textContent).toBe(`Events found: ${(await restEvents({})).meta.total}`);
  });

  it('keeps the filters when switching tabs, from the first page', async () => {
    await renderList('/upcoming?gender=female&offset=12');
    const live = screen.getByRole('link', { name: 'Live' });
    expect(live.getAttribute('href')).toBe('/live?gender=female');
  });
});

describe('EventsListView filters in the URL', () => {
  it('writes each filter to the URL (replacing the entry) and shows what the API answers for it', async () => {
    const { history } = await renderList('/upcoming');
    const entries = history.length;
    await choose('Gender', 'female');
    expect(history.at(-1)).toBe('/upcoming?gender=female');
    expect(history).toHaveLength(entries);
    expect(shownIds()).toEqual((await restEvents({ stream_status: 'upcoming', gender: 'female' })).data.map((e) => e.id));
    for (const card of screen.getAllByTestId('event-card')) expect(card.textContent).toMatch(/Women/);

    await choose('Sport', 'hockey');
    expect(history.at(-1)).toBe('/upcoming?gender=female&sport=hockey');
    const expected = (await restEvents({ stream_status: 'upcoming', gender: 'female', sport: 'hockey' })).data.map((e) => e.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(shownIds()).toEqual(expected);

    await choose('Gender', '');
    expect(history.at(-1)).toBe('/upcoming?sport=hockey');
  });

  it('reads every filter back from the URL on arrival (a reload shows the same list)', async () => {
    await renderList('/upcoming?gender=male&sport=hockey&school=northfield-university&city=Northfield&state=MN&division=D1');
    expect(select('Gender').value).toBe('male');
    expect(select('Sport').value).toBe('hockey');
    expect(select('School').value).toBe('northfield-university');
    expect(select('City').value).toBe('Northfield');
    expect(select('State').value).toBe('MN');
    await waitFor(() => expect(select('Division').value).toBe('D1'));
    const expected = await restEvents({
      stream_status: 'upcoming',
      gender: 'male',
      sport: 'hockey',
      school: 'northfield-university',
      city: 'Northfield',
      state: 'MN',
      division: 'D1',
    });
    expect(expected.data.length).toBeGreaterThan(0);
    expect(shownIds()).toEqual(expected.data.map((e) => e.id));
  });

  it('ignores values it cannot use and shows the default list', async () => {
    const plain = (await restEvents({ stream_status: 'upcoming' })).data.map((e) => e.id);
    await renderList(`/upcoming?gender=xyz&offset=-3&participant_id=abc&start_date=soon&location=0&city=${'x'.repeat(200)}`);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(select('Gender').value).toBe('');
    expect(shownIds()).toEqual(plain);
  });

  it('shows link-only parameters (participant, group) as removable filters', async () => {
    const lakers = backend.parts.participants!.data.find((p) => p?.alias === 'lakeshore-lakers-mens-basketball')!;
    const { history } = await renderList(`/upcoming?participant_id=${lakers.id}`);
    expect(shownIds()).toEqual((await restEvents({ stream_status: 'upcoming', participant_id: lakers.id })).data.map((e) => e.id));
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Team: Lakeshore State Lakers Basketball' }));
    expect(history.at(-1)).toBe('/upcoming');
    cleanup();

    // The home page's "all events of this school" link names the group by alias or name.
    await renderList('/schedule?group=Northfield%20University');
    expect(screen.getByText('School: Northfield')).toBeTruthy();
    expect(shownIds()).toEqual((await restEvents({ school: 'northfield-university' })).data.map((e) => e.id));
  });

  it('says when nothing matches, and clears every filter', async () => {
    const { history } = await renderList('/upcoming?city=Atlantis');
    expect(screen.getByText('No events match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(history.at(-1)).toBe('/upcoming');
    await settled();
    await waitFor(() => expect(shownIds().length).toBeGreaterThan(0));
  });
});

describe('EventsListView calendar', () => {
  it('starts the list at the chosen day plus 86400 s, in the URL, and resets', async () => {
    const all = await restEvents({ limit: 100 });
    // A day with events after it: the day of the tenth event.
    const day = new Date(all.data[10]!.event_utc_ts * 1000).toISOString().slice(0, 10);
    const dayStart = Date.parse(`${day}T00:00:00Z`) / 1000;
    const { history } = await renderList('/schedule');

    fireEvent.change(screen.getByLabelText('Events after'), { target: { value: day } });
    expect(history.at(-1)).toBe(`/schedule?start_date=${dayStart + 86_400}`);
    await settled();
    const expected = (await restEvents({ start_date: dayStart + 86_400 })).data.map((e) => e.id);
    await waitFor(() => expect(shownIds()).toEqual(expected));
    expect(screen.getByLabelText<HTMLInputElement>('Events after').value).toBe(day);

    fireEvent.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(history.at(-1)).toBe('/schedule');
    await settled();
    await waitFor(() => expect(shownIds()).toEqual(all.data.slice(0, EVENTS_PAGE_SIZE).map((e) => e.id)));
  });

  it('restores the chosen day from the URL', async () => {
    await renderList('/upcoming?start_date=1767312000');
    // 1767312000 is 2026-01-02T00:00:00Z: the day chosen was 2026-01-01.
    expect(screen.getByLabelText<HTMLInputElement>('Events after').value).toBe('2026-01-01');
  });
});

describe('EventsListView states, analytics and accessibility', () => {
  it('shows an error with a retry that reads again', async () => {
    backend.api.faults.add({ operationId: 'listEvents', status: 400, times: 1 });
    await renderList('/upcoming');
    expect(screen.getByRole('alert').textContent).toBe('The events could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settled();
    await waitFor(() => expect(shownIds().length).toBe(EVENTS_PAGE_SIZE));
  });

  it('pushes view_item_list once per list shown, again for another page', async () => {
    await renderList('/upcoming');
    await waitFor(() => expect(viewItemListPushes()).toHaveLength(1));
    const [push] = viewItemListPushes();
    expect(push!.item_list_id).toBe('events_upcoming');
    expect(push!.items.map((i) => Number(i['item_id']))).toEqual(shownIds());
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(viewItemListPushes()).toHaveLength(1);
    fireEvent.click(screen.getByRole('link', { name: 'Next page' }));
    await settled();
    await waitFor(() => expect(viewItemListPushes()).toHaveLength(2));
  });

  it('switches to the list layout and has no axe violations in either', async () => {
    const { container } = await renderList('/upcoming?gender=female');
    expect(await axeViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByTestId('event-collection').dataset['layout']).toBe('list');
    expect(await axeViolations(container)).toEqual([]);
  });
});
