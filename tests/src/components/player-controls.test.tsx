// @vitest-environment jsdom
/**
 * The player's own controls (issue 30) over a faked media stack (jsdom plays no video; the media element and hls.js
 * are third-party edges): the player and its controls machine run as in the app (`createTestApp`, the app's own
 * captions memory over the app's storage adapter); only authorize, the preroll decision and the stream are replaced.
 * The stream here reports facts as the real one does and records the commands the controls machine sends it.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyEventObject, fromCallback, fromPromise } from 'xstate';
import type { MediaFacts, StreamCommand } from '../../../machines/playback-controls/playback-controls.types';
import type { playerMachine, playerPrerollMachine } from '../../../machines/player/player.machine';
import type { Authorization, PlayerSource, PrerollChoice, StreamInput } from '../../../machines/player/player.types';
import type { PrerollRequest } from '../../../machines/preroll/preroll.machine';
import { Player } from '../../../src/components/player/Player';
import { createTestApp, renderWithApp, startupSettled, type TestApp } from '../app-actors-fixture';

type PlayerLogic = typeof playerMachine;

let app: TestApp | null = null;
afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
});

const details: Authorization['details'] = {
  kind: 'vod',
  item: { id: 7, title: 'Top 10 Saves of the Season', description: '', date: 0, duration: 240, category_id: 1, event_id: null, assets: [] },
};
const replay: Authorization = { details, grant: { url: 'http://media.test/vod/7/index.m3u8', streamType: 'vod', expiresAt: 2_000_000_000 } };
const live: Authorization = { details, grant: { url: 'http://media.test/live/7/index.m3u8', streamType: 'live', expiresAt: 2_000_000_000 } };
const TRACKS = [
  { language: 'en', name: 'English' },
  { language: 'fr', name: 'Français' },
];

/**
 * A player whose stream the test drives: it reports facts, and records the commands it receives. Asked to report
 * (`stream.report`, as controls that arrive later do), it reports everything it reported so far, as the real stream
 * does (src/adapters/media-element.ts).
 */
function fakePlayer(answer: Authorization, preroll: string | null = null) {
  const stream: { send: ((event: AnyEventObject) => void) | null; commands: StreamCommand[]; kinds: string[] } = { send: null, commands: [], kinds: [] };
  const known: Partial<MediaFacts> = {};
  const decision = preroll === null ? { type: 'preroll.skipped' } : { type: 'preroll.chosen', url: preroll };
  const provide = (logic: PlayerLogic): PlayerLogic =>
    logic.provide({
      actors: {
        authorize: fromPromise<Authorization, PlayerSource>(async () => answer),
        describePlayable: fromPromise<PrerollRequest, PrerollChoice>(async () => ({
          event: { id: 7, categoryId: null, locationId: null, streamStatus: answer.grant?.streamType ?? 'vod' },
        })),
        preroll: fromCallback<AnyEventObject>(({ sendBack, receive }) => {
          receive((event) => {
            if (event.type === 'player.load') sendBack(decision);
          });
        }) as unknown as typeof playerPrerollMachine,
        stream: fromCallback<AnyEventObject, StreamInput>(({ sendBack, receive, input }) => {
          stream.kinds.push(input.kind);
          stream.send = sendBack;
          receive((event) => {
            stream.commands.push(event as StreamCommand);
            if (event.type === 'stream.report') sendBack({ type: 'media.facts', facts: { ...known } });
          });
          return () => {
            stream.send = null;
          };
        }),
      },
    });
  const emit = async (event: AnyEventObject) => {
    await waitFor(() => expect(stream.send).not.toBeNull());
    act(() => stream.send?.(event));
  };
  const facts = (reported: Partial<MediaFacts>) => {
    Object.assign(known, reported);
    return emit({ type: 'media.facts', facts: reported });
  };
  const last = () => stream.commands.at(-1);
  return { provide, emit, facts, stream, last };
}

