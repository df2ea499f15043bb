/**
 * Model-based test paths for a machine, built with xstate/graph's TestModel from the machine's model
 * (machines/<name>/<name>.model.ts, written against machines/shared/machine-model.ts).
 * The runner (tests/machines/model-runner.ts) replays these paths against real actors; `npm run paths` prints them
 * for QA. Both call {@link buildModel} and {@link generatePaths}, so what a tester follows by hand is exactly what
 * the suite runs.
 */
import {
  __unsafe_getAllOwnEventDescriptors as getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  initialTransition,
  transition,
} from 'xstate';
import { type AdjacencyMap, TestModel } from 'xstate/graph';
import type { AnyMachineModel, Variants } from '../../machines/shared/machine-model';
import { type MachineTransition, listTransitions } from '../machine-graph';
import { type DescribableStep, type SimpleStop, formatStateValue, serializeValue } from './describe';

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';
const AFTER = 'xstate.after.';

export interface BuiltModel {
  name: string;
  model: AnyMachineModel;
  machine: AnyStateMachine;
  transitions: MachineTransition[];
  /** The model state of a snapshot: status plus the abstraction, as a string. */
  stateKey(snapshot: AnyMachineSnapshot): string;
  /** The events tried in a snapshot: every handled event type with its variants, kept when a transition is enabled. */
  eventsFor(snapshot: AnyMachineSnapshot): EventObject[];
}

function resolveVariants<T>(variants: Variants<T, AnyMachineSnapshot> | undefined, snapshot: AnyMachineSnapshot): T[] {
  if (variants === undefined) return [];
  return [...(typeof variants === 'function' ? variants(snapshot) : variants)];
}

/** Checks the model config against its machine and prepares what traversal needs. */
export function buildModel(name: string, model: AnyMachineModel): BuiltModel {
  const { machine } = model;
  const transitions = listTransitions(machine);
  for (const t of transitions) {
    if (t.kind === 'done' && t.actorId !== undefined && model.outputs?.[t.actorId] === undefined) {
      throw new Error(
        `model ${name}: the invoke '${t.actorId}' has onDone; declare outputs['${t.actorId}'] in the model ` +
          '(the values it may resolve with, [undefined] if none)',
      );
    }
  }

  const stateKey = (snapshot: AnyMachineSnapshot): string =>
    serializeValue([
      snapshot.status,
      model.abstractState ? model.abstractState(snapshot) : { value: snapshot.value, context: snapshot.context },
    ]);

  const isEnabled = (snapshot: AnyMachineSnapshot, event: EventObject): boolean => {
    try {
      return machine
        .getTransitionData(snapshot, event)
        .some((t) => t.target !== undefined || t.actions.length > 0 || t.reenter);
    } catch (error) {
      throw new Error(
        `model ${name}: '${event.type}' in ${formatStateValue(snapshot.value)} failed: ${(error as Error).message}. ` +
          `Declare payload variants for '${event.type}' in the model's events.`,
        { cause: error },
      );
    }
  };

  const eventsFor = (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.status !== 'active') return [];
    const candidates: EventObject[] = [];
    for (const descriptor of getAllOwnEventDescriptors(snapshot) as string[]) {
      if (descriptor.startsWith(DONE_STATE)) continue; // raised by the machine itself when a region finishes
      if (descriptor.startsWith(DONE_ACTOR)) {
        const id = descriptor.slice(DONE_ACTOR.length);
        for (const output of resolveVariants(model.outputs?.[id], snapshot)) candidates.push({ type: descriptor, output } as EventObject);
      } else if (descriptor.startsWith(ERROR_ACTOR)) {
        const id = descriptor.slice(ERROR_ACTOR.length);
        const errors = model.errors?.[id] ?? [new Error(`${id} failed`)];
        for (const error of resolveVariants(errors, snapshot)) candidates.push({ type: descriptor, error } as EventObject);
      } else if (descriptor.startsWith(AFTER)) {
        candidates.push({ type: descriptor });
      } else {
        const variants = (model.events as Record<string, Variants<EventObject, AnyMachineSnapshot>> | undefined)?.[
          descriptor
        ];
        if (variants !== undefined) candidates.push(...resolveVariants(variants, snapshot));
        else if (!descriptor.includes('*')) candidates.push({ type: descriptor });
      }
    }
    return candidates.filter((event) => isEnabled(snapshot, event));
  };

  return { name, model, machine, transitions, stateKey, eventsFor };
}

