/**
 * The player's controls machine (machines/playback-controls) on its own, its stream a recorder passed through
 * `.provide()`: the quality menu over an ABR ladder (one item per height, highest first, and only those chosen), and
 * Home and End on the time bar of a replay and of a live stream whose window moves, and where a live seek may land.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { playbackControlsMachine } from '../../machines/playback-controls/playback-controls.machine';
import { LIVE_START_MARGIN, qualityLevels } from '../../machines/playback-controls/playback-controls.selectors';
import type { MediaFacts, PlaybackControlsInput, StreamCommand } from '../../machines/playback-controls/playback-controls.types';

function controls(input: PlaybackControlsInput, facts: Partial<MediaFacts>) {
  const commands: StreamCommand[] = [];
  const actor = createActor(playbackControlsMachine.provide({ actions: { command: (_, command: StreamCommand) => void commands.push(command) } }), { input });
  actor.start();
  actor.send({ type: 'media.facts', facts });
  commands.length = 0;
  return { actor, commands };
}

describe('the quality menu', () => {
  it('offers each height once, highest first, the highest bit rate of it', () => {
    const context = (levels: number[]) => ({ facts: { levels } });
    expect(qualityLevels(context([240, 360]))).toEqual([
      { level: 1, height: 360 },
      { level: 0, height: 240 },
    ]);
    expect(qualityLevels(context([240, 360, 360, 720]))).toEqual([
      { level: 3, height: 720 },
      { level: 2, height: 360 },
      { level: 0, height: 240 },
    ]);
    expect(qualityLevels(context([]))).toEqual([]);
  });

  it('switches to Auto or an offered level, and to no other', () => {
    const { actor, commands } = controls({ kind: 'content', live: false }, { duration: 240, levels: [240, 360, 360] });
    for (const level of [2, 0, -1, 1, 3, -2]) actor.send({ type: 'user.setQuality', level });
    expect(commands).toEqual([
      { type: 'stream.level', level: 2 },
      { type: 'stream.level', level: 0 },
      { type: 'stream.level', level: -1 },
    ]);
    expect(actor.getSnapshot().can({ type: 'user.setQuality', level: 1 })).toBe(false);
  });

  it('offers no quality during an ad', () => {
    const { actor } = controls({ kind: 'preroll', live: false }, { duration: 15, levels: [240, 360] });
    expect(actor.getSnapshot().can({ type: 'user.setQuality', level: -1 })).toBe(false);
  });
});

describe('Home and End on the time bar', () => {
  it('seek a replay to its start and its end', () => {
    const { actor, commands } = controls({ kind: 'content', live: false }, { time: 30, duration: 240 });
    actor.send({ type: 'user.seekToStart' });
    actor.send({ type: 'user.seekToEnd' });
    expect(commands).toEqual([
      { type: 'stream.seek', time: 0 },
      { type: 'stream.seek', time: 240 },
    ]);
  });

  it('seek a live stream to the start of its window, less its first seconds, and to its edge, where they are when the key comes', () => {
    const { actor, commands } = controls({ kind: 'content', live: true }, { time: 100, duration: Number.POSITIVE_INFINITY, window: [40, 102] });
    actor.send({ type: 'user.seekToStart' });
    actor.send({ type: 'media.facts', facts: { time: 50, window: [46, 108] } });
    actor.send({ type: 'user.seekToStart' });
    actor.send({ type: 'user.seekToEnd' });
    expect(commands).toEqual([
      // The window slides on while the stream seeks: the very start would be gone when its segment is asked for.
      { type: 'stream.seek', time: 40 + LIVE_START_MARGIN },
      { type: 'stream.seek', time: 46 + LIVE_START_MARGIN },
      // The edge, as the LIVE button goes back to it.
      { type: 'stream.seek', time: 108 },
    ]);
    actor.send({ type: 'user.goLive' });
    expect(commands.at(-1)).toEqual(commands.at(-2));
  });

  it('keep a live stream’s skips and seeks off the first seconds of its window, and a replay’s on the whole video', () => {
    const live = controls({ kind: 'content', live: true }, { time: 52, duration: Number.POSITIVE_INFINITY, window: [46, 108] });
    live.actor.send({ type: 'user.skip', seconds: -10 });
    live.actor.send({ type: 'user.seek', time: 47 });
    live.actor.send({ type: 'user.seek', time: 80 });
    expect(live.commands).toEqual([
      { type: 'stream.seek', time: 46 + LIVE_START_MARGIN },
      { type: 'stream.seek', time: 46 + LIVE_START_MARGIN },
      { type: 'stream.seek', time: 80 },
    ]);
    // A window shorter than the margin: the earliest landing is its edge.
    const short = controls({ kind: 'content', live: true }, { time: 6, duration: Number.POSITIVE_INFINITY, window: [0, 6] });
    short.actor.send({ type: 'user.seekToStart' });
    expect(short.commands).toEqual([{ type: 'stream.seek', time: 6 }]);
    const replay = controls({ kind: 'content', live: false }, { time: 5, duration: 240 });
    replay.actor.send({ type: 'user.skip', seconds: -10 });
    expect(replay.commands).toEqual([{ type: 'stream.seek', time: 0 }]);
  });

  it('do nothing during an ad or before the length is known', () => {
    const ad = controls({ kind: 'preroll', live: false }, { time: 3, duration: 15 });
    ad.actor.send({ type: 'user.seekToStart' });
    ad.actor.send({ type: 'user.seekToEnd' });
    expect(ad.commands).toEqual([]);
    const loading = controls({ kind: 'content', live: true }, { time: 0, duration: Number.POSITIVE_INFINITY, window: null });
    loading.actor.send({ type: 'user.seekToEnd' });
    expect(loading.commands).toEqual([]);
  });
});
