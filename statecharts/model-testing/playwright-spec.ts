/**
 * A machine's model paths as a Playwright spec that runs them against the real app (`npm run paths -- <machine>
 * --format playwright`, `npm run paths:specs`): each step done as its UI map says (machines/<name>/<name>.ui.ts,
 * typed by machines/shared/machine-ui.ts), each expected state checked as the viewer sees it.
 *
 * Which paths: the covering set is chosen again among the shortest paths the map can produce (a path with a step
 * the real app cannot be made to do is never run, and faking it is not an option), so the spec takes every
 * transition the real app can be walked through. The header lists the transitions no producible path takes, and each
 * path of the default covering set (`npm run paths -- <machine>`) that was left out, with the step that has no
 * mapping. Plain data in, text out: the caller generates and replays the paths.
 */
import {
  isUnmapped,
  type MachineUi,
  type UiAnswer,
  type UiContext,
  type UiExpected,
  type UiSight,
  type UiStep,
} from '../../machines/shared/machine-ui';
import { describeExpected } from './describe';
import { describeTransition, type PlainCoverage, type PlainPath, type PlainStep, type PlainTransition } from './format-paths';
import { coveringSet } from './qa-paths';

/** A step as the spec does it. */
interface PlannedStep {
  step: PlainStep;
  /** Forced conditions of later steps, armed before this one does anything. */
  arm: string[];
  run: readonly string[];
  sight: UiSight;
}

interface PlannedPath {
  path: PlainPath;
  prepare: readonly string[];
  /** Forced conditions with no earlier step to go before: right after `prepare`. */
  arm: string[];
  steps: PlannedStep[];
}

/** A path the map cannot produce: the first step without mapping, and why. */
interface LeftOut {
  step: PlainStep;
  reason: string;
}

function uiStep(step: PlainStep): UiStep {
  return {
    number: step.number,
    kind: step.kind,
    event: step.event,
    ...(step.actorId === undefined ? {} : { actorId: step.actorId }),
    expected: step.expected,
  };
}

/** What the map answers for a step; a key it does not list is a step without mapping. */
function answerFor(ui: MachineUi, step: UiStep, context: UiContext): UiAnswer {
  const missing = (what: string): UiAnswer => ({ unmapped: `no mapping for ${what}` });
  const { event } = step;
  switch (step.kind) {
    case 'start':
      return ui.start ? ui.start(context.path.input, context) : {};
    case 'wait':
      return missing('timers');
    case 'finish': {
      const map = ui.outputs[step.actorId ?? ''];
      return map ? map(event['output'], context) : missing(`${step.actorId} finishing`);
    }
    case 'fail': {
      const map = ui.errors[step.actorId ?? ''];
      return map ? map(event['error'], context) : missing(`${step.actorId} failing`);
    }
    default: {
      const map = ui.events[event.type];
      return map ? map(event, context) : missing(event.type);
    }
  }
}

/** The path as the spec does it, or the first step the map cannot produce. */
function plan(ui: MachineUi, path: PlainPath): PlannedPath | LeftOut {
  const steps = path.steps.map(uiStep);
  const needs: Record<string, string> = {};
  const planned: PlannedPath = { path, prepare: [], arm: [], steps: [] };
  for (const [index, step] of path.steps.entries()) {
    const context: UiContext = { path: { input: path.input, steps }, index, before: index === 0 ? undefined : (path.steps[index - 1]?.expected as UiExpected) };
    const answer = answerFor(ui, steps[index] as UiStep, context);
    if (isUnmapped(answer)) return { step, reason: answer.unmapped };
    for (const [name, value] of Object.entries(answer.needs ?? {})) {
      if (needs[name] !== undefined && needs[name] !== value) return { step, reason: `needs ${name} ${value}, an earlier step ${needs[name]}` };
      needs[name] = value;
    }
    if (answer.arm?.length) {
      const doer = planned.steps.findLast((s) => s.run.length > 0);
      (doer ? doer.arm : planned.arm).push(...answer.arm);
    }
    planned.steps.push({ step, arm: [], run: answer.run ?? [], sight: ui.see(step.expected, steps[index] as UiStep, context) });
  }
  return { ...planned, prepare: ui.prepare(needs) };
}

const isLeftOut = (planned: PlannedPath | LeftOut): planned is LeftOut => 'reason' in planned;

/** `send user.login`, `let logIn finish`: what the step is, without its payload (the model has it). */
function stepWords(step: PlainStep): string {
  if (step.kind === 'start') return 'start';
  if (step.kind === 'wait') return `wait ${step.delay?.written ?? '?'}`;
  if (step.kind === 'finish') return `let ${step.actorId} finish`;
  if (step.kind === 'fail') return `let ${step.actorId} fail`;
  return `send ${step.event.type}`;
}

/** Text safe inside a block comment. */
const commentSafe = (text: string): string => text.replaceAll('*/', '*\\/');

