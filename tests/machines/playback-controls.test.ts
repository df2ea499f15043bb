/**
 * The player's controls machine (machines/playback-controls) on its own, its stream a recorder passed through
 * `.provide()`: the quality menu over an ABR ladder (one item per height, highest first, and only those chosen).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { playbackControlsMachine, qualityLevels } from '../../machines/playback-controls/playback-controls.machine';
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
