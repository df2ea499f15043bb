/**
 * What the build computes for the statechart studio, in one module so that vite.config.ts loads it once, through
 * Vite's module runner, only when the studio's chunk is built: the machines' layouts (studio-data.ts) and each
 * machine's QA paths with their coverage (studio-paths.ts), and the Playwright spec of each machine with a UI map
 * (playwright-specs.ts).
 */
export { studioData } from './studio-data';
export { studioPaths } from './studio-paths';
export { machineNames } from '../machines/registry';
export { mappedMachines, playwrightSpec } from './playwright-specs';
