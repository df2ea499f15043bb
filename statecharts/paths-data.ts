/**
 * A machine's QA paths as the statechart studio gets them: compact data computed at build time
 * (statecharts/studio-paths.ts) and rebuilt in the browser into the paths `npm run paths` prints, titled, with the
 * transitions each step takes (for playing a path on the diagram) and the effects it runs. Browser-safe: no runtime xstate, no machines.
 */
import type { DescribableState, StepKind } from './model-testing/describe';
import {
  type PathsInfo,
  type PlainCoverage,
  type PlainEffect,
  type PlainPath,
  type PlainStep,
  type PlainTransition,
  pathsToJson,
  pathsToMarkdown,
} from './model-testing/format-paths';

/** What a step does, shared by every step that does the same: a PlainStep without its number and expected state. */
export interface StudioAction {
  kind: StepKind;
  /** The event, written with {@link encodeValue}. */
  event: unknown;
  actorId?: string;
  /** For wait: `ms` is left out when the model cannot work it out. */
  delay?: { written: number | string; ms?: number };
}

export interface StudioState {
  value: DescribableState['value'];
  /** Sorted. */
  tags: string[];
  status: string;
}

/**
 * One step: the index of its action in {@link StudioPaths.actions}, of its expected state in
 * {@link StudioPaths.states}, the indexes in {@link StudioPaths.transitions} of the transitions it takes (in the order
 * it takes them) and in {@link StudioPaths.effects} of the named actions it runs.
 */
export type StudioStepData = [action: number, state: number, transitions: number[], effects: number[]];

export interface StudioPathData {
  id: number;
  title: string;
  /** The expected state at the end, formatted. */
  end: string;
  /** Index in {@link StudioPaths.inputs}; left out when the machine is started without input. */
  input?: number;
  /** In order: the step's number is its position + 1. */
  steps: StudioStepData[];
}

/** A machine's QA paths, interned: each distinct action, expected state, effect, input and transition once. */
export interface StudioPaths {
  info: PathsInfo;
  coverage: PlainCoverage;
  /** The transitions the replayed paths take, in the machine's order. */
  transitions: PlainTransition[];
  actions: StudioAction[];
  states: StudioState[];
  /** The named actions steps run ({@link PlainEffect}), written with {@link encodeValue}. */
  effects: unknown[];
  /** Inputs the paths start with, written with {@link encodeValue}. */
  inputs: unknown[];
  paths: StudioPathData[];
}

/**
 * A value as JSON can carry it without changing how a step reads or exports: JSON drops a property set to undefined
 * (`send x {}` would become `send x`) and writes an error as `{}`. Such values, and objects that happen to have a
 * `$` key, become `{ $: ... }` markers that {@link decodeValue} turns back.
 */
export function encodeValue(value: unknown): unknown {
  if (value === undefined) return { $: 'undefined' };
  if (value instanceof Error) return { $: 'error', name: value.name, message: value.message };
  if (Array.isArray(value)) return value.map(encodeValue);
  if (value === null || typeof value !== 'object') return value;
  const { toJSON } = value as { toJSON?: unknown };
  if (typeof toJSON === 'function') return encodeValue(toJSON.call(value));
  const entries = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, encodeValue(inner)]));
  return '$' in entries ? { $: 'object', value: entries } : entries;
}

export function decodeValue(encoded: unknown): unknown {
  if (Array.isArray(encoded)) return encoded.map(decodeValue);
  if (encoded === null || typeof encoded !== 'object') return encoded;
  const decodeEntries = (object: object) =>
    Object.fromEntries(Object.entries(object).map(([key, inner]) => [key, decodeValue(inner)]));
  if (!('$' in encoded)) return decodeEntries(encoded);
  const marker = encoded as { $: unknown; name?: string; message?: string; value?: object };
  switch (marker.$) {
    case 'undefined':
      return undefined;
    case 'error':
      return Object.assign(new Error(marker.message), { name: marker.name });
    case 'object':
      return decodeEntries(marker.value ?? {});
    default:
      throw new Error(`unknown encoded value ${JSON.stringify(encoded)}`);
  }
}

/** The paths with every step spelled out, as `npm run paths` has them, with what each step did. */
export function toPlainPaths(data: StudioPaths): PlainPath[] {
  // Steps that do the same share one event object: treat the result as read-only.
  const actions = data.actions.map(({ kind, event, actorId, delay }) => ({
    kind,
    event: decodeValue(event) as PlainStep['event'],
    ...(actorId === undefined ? {} : { actorId }),
    ...(delay === undefined ? {} : { delay: { written: delay.written, ms: delay.ms } }),
  }));
  const effects = data.effects.map((effect) => decodeValue(effect) as PlainEffect);
  const inputs = data.inputs.map(decodeValue);
  const at = <T>(list: readonly T[], index: number | undefined, path: number, step: number): T => {
    const value = list[index ?? -1];
    if (value === undefined) throw new Error(`path ${path} step ${step}: bad reference`);
    return value;
  };
  return data.paths.map((path) => ({
    id: path.id,
    title: path.title,
    input: path.input === undefined ? undefined : inputs[path.input],
    end: path.end,
    steps: path.steps.map(([action, state, transitions, done], index) => ({
      number: index + 1,
      ...at(actions, action, path.id, index + 1),
      expected: at(data.states, state, path.id, index + 1),
      transitions: transitions.map((t) => at(data.transitions, t, path.id, index + 1)),
      effects: done.map((e) => at(effects, e, path.id, index + 1)),
    })),
  }));
}

/** Byte for byte what `npm run paths -- <machine> --format json` prints. */
export function exportPathsJson(data: StudioPaths): string {
  return pathsToJson(data.info, toPlainPaths(data), data.coverage);
}

/** Byte for byte what `npm run paths -- <machine>` (Markdown) prints. */
export function exportPathsMarkdown(data: StudioPaths): string {
  return pathsToMarkdown(data.info, toPlainPaths(data), data.coverage);
}
