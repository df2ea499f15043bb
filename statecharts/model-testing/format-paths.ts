/**
 * Test paths as QA reads them (Markdown, numbered steps) or imports them (JSON), over plain data: `npm run paths`
 * hands it the generated paths, the statechart studio the paths it rebuilt from its build-time data, and both print
 * the same bytes. No runtime xstate here, so the studio's chunk can use it.
 */
import {
  type DescribableState,
  type DescribableStep,
  type PathKind,
  type SimpleStop,
  describeExpected,
  describeStep,
  formatStateValue,
  serializeValue,
} from './describe';

/** A transition of the machine as a step takes it: machine-graph's id, the state that declares it, its label. */
export interface PlainTransition {
  id: string;
  source: string;
  label: string;
}

/** A named action the machine ran in a step (an app effect such as `announcePurchase`, or an assignment), with its params. */
export interface PlainEffect {
  type: string;
  params?: unknown;
}

/** A step as plain data: what to do, the state expected after it, and what the machine did in it. */
export interface PlainStep extends DescribableStep {
  expected: { value: DescribableState['value']; tags: string[]; status: string };
  /** The transitions the step takes, in the order it takes them. */
  transitions: PlainTransition[];
  /** The named actions the machine runs in the step, in order; what the model's `check` is given. */
  effects: PlainEffect[];
}

export interface PlainPath {
  id: number;
  /** What the path proves, in words (statecharts/model-testing/titles.ts). */
  title: string;
  /** What the machine is started with; undefined when it takes no input. */
  input: unknown;
  /** The expected state at the end, formatted. */
  end: string;
  steps: PlainStep[];
}

/** How many of the machine's transitions the replayed paths take, and which they miss. */
export interface PlainCoverage {
  covered: number;
  total: number;
  missing: PlainTransition[];
}

/** How the paths were made. */
export interface PathsInfo {
  machine: string;
  kind: PathKind;
  /** For `cover`: how many shortest paths the set was chosen from. */
  chosenFrom?: number;
  /** For `simple`: the budget ran out before every simple path was listed. */
  stopped?: SimpleStop;
}

function percent(coverage: PlainCoverage): number {
  return coverage.total === 0 ? 100 : Math.floor((coverage.covered / coverage.total) * 100);
}

/** `payment.editing.ready: user.submit [isValid]`: the state that declares the transition, then its label. */
export const describeTransition = (t: PlainTransition): string => `${t.source}: ${t.label}`;

/** `reportCheckout {"step":"purchase_failed",...}`, or the action's name alone when it has no params. */
export const describeEffect = (e: PlainEffect): string => (e.params === undefined ? e.type : `${e.type} ${serializeValue(e.params)}`);

/** The paragraph under the title: what the paths are, how they were chosen, and whether the search stopped early. */
function summary(info: PathsInfo, count: number, coverage: PlainCoverage): string[] {
  const { machine, kind, chosenFrom, stopped } = info;
  const made =
    kind === 'cover'
      ? `${count} paths, chosen from the ${chosenFrom ?? '?'} shortest paths of machines/${machine}/${machine}.model.ts ` +
        'so that together they take every transition those take (`--strategy shortest` lists them all).'
      : `${count} ${kind} paths generated from machines/${machine}/${machine}.model.ts.`;
  const lines = [`${made} Replayed, they take ${coverage.covered}/${coverage.total} transitions (${percent(coverage)}%).`];
  if (stopped) {
    lines.push(
      stopped.reason === 'maxPaths'
        ? `Stopped early: the budget of ${stopped.maxPaths} paths ran out before every simple path was listed (--max-paths).`
        : `Stopped early: the time limit of ${stopped.timeLimitMs / 1000} s ran out before every simple path was listed (--time-limit).`,
    );
  }
  lines.push('Do each step, then check that the app is in the expected state (tags in brackets); under each step, the transitions it takes and the effects the machine runs.');
  return lines;
}

export function pathsToMarkdown(info: PathsInfo, paths: readonly PlainPath[], coverage: PlainCoverage): string {
  const out = [`# Test paths: ${info.machine}`, '', ...summary(info, paths.length, coverage)];
  if (coverage.missing.length) out.push('', `Not taken: ${coverage.missing.map(describeTransition).join('; ')}`);
  for (const path of paths) {
    out.push('', `## Path ${path.id}: ${path.title}`, '');
    if (path.input !== undefined) out.push(`Started with ${serializeValue(path.input)}.`, '');
    for (const step of path.steps) {
      out.push(`${step.number}. ${describeStep(step)} → expect ${describeExpected(step.expected)}`);
      if (step.transitions.length) out.push(`   - takes ${step.transitions.map(describeTransition).join('; ')}`);
      if (step.effects.length) out.push(`   - runs ${step.effects.map(describeEffect).join('; ')}`);
    }
  }
  return `${out.join('\n')}\n`;
}

export function pathsToJson(info: PathsInfo, paths: readonly PlainPath[], coverage: PlainCoverage): string {
  return `${JSON.stringify(
    {
      machine: info.machine,
      kind: info.kind,
      ...(info.chosenFrom === undefined ? {} : { chosenFrom: info.chosenFrom }),
      ...(info.stopped === undefined ? {} : { stoppedEarly: info.stopped }),
      coverage: { covered: coverage.covered, total: coverage.total, missing: coverage.missing.map((t) => t.id) },
      paths: paths.map((path) => ({
        id: path.id,
        title: path.title,
        end: path.end,
        ...(path.input === undefined ? {} : { input: path.input }),
        steps: path.steps.map((step) => ({
          step: step.number,
          action: step.kind,
          text: describeStep(step),
          event: step.event,
          ...(step.actorId === undefined ? {} : { actor: step.actorId }),
          ...(step.delay === undefined ? {} : { delay: step.delay.written, delayMs: step.delay.ms ?? null }),
          expect: {
            state: formatStateValue(step.expected.value),
            value: step.expected.value,
            tags: [...step.expected.tags].sort(),
            status: step.expected.status,
          },
          transitions: step.transitions.map(({ id, source, label }) => ({ id, source, label })),
          effects: step.effects,
        })),
      })),
    },
    (_key, value: unknown) => (value instanceof Error ? { name: value.name, message: value.message } : value),
    2,
  )}\n`;
}
