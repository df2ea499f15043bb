/**
 * Steps a detached copy of a machine by hand, for the statechart studio's Simulate panel (run in a Web Worker). The
 * options in each state are the model's events (`built.eventsFor`), the ones its test paths try, and each choice is
 * applied on a real actor by the replay's stepper: sends go to the actor, invoked actors are fakes the viewer lets
 * finish or fail, and delays fire when the viewer moves the simulated clock on. It starts from any of the model's
 * inputs, and a send may carry a payload the viewer edited (checked by statecharts/sim-payload.ts: JSON, same event
 * type). A trace recorded live (statecharts/live-trace.ts) can be followed from the start, its events matched to the
 * options by follow-trace.ts. Browser-safe, like replay.ts.
 */
import type { AnyMachineSnapshot, EventObject, StateValue } from 'xstate';
import { type StepKind, describeStep, formatStateValue, serializeValue } from './describe';
import {
  type FollowedStep,
  type TraceCandidate,
  type TraceReplay,
  type TraceStop,
  candidatesFor,
  recordedInput,
  resembles,
  sameState,
  unofferedSend,
} from './follow-trace';
import { type StepAction, type StepRecord, type Stepper, createStepper } from './replay';
import type { BuiltModel, ModelStep } from './test-model';
import { shortLabel, stepPhrase } from './titles';
import { checkPayload, describeProblem } from '../sim-payload';

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
  /** For a send: how its payload variant reads (`pick Lakers @ Huskies`, `toast show Saved`), to choose among a type's variants. */
  label?: string;
  /** For a send: the event as pretty JSON, what is sent unless the viewer edits it. */
  payload?: string;
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
  /** What was done so far, `start` first; `edited` when the viewer sent an edited payload instead of the option's. */
  steps: Array<{ text: string; edited?: true }>;
  /**
   * The option indices chosen so far: `replay(chosen)` rebuilds this view. After a trace, only up to its first event
   * no option stood for (see `unlinked`).
   */
  chosen: number[];
  /**
   * After a trace: the number of the first step (counting the start as 1) that `chosen`, and so a link, leaves out;
   * 1 when the trace started from an input none of the model's resembles, which a link cannot name.
   */
  unlinked?: number;
  /** What the current state accepts, in the order of `built.eventsFor`. */
  options: SimulationOption[];
  /** How each input the machine may start from reads (one, for a model with a single `input`). */
  inputs: string[];
  /** Which of `inputs` this simulation started from (after a trace that started elsewhere, the one a link starts from). */
  input: number;
}

export interface Simulation {
  view(): SimulationView;
  /**
   * Applies an option of the current view; for a send, with `event` instead of the option's payload when given (it
   * must be an object of the option's event type, else this throws saying why). On a step that cannot be done, stays
   * where it was and throws. Back and rebuilds keep an edited payload; `replay` (a link) sends the model's.
   */
  choose(index: number, event?: unknown): Promise<void>;
  /** Undoes the last choice (nothing to undo after the start). */
  back(): Promise<void>;
  /** Back to the start. */
  reset(): Promise<void>;
  /**
   * Starts afresh and chooses each index in turn. An index that the state it is chosen in does not offer throws,
   * naming it; the simulation then stays where the indices before it led.
   */
  replay(indices: readonly number[]): Promise<void>;
  /**
   * Starts afresh and follows a recorded trace: from the input its start recorded (the model's input that resembles
   * it, else the recorded one; the current input when it recorded none), skipping the events its state ignored. Each
   * other event is the option that fits it (see follow-trace.ts), or the recorded event when the machine takes it
   * where no option stands for it, and must take the transitions the trace took to the state the trace went to.
   * Stops at the first step it cannot follow, there, and says how far it got and why; `view().chosen` is a link up to
   * the first start or event no option stood for (a recorded payload sent as an edit is marked as one).
   */
  follow(steps: readonly FollowedStep[]): Promise<TraceReplay>;
  stop(): void;
}

export interface SimulationOptions {
  /** What to start the machine with; by default the model's `input` or first of its `inputs`. */
  input?: unknown;
  /** Which of the model's `inputs` to start with, when `input` is not given. */
  inputIndex?: number;
}

/** How the Simulate view names each input the model starts from (see `MachineModel.inputLabel`). */
function inputLabels(built: BuiltModel): string[] {
  const { inputs, input, inputLabel, titles } = built.model;
  return (inputs ?? [input]).map((value, index) => {
    const named = inputLabel?.(value);
    if (named !== undefined && named !== '') return named;
    const phrase = titles?.inputs?.(value);
    if (phrase !== undefined && phrase !== '') return phrase;
    return shortLabel(value) ?? `input ${index + 1}`;
  });
}

