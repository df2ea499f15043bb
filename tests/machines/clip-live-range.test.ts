/** "The last 30 seconds" of a live game: it ends a few seconds behind the live edge and never starts before the game. */
import { describe, expect, it } from 'vitest';
import { lastSecondsOfLive } from '../../machines/clip-creation/clip-creation.types';

describe('lastSecondsOfLive', () => {
  it('takes 30 seconds ending 5 seconds behind the live edge', () => {
    expect(lastSecondsOfLive(600.9)).toEqual({ startTime: 565, duration: 30 });
  });

  it('starts at the beginning of a game that has barely started', () => {
    expect(lastSecondsOfLive(12)).toEqual({ startTime: 0, duration: 7 });
    expect(lastSecondsOfLive(2)).toEqual({ startTime: 0, duration: 1 });
  });
});
