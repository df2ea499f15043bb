/**
 * How a recorded trace (statecharts/live-trace.ts) is followed in the studio's simulation: each event of the trace is
 * matched to the options the simulated state offers (statecharts/model-testing/simulate.ts applies them). A send is
 * the model's variant when the recorded payload is one of them, else the recorded payload sent as an edit; an
 * invoked actor's done or error is the model's outcome that resembles the recorded one, the others tried after it; a
 * timer is its wait. Secrets were hidden where the trace was recorded (`•••`), so a hidden value resembles anything.
 * Browser-safe: no xstate at run time.
 */
import type { EventObject, StateValue } from 'xstate';
import type { TraceStep } from '../live-trace';
import { formatStateValue } from './describe';
import type { StepAction } from './replay';
import { checkPayload, describeProblem } from '../sim-payload';

const HIDDEN = '•••';

/** What a trace step says, as the simulation follows it. */
export type FollowedStep = Pick<TraceStep, 'event' | 'payload' | 'taken' | 'value'>;

/** Why following a trace stopped at a step. */
export type TraceStop =
  /** The simulated state (`state`) offers no option of the step's event type. */
  | { kind: 'notOffered'; state: string }
  /** Every option that fits was tried: the step leads to `state`, the trace to `expected`. */
  | { kind: 'elsewhere'; state: string; expected: string }
  /** The step could not be done at all (a payload that is not an object, a timer not pending...), in English. */
  | { kind: 'refused'; detail: string };

/** How far a trace was followed: `replayed` of its `total` steps (skipped ones count), and where it stopped, if it did. */
export interface TraceReplay {
  replayed: number;
  total: number;
  stopped?: { step: number; event: string; why: TraceStop };
}

/** An option to try for a step: its index, and the event to send instead of the option's when the trace's differs. */
export interface TraceCandidate {
  index: number;
  event?: EventObject;
}

/**
 * Whether a recorded text is the model's, its hidden parts standing for anything: each `•••` may hide any run of
 * characters, the rest is matched in order. Without a regular expression: a hostile trace's text cannot make it slow.
 */
function textResembles(recorded: string, modelled: string): boolean {
  const parts = recorded.split(HIDDEN);
  if (parts.length === 1) return recorded === modelled;
  const first = parts[0] ?? '';
  const last = parts.at(-1) ?? '';
  if (!modelled.startsWith(first) || modelled.length < first.length + last.length || !modelled.endsWith(last)) return false;
  let from = first.length;
  const end = modelled.length - last.length;
  for (const part of parts.slice(1, -1)) {
    const at = modelled.indexOf(part, from);
    if (at === -1 || at + part.length > end) return false;
    from = at + part.length;
  }
  return true;
}

/**
 * Whether a recorded value (JSON, secrets hidden as the live view hides them) is the model's value: the same JSON,
 * with an Error as `Name: message`, fields that JSON leaves out left out, and `•••` resembling anything.
 */
export function resembles(recorded: unknown, modelled: unknown): boolean {
  if (recorded === HIDDEN) return true;
  if (modelled instanceof Error) return typeof recorded === 'string' && textResembles(recorded, `${modelled.name}: ${modelled.message}`);
  if (typeof recorded === 'string') return typeof modelled === 'string' && textResembles(recorded, modelled);
  if (Array.isArray(recorded)) {
    return Array.isArray(modelled) && recorded.length === modelled.length && recorded.every((item, at) => resembles(item, modelled[at]));
  }
  if (typeof recorded === 'object' && recorded !== null) {
    if (typeof modelled !== 'object' || modelled === null || Array.isArray(modelled)) return false;
    const shown = Object.entries(modelled).filter(([, value]) => value !== undefined && typeof value !== 'function' && typeof value !== 'symbol');
    const fields = recorded as Record<string, unknown>;
    return Object.keys(fields).length === shown.length && shown.every(([name, value]) => name in fields && resembles(fields[name], value));
  }
  return recorded === modelled;
}

/** The recorded event as it would be sent: its payload's fields under its type, or why it cannot be sent. */
function recordedEvent(step: FollowedStep): { event: EventObject } | { problem: string } {
  const { payload } = step;
  if (payload !== undefined && (typeof payload !== 'object' || payload === null || Array.isArray(payload))) {
    return { problem: describeProblem({ kind: 'notObject' }) };
  }
  const checked = checkPayload({ ...(payload as object | undefined), type: step.event }, step.event);
  return checked.ok ? { event: checked.event } : { problem: describeProblem(checked.problem) };
}

