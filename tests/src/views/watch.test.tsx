// @vitest-environment jsdom
/**
 * The watch screens (SPEC §2 /watch/{id}, /watch_embed/{id}, /watch_library/{id}) and every state of the player
 * on them. The player's effects are replaced in the app's logic, through the same provider the app uses
 * (`createTestApp({ logic })`, `playerMachine.provide`): an authorize that answers what the test says, a preroll
 * decision, and a stream the test drives (jsdom plays no video, and the media stack is a third-party edge). The last
 * suite reads the real reference API behind real Mesh instead, with the real preroll rules.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { type AnyEventObject, fromCallback, fromPromise } from 'xstate';
import type { playerMachine, playerPrerollMachine } from '../../../machines/player/player.machine';
import type { Authorization, MediaEvent, PlayerSource, PrerollChoice, PrerollDecision, StreamInput, WatchedEvent } from '../../../machines/player/player.types';
import type { PrerollRequest } from '../../../machines/preroll/preroll.machine';
import { EventsListDocument } from '../../../mesh/client/generated/documents/EventsList';
import { StartupDocument } from '../../../mesh/client/generated/documents/Startup';
import { visuallyHidden } from '../../../src/components/controls.css';
import { Player } from '../../../src/components/player/Player';
import { WatchEmbedView, WatchLibraryView, WatchView } from '../../../src/views/watch/WatchViews';
import { SUMMIT, startTestApi, type TestApi } from '../../server/harness';
import { ACCESS } from '../../../machines/shared/client-fixtures';
import { realClient } from '../../machines/real-client';
import { type FixtureOptions, LOGGED_IN, createTestApp, renderWithApp, startupSettled, type TestApp } from '../app-actors-fixture';

type PlayerLogic = typeof playerMachine;

let app: TestApp | null = null;

// The player loads its progress saver with the first report of a replay (src/app/logic/player.ts); a report near a
// test's end made that load finish after this file's environment was torn down (an unhandled error in a CI run).
// Loaded here first, the app's import resolves from the module cache.
beforeAll(async () => {
  await import('../../../machines/player/player.progress');
});

afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
});

const EVENT: WatchedEvent = {
  id: 42,
  name: 'Lakers at Huskies',
  type: 'paid',
  has_access: false,
  event_utc_ts: 1_767_225_600, // 2026-01-01 00:00 UTC
  duration: 10_800,
  time_zone: 'America/Chicago',
  event_category_id: 3,
  location_id: 1,
  home_team_id: 1,
  away_team_id: 2,
  stream_status: 'live',
  base_price: 999,
  service_fee: 100,
  currency: 'USD',
  single_event_package_id: 77,
  image: null,
  description: 'A North Country rivalry renewed.',
  location: { id: 1, name: 'Northfield Arena', city: 'Northfield', state: 'MN', country: 'US', time_zone: 'America/Chicago' },
  participants: [
    { id: 1, name: 'Northfield University Huskies', short_name: 'Huskies', alias: 'huskies', image: null, color: null, group_id: 1, properties: {}, images: { logo: null } },
    { id: 2, name: 'Lakeshore State Lakers', short_name: 'Lakers', alias: 'lakers', image: null, color: null, group_id: 2, properties: {}, images: { logo: null } },
  ],
};
const GRANT = { url: 'http://media.test/media/events/42/t/index.m3u8', streamType: 'live' as const, expiresAt: 2_000_000_000 };
const granted: Authorization = { details: { kind: 'event', event: EVENT }, grant: GRANT };
const denied = (denial: NonNullable<Authorization['denial']>, event: WatchedEvent = EVENT): Authorization => ({
  details: { kind: 'event', event },
  denial,
});

/**
 * A stand-in for the player's preroll child that answers at once (the preroll rules themselves run in the last
 * suite); the player only exchanges events with it, so its kind of logic does not matter.
 */
function decidedPreroll(url: string | null) {
  const decision: PrerollDecision = url === null ? { type: 'preroll.skipped' } : { type: 'preroll.chosen', url };
  const logic = fromCallback<AnyEventObject>(({ sendBack, receive }) => {
    receive((event) => {
      if (event.type === 'player.load') sendBack(decision);
    });
  });
  return logic as unknown as typeof playerPrerollMachine;
}

