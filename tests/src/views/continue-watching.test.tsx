// @vitest-environment jsdom
/**
 * Continue watching in the views: the player's resume offer on the watch page (the player's effects replaced through
 * the app's provider, as tests/src/views/watch.test.tsx does: jsdom plays no video), and home's "Continue watching"
 * row read from the real reference API behind real Mesh for a viewer with saved places.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { type AnyEventObject, fromCallback, fromPromise } from 'xstate';
import type { playerMachine, playerPrerollMachine } from '../../../machines/player/player.machine';
import type { Authorization, FirstFrameParams, MediaEvent, PlayerSource, PrerollChoice, StreamInput, WatchedEvent } from '../../../machines/player/player.types';
import type { PrerollRequest } from '../../../machines/preroll/preroll.machine';
import { HomeView } from '../../../src/views/home/HomeView';
import { WatchView } from '../../../src/views/watch/WatchViews';
import { DEMO_PASSWORD, SUMMIT } from '../../server/harness';
import { eventsIn } from '../../server/media-helpers';
import { LOGGED_IN, createTestApp, renderWithApp, startupSettled, type TestApp } from '../app-actors-fixture';
import { type CatalogueApi, axeViolations, startCatalogueApi } from './catalogue-api';

let app: TestApp | null = null;

afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
});

const REPLAY = {
  id: 42,
  name: 'Lakers at Huskies',
  type: 'free',
  has_access: true,
  event_utc_ts: 1_767_225_600,
  duration: 10_800,
  time_zone: 'America/Chicago',
  event_category_id: null,
  location_id: null,
  home_team_id: null,
  away_team_id: null,
  stream_status: 'vod',
  base_price: 0,
  service_fee: 0,
  currency: 'USD',
  single_event_package_id: null,
  image: null,
  description: '',
  participants: [],
} as unknown as WatchedEvent;
const granted: Authorization = {
  details: { kind: 'event', event: REPLAY },
  grant: { url: 'http://media.test/media/events/42/t/index.m3u8', streamType: 'vod', expiresAt: 2_000_000_000 },
};

/** The player's effects: a replay granted, `saved` as where the viewer stopped, no preroll, a stream the test reads. */
function fakePlayer(saved: number | null) {
  const inputs: Array<Omit<StreamInput, 'surface'>> = [];
  const asked: FirstFrameParams[] = [];
  let send: ((event: MediaEvent) => void) | null = null;
  const provide = (logic: typeof playerMachine): typeof playerMachine =>
    logic.provide({
      actors: {
        authorize: fromPromise<Authorization, PlayerSource>(async () => granted),
        readProgress: fromPromise<number | null, FirstFrameParams>(async ({ input }) => {
          asked.push(input);
          return saved;
        }),
        describePlayable: fromPromise<PrerollRequest, PrerollChoice>(async () => ({ event: { id: 42, categoryId: null, locationId: null, streamStatus: 'vod' } })),
        preroll: fromCallback<AnyEventObject>(({ sendBack, receive }) =>
          receive((event) => {
            if (event.type === 'player.load') sendBack({ type: 'preroll.skipped' });
          }),
        ) as unknown as typeof playerPrerollMachine,
        stream: fromCallback<AnyEventObject, StreamInput>(({ sendBack, input }) => {
          const { url, live, kind, startAt } = input;
          inputs.push({ url, live, kind, ...(startAt === undefined ? {} : { startAt }) });
          send = sendBack;
        }),
      },
    });
  const emit = async (event: MediaEvent) => {
    await waitFor(() => expect(send).not.toBeNull());
    act(() => send?.(event));
  };
  return { provide, inputs, asked, emit };
}

async function watch(saved: number | null, language?: 'en' | 'fr') {
  const player = fakePlayer(saved);
  app = createTestApp({ viewer: LOGGED_IN, logic: (logic) => ({ player: player.provide(logic.player) }) });
  await startupSettled(app.actors);
  const view = await renderWithApp(
    <Route path="/watch/:id">
      <WatchView />
    </Route>,
    app.actors,
    { path: '/watch/42', ...(language ? { language } : {}) },
  );
  return { player, view };
}

