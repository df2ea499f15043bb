// @vitest-environment jsdom
/**
 * The catalogue's shared components without a backend: the rail's auto-scroll (the rail machine on fake timers),
 * the event card's SPEC §2 conventions for currencies, languages and visitors, and the URL parsing of the list.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RAIL_SCROLL_TIME_MS } from '../../../machines/rail/rail.machine';
import type { CatalogueEvent } from '../../../machines/resource/catalogue.reads';
import { EventCard } from '../../../src/components/catalogue/EventCard';
import { Rail } from '../../../src/components/catalogue/Rail';
import { RAIL_CARD_MAX_PX, RAIL_CARD_MIN_PX } from '../../../src/components/catalogue/catalogue.css';
import { eventsListVariables, listQueryString, parseListQuery } from '../../../src/components/catalogue/list-query';
import { LOGGED_IN, createTestApp, renderWithApp, startupSettled, type TestApp } from '../app-actors-fixture';

let app: TestApp | null = null;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  app?.actors.stop();
  app = null;
});

function stubReducedMotion(reduced: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduced && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

async function renderRail() {
  app = createTestApp();
  await renderWithApp(
    <Rail title="Coming up">
      <p>One</p>
      <p>Two</p>
      <p>Three</p>
    </Rail>,
    app.actors,
  );
  return screen.getByTestId('rail');
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Rail', () => {
  it('moves on by one card every 5000 ms, wrapping after the last', async () => {
    vi.useFakeTimers();
    const rail = await renderRail();
    expect(rail.dataset['index']).toBe('0');
    expect(rail.dataset['moving']).toBe('true');
    advance(RAIL_SCROLL_TIME_MS - 1);
    expect(rail.dataset['index']).toBe('0');
    advance(1);
    expect(rail.dataset['index']).toBe('1');
    advance(RAIL_SCROLL_TIME_MS);
    expect(rail.dataset['index']).toBe('2');
    advance(RAIL_SCROLL_TIME_MS);
    expect(rail.dataset['index']).toBe('0');
  });

  it('holds still while pointed at or focused, and the buttons step through it', async () => {
    vi.useFakeTimers();
    const rail = await renderRail();
    fireEvent.pointerEnter(rail);
    advance(3 * RAIL_SCROLL_TIME_MS);
    expect(rail.dataset['index']).toBe('0');
    expect(rail.dataset['moving']).toBe('false');
    fireEvent.click(within(rail).getByRole('button', { name: 'Show next in Coming up' }));
    expect(rail.dataset['index']).toBe('1');
    fireEvent.click(within(rail).getByRole('button', { name: 'Show previous in Coming up' }));
    fireEvent.click(within(rail).getByRole('button', { name: 'Show previous in Coming up' }));
    expect(rail.dataset['index']).toBe('2');
    fireEvent.pointerLeave(rail);
    advance(RAIL_SCROLL_TIME_MS);
    expect(rail.dataset['index']).toBe('0');

    // Keyboard focus holds it too, until it leaves the rail.
    fireEvent.focus(within(rail).getByRole('button', { name: 'Show next in Coming up' }));
    advance(2 * RAIL_SCROLL_TIME_MS);
    expect(rail.dataset['index']).toBe('0');
    fireEvent.blur(within(rail).getByRole('button', { name: 'Show next in Coming up' }));
    advance(RAIL_SCROLL_TIME_MS);
    expect(rail.dataset['index']).toBe('1');
  });

  it('never moves by itself when the viewer prefers reduced motion', async () => {
    stubReducedMotion(true);
    vi.useFakeTimers();
    const rail = await renderRail();
    expect(rail.dataset['moving']).toBe('false');
    advance(4 * RAIL_SCROLL_TIME_MS);
    expect(rail.dataset['index']).toBe('0');
  });

  it('holds one list item per card, each 280 to 380 px wide (SPEC §9)', async () => {
    expect([RAIL_CARD_MIN_PX, RAIL_CARD_MAX_PX]).toEqual([280, 380]);
    const rail = await renderRail();
    expect(within(rail).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['One', 'Two', 'Three']);
  });
});

/** An event as the EventCard fragment carries it (the card's input, not an API answer). */
function paidEvent(overrides: Partial<CatalogueEvent> = {}): CatalogueEvent {
  const participant = (id: number, name: string, shortName: string, gender: string) => ({
    id,
    name,
    short_name: shortName,
    alias: shortName.toLowerCase(),
    image: `/media/images/participants/${id}.svg`,
    images: { logo: `/media/images/participants/${id}.svg` },
    color: '#5b2c83',
    group_id: id,
    properties: { gender: [gender], sport: ['hockey'] },
  });
  return {
    id: 42,
    name: 'Game night',
    type: 'paid',
    has_access: false,
    event_utc_ts: 1_767_304_800, // 2026-01-01T22:00:00Z
    duration: 7200,
    time_zone: 'America/Toronto',
    event_category_id: 3,
    location_id: 1,
    home_team_id: 1,
    away_team_id: 2,
    stream_status: 'upcoming',
    base_price: 1499,
    service_fee: 150,
    currency: 'CAD',
    single_event_package_id: 7,
    image: null,
    participants: [participant(1, 'Université de Val-Boréal Harfangs', 'Harfangs', 'female'), participant(2, 'Lakeshore State University Lakers', 'Lakers', 'female')],
    ...overrides,
  };
}

