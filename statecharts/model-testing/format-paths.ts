/** Test paths as QA reads them (Markdown, numbered steps) or imports them (JSON). */
import type { CoverageReport } from './replay';
import { describeExpected, describeStep } from './replay';
import { type ModelPath, type PathKind, formatStateValue, serializeValue } from './test-model';

function percent(report: CoverageReport): number {
  return report.total === 0 ? 100 : Math.floor((report.covered / report.total) * 100);
}

export function pathsToMarkdown(name: string, kind: PathKind, paths: ModelPath[], coverage: CoverageReport): string {
  const out = [
    `# Test paths: ${name}`,
    '',
    `${paths.length} ${kind} paths generated from tests/machines/${name}.model.ts. ` +
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

export function pathsToJson(name: string, kind: PathKind, paths: ModelPath[], coverage: CoverageReport): string {
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