/** A player whose effects the test controls: what authorize answers, the preroll, and the media events. */
function fakePlayer(answers: Array<Authorization | Error>, preroll: string | null = null) {
  const media: { send: ((event: MediaEvent) => void) | null; inputs: Omit<StreamInput, 'surface'>[] } = { send: null, inputs: [] };
  const asked: PlayerSource[] = [];
  const provide = (logic: PlayerLogic): PlayerLogic =>
    logic.provide({
      actors: {
        authorize: fromPromise<Authorization, PlayerSource>(async ({ input }) => {
          asked.push(input);
          const answer = answers.shift() ?? answers.at(-1);
          if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
          return answer;
        }),
        describePlayable: fromPromise<PrerollRequest, PrerollChoice>(async ({ input }) => ({
          event: { id: input.source.id, categoryId: null, locationId: null, streamStatus: input.grant.streamType },
          viewer: { id: null, noAds: false },
        })),
        preroll: decidedPreroll(preroll),
        stream: fromCallback<AnyEventObject, StreamInput>(({ sendBack, input }) => {
          const { url, live, kind } = input;
          media.inputs.push({ url, live, kind });
          media.send = sendBack;
          return () => {
            media.send = null;
          };
        }),
      },
    });
  const emit = async (event: MediaEvent) => {
    await waitFor(() => expect(media.send).not.toBeNull());
    act(() => media.send?.(event));
  };
  return { provide, emit, media, asked };
}

async function show(
  ui: ReactElement,
  path: string,
  provide: (logic: PlayerLogic) => PlayerLogic,
  options: FixtureOptions = {},
  language?: 'en' | 'fr',
) {
  app = createTestApp({ ...options, logic: (logic) => ({ player: provide(logic.player) }) });
  await startupSettled(app.actors);
  return renderWithApp(ui, app.actors, { path, ...(language ? { language } : {}) });
}

const watchRoute = (
  <Route path="/watch/:id">
    <WatchView />
  </Route>
);

describe('WatchView', () => {
  it('shows the event with the player: loading, playing, buffering, ended with replay', async () => {
    const player = fakePlayer([granted]);
    await show(watchRoute, '/watch/42', player.provide);
    expect(screen.getByRole('status').textContent).toBe('Loading the video…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lakers @ Huskies' })).toBeTruthy();
    expect(player.asked).toEqual([{ kind: 'event', id: 42 }]);
    expect(screen.getByTestId('watch-status').textContent).toBe('Live');
    expect(screen.getByText('Dec 31, 2025, 18:00')).toBeTruthy();
    expect(screen.getByTestId('watch-location').textContent).toBe('Northfield Arena, Northfield, MN');
    expect(screen.getByText('A North Country rivalry renewed.')).toBeTruthy();
    expect(screen.getByTestId('watch-price').textContent).toBe('Price: $9.99');
    // A live game is not one to add to a calendar.
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();

    await player.emit({ type: 'media.playing' });
    expect(player.media.inputs).toEqual([{ url: GRANT.url, live: true, kind: 'content' }]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('player').dataset['status']).toBe('playing');
    await player.emit({ type: 'media.waiting' });
    expect(screen.getByRole('status').textContent).toBe('Buffering…');
    await player.emit({ type: 'media.playing' });
    await player.emit({ type: 'media.ended' });
    expect(screen.getByText('The video has ended.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Watch again' }));
    expect(screen.getByRole('status').textContent).toBe('Loading the video…');
    expect(player.media.inputs).toHaveLength(2);
  });

  it('labels the preroll "Ad", then plays the video', async () => {
    const player = fakePlayer([granted], 'http://media.test/media/prerolls/1/index.m3u8');
    await show(watchRoute, '/watch/42', player.provide);
    expect(await screen.findByTestId('player-ad')).toBeTruthy();
    expect(screen.getByTestId('player-ad').textContent).toContain('Ad');
    await player.emit({ type: 'media.playing' });
    expect(screen.getByTestId('player-ad')).toBeTruthy();
    await player.emit({ type: 'media.ended' });
    await waitFor(() => expect(screen.queryByTestId('player-ad')).toBeNull());
    expect(player.media.inputs.map((i) => i.kind)).toEqual(['preroll', 'content']);
  });

  it('shows the player error with a retry that asks for a fresh grant', async () => {
    const player = fakePlayer([granted, granted]);
    await show(watchRoute, '/watch/42', player.provide);
    await player.emit({ type: 'media.error', message: 'manifestLoadError' });
    expect((await screen.findByRole('alert')).textContent).toBe('Oops! We are currently experiencing technical difficulties');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await player.emit({ type: 'media.playing' });
    expect(player.asked).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the same error when the API cannot be reached, and plays after the retry', async () => {
    const player = fakePlayer([new Error('fetch failed'), granted]);
    await show(watchRoute, '/watch/42', player.provide);
    expect((await screen.findByRole('alert')).textContent).toBe('Oops! We are currently experiencing technical difficulties');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lakers @ Huskies' })).toBeTruthy();
  });
});