describe('the resume offer', () => {
  it('offers to resume a replay where the viewer stopped, focused, and starts the video there', async () => {
    const { player, view } = await watch(754);
    const offer = await screen.findByRole('region', { name: 'Continue where you left off?' });
    const resume = within(offer).getByRole('button', { name: 'Resume from 12:34' });
    await waitFor(() => expect(document.activeElement).toBe(resume));
    expect(within(offer).getByRole('button', { name: 'Start from the beginning' })).toBeTruthy();
    expect(player.asked.map((a) => a.source)).toEqual([{ kind: 'event', id: 42 }]);
    // Nothing plays while the viewer chooses.
    expect(player.inputs).toEqual([]);
    expect(await axeViolations(view.container)).toEqual([]);

    fireEvent.click(resume);
    await waitFor(() => expect(player.inputs).toEqual([{ url: granted.grant?.url, live: false, kind: 'content', startAt: 754 }]));
    expect(screen.queryByTestId('resume-offer')).toBeNull();
    // A replay after the end starts from the beginning.
    await player.emit({ type: 'media.playing' });
    await player.emit({ type: 'media.ended' });
    fireEvent.click(await screen.findByRole('button', { name: 'Watch again' }));
    await waitFor(() => expect(player.inputs.at(-1)).toEqual({ url: granted.grant?.url, live: false, kind: 'content' }));
  });

  it('starts from the beginning when asked to', async () => {
    const { player } = await watch(754);
    fireEvent.click(await screen.findByRole('button', { name: 'Start from the beginning' }));
    await waitFor(() => expect(player.inputs).toEqual([{ url: granted.grant?.url, live: false, kind: 'content' }]));
  });

  it('offers nothing for a place in the first 10 seconds, or none: the video starts at once', async () => {
    for (const saved of [8, null]) {
      const { player } = await watch(saved);
      await waitFor(() => expect(player.inputs).toEqual([{ url: granted.grant?.url, live: false, kind: 'content' }]));
      expect(screen.queryByTestId('resume-offer')).toBeNull();
      cleanup();
      app?.actors.stop();
    }
  });

  it('speaks French', async () => {
    await watch(3725, 'fr');
    const offer = await screen.findByRole('region', { name: 'Reprendre là où vous vous êtes arrêté?' });
    expect(within(offer).getByRole('button', { name: 'Reprendre à 1:02:05' })).toBeTruthy();
    expect(within(offer).getByRole('button', { name: 'Commencer au début' })).toBeTruthy();
  });
});

describe('home: "Continue watching"', () => {
  let backend: CatalogueApi;
  let key: string;

  beforeAll(async () => {
    backend = await startCatalogueApi();
    key = await backend.api.apiKey(SUMMIT.channelKey);
  });
  afterAll(() => backend.api.close());

  async function viewerWithPlaces(places: Array<{ item_type: 'event' | 'vod_item'; item_id: number; position: number; duration: number }>) {
    const email = `home-row-${places.length}-${Date.now()}@example.com`;
    const registered = await backend.api.call<{ token: string }>('POST', '/v2/auth/register', {
      key,
      body: { first_name: 'Row', last_name: 'Fan', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
    });
    expect(registered.status).toBe(201);
    for (const body of places) {
      expect((await backend.api.call('PUT', '/watch_progress', { key, token: registered.body.token, body })).status).toBe(200);
      backend.api.clock.advance(1);
    }
    return registered.body.token;
  }

  async function home(token?: string) {
    app = createTestApp({ api: backend.connection(token), parts: backend.parts, ...(token ? { viewer: LOGGED_IN } : {}) });
    await startupSettled(app.actors);
    return await renderWithApp(<HomeView />, app.actors, { path: '/' });
  }

  it('shows a signed-in viewer their unfinished videos, latest first, each with how far they got and its page', async () => {
    const [replay] = await eventsIn(backend.api, key, 'vod');
    const items = await backend.api.call<{ data: Array<{ id: number; title: string }> }>('GET', '/vod-media-items', { key, query: { no_limit: 1 } });
    const item = items.body.data[0]!;
    const token = await viewerWithPlaces([
      { item_type: 'event', item_id: replay!.id, position: 900, duration: 3600 },
      { item_type: 'vod_item', item_id: item.id, position: 120, duration: 240 },
    ]);
    const view = await home(token);
    const row = await screen.findByRole('region', { name: 'Continue watching' });
    const links = within(row).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([`/vod_library/${item.id}`, `/watch/${replay!.id}`]);
    expect(links[0]!.textContent).toContain(item.title);
    expect(links[0]!.textContent).toContain('50% watched');
    expect(links[1]!.textContent).toContain('25% watched');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('shows nothing to a visitor, or to a viewer with nothing unfinished', async () => {
    const asked = () => backend.api.requestLog.entries.filter((e) => e.operationId === 'listWatchProgress').length;
    const first = asked();
    await home();
    expect(await screen.findAllByRole('heading', { level: 2 })).not.toHaveLength(0);
    // A visitor's home asks for no row.
    expect(asked()).toBe(first);
    expect(screen.queryByRole('region', { name: 'Continue watching' })).toBeNull();
    cleanup();
    app?.actors.stop();
    const before = asked();
    await home(await viewerWithPlaces([]));
    // The row was read (an empty answer), and still nothing shows.
    await waitFor(() => expect(asked()).toBeGreaterThan(before));
    expect(await screen.findAllByRole('heading', { level: 2 })).not.toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Continue watching' })).toBeNull();
  });
});
