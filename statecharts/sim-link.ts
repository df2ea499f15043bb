/**
 * A link to a simulated state: the studio's Simulate view keeps the input it started from and the options chosen so
 * far in its address (`?input=1&sim=0.2.1`, statecharts/model-testing/simulate.ts replays them). A link may be
 * mistyped, or older than the machine it points at; the view then says how far it got instead of silently starting
 * over (issue 29). An edited payload is not in the link: the link replays the model's variant it was edited from.
 */

/** A `?sim=` value as read: the steps up to the first part that is not an option index, and how many parts it had. */
export interface SimLink {
  steps: number[];
  /** Every part of the value, readable or not: what the link asked for. */
  asked: number;
  /** Which of the model's inputs to start from: the `?input=` number, 0 without one. */
  input: number;
  /** The `?input=` value as written, when the link has one. */
  inputAsked?: string;
}

/** What replaying a link came to, when it fell short: it restarted (no step replayed) or stopped after `reached` steps. */
export type SimLinkOutcome = { kind: 'restarted'; asked: number } | { kind: 'stopped'; reached: number; asked: number };

const INDEX = /^\d{1,6}$/;

/**
 * `0.2.1` → steps [0, 2, 1]; `0.x.1` → [0] of 3 asked; none or empty → nothing asked. An `input` that is not a number
 * starts from the first input and replays no step, as the steps were chosen from another start.
 */
export function readSimLink(text: string | null, input: string | null = null): SimLink {
  const asked = input === null ? {} : { inputAsked: input };
  if (input !== null && !INDEX.test(input)) return { steps: [], asked: text === null || text === '' ? 0 : text.split('.').length, input: 0, ...asked };
  const start = { input: input === null ? 0 : Number(input), ...asked };
  if (text === null || text === '') return { steps: [], asked: 0, ...start };
  const parts = text.split('.');
  const readable = parts.findIndex((part) => !INDEX.test(part));
  return { steps: parts.slice(0, readable === -1 ? parts.length : readable).map(Number), asked: parts.length, ...start };
}

/** The `?input=` the link asked for, when the simulation did not start from it (null when it did, or none was asked). */
export function inputLinkOutcome(link: SimLink, started: number): { asked: string } | null {
  const { inputAsked } = link;
  if (inputAsked === undefined || (INDEX.test(inputAsked) && Number(inputAsked) === started)) return null;
  return { asked: inputAsked };
}

/** Null when the simulator replayed every step the link asked for; else how far it got. */
export function simLinkOutcome(link: SimLink, replayed: readonly number[]): SimLinkOutcome | null {
  if (replayed.length >= link.asked) return null;
  return replayed.length === 0 ? { kind: 'restarted', asked: link.asked } : { kind: 'stopped', reached: replayed.length, asked: link.asked };
}
