/**
 * Test paths as QA reads them (Markdown, numbered steps) or imports them (JSON), over plain data: `npm run paths`
 * hands it the generated paths, the statechart studio the paths it rebuilt from its build-time data, and both print
 * the same bytes. No runtime xstate here, so the studio's chunk can use it.
 */
import {
  type DescribableState,
  type DescribableStep,
  type PathKind,
  describeExpected,
  describeStep,
  formatStateValue,
  serializeValue,
} from './describe';

/** A step as plain data: what to do, then the state expected after it. */
export interface PlainStep extends DescribableStep {
  expected: { value: DescribableState['value']; tags: string[]; status: string };
}

export interface PlainPath {
  id: number;
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
  missing: Array<{ id: string; source: string; label: string }>;
}

function percent(coverage: PlainCoverage): number {
  return coverage.total === 0 ? 100 : Math.floor((coverage.covered / coverage.total) * 100);
}

export function pathsToMarkdown(name: string, kind: PathKind, paths: readonly PlainPath[], coverage: PlainCoverage): string {
  const out = [
    `# Test paths: ${name}`,
    '',
    `${paths.length} ${kind} paths generated from machines/${name}/${name}.model.ts. ` +
      `Replayed, they take ${coverage.covered}/${coverage.total} transitions (${percent(coverage)}%).`,
    'Do each step, then check that the app is in the expected state (tags in brackets).',
  ];
  if (coverage.missing.length) out.push('', `Not taken: ${coverage.missing.map((t) => `${t.source}: ${t.label}`).join('; ')}`);
  for (const path of paths) {
    out.push('', `## Path ${path.id}: ends in ${path.end}`, '');
    if (path.input !== undefined) out.push(`Started with ${serializeValue(path.input)}.`, '');
    for (const step of path.steps) out.push(`${step.number}. ${describeStep(step)} → expect ${describeExpected(step.expected)}`);
  }
  return `${out.join('\n')}\n`;
}

export function pathsToJson(name: string, kind: PathKind, paths: readonly PlainPath[], coverage: PlainCoverage): string {
  return `${JSON.stringify(
    {
      machine: name,
      kind,
      coverage: { covered: coverage.covered, total: coverage.total, missing: coverage.missing.map((t) => t.id) },
      paths: paths.map((path) => ({
        id: path.id,
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
        })),
      })),
    },
    (_key, value: unknown) => (value instanceof Error ? { name: value.name, message: value.message } : value),
    2,
  )}\n`;
}
