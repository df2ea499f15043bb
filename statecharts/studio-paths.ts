/**
 * The statechart studio's QA paths of a machine, computed at build time in Node: the shortest paths `npm run paths`
 * prints, replayed once to learn the transitions each step takes, and packed into compact data
 * (statecharts/paths-data.ts) that the browser rebuilds without xstate.
 */
import type { MachineName } from '../machines/registry';
import { machineModels } from '../machines/models';
import { plainCoverage, plainStep } from './model-testing/plain-paths';
import { replayPath } from './model-testing/replay';
import { type ModelStep, buildModel, generatePaths } from './model-testing/test-model';
import { type StudioAction, type StudioPaths, type StudioState, encodeValue } from './paths-data';

/** A list of distinct values, each kept once and referred to by its index. */
class Interned<T> {
  readonly values: T[] = [];
  private readonly indexes = new Map<string, number>();

  /** `key` must tell values apart exactly: two values with one key are stored once. */
  index(value: T, key = JSON.stringify(value)): number {
    let index = this.indexes.get(key);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.indexes.set(key, index);
    }
    return index;
  }
}

/**
 * Generates and replays the shortest paths of a machine, as `npm run paths` does, and packs them with the coverage
 * they reach and the transitions each step takes. The result is plain JSON; `exportPathsJson` and
 * `exportPathsMarkdown` turn it back into exactly what the CLI prints.
 */
export async function studioPaths(name: MachineName): Promise<StudioPaths> {
  const built = buildModel(name, machineModels[name]);
  const paths = generatePaths(built, 'shortest');

  const takenBy = new Map<ModelStep, string[]>();
  const takenIds = new Set<string>();
  for (const path of paths) {
    await replayPath(built, path, (id, step) => {
      takenIds.add(id);
      const ids = takenBy.get(step);
      if (ids) ids.push(id);
      else takenBy.set(step, [id]);
    });
  }
  // As measureCoverage counts: the machine's transitions that some path took, and those none did.
  const missing = built.transitions.filter((t) => !takenIds.has(t.id));
  const listed = built.transitions.map((t) => t.id);
  // In the machine's order; an id the machine does not list would be a bug in machine-graph, kept so it shows.
  const covered = [...listed.filter((id) => takenIds.has(id)), ...[...takenIds].filter((id) => !listed.includes(id))];
  const coveredIndex = new Map(covered.map((id, index) => [id, index]));

  const actions = new Interned<StudioAction>();
  const states = new Interned<StudioState>();
  const inputs = new Interned<unknown>();
  const packed = paths.map((path) => ({
    id: path.id,
    end: path.end,
    ...(path.input === undefined ? {} : { input: inputs.index(encodeValue(path.input)) }),
    steps: path.steps.map((step) => {
      const { kind, event, actorId, delay, expected } = plainStep(step);
      const action: StudioAction = {
        kind,
        event: encodeValue(event),
        ...(actorId === undefined ? {} : { actorId }),
        ...(delay === undefined ? {} : { delay: { written: delay.written, ...(delay.ms === undefined ? {} : { ms: delay.ms }) } }),
      };
      const taken = (takenBy.get(step) ?? []).map((id) => {
        const index = coveredIndex.get(id);
        if (index === undefined) throw new Error(`${name}: transition ${id} taken but not counted`);
        return index;
      });
      return [actions.index(action), states.index(expected), ...taken];
    }),
  }));
  return {
    machine: name,
    kind: 'shortest',
    coverage: plainCoverage({ machine: name, covered: listed.length - missing.length, total: listed.length, missing }),
    covered,
    actions: actions.values,
    states: states.values,
    inputs: inputs.values,
    paths: packed,
  };
}
