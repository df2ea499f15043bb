/**
 * Registers the model-based tests of one machine: one test per generated path, replayed against a real actor
 * (simulated clock, fake invoked actors), and one coverage test that fails unless every transition of the machine
 * is taken by some path. Path generation and replay live in statecharts/model-testing so `npm run paths` prints
 * exactly these paths.
 */
import { describe, expect, it } from 'vitest';
import { formatCoverage, measureCoverage, replayPath } from '../../statecharts/model-testing/replay';
import type { AnyMachineModel } from '../../machines/shared/machine-model';
import { buildModel, generatePaths } from '../../statecharts/model-testing/test-model';

export function describeMachineModel(name: string, model: AnyMachineModel): void {
  describe(`machine ${name}`, () => {
    const built = buildModel(name, model);
    const paths = generatePaths(built, 'shortest');

    it('has paths and transitions to cover', () => {
      expect(paths.length).toBeGreaterThan(0);
      expect(built.transitions.length).toBeGreaterThan(0);
    });

    for (const path of paths) {
      it(`path ${path.id}: ${path.steps.length - 1} steps to ${path.end}`, async () => {
        await replayPath(built, path, () => undefined);
      });
    }

    it('takes every transition (each guarded branch, always, after, done and error)', async () => {
      const report = await measureCoverage(built, paths);
      console.log(formatCoverage(report));
      const missing = report.missing.map((t) => `${t.id}: ${t.label}`);
      expect(missing, `transitions no path takes (run npm run paths -- ${name})`).toEqual([]);
      expect(report.covered).toBe(report.total);
    });
  });
}