describe('the denials', () => {
  it('geo-blocked: SPEC §6 sentence', async () => {
    await show(watchRoute, '/watch/42', fakePlayer([denied('geoBlocked')]).provide);
    expect((await screen.findByRole('alert')).textContent).toBe("We're sorry, but this content is not available in your region.");
  });

  it('login required: LOGIN TO WATCH and REGISTER TO WATCH', async () => {
    const { history } = await show(watchRoute, '/watch/42', fakePlayer([denied('loginRequired')]).provide);
    expect((await screen.findByRole('alert')).textContent).toBe('Log in or create a free account to watch.');
    expect(screen.getByRole('link', { name: 'LOGIN TO WATCH' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'REGISTER TO WATCH' }).getAttribute('href')).toBe('/registration');
    fireEvent.click(screen.getByRole('link', { name: 'LOGIN TO WATCH' }));
    expect(history.at(-1)).toBe('/login');
  });

  it('purchase required: the link to buy the single event, the passes that include it, and the price', async () => {
    await show(watchRoute, '/watch/42', fakePlayer([denied('purchaseRequired')]).provide);
    expect((await screen.findByRole('alert')).textContent).toBe('This is a paid event. Buy it, or a pass that includes it, to watch.');
    expect(screen.getByRole('link', { name: 'BUY THIS GAME' }).getAttribute('href')).toBe('/buy?event_id=42&single_event_package_id=77');
    expect(screen.getByRole('link', { name: 'See passes' }).getAttribute('href')).toBe('/packages');
    expect(screen.getByTestId('watch-price').textContent).toBe('Price: $9.99');
  });

  it('not allowed: an explanation and the passes', async () => {
    await show(watchRoute, '/watch/42', fakePlayer([denied('notAllowed')]).provide);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account does not include this video. Choose a pass that includes it to watch.',
    );
    expect(screen.getByRole('link', { name: 'See passes' }).getAttribute('href')).toBe('/packages');
  });

  it('not started: when it starts, on the event clock', async () => {
    const upcoming = { ...EVENT, stream_status: 'upcoming' as const, type: 'free' as const };
    await show(watchRoute, '/watch/42', fakePlayer([denied('notStarted', upcoming)]).provide);
    expect((await screen.findByRole('alert')).textContent).toBe('Starts Dec 31, 2025, 18:00');
    expect(screen.getByTestId('watch-status').textContent).toBe('Upcoming');
    expect(screen.queryByTestId('watch-price')).toBeNull();
    // An upcoming game can go in the viewer's calendar (the button loads with it).
    expect(await screen.findByRole('button', { name: 'Add to calendar' })).toBeTruthy();
  });

  it('not found: the page still has its one h1, which says so', async () => {
    await show(watchRoute, '/watch/42', fakePlayer([{ details: null, denial: 'notFound' }]).provide);
    expect((await screen.findByRole('alert')).textContent).toBe('This video is not available.');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Video not found']);
  });

  it('not found, in French', async () => {
    await show(watchRoute, '/watch/42', fakePlayer([{ details: null, denial: 'notFound' }]).provide, {}, 'fr');
    expect((await screen.findByRole('alert')).textContent).toBe('Cette vidéo n’est pas disponible.');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Vidéo introuvable']);
  });

  it('titled by the route while the details load, and when they could not be read', async () => {
    await show(watchRoute, '/watch/42', fakePlayer([new Error('fetch failed')]).provide);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Watch']);
    await screen.findByRole('alert');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Watch']);
  });

  it('in French', async () => {
    await show(watchRoute, '/watch/42', fakePlayer([denied('loginRequired')]).provide, {}, 'fr');
    expect((await screen.findByRole('alert')).textContent).toBe('Connectez-vous ou créez un compte gratuit pour regarder.');
    expect(screen.getByRole('link', { name: 'CONNECTEZ-VOUS POUR REGARDER' })).toBeTruthy();
  });
});