/** Keeps the named imports the body uses (a map imports for all its steps; a spec may use a few). */
function usedImports(lines: readonly string[], body: string): string[] {
  return lines.flatMap((line) => {
    const match = /^import \{ (.*) \} from (.*);$/.exec(line);
    if (!match) return [line];
    const names = (match[1] ?? '').split(',').map((name) => name.trim());
    const used = names.filter((name) => new RegExp(`\\b${name.replace(/^type /, '')}\\b`).test(body));
    return used.length ? [`import { ${used.join(', ')} } from ${match[2]};`] : [];
  });
}

function testCode(planned: PlannedPath, name: string): string {
  const body: string[] = [...planned.prepare, ...planned.arm];
  for (const { step, arm, run, sight } of planned.steps) {
    body.push(`// ${step.number}. ${stepWords(step)} → ${describeExpected(step.expected)}`);
    body.push(...arm, ...run);
    if (Array.isArray(sight)) body.push(...(sight as readonly string[]));
    else body.push(`// not checked: ${(sight as { unseen: string }).unseen}`);
  }
  const uses = (word: string) => body.some((line) => new RegExp(`\\b${word}\\b`).test(line));
  const fixtures = ['page', ...(uses('stack') ? ['stack'] : [])];
  return [`test(${JSON.stringify(name)}, async ({ ${fixtures.join(', ')} }) => {`, ...body.map((line) => `  ${line}`), '});'].join('\n');
}

export interface SpecInput {
  machine: string;
  ui: MachineUi;
  /** Every shortest path, replayed, in the order `npm run paths -- <machine> --strategy shortest` lists them. */
  shortest: readonly PlainPath[];
  /** The default covering set, as `npm run paths -- <machine>` prints it. */
  cover: readonly PlainPath[];
  /** The machine's transitions, for the coverage line. */
  transitions: readonly PlainTransition[];
}

/** The spec's text (see the module's comment). */
export function pathsToPlaywright({ machine, ui, shortest, cover, transitions }: SpecInput): string {
  const producible = shortest.flatMap((path) => {
    const planned = plan(ui, path);
    return isLeftOut(planned) ? [] : [planned];
  });
  const chosen = coveringSet(
    producible.map((planned) => ({ ...planned, id: planned.path.id, steps: planned.steps })),
    (planned) => planned.steps.flatMap((s) => s.step.transitions.map((t) => t.id)),
  );
  const taken = new Set(chosen.flatMap((planned) => planned.steps.flatMap((s) => s.step.transitions.map((t) => t.id))));
  const coverage: PlainCoverage = {
    covered: taken.size,
    total: transitions.length,
    missing: transitions.filter((t) => !taken.has(t.id)),
  };
  const leftOut = cover.flatMap((path) => {
    const planned = plan(ui, path);
    return isLeftOut(planned) ? [{ path, ...planned }] : [];
  });

  const names = new Map<string, number>();
  const tests = chosen.map((planned, index) => {
    const title = `${index + 1}. ${planned.path.title}`;
    const seen = names.get(title) ?? 0;
    names.set(title, seen + 1);
    return testCode(planned, seen === 0 ? title : `${title} (${seen + 1})`);
  });
  const body = tests.join('\n\n');
  const percent = coverage.total === 0 ? 100 : Math.floor((coverage.covered / coverage.total) * 100);

  const header = [
    '/**',
    ` * Generated by \`npm run paths:specs\` from machines/${machine}/${machine}.model.ts and its UI map,`,
    ` * machines/${machine}/${machine}.ui.ts: do not edit (tests/statecharts/paths-specs.test.ts fails when it is stale).`,
    ' *',
    ` * ${chosen.length} paths: the fewest of the ${producible.length} shortest paths (of ${shortest.length}) the real app can be made to follow`,
    ` * that together take every transition those take: ${coverage.covered}/${coverage.total} transitions (${percent}%).`,
    ...(coverage.missing.length
      ? [' * Not taken on the real app:', ...coverage.missing.map((t) => ` * - ${commentSafe(describeTransition(t))}`)]
      : []),
    ' *',
    ...(leftOut.length
      ? [
          ` * Left out of the covering set (\`npm run paths -- ${machine}\`): ${leftOut.length} of its ${cover.length} paths, each for a step`,
          ' * the real app cannot be made to do:',
          ...leftOut.map(
            ({ path, step, reason }) => ` * - Path ${path.id} (${commentSafe(path.title)}): step ${step.number}, ${stepWords(step)}: ${commentSafe(reason)}`,
          ),
        ]
      : [` * Every path of the covering set (\`npm run paths -- ${machine}\`) can be made on the real app.`]),
    ' */',
  ];
  const imports = ["import { expect, test } from '../fixtures';", ...usedImports(ui.imports, body)];
  const afterEach = ui.afterEach?.length
    ? [`test.afterEach(({ stack }) => {`, ...ui.afterEach.map((line) => `  ${line}`), '});', '']
    : [];
  return `${[...header, ...imports, '', ...afterEach, body].join('\n')}\n`;
}