/** One step of a path: what the tester (or runner) does, then the state expected after it. */
export interface ModelStep extends DescribableStep {
  expected: AnyMachineSnapshot;
}

export interface ModelPath {
  /** 1-based, in generation order (stable for an unchanged machine and model). */
  id: number;
  /** What the machine is started with (the model's `input`, or one of its `inputs`). */
  input: unknown;
  steps: ModelStep[];
  /** The expected state at the end, formatted. */
  end: string;
}

function delayOf(built: BuiltModel, eventType: string): number | string | undefined {
  return built.transitions.find((t) => t.kind === 'after' && t.eventType === eventType)?.delay;
}

type DelayExpression = (args: { context: unknown; event: EventObject }, params: undefined) => number;

/** The delay in ms for an `after` written with a named delay, evaluated on the state it was entered with. */
function delayMs(
  built: BuiltModel,
  written: number | string,
  entered: AnyMachineSnapshot,
  enteredBy: EventObject,
): number | undefined {
  if (typeof written === 'number') return written;
  const implementation = (built.machine.implementations.delays as Record<string, unknown>)[written];
  if (typeof implementation === 'number') return implementation;
  if (typeof implementation === 'function') {
    return (implementation as DelayExpression)({ context: entered.context, event: enteredBy }, undefined);
  }
  return undefined;
}

function toStep(built: BuiltModel, number: number, event: EventObject, expected: AnyMachineSnapshot, previous?: ModelStep): ModelStep {
  const { type } = event;
  if (number === 1) return { number, kind: 'start', event, expected };
  if (type.startsWith(DONE_ACTOR)) return { number, kind: 'finish', event, actorId: type.slice(DONE_ACTOR.length), expected };
  if (type.startsWith(ERROR_ACTOR)) return { number, kind: 'fail', event, actorId: type.slice(ERROR_ACTOR.length), expected };
  if (type.startsWith(AFTER)) {
    const written = delayOf(built, type) ?? type.slice(AFTER.length).split('.')[0] ?? '';
    const ms = previous ? delayMs(built, written, previous.expected, previous.event) : undefined;
    return { number, kind: 'wait', event, delay: { written, ms }, expected };
  }
  return { number, kind: 'send', event, expected };
}

/** How far `--simple` may go: simple paths grow exponentially with the model, so listing them all can take hours. */
export interface SimpleBudget {
  /** Paths listed at most (over all inputs). */
  maxPaths: number;
  /**
   * Milliseconds for the whole listing (over all inputs), including what the caller does with each path as it comes
   * (following it, replaying it): paths are found one at a time.
   */
  timeLimitMs: number;
}

export const DEFAULT_SIMPLE_BUDGET: SimpleBudget = { maxPaths: 1000, timeLimitMs: 10_000 };

interface StatePath {
  state: AnyMachineSnapshot;
  steps: Array<{ state: AnyMachineSnapshot; event: EventObject }>;
}

/**
 * The maximal simple paths (no model state twice) from the start, depth first in the order the model offers
 * events, one at a time, within a budget. xstate/graph's getSimplePaths has no budget, searches once per target state
 * and then drops the paths that are prefixes of others; the leaves of one depth-first search are the same paths, each
 * found once. A plain depth-first search that stops at a path budget would spend it all in the first branch; each
 * state instead shares what it has left evenly among its remaining branches, so a cut-off list still spreads over the
 * machine. Returns why it stopped early, if it did.
 */