function startIndex(built: BuiltModel, options: SimulationOptions): number {
  const { inputs } = built.model;
  const index = options.inputIndex ?? 0;
  if (inputs !== undefined) {
    if (!Number.isInteger(index) || index < 0 || index >= inputs.length) {
      throw new Error(`model ${built.name} has ${inputs.length} inputs; there is no input ${index}`);
    }
    return index;
  }
  if (index !== 0) throw new Error(`model ${built.name} has a single input; there is no input ${index}`);
  return 0;
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

/**
 * An option chosen, with the payload the viewer sent instead of the option's, if they edited it; or, following a
 * trace, an event the state's options do not include ({@link UNOFFERED}, with the event as recorded).
 */
interface Choice {
  index: number;
  event?: EventObject;
}

/** The index of a trace's event that the state's options do not include: no link can name it. */
const UNOFFERED = -1;

/** The choices a link can name: those before the first event of a trace that no option stood for. */
function linkable(chosen: readonly Choice[]): readonly Choice[] {
  const first = chosen.findIndex((choice) => choice.index === UNOFFERED);
  return first === -1 ? chosen : chosen.slice(0, first);
}

/** The input the actor starts from, which of the model's it is, and whether it is a trace's own instead. */
interface Start {
  input: unknown;
  index: number;
  recorded: boolean;
}

/** The current snapshot, what led to it and what it offers. */
interface Position {
  stepper: Stepper;
  steps: ModelStep[];
  chosen: Choice[];
  taken: string[];
  options: StepAction[];
}

/**
 * Starts a simulation of a model's machine. The options of a state are listed deterministically (the model's
 * variants, in order), so a list of chosen indices always rebuilds the same state: `back` and `replay` rely on it.
 */
export function createSimulation(built: BuiltModel, options: SimulationOptions = {}): Simulation {
  const inputIndex = startIndex(built, options);
  const input = options.input !== undefined ? options.input : (built.model.inputs?.[inputIndex] ?? built.model.input);
  const labels = inputLabels(built);
  const transitionIds = new Set(built.transitions.map((transition) => transition.id));
  const modelInputs: readonly unknown[] = built.model.inputs ?? [built.model.input];
  /** Where the actor starts: the chosen input, or what a trace's start recorded (`recorded`: no link can name it). */
  const chosenStart: Start = { input, index: inputIndex, recorded: false };
  let begin: Start = chosenStart;

  const optionsOf = (stepper: Stepper): StepAction[] =>
    built.eventsFor(stepper.snapshot()).map((event) => stepFor(built, stepper, event));

  const fresh = (): Position => {
    const stepper = createStepper(built, begin.input);
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
  const advance = async ({ index, event }: Choice): Promise<void> => {
    const offered: StepAction = index === UNOFFERED && event !== undefined ? { kind: 'send', event } : optionAt(index);
    if (event !== undefined && offered.kind !== 'send') throw new Error(`option ${index} is not a send; only an event's payload can be edited`);
    const option: StepAction = event === undefined ? offered : { ...offered, event };
    const { stepper, steps, chosen } = position;
    let record: StepRecord;
    try {
      record = await stepper.apply(option);
    } catch (error) {
      await rebuild(chosen);
      throw error;
    }
    const step: ModelStep = { ...option, number: steps.length + 1, expected: stepper.snapshot() };
    const choice: Choice = event === undefined ? { index } : { index, event };
    position = { stepper, steps: [...steps, step], chosen: [...chosen, choice], taken: record.transitions, options: optionsOf(stepper) };
  };

  const rebuild = async (choices: readonly Choice[]): Promise<void> => {
    position.stepper.stop();
    position = fresh();
    for (const [at, choice] of choices.entries()) {
      try {
        await advance(choice);
      } catch (error) {
        const indices = choices.map((c) => c.index).join(', ');
        throw new Error(`step ${at + 1} of [${indices}]: ${(error as Error).message}`, { cause: error });
      }
    }
  };

  /**
   * Where a trace starts: the input its start recorded, as the chosen input or another of the model's when it
   * resembles one (its hidden values are then the model's), else as recorded. The app starts a checkout with its
   * purchase as input, so a real trace of one selects nothing the model's inputs would.
   */
  const traceStart = (steps: readonly FollowedStep[]): Start => {
    const recorded = recordedInput(steps[0]);
    if (recorded === undefined || resembles(recorded.input, input)) return chosenStart;
    const index = options.input === undefined ? modelInputs.findIndex((modelled) => resembles(recorded.input, modelled)) : -1;
    if (index !== -1) return { input: modelInputs[index], index, recorded: false };
    return { input: recorded.input, index: inputIndex, recorded: true };
  };

  /**
   * Whether the step just applied did what the trace's did: the trace's state, the actor not failed (a guard or an
   * action that threw leaves the state as it was, which must not read as followed), and the transitions the trace
   * took. Ids the machine does not have (a trace of an older build, one written by hand) only ask that one was taken.
   */
  const departure = (step: FollowedStep, record: readonly string[]): TraceStop | null => {
    const snapshot = position.stepper.snapshot();
    if (snapshot.status === 'error') return { kind: 'refused', detail: `the machine failed here (${String(snapshot.error)})` };
    if (!sameState(snapshot.value, step.value)) {
      return { kind: 'elsewhere', state: formatStateValue(snapshot.value), expected: formatStateValue(step.value) };
    }
    const known = step.taken.every((id) => transitionIds.has(id));
    const same = known ? record.join('\n') === step.taken.join('\n') : record.length > 0;
    if (same) return null;
    const took = record.length === 0 ? 'takes no transition' : `takes ${record.join(', ')}`;
    return { kind: 'refused', detail: `here it ${took}; in the trace, ${step.taken.join(', ')}` };
  };

  /** Follows a trace from its start; each step keeps the first option that does what the trace's did. */
  const followTrace = async (steps: readonly FollowedStep[]): Promise<TraceReplay> => {
    begin = traceStart(steps);
    await rebuild([]);
    const total = steps.length;
    for (const [at, step] of steps.entries()) {
      // The actor's start is the simulation's own; an event the state ignored changed nothing to follow.
      if (step.event === 'xstate.init' || step.taken.length === 0) continue;
      const stopped = (why: TraceStop): TraceReplay => ({ replayed: at, total, stopped: { step: at + 1, event: step.event, why } });
      const state = formatStateValue(position.stepper.snapshot().value);
      const snapshot = position.stepper.snapshot();
      const unoffered = (): TraceCandidate[] | { problem: string } | null => {
        const sent = unofferedSend(step, (event) => snapshot.can(event), built.model.traceStandIns?.[step.event]);
        return sent === null || 'problem' in sent ? sent : [{ index: UNOFFERED, event: sent.event }];
      };
      const candidates = candidatesFor(step, position.options) ?? unoffered();
      if (candidates === null) return stopped({ kind: 'notOffered', state });
      if ('problem' in candidates) return stopped({ kind: 'refused', detail: candidates.problem });
      const before = position.chosen;
      let why: TraceStop | null = null;
      let followed = false;
      for (const candidate of candidates) {
        try {
          await advance(candidate);
        } catch (error) {
          // advance has put the actor back; another candidate may still be done.
          why ??= { kind: 'refused', detail: (error as Error).message };
          continue;
        }
        const departed = departure(step, position.taken);
        if (departed === null) {
          followed = true;
          break;
        }
        // Where it led is the likeliest to tell what differs: kept over a failure or other transitions.
        if (why?.kind !== 'elsewhere') why = departed;
        await rebuild(before);
      }
      if (!followed) return stopped(why ?? { kind: 'notOffered', state });
    }
    return { replayed: total, total };
  };

  // choose, back, reset, replay and follow each take turns on the one actor: a worker may be asked again before it
  // answered.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
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
        steps: steps.map((step, at) => ({ text: describeStep(step), ...(chosen[at - 1]?.event === undefined ? {} : { edited: true as const }) })),
        // A link names an input and options: it keeps the steps before the first start or event none stood for.
        ...(begin.recorded
          ? { chosen: [], unlinked: 1 }
          : {
              chosen: linkable(chosen).map((choice) => choice.index),
              ...(linkable(chosen).length < chosen.length ? { unlinked: linkable(chosen).length + 2 } : {}),
            }),
        options: position.options.map((option, index) => ({
          index,
          kind: option.kind as SimulationOption['kind'],
          type: option.event.type,
          text: describeStep({ ...option, number: steps.length + 1 }),
          ...(option.kind === 'send'
            ? { label: stepPhrase(built.model.titles, { ...option, number: steps.length + 1 }), payload: JSON.stringify(option.event, null, 2) }
            : {}),
        })),
        inputs: [...labels],
        input: begin.index,
      };
    },
    choose: (index, event) =>
      serial(async () => {
        if (event === undefined) return advance({ index });
        const type = optionAt(index).event.type;
        const checked = checkPayload(event, type);
        if (!checked.ok) throw new Error(`option ${index} (${type}): ${describeProblem(checked.problem)}`);
        return advance({ index, event: checked.event });
      }),
    back: () => serial(() => rebuild(position.chosen.slice(0, -1))),
    reset: () => serial(() => rebuild([])),
    // A link starts from the chosen input, whatever a trace started from.
    replay: (indices) =>
      serial(() => {
        begin = chosenStart;
        return rebuild(indices.map((index) => ({ index })));
      }),
    follow: (steps) => serial(() => followTrace(steps)),
    stop() {
      stopped = true;
      position.stepper.stop();
    },
  };
}
