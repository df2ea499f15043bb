/**
 * Steps a detached copy of a machine by hand, for the statechart studio's Simulate panel (run in a Web Worker). The
 * options in each state are the model's events (`built.eventsFor`), the ones its test paths try, and each choice is
 * applied on a real actor by the replay's stepper: sends go to the actor, invoked actors are fakes the viewer lets
 * finish or fail, and delays fire when the viewer moves the simulated clock on. Browser-safe, like replay.ts.
 */
import type { AnyMachineSnapshot, EventObject, StateValue } from 'xstate';
import { type StepKind, describeStep, formatStateValue, serializeValue } from './describe';
import { type StepAction, type StepRecord, type Stepper, createStepper } from './replay';
import type { BuiltModel, ModelStep } from './test-model';

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** Longer contexts are cut here: the panel shows them, it is not a data export. */
const CONTEXT_CHARS = 2000;

export interface SimulationOption {
  /** What to pass to `choose` (and to put in a `?sim=` list). */
  index: number;
  kind: Exclude<StepKind, 'start'>;
  /** The event type: `toast.show`, `xstate.done.actor.requestKey`, `xstate.after.5000.toast.showing`. */
  type: string;
  /** As the path printer words it: `send toast.show {...}`, `let requestKey finish with "key"`, `wait 5000 ms`. */
  text: string;
}

export interface SimulationView {
  value: StateValue;
  /** `showing`, `shown.locked`, or for parallel states `day.chosen, startOfList.more`. */
  state: string;
  status: AnyMachineSnapshot['status'];
  /** Why the actor stopped, when `status` is `error`. */
  error?: string;
  tags: string[];
  /** The context as JSON, cut after about 2000 characters. */
  context: string;
  /** Ids (as `listTransitions` gives them) of the transitions the last step took, in order. */
  taken: string[];
  /** What was done so far, `start` first. */
  steps: Array<{ text: string }>;
  /** The option indices chosen so far: `replay(chosen)` rebuilds this view. */
  chosen: number[];
  /** What the current state accepts, in the order of `built.eventsFor`. */
  options: SimulationOption[];
}

export interface Simulation {
  view(): SimulationView;
  /** Applies an option of the current view. On a step that cannot be done, stays where it was and throws. */
  choose(index: number): Promise<void>;
  /** Undoes the last choice (nothing to undo after the start). */
  back(): Promise<void>;
  /** Back to the start. */
  reset(): Promise<void>;
  /**
   * Starts afresh and chooses each index in turn. An index that the state it is chosen in does not offer throws,
   * naming it; the simulation then stays where the indices before it led.
   */
  replay(indices: readonly number[]): Promise<void>;
  stop(): void;
}

export interface SimulationOptions {
  /** What to start the machine with; by default the model's `input` or first of its `inputs`. */
  input?: unknown;
  /** Which of the model's `inputs` to start with, when `input` is not given. */
  inputIndex?: number;
}

function startInput(built: BuiltModel, options: SimulationOptions): unknown {
  if (options.input !== undefined) return options.input;
  const { inputs, input } = built.model;
  const index = options.inputIndex ?? 0;
  if (inputs !== undefined) {
    if (!Number.isInteger(index) || index < 0 || index >= inputs.length) {
      throw new Error(`model ${built.name} has ${inputs.length} inputs; there is no input ${index}`);
    }
    return inputs[index];
  }
  if (index !== 0) throw new Error(`model ${built.name} has a single input; there is no input ${index}`);
  return input;
}

/** The step an event of `eventsFor` stands for; a wait's delay is read from the live actor's pending timer. */
function stepFor(built: BuiltModel, stepper: Stepper, event: EventObject): StepAction {
  const { type } = event;
  if (type.startsWith(DONE_ACTOR)) return { kind: 'finish', event, actorId: type.slice(DONE_ACTOR.length) };
  if (type.startsWith(ERROR_ACTOR)) return { kind: 'fail', event, actorId: type.slice(ERROR_ACTOR.length) };
  if (type.startsWith(AFTER)) {
    const written =
      built.transitions.find((t) => t.kind === 'after' && t.eventType === type)?.delay ?? type.slice(AFTER.length).split('.')[0] ?? '';
    return { kind: 'wait', event, delay: { written, ms: stepper.pendingDelay(type) } };
  }
  return { kind: 'send', event };
}

