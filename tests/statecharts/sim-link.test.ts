/**
 * A Simulate link (`?sim=`, statecharts/sim-link.ts): read up to its first unreadable part, and when the simulator
 * replays fewer steps than the link asked for, the view says it restarted or where it stopped (issue 29: a bad link
 * used to reset without a word).
 */
import { describe, expect, it } from 'vitest';
import { inputLinkOutcome, readSimLink, simLinkOutcome } from '../../statecharts/sim-link';

describe('a ?sim= link', () => {
  it.each([
    [null, { steps: [], asked: 0, input: 0 }],
    ['', { steps: [], asked: 0, input: 0 }],
    ['0.2.1', { steps: [0, 2, 1], asked: 3, input: 0 }],
    ['abc', { steps: [], asked: 1, input: 0 }],
    ['0.x.1', { steps: [0], asked: 3, input: 0 }],
    ['0..1', { steps: [0], asked: 3, input: 0 }],
    ['1e3', { steps: [], asked: 1, input: 0 }],
    ['-1', { steps: [], asked: 1, input: 0 }],
  ])('%j reads as %j', (text, link) => {
    expect(readSimLink(text)).toEqual(link);
  });

  it('replayed in full says nothing', () => {
    expect(simLinkOutcome(readSimLink('0.2.1'), [0, 2, 1])).toBeNull();
    expect(simLinkOutcome(readSimLink(null), [])).toBeNull();
  });

  it('unreadable, or out of the options from its first step, restarts from the initial state', () => {
    expect(simLinkOutcome(readSimLink('abc'), [])).toEqual({ kind: 'restarted', asked: 1 });
    expect(simLinkOutcome(readSimLink('99.1'), [])).toEqual({ kind: 'restarted', asked: 2 });
  });

  it('out of the options later stops at the last step replayed, saying which', () => {
    // `0.99.1`: the first step replays, the state it leads to has no option 99.
    expect(simLinkOutcome(readSimLink('0.99.1'), [0])).toEqual({ kind: 'stopped', reached: 1, asked: 3 });
    expect(simLinkOutcome(readSimLink('0.2.x'), [0, 2])).toEqual({ kind: 'stopped', reached: 2, asked: 3 });
  });

  it('starts from the ?input= it names, and replays its steps from there', () => {
    expect(readSimLink('0.2', '1')).toEqual({ steps: [0, 2], asked: 2, input: 1, inputAsked: '1' });
    expect(inputLinkOutcome(readSimLink('0.2', '1'), 1)).toBeNull();
    expect(inputLinkOutcome(readSimLink('0.2', null), 0)).toBeNull();
  });

  it('with an input that is not a number, starts from the first input and replays none of its steps', () => {
    const link = readSimLink('0.2', 'x');
    expect(link).toEqual({ steps: [], asked: 2, input: 0, inputAsked: 'x' });
    expect(inputLinkOutcome(link, 0)).toEqual({ asked: 'x' });
    expect(simLinkOutcome(link, [])).toEqual({ kind: 'restarted', asked: 2 });
  });

  it('with an input the machine does not have, says which once the simulator started from another', () => {
    // The simulator falls back to the first input (statecharts/simulator.worker.ts).
    expect(inputLinkOutcome(readSimLink(null, '9'), 0)).toEqual({ asked: '9' });
  });
});
