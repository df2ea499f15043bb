/**
 * `npm run paths -- <machine> [--simple] [--format json|md]`: prints the model-based test paths of a machine as
 * numbered steps (event, then expected state) for QA to follow by hand (md, the default) or import (json), with the
 * share of the machine's transitions they take. The paths are the ones the suite in tests/machines replays, from the
 * models beside the machines (machines/models.ts).
 */
import { machineNames } from '../machines/registry';
import { machineModels } from '../machines/models';
import { pathsToJson, pathsToMarkdown } from './model-testing/format-paths';
import { plainCoverage, plainPaths } from './model-testing/plain-paths';
import { measureCoverage } from './model-testing/replay';
import { buildModel, generatePaths } from './model-testing/test-model';

const usage = `usage: npm run paths -- <machine> [--simple] [--format json|md]\nmachines: ${machineNames.join(', ')}`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

const args = process.argv.slice(2);
let format = 'md';
let simple = false;
let name: string | undefined;
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--simple') simple = true;
  else if (arg === '--format') format = args[++i] ?? '';
  else if (arg?.startsWith('--format=')) format = arg.slice('--format='.length);
  else if (arg === '--help' || arg === '-h') {
    console.log(usage);
    process.exit(0);
  } else if (arg !== undefined && !arg.startsWith('-') && name === undefined) name = arg;
  else fail(`unknown argument ${arg}`);
}
if (format !== 'md' && format !== 'json') fail(`unknown format ${format}`);
const machineName = machineNames.find((n) => n === name);
if (machineName === undefined) fail(name === undefined ? 'which machine?' : `no machine named ${name}`);

const kind = simple ? 'simple' : 'shortest';
const built = buildModel(machineName, machineModels[machineName]);
const paths = generatePaths(built, kind);
const coverage = plainCoverage(await measureCoverage(built, paths));
const plain = plainPaths(paths);
process.stdout.write(format === 'json' ? pathsToJson(machineName, kind, plain, coverage) : pathsToMarkdown(machineName, kind, plain, coverage));
