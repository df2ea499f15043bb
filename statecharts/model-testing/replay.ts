/**
 * Steps real actors of a model's machine and replays model paths on them: `createActor` with a SimulatedClock, every
 * invoked actor replaced through `machine.provide({ actors })` by a fake that settles only when a step says so, and
 * the actor's inspection recording which transition definitions each step took. Used by the model-based suites, by
 * `npm run paths` (for its coverage line) and by the statechart studio's simulation (model-testing/simulate.ts), so
 * it stays browser-safe: no Node built-ins, no setImmediate.
 */
import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  type EventObject,
  type InspectionEvent,
  SimulatedClock,
  createActor,
  fromPromise,
} from 'xstate';
import { type MachineTransition, invokedActors, transitionId } from '../machine-graph';
import { describeExpected, describeStep, serializeValue } from './describe';
import type { ExecutedAction } from '../../machines/shared/machine-model';
import type { BuiltModel, ModelPath, ModelStep } from './test-model';

interface Pending {
  self: AnyActorRef;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Microtask turns a settled fake may take to hand its result to the machine; it takes one or two. */
const SETTLE_TURNS = 100;

/** Stand-ins for invoked actors, keyed by invoke id; each waits until a step resolves or rejects it. */
class FakeActors {
  private readonly pending = new Map<string, Pending>();

  readonly logic = fromPromise<unknown, unknown>(
    ({ self }) =>
      new Promise((resolve, reject) => {
        this.pending.set(self.id, { self, resolve, reject });
      }),
  );

