/**
 * The Playwright specs of the machines that have a UI map (machines/ui-maps.ts): generated from their models' paths
 * (statecharts/model-testing/playwright-spec.ts) and committed as tests/e2e/generated/<name>.paths.e2e.ts, where the
 * end-to-end suite runs them. `npm run paths:specs` writes them; tests/statecharts/paths-specs.test.ts fails when a
 * committed one no longer matches.
 */
import { machineModels } from '../machines/models';
import type { MachineName } from '../machines/registry';
import { uiMaps } from '../machines/ui-maps';
import { plainCoverage, plainPaths } from './model-testing/plain-paths';
import { pathsToPlaywright } from './model-testing/playwright-spec';
import { coveringSet, qaPaths } from './model-testing/qa-paths';
import { buildModel } from './model-testing/test-model';

/** Where a machine's generated spec is committed, from the repository's root. */
export const specFile = (name: string): string => `tests/e2e/generated/${name}.paths.e2e.ts`;

/** The machines with a UI map, in the registry's order. */
export const mappedMachines = (): MachineName[] => Object.keys(uiMaps) as MachineName[];

/** The spec of a machine with a UI map; throws for one without. */
export async function playwrightSpec(name: MachineName): Promise<string> {
  const ui = uiMaps[name];
  if (!ui) throw new Error(`${name} has no UI map (machines/${name}/${name}.ui.ts, listed in machines/ui-maps.ts)`);
  const built = buildModel(name, machineModels[name]);
  const shortest = await qaPaths(built, 'shortest');
  // The default covering set, chosen from the same replays as `npm run paths` chooses it.
  const cover = coveringSet(shortest.paths, (path) => path.records.flatMap((r) => r.transitions));
  const transitions = plainCoverage({ ...shortest.coverage, missing: built.transitions }).missing;
  return pathsToPlaywright({
    machine: name,
    ui,
    shortest: plainPaths(shortest, built.transitions),
    cover: plainPaths({ ...shortest, paths: cover }, built.transitions),
    transitions,
  });
}