function* boundedSimplePaths(
  adjacencyMap: AdjacencyMap<AnyMachineSnapshot, EventObject>,
  stateKey: (snapshot: AnyMachineSnapshot) => string,
  maxPaths: number,
  deadline: number,
): Generator<StatePath, SimpleStop['reason'] | undefined> {
  // In insertion order: the start first, then breadth first, each state's events in the order the model offers them.
  const adjacency = new Map(Object.entries(adjacencyMap));
  const [startKey] = adjacency.keys();
  const start = startKey === undefined ? undefined : adjacency.get(startKey);
  if (startKey === undefined || start === undefined) return undefined;
  const onPath = new Set<string>([startKey]);
  const steps: StatePath['steps'] = [{ state: start.state, event: { type: 'xstate.init' } }];
  let stopped: SimpleStop['reason'] | undefined;
  /** Lists at most `budget` (at least 1) paths through `key`'s subtree; returns how many it listed. */
  function* visit(key: string, budget: number): Generator<StatePath, number> {
    const branches = Object.values<{ event: EventObject; state: AnyMachineSnapshot }>(adjacency.get(key)?.transitions ?? {})
      .map((edge) => ({ ...edge, key: stateKey(edge.state) }))
      .filter((edge) => !onPath.has(edge.key));
    if (branches.length === 0) {
      // The time spent on the paths so far includes what the caller did with them between two yields.
      if (Date.now() > deadline) {
        stopped = 'timeLimit';
        return 0;
      }
      yield { state: steps[steps.length - 1]?.state ?? start.state, steps: [...steps] };
      return 1;
    }
    let listed = 0;
    for (const [index, branch] of branches.entries()) {
      if (stopped === 'timeLimit') break;
      const left = budget - listed;
      if (left <= 0) {
        stopped ??= 'maxPaths';
        break;
      }
      onPath.add(branch.key);
      steps.push({ state: branch.state, event: branch.event });
      listed += yield* visit(branch.key, Math.max(1, Math.floor(left / (branches.length - index))));
      steps.pop();
      onPath.delete(branch.key);
    }
    return listed;
  }
  yield* visit(startKey, maxPaths);
  return stopped;
}

/**
 * Generates the shortest paths of a model. The state key includes the incoming edge (previous model state and
 * event), so there is one path per edge of the model graph and every enabled transition is reached, not just every
 * state. `simple` gives {@link generateSimplePaths}' paths, without saying whether the budget cut them short.
 */
export function generatePaths(built: BuiltModel, kind: 'shortest' | 'simple' = 'shortest'): ModelPath[] {
  if (kind === 'simple') return generateSimplePaths(built).paths;
  // Shortest first: easier to follow by hand. The sort is stable, so the order stays deterministic.
  const statePaths = inputsOf(built)
    .flatMap((input) =>
      withLimitError(built, () => testModelOf(built, input, true).getShortestPaths()).map((statePath) => ({ statePath, input })),
    )
    .sort((a, b) => a.statePath.steps.length - b.statePath.steps.length);
  return statePaths.map(({ statePath, input }, index) => followPath(built, statePath, input, index + 1));
}

/**
 * Paths that never revisit a model state (the plain model state, without the incoming edge), found one at a time
 * within a budget and followed from the start as they come; the generator returns why it stopped early, if it did.
 * Each input gets an equal share of the budget, so that the first cannot use it all up. The paths come in search
 * order with id 0; {@link numbered} sorts and numbers them.
 */