  /**
   * Resolves or rejects the fake, then waits until the machine has its result. fromPromise hands the result over in
   * a promise callback and the child tells its parent synchronously, so microtasks suffice: no timer and no
   * setImmediate, which keeps this runnable in a browser's Web Worker.
   */
  async settle(actorId: string, outcome: { output: unknown } | { error: unknown }): Promise<void> {
    const pending = this.pending.get(actorId);
    if (!pending || pending.self.getSnapshot().status !== 'active') {
      throw new Error(`no running invoked actor '${actorId}' to settle`);
    }
    this.pending.delete(actorId);
    if ('error' in outcome) pending.reject(outcome.error);
    else pending.resolve(outcome.output);
    for (let turn = 0; pending.self.getSnapshot().status === 'active'; turn++) {
      if (turn === SETTLE_TURNS) throw new Error(`invoked actor '${actorId}' did not hand its result to the machine`);
      await Promise.resolve();
    }
  }
}

interface ClockTimeout {
  start: number;
  timeout: number;
}

/** The simulated clock's pending timer for the delayed event `eventType`, if the scheduler holds one. */
function pendingTimer(actor: AnyActorRef, clock: SimulatedClock, eventType: string): ClockTimeout | undefined {
  // The scheduler adds to both lists together and removes from both together, so they pair up in order.
  const scheduled = Object.values(actor.system.getSnapshot()._scheduledEvents) as Array<{ event: EventObject; delay: number }>;
  const timeouts = [...(clock as unknown as { timeouts: Map<number, ClockTimeout> }).timeouts.values()];
  if (scheduled.length !== timeouts.length) throw new Error('simulated clock and scheduler disagree on pending timers');
  const index = scheduled.findIndex((s) => s.event.type === eventType);
  const timeout = timeouts[index];
  if (index < 0 || timeout === undefined) return undefined;
  if (timeout.timeout !== scheduled[index]?.delay) throw new Error('simulated clock and scheduler disagree on delays');
  return timeout;
}

/** What a step does, without the state it expects; a ModelStep fits. */
export type StepAction = Pick<ModelStep, 'kind' | 'event' | 'actorId' | 'delay'>;

/** What the machine did during one step. */
export interface StepRecord {
  /** The transition definitions taken, in order, with the ids of `listTransitions`. */
  transitions: string[];
  /** The named actions run (xstate.* built-ins left out), with their params. */
  actions: ExecutedAction[];
}

/** A live actor of a model's machine, stepped one {@link StepAction} at a time. */
export interface Stepper {
  snapshot(): AnyMachineSnapshot;
  /** The `start` step, which needs no waiting. */
  start(): StepRecord;
  /**
   * Applies a step: `start` starts the actor, `send` sends the event, `finish`/`fail` resolve or reject the fake
   * standing in for the invoked actor and wait until the machine has the result, `wait` moves the clock to one
   * millisecond before the timer is due (nothing may happen yet) and then to the due time. Throws when the step
   * cannot be done: no such running actor or pending timer, or a timer whose delay is not `step.delay.ms`.
   */
  apply(step: StepAction): Promise<StepRecord>;
  /** The delay in ms of the pending timer for a delayed event (`xstate.after.*`); undefined when none is pending. */
  pendingDelay(eventType: string): number | undefined;
  stop(): void;
}

/**
 * Creates, unstarted, the actor that path replays and the studio's simulation step: `createActor` with a
 * SimulatedClock, every invoked actor replaced through `machine.provide({ actors })` by a fake that settles only when
 * a step says so, and the actor's inspection recording the transitions and named actions of each step.
 */
export function createStepper(built: BuiltModel, input: unknown): Stepper {
  const clock = new SimulatedClock();
  const fakes = new FakeActors();
  const actors = Object.fromEntries([...new Set(invokedActors(built.machine).values())].map((src) => [src, fakes.logic]));
  let record: StepRecord = { transitions: [], actions: [] };
  const actor = createActor(built.machine.provide({ actors }), {
    clock,
    ...(input === undefined ? {} : { input }),
    inspect: (event: InspectionEvent) => {
      if (event.actorRef.sessionId !== event.rootId) return;
      if (event.type === '@xstate.microstep') {
        for (const t of event._transitions) record.transitions.push(transitionId(t));
      } else if (event.type === '@xstate.action' && !event.action.type.startsWith('xstate.')) {
        record.actions.push({ type: event.action.type, params: event.action.params });
      }
    },
  });
  // Without an error listener xstate rethrows an actor error on a timer; the snapshot's status tells it instead.
  const subscription = actor.subscribe({ error: () => undefined });

  const begin = (): StepRecord => (record = { transitions: [], actions: [] });

  // No fresh record here: createActor already computed the initial state, and the initial microsteps (an `always`
  // leaving the initial state) were inspected then; the entry actions run now.
  const start = (): StepRecord => {
    const current = record;
    actor.start();
    return current;
  };

  const wait = (step: StepAction): void => {
    const { type } = step.event;
    const timer = pendingTimer(actor, clock, type);
    if (timer === undefined) throw new Error(`no pending timer for ${type}`);
    const expectedMs = step.delay?.ms;
    if (expectedMs !== undefined && timer.timeout !== expectedMs) {
      throw new Error(`the timer runs ${timer.timeout} ms, the path says ${expectedMs} ms`);
    }
    const due = timer.start + timer.timeout;
    // One millisecond early nothing may happen yet: the delay is the one the diagram shows, not shorter.
    if (due - 1 > clock.now()) {
      clock.set(due - 1);
      if (pendingTimer(actor, clock, type) === undefined) throw new Error(`${type} fired (or was cancelled) before its delay`);
    }
    clock.set(Math.max(due, clock.now()));
  };

  return {
    snapshot: () => actor.getSnapshot() as AnyMachineSnapshot,
    start,
    async apply(step) {
      if (step.kind === 'start') return start();
      const current = begin();
      switch (step.kind) {
        case 'send':
          actor.send(step.event);
          break;
        case 'finish':
        case 'fail': {
          const { output, error } = step.event as { output?: unknown; error?: unknown };
          await fakes.settle(step.actorId ?? '', step.kind === 'fail' ? { error } : { output });
          break;
        }
        case 'wait':
          wait(step);
          break;
      }
      return current;
    },
    pendingDelay: (eventType) => pendingTimer(actor, clock, eventType)?.timeout,
    stop() {
      subscription.unsubscribe();
      actor.stop();
    },
  };
}

function mismatch(built: BuiltModel, path: ModelPath, step: ModelStep, detail: string, cause?: unknown): Error {
  const lines = path.steps.map(
    (s) => `${s.number === step.number ? '>' : ' '} ${s.number}. ${describeStep(s)} → expect ${describeExpected(s.expected)}`,
  );
  return new Error(`machine ${built.name}, path ${path.id}, step ${step.number}: ${detail}\n${lines.join('\n')}`, { cause });
}

function checkState(
  built: BuiltModel,
  path: ModelPath,
  step: ModelStep,
  live: AnyMachineSnapshot,
  actions: readonly ExecutedAction[],
): void {
  const { expected } = step;
  if (live.status !== expected.status || serializeValue(live.value) !== serializeValue(expected.value)) {
    throw mismatch(
      built,
      path,
      step,
      `expected ${describeExpected(expected)} but the actor is in ${describeExpected(live)}` +
        (live.status === 'error' ? ` (error: ${String(live.error)})` : ''),
    );
  }
  if (built.stateKey(live) !== built.stateKey(expected)) {
    throw mismatch(built, path, step, `model state differs: expected ${built.stateKey(expected)}, got ${built.stateKey(live)}`);
  }
  try {
    built.model.check?.(live, { event: step.event, actions });
  } catch (error) {
    throw mismatch(built, path, step, `check failed: ${(error as Error).message}`);
  }
}

/**
 * Replays one path against a real actor (see {@link createStepper}) and reports each transition definition it
 * takes, with the step it was taken in. Throws, naming the step, when a step cannot be done, when the actor's state
 * (value, status, model state) differs from the path's expectation, or when the model's `check` fails.
 * Returns what each step did (its transitions and named actions), one record per step in order.
 */
export async function replayPath(
  built: BuiltModel,
  path: ModelPath,
  onTransition: (id: string, step: ModelStep) => void = () => undefined,
): Promise<StepRecord[]> {
  const stepper = createStepper(built, path.input);
  const records: StepRecord[] = [];
  try {
    for (const step of path.steps) {
      let record: StepRecord;
      try {
        record = await stepper.apply(step);
      } catch (error) {
        throw mismatch(built, path, step, (error as Error).message, error);
      }
      for (const id of record.transitions) onTransition(id, step);
      checkState(built, path, step, stepper.snapshot(), record.actions);
      records.push(record);
    }
  } finally {
    stepper.stop();
  }
  return records;
}

export interface CoverageReport {
  machine: string;
  covered: number;
  total: number;
  /** Transitions that no replayed path took. */
  missing: MachineTransition[];
}

/** Replays every path and compares the transitions taken with the machine's full list. */
export async function measureCoverage(built: BuiltModel, paths: ModelPath[]): Promise<CoverageReport> {
  const taken = new Set<string>();
  for (const path of paths) await replayPath(built, path, (id) => taken.add(id));
  const missing = built.transitions.filter((t) => !taken.has(t.id));
  return { machine: built.name, covered: built.transitions.length - missing.length, total: built.transitions.length, missing };
}

/** `machine toast: 9/9 transitions (100%)`. */
export function formatCoverage(report: CoverageReport): string {
  const percent = report.total === 0 ? 100 : Math.floor((report.covered / report.total) * 100);
  return `machine ${report.machine}: ${report.covered}/${report.total} transitions (${percent}%)`;
}