/** The current snapshot, what led to it and what it offers. */
interface Position {
  stepper: Stepper;
  steps: ModelStep[];
  chosen: number[];
  taken: string[];
  options: StepAction[];
}

/**
 * Starts a simulation of a model's machine. The options of a state are listed deterministically (the model's
 * variants, in order), so a list of chosen indices always rebuilds the same state: `back` and `replay` rely on it.
 */
export function createSimulation(built: BuiltModel, options: SimulationOptions = {}): Simulation {
  const input = startInput(built, options);

  const optionsOf = (stepper: Stepper): StepAction[] =>
    built.eventsFor(stepper.snapshot()).map((event) => stepFor(built, stepper, event));

  const fresh = (): Position => {
    const stepper = createStepper(built, input);
    const record = stepper.start();
    const start: ModelStep = { number: 1, kind: 'start', event: { type: 'xstate.init' }, expected: stepper.snapshot() };
    return { stepper, steps: [start], chosen: [], taken: record.transitions, options: optionsOf(stepper) };
  };

  let position = fresh();
  let stopped = false;

  const optionAt = (index: number): StepAction => {
    const option = Number.isInteger(index) ? position.options[index] : undefined;
    if (option === undefined) {
      const { length } = position.options;
      const offered = length === 0 ? 'none' : length === 1 ? 'only 0' : `0 to ${length - 1}`;
      throw new Error(
        `${built.name} in ${formatStateValue(position.stepper.snapshot().value)} has no option ${index} (options: ${offered})`,
      );
    }
    return option;
  };

  /** Applies an option; when the step fails, puts the actor back where it was, as it may have moved halfway. */
  const advance = async (index: number): Promise<void> => {
    const option = optionAt(index);
    const { stepper, steps, chosen } = position;
    let record: StepRecord;
    try {
      record = await stepper.apply(option);
    } catch (error) {
      await rebuild(chosen);
      throw error;
    }
    const step: ModelStep = { ...option, number: steps.length + 1, expected: stepper.snapshot() };
    position = { stepper, steps: [...steps, step], chosen: [...chosen, index], taken: record.transitions, options: optionsOf(stepper) };
  };

  const rebuild = async (indices: readonly number[]): Promise<void> => {
    position.stepper.stop();
    position = fresh();
    for (const [at, index] of indices.entries()) {
      try {
        await advance(index);
      } catch (error) {
        throw new Error(`step ${at + 1} of [${indices.join(', ')}]: ${(error as Error).message}`, { cause: error });
      }
    }
  };

  // choose, back, reset and replay each take turns on the one actor: a worker may be asked again before it answered.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = (work: () => Promise<void>): Promise<void> => {
    const run = queue.then(() => {
      if (stopped) throw new Error('the simulation is stopped');
      return work();
    });
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    view() {
      const { stepper, steps, chosen, taken } = position;
      const snapshot = stepper.snapshot();
      const context = serializeValue(snapshot.context);
      return {
        value: snapshot.value,
        state: formatStateValue(snapshot.value),
        status: snapshot.status,
        ...(snapshot.status === 'error' ? { error: String(snapshot.error) } : {}),
        tags: [...snapshot.tags].sort(),
        context: context.length > CONTEXT_CHARS ? `${context.slice(0, CONTEXT_CHARS)}…` : context,
        taken: [...taken],
        steps: steps.map((step) => ({ text: describeStep(step) })),
        chosen: [...chosen],
        options: position.options.map((option, index) => ({
          index,
          kind: option.kind as SimulationOption['kind'],
          type: option.event.type,
          text: describeStep({ ...option, number: steps.length + 1 }),
        })),
      };
    },
    choose: (index) => serial(() => advance(index)),
    back: () => serial(() => rebuild(position.chosen.slice(0, -1))),
    reset: () => serial(() => rebuild([])),
    replay: (indices) => serial(() => rebuild(indices)),
    stop() {
      stopped = true;
      position.stepper.stop();
    },
  };
}
