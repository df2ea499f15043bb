/**
 * The paths QA gets for a machine (`npm run paths`, the studio's Paths view), each replayed on a real actor so that
 * every step carries what the machine did in it (the transitions it took, the named actions it ran) and each path a
 * title. By default the few shortest paths that together take every transition ({@link greedyCover}); the suite in
 * tests/machines replays all the shortest paths.
 */
import type { PathKind, SimpleStop } from './describe';
import { greedyCover } from './cover';
import { type CoverageReport, type StepRecord, replayPath } from './replay';
import { type BuiltModel, type ModelPath, type SimpleBudget, generatePaths, numbered, simplePaths } from './test-model';
import { pathTitle } from './titles';

/** A path with its title and, per step in order, what the machine did in it. */
export interface RecordedPath extends ModelPath {
  title: string;
  records: StepRecord[];
}

export interface QaPaths {
  kind: PathKind;
  paths: RecordedPath[];
  coverage: CoverageReport;
  /** For `cover`: how many shortest paths the set was chosen from. */
  chosenFrom?: number;
  /** For `simple`: the budget ran out before every simple path was listed. */
  stopped?: SimpleStop;
}

function coverageOf(built: BuiltModel, paths: readonly RecordedPath[]): CoverageReport {
  const taken = new Set(paths.flatMap((path) => path.records.flatMap((record) => record.transitions)));
  const missing = built.transitions.filter((t) => !taken.has(t.id));
  return { machine: built.name, covered: built.transitions.length - missing.length, total: built.transitions.length, missing };
}

/**
 * Generates, replays and titles a machine's QA paths. `cover` (the default) replays every shortest path and keeps
 * the fewest that take every transition any of them takes, renumbered in the order chosen (the first takes the most);
 * `shortest` keeps them all; `simple` lists simple paths within `budget`, whose time limit covers their replays.
 */
export async function qaPaths(built: BuiltModel, kind: PathKind = 'cover', budget?: SimpleBudget): Promise<QaPaths> {
  const record = async (path: ModelPath): Promise<RecordedPath> => ({
    ...path,
    title: pathTitle(built.model, path),
    records: await replayPath(built, path),
  });
  const replayed: RecordedPath[] = [];
  if (kind === 'simple') {
    // Replayed as they are found, so that the time limit holds for the replays too.
    const search = simplePaths(built, budget);
    for (let next = search.next(); ; next = search.next()) {
      if (next.done) {
        const paths = numbered(replayed);
        const result: QaPaths = { kind, paths, coverage: coverageOf(built, paths) };
        return next.value === undefined ? result : { ...result, stopped: next.value };
      }
      replayed.push(await record(next.value));
    }
  }
  for (const path of generatePaths(built, 'shortest')) replayed.push(await record(path));
  if (kind === 'shortest') return { kind, paths: replayed, coverage: coverageOf(built, replayed) };
  const chosen = coveringSet(replayed, (path) => path.records.flatMap((r) => r.transitions));
  return { kind, paths: chosen, coverage: coverageOf(built, chosen), chosenFrom: replayed.length };
}

/**
 * The fewest of `paths` that together take every transition they take ({@link greedyCover}: ties to the shorter
 * path), renumbered in the order chosen.
 */
export function coveringSet<T extends { id: number; steps: readonly unknown[] }>(paths: readonly T[], transitionsOf: (path: T) => readonly string[]): T[] {
  return greedyCover(
    paths.map((path) => new Set(transitionsOf(path))),
    (index) => paths[index]?.steps.length ?? 0,
  ).map((index, position) => ({ ...(paths[index] as T), id: position + 1 }));
}
