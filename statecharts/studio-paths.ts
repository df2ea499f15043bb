/**
 * The statechart studio's QA paths of a machine, computed at build time in Node: the paths `npm run paths` prints
 * (the covering set, with titles and what each step did) packed into compact data (statecharts/paths-data.ts) that
 * the browser rebuilds without xstate.
 */
import type { MachineName } from '../machines/registry';
import { machineModels } from '../machines/models';
import { pathsInfo, plainCoverage, plainPaths } from './model-testing/plain-paths';
import { qaPaths } from './model-testing/qa-paths';
import { buildModel } from './model-testing/test-model';
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
 * Generates and replays the QA paths of a machine as `npm run paths` does (by default), and packs them with the
 * coverage they reach, the transitions each step takes and the effects it runs. The result is plain JSON;
 * `exportPathsJson` and `exportPathsMarkdown` turn it back into exactly what the CLI prints.
 */
export async function studioPaths(name: MachineName): Promise<StudioPaths> {
  const built = buildModel(name, machineModels[name]);
  const qa = await qaPaths(built);
  const plain = plainPaths(qa, built.transitions);

  const actions = new Interned<StudioAction>();
  const states = new Interned<StudioState>();
  const inputs = new Interned<unknown>();
  const effects = new Interned<unknown>();
  // In the machine's order, so that the list reads like the machine; an id it does not list (a bug in machine-graph)
  // comes last, so that it shows.
  const order = new Map(built.transitions.map((t, index) => [t.id, index]));
  const taken = [...new Map(plain.flatMap((p) => p.steps.flatMap((s) => s.transitions.map((t) => [t.id, t] as const)))).values()].sort(
    (a, b) => (order.get(a.id) ?? order.size) - (order.get(b.id) ?? order.size),
  );
  const takenIndex = new Map(taken.map((t, index) => [t.id, index]));

  const packed = plain.map((path) => ({
    id: path.id,
    title: path.title,
    end: path.end,
    ...(path.input === undefined ? {} : { input: inputs.index(encodeValue(path.input)) }),
    steps: path.steps.map((step): [number, number, number[], number[]] => {
      const { kind, event, actorId, delay, expected } = step;
      const action: StudioAction = {
        kind,
        event: encodeValue(event),
        ...(actorId === undefined ? {} : { actorId }),
        ...(delay === undefined ? {} : { delay: { written: delay.written, ...(delay.ms === undefined ? {} : { ms: delay.ms }) } }),
      };
      return [
        actions.index(action),
        states.index(expected),
        step.transitions.map((t) => takenIndex.get(t.id) ?? -1),
        step.effects.map((effect) => effects.index(encodeValue(effect))),
      ];
    }),
  }));
  return {
    info: pathsInfo(name, qa),
    coverage: plainCoverage(qa.coverage),
    transitions: taken,
    actions: actions.values,
    states: states.values,
    effects: effects.values,
    inputs: inputs.values,
    paths: packed,
  };
}
