/**
 * What a machine's model declares (machines/<name>/<name>.model.ts): the payloads, actor results and invariants that
 * let the model-based suite (tests/machines), the QA path printer (`npm run paths`) and the studio's simulator drive
 * the machine. Types and one typing helper only, so a model stays as pure as its machine; statecharts/model-testing
 * builds the paths from it.
 */
import type { AnyStateMachine, EventFromLogic, EventObject, InputFrom, SnapshotFrom } from 'xstate';

/** A fixed list of values, or a function of the snapshot the event would be sent in (e.g. ids in the context). */
export type Variants<TValue, TSnapshot> = readonly TValue[] | ((snapshot: TSnapshot) => readonly TValue[]);

type EventOfType<TMachine extends AnyStateMachine, TType> = Extract<EventFromLogic<TMachine>, { type: TType }>;

/**
 * What a machine author writes in `machines/<name>/<name>.model.ts` so the runner can drive the machine.
 * Everything is optional except `machine`; most machines need `events` (payloads) and, when they invoke actors,
 * `outputs`.
 */
export interface MachineModel<TMachine extends AnyStateMachine> {
  machine: TMachine;
  /**
   * Payload variants per event type. An event type not listed is sent as a bare `{ type }`, which only suits
   * events without payload: guards and actions reading a payload would throw or never pass. Each variant is tried
   * in every state where the event is handled.
   */
  events?: {
    [K in EventFromLogic<TMachine>['type']]?: Variants<EventOfType<NoInfer<TMachine>, K>, SnapshotFrom<NoInfer<TMachine>>>;
  };
  /**
   * Per invoke id: the values the invoked actor may resolve with. Required for every invoke that has `onDone`
   * (use `[undefined]` when it resolves with nothing). Each value becomes an `xstate.done.actor.<id>` step.
   */
  outputs?: Record<string, Variants<unknown, SnapshotFrom<TMachine>>>;
  /**
   * Per invoke id: the errors the invoked actor may reject with; each becomes an `xstate.error.actor.<id>` step.
   * Defaults to one `Error('<id> failed')` for every invoke that has `onError`.
   */
  errors?: Record<string, Variants<unknown, SnapshotFrom<TMachine>>>;
  /**
   * A finite abstraction of the snapshot: states with the same abstraction are the same model state. Defaults to
   * `{ value, context }`, which only suits machines whose context takes finitely many values: drop counters,
   * timestamps and ids, and cap list lengths.
   */
  abstractState?(snapshot: SnapshotFrom<TMachine>): unknown;
  /**
   * An invariant checked on the live actor after every step; throw to fail the path. `step` says what the step did:
   * the event it sent (or the timer or actor result it stands for) and the named actions the machine ran, with their
   * params, so a model can check that an app effect (a popup, a toast) leaves the machine when it should.
   */
  check?(snapshot: SnapshotFrom<TMachine>, step: StepEffects): void;
  /** The machine's input, when it takes one. */
  input?: InputFrom<TMachine>;
  /**
   * Several inputs, when what the machine does depends on what it is started with (a child machine's parent hands
   * it different things): paths are generated from each, and each path says which it starts with. Replaces `input`.
   */
  inputs?: ReadonlyArray<InputFrom<TMachine>>;
  /**
   * With several `inputs`: how the studio's Simulate view names each in its choice of where to start (`a reload while
   * an order is being settled`). By default the `titles.inputs` phrase, else a short label of the input, else its
   * number; give one where the path titles leave an input unnamed.
   */
  inputLabel?(input: InputFrom<TMachine>): string;
  /**
   * What the studio sends for the values a recorded trace hid (a card's number, an email), per event type, when it
   * follows the trace through an event the model does not offer where the trace had it (statecharts/live-trace.ts):
   * each hidden value is taken from the same place in this event. Without one, hidden values are sent as recorded.
   */
  traceStandIns?: { readonly [K in EventFromLogic<TMachine>['type']]?: EventOfType<NoInfer<TMachine>, K> };
  /** Traversal bound (model states expanded); the build fails past it. Default 5000. */
  limit?: number;
  /**
   * How steps read in a path's title (`npm run paths`, the studio's Paths view), where the generic words would not say
   * what a step means: the generic title reads an event type as words (`user.selectPurchase` → "select purchase") and
   * an actor's result or error by a naming field (`result`, `status`, `kind`, `name`...). Return '' to leave a step out.
   */
  titles?: MachineTitles<TMachine>;
}

/**
 * A phrase, or a function of the value giving one. Written as a method so a model may narrow the value's type
 * (`(checkout: Checkout) => ...`): an invoke's output type is not known here, and methods are checked bivariantly.
 */
type Phrase<TValue> = string | { phrase(value: TValue): string }['phrase'];

/** See {@link MachineModel.titles}. */
export interface MachineTitles<TMachine extends AnyStateMachine> {
  /** Per event type, how the step that sends it reads. */
  events?: { [K in EventFromLogic<TMachine>['type']]?: Phrase<EventOfType<NoInfer<TMachine>, K>> };
  /** Per invoke id, how its result reads (`order declined`); by default `<actor>: <label of the output>`. */
  outputs?: Record<string, Phrase<unknown>>;
  /** Per invoke id, how its failure reads; by default `<actor> fails (<label of the error>)`. */
  errors?: Record<string, Phrase<unknown>>;
  /** With several `inputs`: how the start reads (`after a reload`); by default the input's label or its number. */
  inputs?(input: InputFrom<TMachine>): string;
}

/** Titles of a model with its machine's types erased, as the path printer reads them. */
export type PathTitles = MachineTitles<AnyStateMachine>;

/** An action the machine ran during a step, as the actor's inspection reports it. */
export interface ExecutedAction {
  type: string;
  params: unknown;
}

/** What one replayed step did, for a model's `check`. */
export interface StepEffects {
  event: EventObject;
  actions: readonly ExecutedAction[];
}

/** A model config with its machine's types erased, as the registry and the runner hold it. */
export type AnyMachineModel = MachineModel<AnyStateMachine>;

/** Types a model config against its machine, then erases the types for the registry. */
export function defineModel<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>): AnyMachineModel {
  return model as unknown as AnyMachineModel;
}
