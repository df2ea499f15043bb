/**
 * Replays model paths against real actors: `createActor` with a SimulatedClock, every invoked actor replaced through
 * `machine.provide({ actors })` by a fake that settles only when a path step says so, and the actor system's
 * inspection recording which transition definitions were taken. Used by the model-based suites and by
 * `npm run paths` (for its coverage line).
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
import { type BuiltModel, type ExecutedAction, type ModelPath, type ModelStep, formatStateValue, serializeValue } from './test-model';

interface Settle {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Stand-ins for invoked actors, keyed by invoke id; each waits until the path resolves or rejects it. */
class FakeActors {
  private readonly pending = new Map<string, Settle>();

  readonly logic = fromPromise<unknown, unknown>(
    ({ self }) =>
      new Promise((resolve, reject) => {
        this.pending.set(self.id, { resolve, reject });
      }),
  );

  settle(actorId: string, outcome: { output: unknown } | { error: unknown }): void {
    const settle = this.pending.get(actorId);
    if (!settle) throw new Error(`no running invoked actor '${actorId}' to settle`);
    this.pending.delete(actorId);
    if ('error' in outcome) settle.reject(outcome.error);
    else settle.resolve(outcome.output);
  }
}

interface ClockTimeout {
  start: number;
  timeout: number;
}

/** Lets promise callbacks (fake actors settling) run before the next step. */
const settleMicrotasks = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A human line for a step, shared by failure messages and the QA printer. */
export function describeStep(step: ModelStep): string {
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
export function describeExpected(snapshot: AnyMachineSnapshot): string {
  const tags = [...snapshot.tags].sort();
  return (
    formatStateValue(snapshot.value) +
    (tags.length ? ` [${tags.join(', ')}]` : '') +
    (snapshot.status === 'active' ? '' : ` (${snapshot.status})`)
  );
}

function mismatch(built: BuiltModel, path: ModelPath, step: ModelStep, detail: string): Error {
  const lines = path.steps.map(
    (s) => `${s.number === step.number ? '>' : ' '} ${s.number}. ${describeStep(s)} → expect ${describeExpected(s.expected)}`,
  );
  return new Error(`machine ${built.name}, path ${path.id}, step ${step.number}: ${detail}\n${lines.join('\n')}`);
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

/** When the pending timer for `eventType` is due on the simulated clock. */
function dueTime(actor: AnyActorRef, clock: SimulatedClock, eventType: string): number | undefined {
  // The scheduler adds to both lists together and removes from both together, so they pair up in order.
  const scheduled = Object.values(actor.system.getSnapshot()._scheduledEvents) as Array<{ event: EventObject; delay: number }>;
  const timeouts = [...(clock as unknown as { timeouts: Map<number, ClockTimeout> }).timeouts.values()];
  if (scheduled.length !== timeouts.length) throw new Error('simulated clock and scheduler disagree on pending timers');
  const index = scheduled.findIndex((s) => s.event.type === eventType);
  const timeout = timeouts[index];
  if (index < 0 || timeout === undefined) return undefined;
  if (timeout.timeout !== scheduled[index]?.delay) throw new Error('simulated clock and scheduler disagree on delays');
  return timeout.start + timeout.timeout;
}

/**
 * Replays one path against a real actor and reports each transition definition it takes. Throws, naming the step,
 * when the actor's state (value, status, model state) differs from the path's expectation or the model's `check`
 * fails.
 */
export async function replayPath(built: BuiltModel, path: ModelPath, onTransition: (id: string) => void): Promise<void> {
  const clock = new SimulatedClock();
  const fakes = new FakeActors();
  const actors = Object.fromEntries([...new Set(invokedActors(built.machine).values())].map((src) => [src, fakes.logic]));
  const machine = built.machine.provide({ actors });
  // The named actions the machine runs during the current step (xstate.* built-ins left out), for the model's check.
  let actions: ExecutedAction[] = [];
  const actor = createActor(machine, {
    clock,
    ...(path.input === undefined ? {} : { input: path.input }),
    inspect: (event: InspectionEvent) => {
      if (event.actorRef.sessionId !== event.rootId) return;
      if (event.type === '@xstate.microstep') {
        for (const t of event._transitions) onTransition(transitionId(t));
      } else if (event.type === '@xstate.action' && !event.action.type.startsWith('xstate.')) {
        actions.push({ type: event.action.type, params: event.action.params });
      }
    },
  });
  // Without an error listener xstate rethrows an actor error on a timer; the state check reports it instead.
  const subscription = actor.subscribe({ error: () => undefined });
  try {
    for (const step of path.steps) {
      actions = [];
      switch (step.kind) {
        case 'start':
          actor.start();
          break;
        case 'send':
          actor.send(step.event);
          break;
        case 'finish':
        case 'fail': {
          const { output, error } = step.event as { output?: unknown; error?: unknown };
          try {
            fakes.settle(step.actorId ?? '', step.kind === 'fail' ? { error } : { output });
          } catch (settleError) {
            throw mismatch(built, path, step, (settleError as Error).message);
          }
          await settleMicrotasks();
          break;
        }
        case 'wait': {
          const due = dueTime(actor, clock, step.event.type);
          if (due === undefined) throw mismatch(built, path, step, `no pending timer for ${step.event.type}`);
          const expectedMs = step.delay?.ms;
          const pending = (clock as unknown as { timeouts: Map<number, ClockTimeout> }).timeouts;
          const timer = [...pending.values()].find((t) => t.start + t.timeout === due);
          if (expectedMs !== undefined && timer && timer.timeout !== expectedMs) {
            throw mismatch(built, path, step, `the timer runs ${timer.timeout} ms, the path says ${expectedMs} ms`);
          }
          // One millisecond early nothing may happen yet: the delay is the one the diagram shows, not shorter.
          if (due - 1 > clock.now()) {
            clock.set(due - 1);
            if (dueTime(actor, clock, step.event.type) === undefined) {
              throw mismatch(built, path, step, `${step.event.type} fired before its delay`);
            }
          }
          clock.set(Math.max(due, clock.now()));
          break;
        }
      }
      checkState(built, path, step, actor.getSnapshot() as AnyMachineSnapshot, actions);
    }
  } finally {
    subscription.unsubscribe();
    actor.stop();
  }
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
