/**
 * `npm run paths -- <machine> [--strategy cover|shortest|simple] [--simple] [--max-paths N] [--time-limit S]
 * [--format json|md|playwright]`: prints the model-based test paths of a machine for QA to follow by hand (md, the default) or
 * import (json): each path titled with what it proves, each step with the state expected after it, the transitions
 * it takes and the effects the machine runs, and the share of the machine's transitions the paths take. By default
 * the few shortest paths that together take every transition; the suite in tests/machines replays all the shortest
 * paths, from the same models (machines/models.ts).
 */
import { machineNames } from '../machines/registry';
import { machineModels } from '../machines/models';
import type { PathKind } from './model-testing/describe';
import { pathsToJson, pathsToMarkdown } from './model-testing/format-paths';
import { pathsInfo, plainCoverage, plainPaths } from './model-testing/plain-paths';
import { qaPaths } from './model-testing/qa-paths';
import { DEFAULT_SIMPLE_BUDGET, buildModel } from './model-testing/test-model';
import { playwrightSpec } from './playwright-specs';
import { uiMaps } from '../machines/ui-maps';

const usage =
  'usage: npm run paths -- <machine> [--strategy cover|shortest|simple] [--simple] [--max-paths N] [--time-limit S] [--format json|md|playwright]\n' +
  '  cover (default): the fewest shortest paths that take every transition; shortest: all of them;\n' +
  `  simple (--simple): paths that never revisit a model state, at most --max-paths (${DEFAULT_SIMPLE_BUDGET.maxPaths}) ` +
  `found within --time-limit seconds (${DEFAULT_SIMPLE_BUDGET.timeLimitMs / 1000})\n` +
  '  playwright: a spec that runs the paths against the real app, from the machine\'s UI map (npm run paths:specs writes them)\n' +
  `machines: ${machineNames.join(', ')}`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

const kinds: readonly PathKind[] = ['cover', 'shortest', 'simple'];

/** A positive number for `option`, or the usage. */
function positive(option: string, text: string | undefined): number {
  const value = Number(text);
  if (text === undefined || !Number.isFinite(value) || value <= 0) fail(`${option} needs a positive number, got ${text ?? 'nothing'}`);
  return value;
}

const args = process.argv.slice(2);
let format = 'md';
let kind: string = 'cover';
const budget = { ...DEFAULT_SIMPLE_BUDGET };
let name: string | undefined;
for (let i = 0; i < args.length; i++) {
  const arg = args[i] ?? '';
  const [option, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
  const value = () => inline ?? args[++i];
  if (option === '--simple') kind = 'simple';
  else if (option === '--strategy') kind = value() ?? '';
  else if (option === '--format') format = value() ?? '';
  else if (option === '--max-paths') budget.maxPaths = Math.floor(positive(option, value()));
  else if (option === '--time-limit') budget.timeLimitMs = positive(option, value()) * 1000;
  else if (option === '--help' || option === '-h') {
    console.log(usage);
    process.exit(0);
  } else if (!arg.startsWith('-') && name === undefined) name = arg;
  else fail(`unknown argument ${arg}`);
}
if (format !== 'md' && format !== 'json' && format !== 'playwright') fail(`unknown format ${format}`);
const strategy = kinds.find((k) => k === kind);
if (strategy === undefined) fail(`unknown strategy ${kind}`);
const machineName = machineNames.find((n) => n === name);
if (machineName === undefined) fail(name === undefined ? 'which machine?' : `no machine named ${name}`);

if (format === 'playwright') {
  if (!uiMaps[machineName]) fail(`${machineName} has no UI map (machines/${machineName}/${machineName}.ui.ts, listed in machines/ui-maps.ts)`);
  if (kind !== 'cover') fail('--format playwright takes the covering set of the paths the real app can follow; no --strategy');
  process.stdout.write(await playwrightSpec(machineName));
  process.exit(0);
}

const built = buildModel(machineName, machineModels[machineName]);
const qa = await qaPaths(built, strategy, budget);
const info = pathsInfo(machineName, qa);
const plain = plainPaths(qa, built.transitions);
const coverage = plainCoverage(qa.coverage);
process.stdout.write(format === 'json' ? pathsToJson(info, plain, coverage) : pathsToMarkdown(info, plain, coverage));
