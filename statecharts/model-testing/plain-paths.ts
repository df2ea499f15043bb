/**
 * Generated paths and their coverage report as the plain data format-paths prints: expected states reduced to
 * value, sorted tags and status, missed transitions to id, source and label. `npm run paths` and the studio's
 * build-time data both go through here, so they print the same.
 */
import type { PlainCoverage, PlainPath, PlainStep } from './format-paths';
import type { CoverageReport } from './replay';
import type { ModelPath, ModelStep } from './test-model';

export function plainStep(step: ModelStep): PlainStep {
  const { number, kind, event, actorId, delay, expected } = step;
  return {
    number,
    kind,
    event,
    ...(actorId === undefined ? {} : { actorId }),
    ...(delay === undefined ? {} : { delay }),
    expected: { value: expected.value, tags: [...expected.tags].sort(), status: expected.status },
  };
}

export function plainPaths(paths: readonly ModelPath[]): PlainPath[] {
  return paths.map(({ id, input, end, steps }) => ({ id, input, end, steps: steps.map(plainStep) }));
}

export function plainCoverage(report: CoverageReport): PlainCoverage {
  return {
    covered: report.covered,
    total: report.total,
    missing: report.missing.map(({ id, source, label }) => ({ id, source, label })),
  };
}