export function* simplePaths(
  built: BuiltModel,
  budget: SimpleBudget = DEFAULT_SIMPLE_BUDGET,
): Generator<ModelPath, SimpleStop | undefined> {
  const inputs = inputsOf(built);
  const started = Date.now();
  let stopped: SimpleStop['reason'] | undefined;
  let found = 0;
  for (const [index, input] of inputs.entries()) {
    const adjacency = withLimitError(built, () => testModelOf(built, input, false).getAdjacencyMap());
    const search = boundedSimplePaths(
      adjacency,
      built.stateKey,
      Math.max(1, Math.floor(budget.maxPaths / inputs.length)),
      started + (budget.timeLimitMs * (index + 1)) / inputs.length,
    );
    for (let next = search.next(); ; next = search.next()) {
      if (next.done) {
        stopped ??= next.value;
        break;
      }
      yield followPath(built, next.value, input, ++found);
    }
  }
  return stopped === undefined ? undefined : { reason: stopped, ...budget };
}

/** {@link simplePaths}, all at once, numbered, and why they stopped early if they did. */
export function generateSimplePaths(
  built: BuiltModel,
  budget: SimpleBudget = DEFAULT_SIMPLE_BUDGET,
): { paths: ModelPath[]; stopped?: SimpleStop } {
  const paths: ModelPath[] = [];
  const search = simplePaths(built, budget);
  for (let next = search.next(); ; next = search.next()) {
    if (next.done) return next.value === undefined ? { paths: numbered(paths) } : { paths: numbered(paths), stopped: next.value };
    paths.push(next.value);
  }
}

/** Shortest first, which is easier to follow by hand, numbered from 1; the sort is stable, so the order is too. */
export function numbered<T extends ModelPath>(paths: readonly T[]): T[] {
  return [...paths].sort((a, b) => a.steps.length - b.steps.length).map((path, index) => ({ ...path, id: index + 1 }));
}

function inputsOf(built: BuiltModel): readonly unknown[] {
  return built.model.inputs ?? [built.model.input];
}

function testModelOf(built: BuiltModel, input: unknown, withIncomingEdge: boolean) {
  const { stateKey } = built;
  const serializeEvent = (event: EventObject): string => serializeValue(event);
  return new TestModel(built.machine, {
    events: (snapshot: AnyMachineSnapshot) => built.eventsFor(snapshot),
    serializeEvent,
    serializeState: (snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous?: AnyMachineSnapshot) =>
      withIncomingEdge && event !== undefined && previous !== undefined
        ? `${stateKey(snapshot)} <- ${stateKey(previous)} ${serializeEvent(event)}`
        : stateKey(snapshot),
    limit: built.model.limit ?? 5000,
    ...(input === undefined ? {} : { input }),
  });
}

function withLimitError<T>(built: BuiltModel, traverse: () => T): T {
  try {
    return traverse();
  } catch (error) {
    if ((error as Error).message === 'Traversal limit exceeded') {
      throw new Error(
        `model ${built.name}: more than ${built.model.limit ?? 5000} model states; make abstractState coarser ` +
          '(drop counters and ids, cap list lengths) or raise limit',
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * A traversal's path as a ModelPath. The traversal keeps one snapshot per model state, so a path's snapshots may come
 * from other routes into the same model state. Follow the path's events from the start instead: the expected states
 * are then exactly what the machine does, and an abstraction that merged states which behave differently is caught.
 */
function followPath(built: BuiltModel, statePath: StatePath, input: unknown, id: number): ModelPath {
  const { machine, stateKey } = built;
  const steps: ModelStep[] = [];
  let current: AnyMachineSnapshot | undefined;
  for (const step of statePath.steps) {
    current = current === undefined ? initialTransition(machine, input)[0] : transition(machine, current, step.event)[0];
    if (stateKey(current) !== stateKey(step.state)) {
      throw new Error(
        `model ${built.name}: path ${id} step ${steps.length + 1} (${step.event.type}) reaches ` +
          `${stateKey(current)} when followed from the start, but the traversal expected ${stateKey(step.state)}. ` +
          'abstractState merges states that behave differently: keep in it what payloads and guards depend on ' +
          '(ids, flags), or bound the context instead (offer an event only while a counter is small).',
      );
    }
    steps.push(toStep(built, steps.length + 1, step.event, current, steps.at(-1)));
  }
  return { id, input, steps, end: formatStateValue(statePath.state.value) };
}
