/**
 * How a model path's steps and expected states read, over plain shapes: the runner's failure messages, the QA
 * printer (`npm run paths`) and the statechart studio in the browser all word them the same way. Pure, with only
 * type imports from xstate, so the studio's chunk can use it without pulling xstate in.
 */
import type { EventObject, StateValue } from 'xstate';

export type StepKind = 'start' | 'send' | 'wait' | 'finish' | 'fail';

/**
 * How a machine's paths were chosen: `cover`, the fewest of the shortest paths that take every transition they
 * take (the default); `shortest`, one shortest path per edge of the model graph; `simple`, paths that never revisit a
 * model state, within a budget.
 */
export type PathKind = 'cover' | 'shortest' | 'simple';

/** Why a simple-path search ended before it had listed every simple path, and the budget it had. */
export interface SimpleStop {
  reason: 'maxPaths' | 'timeLimit';
  maxPaths: number;
  timeLimitMs: number;
}

/** What {@link describeStep} reads of a step; a ModelStep fits, and so does a step rebuilt from JSON. */
export interface DescribableStep {
  /** 1-based position in the path. */
  number: number;
  kind: StepKind;
  event: EventObject;
  /** For finish/fail: the invoke id whose actor settles. */
  actorId?: string;
  /** For wait: the delay as written and, when it can be worked out from the model, in ms. */
  delay?: { written: number | string; ms: number | undefined };
}

/** What {@link describeExpected} reads of a state; a machine snapshot fits. */
export interface DescribableState {
  value: StateValue;
  tags: Iterable<string>;
  status: string;
}

/** JSON, with errors written as `Error(message)` so that two error variants stay apart. */
export function serializeValue(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => (v instanceof Error ? `${v.name}(${v.message})` : v)) ?? 'undefined'
  );
}

/** `idle`, `loggedIn.loadingProfile`, or for parallel states `day.chosen, startOfList.more`. */
export function formatStateValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  const leaves: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    if (child === undefined) continue;
    const inner = formatStateValue(child);
    leaves.push(...(inner === '' ? [key] : inner.split(', ').map((leaf) => `${key}.${leaf}`)));
  }
  return leaves.join(', ');
}

/** A human line for a step, shared by failure messages and the QA printer. */
export function describeStep(step: DescribableStep): string {
  const { event } = step;
  switch (step.kind) {
    case 'start':
      return 'start';
    case 'wait': {
      const { written, ms } = step.delay ?? { written: '?', ms: undefined };
      if (typeof written === 'number') return `wait ${written} ms`;
      return ms === undefined ? `wait for delay ${written}` : `wait ${ms} ms (${written})`;
    }
    case 'finish': {
      const { output } = event as { output?: unknown };
      return `let ${step.actorId} finish${output === undefined ? '' : ` with ${serializeValue(output)}`}`;
    }
    case 'fail': {
      const { error } = event as { error?: unknown };
      return `let ${step.actorId} fail with ${error instanceof Error ? `${error.name}: ${error.message}` : serializeValue(error)}`;
    }
    default: {
      const { type, ...payload } = event;
      return `send ${type}${Object.keys(payload).length ? ` ${serializeValue(payload)}` : ''}`;
    }
  }
}

/** The expected state of a step: `showing [visible]`, `off (done)`. */
export function describeExpected(state: DescribableState): string {
  const tags = [...state.tags].sort();
  return (
    formatStateValue(state.value) +
    (tags.length ? ` [${tags.join(', ')}]` : '') +
    (state.status === 'active' ? '' : ` (${state.status})`)
  );
}