describe('WatchEmbedView, WatchLibraryView and Player', () => {
  it('embeds the player with a minimal title', async () => {
    const player = fakePlayer([granted]);
    await show(
      <Route path="/watch_embed/:id">
        <WatchEmbedView />
      </Route>,
      '/watch_embed/42',
      player.provide,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Lakers @ Huskies' })).toBeTruthy();
    expect(screen.queryByTestId('watch-location')).toBeNull();
  });

  it("plays the viewer's clip with its name, and its game's time on the game's own clock", async () => {
    const clip: Authorization = {
      details: {
        kind: 'clip',
        clip: {
          id: 9, uuid: '6f1c1c52-2a8f-4b55-9a55-1f2d0d1b2c3d', event_id: 42, name: 'Overtime winner', start_time: 60, duration: 30,
          tags: ['DEFAULT'], status: 'processed', created_at: 0, processed_at: 1, share_url: null,
          playlist_url: 'http://media.test/media/clips/x/index.m3u8', event: { id: 42, name: 'Lakers at Huskies', event_utc_ts: 1_700_000_000, time_zone: 'America/Chicago', image: null },
        },
      },
      grant: { url: 'http://media.test/media/clips/x/index.m3u8', streamType: 'vod', expiresAt: 2_000_000_000 },
    };
    const player = fakePlayer([clip]);
    await show(
      <Route path="/watch_library/:id">
        <WatchLibraryView />
      </Route>,
      '/watch_library/9',
      player.provide,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Overtime winner' })).toBeTruthy();
    expect(player.asked).toEqual([{ kind: 'clip', id: 9 }]);
    // 22:13 UTC, 16:13 in Chicago: the time the game's own page shows, wherever the viewer is.
    expect(document.querySelector('time[datetime="2023-11-14T22:13:20.000Z"]')?.textContent).toBe('Nov 14, 2023, 16:13');
  });

  it('the embed of an unknown game keeps one h1, for screen readers only (nothing shows but the player)', async () => {
    await show(
      <Route path="/watch_embed/:id">
        <WatchEmbedView />
      </Route>,
      '/watch_embed/42',
      fakePlayer([{ details: null, denial: 'notFound' }]).provide,
    );
    await screen.findByRole('alert');
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings.map((h) => h.textContent)).toEqual(['Video not found']);
    expect(headings[0]?.className).toBe(visuallyHidden);
  });

  it("a visitor on a viewer's clip: asked to log in, under the page's one h1", async () => {
    await show(
      <Route path="/watch_library/:id">
        <WatchLibraryView />
      </Route>,
      '/watch_library/9',
      fakePlayer([{ details: null, denial: 'loginRequired' }]).provide,
      {},
      'fr',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Connectez-vous ou créez un compte gratuit pour regarder.');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Extrait']);
  });

  it('plays a VOD item on its own (<Player source={{ kind: "vod", id }} />)', async () => {
    const player = fakePlayer([{ details: null, denial: 'notAllowed' }]);
    await show(<Player source={{ kind: 'vod', id: 3 }} />, '/vod_library/3', player.provide);
    expect(await screen.findByRole('link', { name: 'See passes' })).toBeTruthy();
    expect(player.asked).toEqual([{ kind: 'vod', id: 3 }]);
  });
});