async function renderCard(event: CatalogueEvent, options: { viewer?: boolean; language?: 'en' | 'fr' } = {}) {
  app = createTestApp(options.viewer ? { viewer: LOGGED_IN } : {});
  await startupSettled(app.actors);
  await renderWithApp(<EventCard event={event} layout="grid" headingLevel={3} anonymous={!options.viewer} categoryName="Hockey" />, app.actors, {
    language: options.language ?? 'en',
  });
}

describe('EventCard', () => {
  it('reads "away @ home" with short names, the date on the event clock, Women, and $ for CAD', async () => {
    await renderCard(paidEvent());
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Lakers @ Harfangs');
    expect(screen.getByRole('link', { name: 'Lakers @ Harfangs' }).getAttribute('href')).toBe('/watch/42');
    expect(screen.getByTestId('event-date').textContent).toBe('Jan 01, 2026, 17:00');
    expect(screen.getByTestId('event-price').textContent).toBe('$14.99');
    expect(screen.getByText('Hockey · Women')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Lakeshore State Lakers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'LOGIN TO WATCH' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'REGISTER TO WATCH' }).getAttribute('href')).toBe('/registration');
  });

  it('reads French in French', async () => {
    await renderCard(paidEvent({ stream_status: 'vod' }), { language: 'fr' });
    expect(screen.getByTestId('event-status').textContent).toBe('Reprise');
    expect(screen.getByTestId('event-date').textContent).toBe('01 janv. 2026, 17:00');
    expect(screen.getByTestId('event-price').textContent).toMatch(/^14,99\s\$$/u);
    expect(screen.getByText('Hockey · Femmes')).toBeTruthy();
  });

  it('shows no price once the viewer has access, and no prompts to a logged-in viewer', async () => {
    await renderCard(paidEvent({ has_access: true }));
    expect(screen.queryByTestId('event-price')).toBeNull();
    expect(screen.queryByRole('link', { name: 'LOGIN TO WATCH' })).toBeNull();
    cleanup();
    app?.actors.stop();
    await renderCard(paidEvent(), { viewer: true });
    expect(screen.getByTestId('event-price').textContent).toBe('$14.99');
    expect(screen.queryByRole('link', { name: 'LOGIN TO WATCH' })).toBeNull();
  });
});

describe('the list’s URL', () => {
  it('round-trips every parameter in a stable order', () => {
    const search = 'gender=female&sport=hockey&city=Northfield&state=MN&school=nfu&team=huskies&division=D1&group=nfu&event_category_id=3&participant_id=4&location=5&start_date=86400&offset=24';
    const query = parseListQuery(search);
    expect(listQueryString(query)).toBe(`?${search}`);
    expect(eventsListVariables(query, 'upcoming', (g) => g)).toMatchObject({
      gender: 'female',
      streamStatus: 'upcoming',
      school: 'nfu',
      eventCategoryId: 3,
      participantId: 4,
      location: 5,
      startDate: 86400,
      offset: 24,
      limit: 12,
      sortDirection: 'asc',
    });
  });

  it('drops what the API would refuse', () => {
    const query = parseListQuery('gender=xyz&participant_id=0&location=abc&start_date=99999999999&sport=%20%20&offset=13');
    expect(listQueryString(query)).toBe('?offset=12');
    expect(listQueryString(parseListQuery('offset=-3'))).toBe('');
    expect(eventsListVariables(parseListQuery('group=Northfield'), 'vod', () => 'northfield-university')).toMatchObject({
      school: 'northfield-university',
      streamStatus: 'vod',
      sortDirection: 'desc',
    });
  });
});
