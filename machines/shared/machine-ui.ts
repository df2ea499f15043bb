/**
 * What a machine's UI map declares (machines/<name>/<name>.ui.ts): how each step of a model-based test path is done on
 * the real app and the real test stack, for `npm run paths -- <machine> --format playwright`
 * (statecharts/model-testing/playwright-spec.ts). A model event becomes what a viewer does (a click, a typed field, a
 * route opened); an invoked actor's result becomes a server condition forced on the test stack (the fault injector, a
 * test card, a row of the database) or nothing, when the real app and API produce it by themselves; each expected
 * state becomes what the viewer can see. A step the real app cannot be made to do says why, and its path is left
 * out of the spec, named in its header.
 *
 * Types only, and maps are pure data and small functions returning lines of test code: the generator reads them in
 * Node, and nothing in src/ imports them, so they never reach the app's bundle.
 */

/** An expected state as a path step carries it. */
export interface UiExpected {
  value: unknown;
  tags: readonly string[];
  status: string;
}

/** A step of a path as the map sees it (the plain shape `npm run paths --format json` prints). */
export interface UiStep {
  number: number;
  kind: 'start' | 'send' | 'wait' | 'finish' | 'fail';
  event: { type: string } & Record<string, unknown>;
  actorId?: string;
  expected: UiExpected;
}

/** Where a step stands: its path, its index there, and the state expected before it (undefined for the start). */
export interface UiContext {
  path: { input: unknown; steps: readonly UiStep[] };
  index: number;
  before: UiExpected | undefined;
}

/** How a step is done on the real app. Every field is optional: `{}` is a step the app does by itself. */
export interface UiAct {
  /**
   * What the test must have before the page opens, by name (an account of some kind, the password the viewer will
   * type, the test card...): merged over the path's steps and handed to the map's `prepare`. Two steps needing one
   * name differently leave the path out.
   */
  needs?: Readonly<Record<string, string>>;
  /**
   * Lines that force a server condition (a fault, a blocked request): run before the last step of the path before
   * this one that does something, since that is what leads the app to the request they change.
   */
  arm?: readonly string[];
  /** Lines that do the step: what the viewer does. */
  run?: readonly string[];
}

/** Why the real app cannot be made to do a step: its path is left out of the spec, and the header says so. */
export interface UiUnmapped {
  unmapped: string;
}

export type UiAnswer = UiAct | UiUnmapped;

/** What the viewer sees in an expected state: lines of checks, or why none is written (a state that passes by itself). */
export type UiSight = readonly string[] | { unseen: string };

export type UiStepMap<TValue> = (value: TValue, context: UiContext) => UiAnswer;

/** See the module's comment. A key a map does not list is a step without mapping. */
export interface MachineUi {
  /** Import lines of the spec besides `expect` and `test` from '../fixtures', written from tests/e2e/generated/. */
  imports: readonly string[];
  /** The test's first lines, from what its steps need (see {@link UiAct.needs}). */
  prepare(needs: Readonly<Record<string, string>>): readonly string[];
  /** Lines run after each test (forgetting what the tests leave on the worker's shared stack). */
  afterEach?: readonly string[];
  /** The start of a path, from its input; by default nothing (the page opens with a later step). */
  start?: UiStepMap<unknown>;
  /** Per event type: what the viewer does to send it. */
  events: Record<string, UiStepMap<UiStep['event']>>;
  /** Per invoke id: how its result is produced. */
  outputs: Record<string, UiStepMap<unknown>>;
  /** Per invoke id: how its failure is produced. */
  errors: Record<string, UiStepMap<unknown>>;
  /** What the viewer sees after a step, in the state it expects. */
  see(expected: UiExpected, step: UiStep, context: UiContext): UiSight;
}

export const isUnmapped = (answer: UiAnswer): answer is UiUnmapped => 'unmapped' in answer;

/** `tags` holds `tag`. */
export const hasTag = (expected: UiExpected | undefined, tag: string): boolean => expected?.tags.includes(tag) ?? false;

/** The expected value's path, dotted (`loggedIn.loaded.ready`), for maps that match states by prefix. */
export function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.map(([key, child]) => `${key}.${statePath(child)}`).join(',');
}
