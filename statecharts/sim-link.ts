/**
 * A link to a simulated state: the studio's Simulate view keeps the options chosen so far in its address
 * (`?sim=0.2.1`, statecharts/model-testing/simulate.ts replays them). A link may be mistyped, or older than the
 * machine it points at; the view then says how far it got instead of silently starting over (issue 29).
 */

/** A `?sim=` value as read: the steps up to the first part that is not an option index, and how many parts it had. */
export interface SimLink {
  steps: number[];
  /** Every part of the value, readable or not: what the link asked for. */
  asked: number;
}

/** What replaying a link came to, when it fell short: it restarted (no step replayed) or stopped after `reached` steps. */
export type SimLinkOutcome = { kind: 'restarted'; asked: number } | { kind: 'stopped'; reached: number; asked: number };

/** `0.2.1` → steps [0, 2, 1]; `0.x.1` → [0] of 3 asked; none or empty → nothing asked. */
export function readSimLink(text: string | null): SimLink {
  if (text === null || text === '') return { steps: [], asked: 0 };
  const parts = text.split('.');
  const readable = parts.findIndex((part) => !/^\d{1,6}$/.test(part));
  return { steps: parts.slice(0, readable === -1 ? parts.length : readable).map(Number), asked: parts.length };
}

/** Null when the simulator replayed every step the link asked for; else how far it got. */
export function simLinkOutcome(link: SimLink, replayed: readonly number[]): SimLinkOutcome | null {
  if (replayed.length >= link.asked) return null;
  return replayed.length === 0 ? { kind: 'restarted', asked: link.asked } : { kind: 'stopped', reached: replayed.length, asked: link.asked };
}
