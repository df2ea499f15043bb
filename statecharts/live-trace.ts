/**
 * A live actor's recent events as a file (issue 29): the studio's Live view exports what one actor received, in the
 * order it received it, and the Simulate view reads the file back and replays it on a detached copy of the machine
 * (statecharts/model-testing/follow-trace.ts). The payloads are the live view's, secrets already hidden (`•••`), so a
 * trace can be attached to a bug report.
 *
 * A trace file comes from outside: it may be another machine's, an older format, truncated, or hostile. `readTrace`
 * says which, and never throws. No runtime xstate: the studio's chunk imports it.
 */
import type { StateValue } from 'xstate';

const FORMAT = 'statecharts-trace';
const VERSION = 1;
/** Bigger files are refused unread: the live view keeps a few dozen steps per actor, far under either limit. */
export const TRACE_MAX_CHARS = 1_000_000;
export const TRACE_MAX_STEPS = 2000;
/** How deeply a state value or payload may nest: the machines nest a few levels; deeper is not a trace. */
const MAX_DEPTH = 32;

/** One event the actor received, as the live view recorded it. */
export interface TraceStep {
  /** When, in ms since the epoch. */
  at: number;
  event: string;
  /** Who sent it: another actor of the tab (its name), or '' for the page itself. */
  from: string;
  /** The event without its type, secrets hidden, at most about 8,000 characters of JSON; absent when it had only its type. */
  payload?: unknown;
  /** The transitions it took, by machine-graph id; empty when the state ignored it. */
  taken: string[];
  /** The actor's state after it. */
  value: StateValue;
}

export interface LiveTrace {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** The machine's id (`machine.id`): a trace replays only on its own machine. */
  machine: string;
  /** The actor's name in the live view (an invoked child's invoke id, else its machine's id). */
  actor: string;
  /** The page its tab was on. */
  tab: string;
  /** When it was exported, as an ISO date. */
  exportedAt: string;
  /** Oldest first. */
  steps: TraceStep[];
}

/** A live step as the live view keeps it; its payload may still be the older short JSON text ('' for none). */
export interface TraceStepLike {
  at: number;
  event: string;
  from: string;
  payload?: unknown;
  taken: readonly string[];
  value: StateValue;
}

/** The older live step's payload was JSON text, '' without one and cut with `…` when long: kept as text when cut. */
function payloadOf(payload: unknown): { payload?: unknown } {
  if (payload === undefined || payload === '') return {};
  if (typeof payload !== 'string') return { payload };
  try {
    return { payload: JSON.parse(payload) as unknown };
  } catch {
    return { payload };
  }
}

/**
 * The trace of a live actor (its steps newest first, as the live view keeps them) on the page `where`, exported at
 * `now`: the steps oldest first, each copied, so the live view may go on changing its own.
 */
export function traceOf(actor: { machine: string; name: string; steps: readonly TraceStepLike[] }, where: string, now: Date): LiveTrace {
  // Newest first, and steps recorded in the same millisecond keep their order: reversed, then a stable sort by time.
  const steps = [...actor.steps].reverse().sort((a, b) => a.at - b.at);
  return {
    format: FORMAT,
    version: VERSION,
    machine: actor.machine,
    actor: actor.name,
    tab: where,
    exportedAt: now.toISOString(),
    steps: steps.map((step) => ({
      at: step.at,
      event: step.event,
      from: step.from,
      ...payloadOf(step.payload),
      taken: [...step.taken],
      value: step.value,
    })),
  };
}