/**
 * The input a trace's start recorded (`xstate.init` with `{ input }`), or undefined when it is not the actor's start
 * or recorded none (the Live view keeps only an actor's latest events; an older build recorded no payload).
 */
export function recordedInput(step: FollowedStep | undefined): { input: unknown } | undefined {
  if (step?.event !== 'xstate.init') return undefined;
  const { payload } = step;
  return typeof payload === 'object' && payload !== null && 'input' in payload ? { input: (payload as { input: unknown }).input } : undefined;
}

/**
 * A send the simulated state's options do not include (the model offers a card only for its own purchases, a real
 * viewer paid for another), sent as the trace recorded it when the machine itself takes it there, or why it cannot be.
 * Timers and invoked actors' answers are never made up: only what a view or another actor sent.
 */
export function unofferedSend(
  step: FollowedStep,
  accepts: (event: EventObject) => boolean,
  standIn?: EventObject,
): { event: EventObject } | { problem: string } | null {
  if (step.event.startsWith('xstate.')) return null;
  const sent = recordedEvent(step);
  if ('problem' in sent) return sent;
  const event = standIn === undefined ? sent.event : (withStandIns(sent.event, standIn) as EventObject);
  return accepts(event) ? { event } : null;
}

/** `recorded` with each hidden value (`•••`) replaced by the value at the same place in `standIn`, where it has one. */
function withStandIns(recorded: unknown, standIn: unknown): unknown {
  if (recorded === HIDDEN) return standIn ?? recorded;
  if (typeof recorded !== 'object' || recorded === null || typeof standIn !== 'object' || standIn === null) return recorded;
  if (Array.isArray(recorded)) return recorded.map((item, at) => withStandIns(item, (standIn as unknown[])[at]));
  const fields = standIn as Record<string, unknown>;
  return Object.fromEntries(Object.entries(recorded).map(([name, value]) => [name, withStandIns(value, fields[name])]));
}

/** An event's fields but its type: what a send's payload is compared on. */
const withoutType = (event: EventObject): Record<string, unknown> => Object.fromEntries(Object.entries(event).filter(([name]) => name !== 'type'));

/** The payload without the fields xstate adds to an actor's done and error events (`actorId`). */
const field = (payload: unknown, name: 'output' | 'error'): unknown =>
  typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)[name] : undefined;

/**
 * The options to try for a trace step, most likely first, or why none can be: the state offers none of its type, or
 * its payload cannot be sent. The caller applies them in turn and keeps the first that leads where the trace went.
 */
export function candidatesFor(step: FollowedStep, options: readonly StepAction[]): TraceCandidate[] | { problem: string } | null {
  const offered = options.flatMap((option, index) => (option.event.type === step.event ? [{ option, index }] : []));
  const [first] = offered;
  if (first === undefined) return null;
  if (first.option.kind === 'send') {
    const sent = recordedEvent(step);
    if ('problem' in sent) return sent;
    const recorded = withoutType(sent.event);
    const alike = offered.filter(({ option }) => resembles(recorded, withoutType(option.event)));
    // A variant the trace resembles is sent as the model has it (its hidden values are the model's); the recorded
    // payload is sent as an edit of the first variant when none does, or when the one that does leads elsewhere.
    return [...alike.map(({ index }) => ({ index })), { index: first.index, event: sent.event }];
  }
  if (first.option.kind === 'finish' || first.option.kind === 'fail') {
    const name = first.option.kind === 'finish' ? 'output' : 'error';
    const recorded = field(step.payload, name);
    const alike = offered.filter(({ option }) => resembles(recorded, field(option.event, name)));
    const others = offered.filter((candidate) => !alike.includes(candidate));
    return [...alike, ...others].map(({ index }) => ({ index }));
  }
  return offered.map(({ index }) => ({ index }));
}

/** Whether two state values name the same states, whatever order their regions were written in. */
export function sameState(a: StateValue, b: StateValue): boolean {
  const leaves = (value: StateValue) => formatStateValue(value).split(', ').sort().join(', ');
  return leaves(a) === leaves(b);
}