describe('against the reference API', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({}, { graphql: true });
  });

  afterAll(async () => {
    await api.close();
  });

  async function liveEvent(test: (event: { type: string; name: string }) => boolean) {
    const { events } = await realClient(api).client.request(EventsListDocument, { streamStatus: 'live', limit: 100 });
    const event = events?.data.find((e) => e !== null && test(e));
    if (!event) throw new Error('the seed has no such live event');
    return event;
  }
  /** Free, live, at Northfield: the channel's Northfield preroll suits it. */
  const springGame = () => liveEvent((e) => e.name === 'Huskies Spring Game');

  /** Only the stream is faked: the details, the grant and the preroll rules are the real ones. */
  const streamOnly = (logic: PlayerLogic): PlayerLogic =>
    logic.provide({ actors: { stream: fromCallback<AnyEventObject, StreamInput>(({ sendBack }) => void sendBack({ type: 'media.playing' })) } });

  it('asks a visitor to log in for a paid live event', async () => {
    const paid = await liveEvent((e) => e.type === 'paid');
    await show(watchRoute, `/watch/${paid.id}`, streamOnly, { api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey } });
    expect((await screen.findByRole('link', { name: 'LOGIN TO WATCH' }, { timeout: 10_000 })).getAttribute('href')).toBe('/login');
    expect(screen.getByTestId('watch-status').textContent).toBe('Live');
  });

  it("plays the channel's preroll for a visitor before a free live game at Northfield", async () => {
    const free = await springGame();
    // The channel's own settings, with its prerolls, as startup reads them.
    const { data } = await realClient(api).client.execute(StartupDocument);
    await show(watchRoute, `/watch/${free.id}`, streamOnly, {
      parts: { settings: data?.settings ?? null },
      api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey },
    });
    expect(await screen.findByTestId('player-ad', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Huskies Spring Game' })).toBeTruthy();
  });

  it('plays it for the fan without a preroll (no_ads)', async () => {
    const free = await springGame();
    const token = await api.login('fan@summit.test', await api.apiKey());
    const fan = { ...LOGGED_IN, access: { ...ACCESS, capabilities: { ...ACCESS.capabilities, no_ads: true } } };
    await show(watchRoute, `/watch/${free.id}`, streamOnly, { viewer: fan, api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey, token } });
    await waitFor(() => expect(screen.getByTestId('player').dataset['status']).toBe('playing'), { timeout: 10_000 });
    expect(screen.queryByTestId('player-ad')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('');
  });

  it('reports the first frame, then the time watched with the game\'s category, sport, gender, school and league', async () => {
    const free = await springGame();
    const token = await api.login('fan@summit.test', await api.apiKey());
    const fan = { ...LOGGED_IN, access: { ...ACCESS, capabilities: { ...ACCESS.capabilities, no_ads: true } } };
    // The channel's real categories and groups, which the classification is read from.
    const { data } = await realClient(api).client.execute(StartupDocument);
    const watched = (logic: PlayerLogic): PlayerLogic =>
      logic.provide({
        actors: {
          stream: fromCallback<AnyEventObject, StreamInput>(({ sendBack }) => {
            sendBack({ type: 'media.playing' });
            sendBack({ type: 'media.watched', seconds: 30 });
          }),
        },
      });
    await show(watchRoute, `/watch/${free.id}`, watched, {
      viewer: fan,
      parts: { categories: data?.categories ?? null, groups: data?.groups ?? null, participants: data?.participants ?? null },
      api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey, token },
    });
    // The fixture's analytics session never starts: what the player sent waits in its queue.
    const analytics = app!.actors.analytics;
    await waitFor(() => expect(analytics.getSnapshot().context.pending).toHaveLength(2), { timeout: 10_000 });
    const category = api.db
      .prepare<[number], { name: string }>('SELECT c.name FROM event_categories c JOIN events e ON e.event_category_id = c.id WHERE e.id = ?')
      .get(free.id)?.name;
    const [first, viewing] = analytics.getSnapshot().context.pending;
    expect(first).toEqual({ kind: 'video', video: { viewUuid: expect.any(String), streamId: free.id, streamType: 'live', event: 'first_frame' } });
    expect(viewing).toEqual({
      kind: 'viewing',
      viewing: {
        viewUuid: first?.kind === 'video' ? first.video.viewUuid : '',
        streamId: free.id,
        streamType: 'live',
        viewingTime: 30,
        category,
        sport: 'football',
        gender: 'male',
        school: 'Northfield University',
        league: 'North Conference',
      },
    });
    expect(category).toBeTruthy();
  });
});