/** The trace as a file's text: pretty JSON with its fields always in the same order, so two exports diff cleanly. */
export function exportTraceJson(trace: LiveTrace): string {
  const ordered = {
    format: trace.format,
    version: trace.version,
    machine: trace.machine,
    actor: trace.actor,
    tab: trace.tab,
    exportedAt: trace.exportedAt,
    steps: trace.steps.map(({ at, event, from, payload, taken, value }) => ({
      at,
      event,
      from,
      ...(payload === undefined ? {} : { payload }),
      taken,
      value,
    })),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** `payment-2026-11-26T14-25-50Z.trace.json`, or `payment-pollOrder-….trace.json` for an invoked child. */
export function traceFileName(trace: LiveTrace): string {
  const slug = (text: string) => text.replace(/[^\w.-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'actor';
  const stamp = trace.exportedAt.replace(/\.\d+/, '').replace(/:/g, '-');
  const who = trace.actor === trace.machine ? slug(trace.machine) : `${slug(trace.machine)}-${slug(trace.actor)}`;
  return `${who}-${slug(stamp)}.trace.json`;
}

/** Why a text is not a trace this machine can replay; the view words each in the viewer's language. */
export type TraceProblem =
  | { kind: 'tooLarge'; limit: number }
  | { kind: 'json'; detail: string }
  | { kind: 'format' }
  | { kind: 'version'; found: string }
  /** A field of the trace itself is missing or of the wrong kind. */
  | { kind: 'field'; field: 'machine' | 'actor' | 'tab' | 'exportedAt' | 'steps' }
  | { kind: 'machine'; expected: string; found: string }
  | { kind: 'tooManySteps'; found: number; limit: number }
  | { kind: 'empty' }
  /** Step `step` (from 1) has a `field` missing or of the wrong kind. */
  | { kind: 'step'; step: number; field: keyof TraceStep }
  /** Step `step` is dated before the one it follows: steps are oldest first. */
  | { kind: 'order'; step: number };

export type TraceRead = { trace: LiveTrace } | { problem: TraceProblem };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A state value: a state's name, or each region's (or child's) value by name, no deeper than {@link MAX_DEPTH}. */
function isStateValue(value: unknown, depth = 0): value is StateValue {
  if (typeof value === 'string') return true;
  if (!isRecord(value) || depth >= MAX_DEPTH) return false;
  return Object.values(value).every((child) => isStateValue(child, depth + 1));
}

/** Whether a JSON value nests no deeper than {@link MAX_DEPTH}, so replaying it never runs out of stack. */
function isShallow(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (depth >= MAX_DEPTH) return false;
  return Object.values(value).every((child) => isShallow(child, depth + 1));
}

/** The step rebuilt from its known fields only (a field the file adds is dropped), or the first field that is wrong. */
function readStep(raw: unknown): TraceStep | keyof TraceStep {
  if (!isRecord(raw)) return 'event';
  const { at, event, from, payload, taken, value } = raw;
  if (typeof at !== 'number' || !Number.isFinite(at)) return 'at';
  if (typeof event !== 'string' || event === '') return 'event';
  if (typeof from !== 'string') return 'from';
  if (!isShallow(payload)) return 'payload';
  if (!Array.isArray(taken) || !taken.every((id) => typeof id === 'string')) return 'taken';
  if (!isStateValue(value)) return 'value';
  return { at, event, from, ...(payload === undefined ? {} : { payload }), taken: [...(taken as string[])], value };
}

/**
 * Reads a trace file's text for the machine whose id is `machineId`. Checks, in order: its size, JSON, the format
 * and version, the trace's own fields, the machine, the number of steps, then each step and their order. Returns the
 * trace rebuilt from the fields it knows, or the first problem found; never throws.
 */
export function readTrace(text: string, machineId: string): TraceRead {
  if (text.length > TRACE_MAX_CHARS) return { problem: { kind: 'tooLarge', limit: TRACE_MAX_CHARS } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: { kind: 'json', detail: error instanceof Error ? error.message : String(error) } };
  }
  if (!isRecord(parsed) || parsed['format'] !== FORMAT) return { problem: { kind: 'format' } };
  const { version, machine, actor, tab, exportedAt, steps } = parsed;
  if (version !== VERSION) return { problem: { kind: 'version', found: JSON.stringify(version) ?? 'none' } };
  for (const [field, found] of [['machine', machine], ['actor', actor], ['tab', tab], ['exportedAt', exportedAt]] as const) {
    if (typeof found !== 'string') return { problem: { kind: 'field', field } };
  }
  if (!Array.isArray(steps)) return { problem: { kind: 'field', field: 'steps' } };
  if (machine !== machineId) return { problem: { kind: 'machine', expected: machineId, found: machine as string } };
  if (steps.length > TRACE_MAX_STEPS) return { problem: { kind: 'tooManySteps', found: steps.length, limit: TRACE_MAX_STEPS } };
  if (steps.length === 0) return { problem: { kind: 'empty' } };
  const read: TraceStep[] = [];
  for (const [index, raw] of steps.entries()) {
    const step = readStep(raw);
    if (typeof step === 'string') return { problem: { kind: 'step', step: index + 1, field: step } };
    const before = read.at(-1);
    if (before !== undefined && step.at < before.at) return { problem: { kind: 'order', step: index + 1 } };
    read.push(step);
  }
  return {
    trace: {
      format: FORMAT,
      version: VERSION,
      machine: machine as string,
      actor: actor as string,
      tab: tab as string,
      exportedAt: exportedAt as string,
      steps: read,
    },
  };
}