async function show(player: ReturnType<typeof fakePlayer>, existing: TestApp | null = null, language?: 'fr') {
  app = existing ?? createTestApp({ logic: (logic) => ({ player: player.provide(logic.player) }) });
  await startupSettled(app.actors);
  return renderWithApp(<Player source={{ kind: 'vod', id: 7 }} />, app.actors, { path: '/vod/7', ...(language ? { language } : {}) });
}

/** A replay playing at 0:30 of 4:00, buffered to 1:00, with two heights and the page's fullscreen. */
async function playingReplay(player: ReturnType<typeof fakePlayer>) {
  await player.emit({ type: 'media.playing' });
  await player.facts({ paused: false, time: 30, duration: 240, buffered: [[0, 60]], levels: [360, 720], canFullscreen: true, canPip: true });
  return screen.findByTestId('player-controls');
}

describe('PlayerControls', () => {
  it('on a replay: play-pause, the time bar with what is buffered, mute, speed and quality send the machine’s commands', async () => {
    const player = fakePlayer(replay);
    await show(player);
    const controls = await playingReplay(player);
    const bar = within(controls);

    fireEvent.click(bar.getByRole('button', { name: 'Pause' }));
    expect(player.last()).toEqual({ type: 'stream.pause' });
    await player.facts({ paused: true });
    expect(bar.getByRole('button', { name: 'Play' })).toBeTruthy();

    const seek = bar.getByRole('slider', { name: 'Position in the video' });
    expect(seek.getAttribute('aria-valuetext')).toBe('0:30 of 4:00');
    expect(bar.getAllByTestId('player-buffered')).toHaveLength(1);
    // Past the end: the machine seeks to the end, no further.
    fireEvent.change(seek, { target: { value: '240' } });
    expect(player.last()).toEqual({ type: 'stream.seek', time: 240 });

    fireEvent.click(bar.getByRole('button', { name: 'Mute', pressed: false }));
    expect(player.last()).toEqual({ type: 'stream.mute', muted: true });
    await player.facts({ muted: true });
    expect(bar.getByRole('button', { name: 'Mute', pressed: true })).toBeTruthy();

    fireEvent.click(bar.getByRole('button', { name: 'Playback speed 1×' }));
    const speeds = bar.getByRole('menu', { name: 'Playback speed' });
    expect(within(speeds).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['0.5×', '0.75×', 'Normal', '1.25×', '1.5×', '2×']);
    expect(within(speeds).getByRole('menuitemradio', { checked: true }).textContent).toBe('Normal');
    fireEvent.click(within(speeds).getByRole('menuitemradio', { name: '1.5×' }));
    expect(player.last()).toEqual({ type: 'stream.rate', rate: 1.5 });
    expect(bar.queryByRole('menu')).toBeNull();

    fireEvent.click(bar.getByRole('button', { name: 'Quality' }));
    const qualities = within(bar.getByRole('menu', { name: 'Quality' })).getAllByRole('menuitemradio');
    // Highest first, as players list them; each item is hls.js's level of that height.
    expect(qualities.map((item) => item.textContent)).toEqual(['Auto', '720p', '360p']);
    fireEvent.click(qualities[1]!);
    expect(player.last()).toEqual({ type: 'stream.level', level: 1 });
  });

  it('quality on a ladder: one item per height, the playing height on Auto only while Auto chooses, and the player’s height on the page', async () => {
    const player = fakePlayer(replay);
    await show(player);
    const controls = await playingReplay(player);
    const bar = within(controls);
    // Two bit rates of 360p (hls.js orders levels by bit rate): the menu offers the higher one, once.
    await player.facts({ levels: [240, 360, 360], level: -1, height: 360 });
    expect(controls.getAttribute('data-height')).toBe('360');
    fireEvent.click(bar.getByRole('button', { name: 'Quality' }));
    const items = () => within(bar.getByRole('menu', { name: 'Quality' })).getAllByRole('menuitemradio');
    expect(items().map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['Auto (360p)', 'true'],
      ['360p', 'false'],
      ['240p', 'false'],
    ]);
    fireEvent.click(items()[1]!);
    expect(player.last()).toEqual({ type: 'stream.level', level: 2 });
    fireEvent.click(bar.getByRole('button', { name: 'Quality' }));
    fireEvent.click(items()[2]!);
    expect(player.last()).toEqual({ type: 'stream.level', level: 0 });
    // hls.js switched: the chosen height plays, and Auto no longer claims a height it does not choose.
    await player.facts({ level: 0, height: 240 });
    expect(controls.getAttribute('data-height')).toBe('240');
    fireEvent.click(bar.getByRole('button', { name: 'Quality' }));
    expect(items().map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['Auto', 'false'],
      ['360p', 'false'],
      ['240p', 'true'],
    ]);
  });

  it('Home and End on the time bar go to the start and the end of a replay', async () => {
    const player = fakePlayer(replay);
    await show(player);
    const seek = within(await playingReplay(player)).getByRole('slider', { name: 'Position in the video' });
    fireEvent.keyDown(seek, { key: 'Home' });
    expect(player.last()).toEqual({ type: 'stream.seek', time: 0 });
    fireEvent.keyDown(seek, { key: 'End' });
    expect(player.last()).toEqual({ type: 'stream.seek', time: 240 });
  });

  it('takes the keyboard: space and k, j and l, the arrows, m, f; and hides while playing untouched', async () => {
    const player = fakePlayer(replay);
    await show(player);
    const controls = await playingReplay(player);
    const press = (key: string) => fireEvent.keyDown(controls, { key });

    press('k');
    expect(player.last()).toEqual({ type: 'stream.pause' });
    press('l');
    expect(player.last()).toEqual({ type: 'stream.seek', time: 40 });
    press('j');
    expect(player.last()).toEqual({ type: 'stream.seek', time: 20 });
    press('ArrowLeft');
    expect(player.last()).toEqual({ type: 'stream.seek', time: 25 });
    press('ArrowRight');
    expect(player.last()).toEqual({ type: 'stream.seek', time: 35 });
    press('m');
    expect(player.last()).toEqual({ type: 'stream.mute', muted: true });
    press('f');
    expect(player.last()).toEqual({ type: 'stream.fullscreen', on: true });
    press(' ');
    expect(player.last()).toEqual({ type: 'stream.pause' });
    // No captions on this stream: c asks nothing.
    const before = player.stream.commands.length;
    press('c');
    expect(player.stream.commands).toHaveLength(before);

    // Three seconds of playback without activity: the controls hide; a pointer move brings them back.
    expect(controls.getAttribute('data-status')).toBe('shown');
    await waitFor(() => expect(controls.getAttribute('data-status')).toBe('hidden'));
    fireEvent.pointerMove(controls);
    expect(controls.getAttribute('data-status')).toBe('shown');
  });

  it('captions: off by default, chosen from the menu, kept for the next video and toggled with c', async () => {
    const player = fakePlayer(replay);
    const shown = await show(player);
    const controls = await playingReplay(player);
    await player.facts({ tracks: TRACKS, track: -1 });
    expect(player.last()).toEqual({ type: 'stream.captions', track: -1 });

    fireEvent.click(within(controls).getByRole('button', { name: 'Subtitles' }));
    const menu = within(controls).getByRole('menu', { name: 'Subtitles' });
    expect(within(menu).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['Off', 'English', 'Français']);
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Français' }));
    expect(player.last()).toEqual({ type: 'stream.captions', track: 1 });
    await player.facts({ track: 1 });
    fireEvent.keyDown(controls, { key: 'c' });
    expect(player.last()).toEqual({ type: 'stream.captions', track: -1 });
    await player.facts({ track: -1 });
    // c again: the kept language, not the first one.
    fireEvent.keyDown(controls, { key: 'c' });
    expect(player.last()).toEqual({ type: 'stream.captions', track: 1 });

    // The next video (a new player in the same app, over the same storage) shows French once its tracks are known.
    shown.unmount();
    player.stream.commands.length = 0;
    await show(player, app);
    await player.emit({ type: 'media.playing' });
    await player.facts({ tracks: TRACKS, track: -1 });
    await waitFor(() => expect(player.last()).toEqual({ type: 'stream.captions', track: 1 }));
  });

  it('on a live game: the LIVE button says whether it plays at the edge and goes back to it; no speed', async () => {
    const player = fakePlayer(live);
    await show(player);
    await player.emit({ type: 'media.playing' });
    await player.facts({ paused: false, duration: Number.POSITIVE_INFINITY, time: 100, window: [40, 102], levels: [720] });
    const controls = await screen.findByTestId('player-controls');
    const bar = within(controls);
    expect(bar.getByRole('button', { name: 'Playing live' }).getAttribute('data-at-edge')).toBe('true');
    expect(bar.getByRole('slider', { name: 'Position in the live stream' }).getAttribute('aria-valuetext')).toBe('0:02 behind live');
    expect(bar.queryByRole('button', { name: /Playback speed/ })).toBeNull();

    fireEvent.change(bar.getByRole('slider', { name: 'Position in the live stream' }), { target: { value: '50' } });
    expect(player.last()).toEqual({ type: 'stream.seek', time: 50 });
    await player.facts({ time: 50 });
    const goLive = bar.getByRole('button', { name: 'Go to live' });
    expect(goLive.getAttribute('data-at-edge')).toBe('false');
    fireEvent.click(goLive);
    expect(player.last()).toEqual({ type: 'stream.seek', time: 102 });

    // Home: the start of the live window as it is when the key is pressed, less the seconds it slides on while the
    // stream seeks; End: the live edge.
    await player.facts({ window: [44, 106] });
    const seek = bar.getByRole('slider', { name: 'Position in the live stream' });
    fireEvent.keyDown(seek, { key: 'Home' });
    expect(player.last()).toEqual({ type: 'stream.seek', time: 54 });
    await player.facts({ time: 54 });
    expect(goLive.getAttribute('data-at-edge')).toBe('false');
    fireEvent.keyDown(seek, { key: 'End' });
    expect(player.last()).toEqual({ type: 'stream.seek', time: 106 });
  });

  it('during the ad: the "Ad" label, play-pause and volume, no time bar, speed or quality, and no seeking by key', async () => {
    const player = fakePlayer(replay, 'http://media.test/prerolls/1/index.m3u8');
    await show(player);
    await player.emit({ type: 'media.playing' });
    await player.facts({ paused: false, time: 3, duration: 15, levels: [360, 720] });
    const controls = await screen.findByTestId('player-controls');
    expect(player.stream.kinds).toEqual(['preroll']);
    expect(screen.getByTestId('player-ad').textContent).toContain('Ad');
    expect(within(controls).queryByRole('slider', { name: 'Position in the video' })).toBeNull();
    expect(within(controls).queryByRole('button', { name: /Playback speed/ })).toBeNull();
    expect(within(controls).queryByRole('button', { name: 'Quality' })).toBeNull();
    const before = player.stream.commands.length;
    fireEvent.keyDown(controls, { key: 'l' });
    fireEvent.keyDown(controls, { key: 'ArrowLeft' });
    expect(player.stream.commands).toHaveLength(before);
    fireEvent.keyDown(controls, { key: 'k' });
    expect(player.last()).toEqual({ type: 'stream.pause' });
  });

  it('speaks French, and has no axe violations with a menu open', async () => {
    const player = fakePlayer(replay);
    const { container } = await show(player, null, 'fr');
    const controls = await playingReplay(player);
    await player.facts({ tracks: TRACKS, track: -1 });
    expect(within(controls).getByRole('button', { name: 'Pause' })).toBeTruthy();
    fireEvent.click(within(controls).getByRole('button', { name: 'Sous-titres' }));
    expect(within(controls).getByRole('menuitemradio', { name: 'Désactivés', checked: true })).toBeTruthy();
    expect(within(controls).getByRole('button', { name: 'Plein écran' })).toBeTruthy();
    const violations = (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id);
    expect(violations).toEqual([]);
  });
});
