/**
 * QA paths and their coverage report as the plain data format-paths prints: expected states reduced to value, sorted
 * tags and status, transitions to id, source and label, the named actions to type and params. `npm run paths` and the
 * studio's build-time data both go through here, so they print the same.
 */
import type { MachineTransition } from '../machine-graph';
import type { PathsInfo, PlainCoverage, PlainPath, PlainStep, PlainTransition } from './format-paths';
import type { QaPaths } from './qa-paths';
import type { CoverageReport, StepRecord } from './replay';
import type { ModelStep } from './test-model';

function plainTransition({ id, source, label }: Pick<MachineTransition, 'id' | 'source' | 'label'>): PlainTransition {
  return { id, source, label };
}

/** A step and what the machine did in it; `transitions` maps ids to the machine's transitions. */
function plainStep(step: ModelStep, record: StepRecord, transitions: ReadonlyMap<string, MachineTransition>): PlainStep {
  const { number, kind, event, actorId, delay, expected } = step;
  return {
    number,
    kind,
    event,
    ...(actorId === undefined ? {} : { actorId }),
    ...(delay === undefined ? {} : { delay }),
    expected: { value: expected.value, tags: [...expected.tags].sort(), status: expected.status },
    // An id machine-graph does not list would be a bug there; kept, labelled by its id, so that it shows.
    transitions: record.transitions.map((id) => plainTransition(transitions.get(id) ?? { id, source: '?', label: id })),
    effects: record.actions.map(({ type, params }) => (params === undefined ? { type } : { type, params })),
  };
}

export function plainCoverage(report: CoverageReport): PlainCoverage {
  return { covered: report.covered, total: report.total, missing: report.missing.map(plainTransition) };
}

/** What format-paths prints about how the paths were made. */
export function pathsInfo(machine: string, qa: QaPaths): PathsInfo {
  return {
    machine,
    kind: qa.kind,
    ...(qa.chosenFrom === undefined ? {} : { chosenFrom: qa.chosenFrom }),
    ...(qa.stopped === undefined ? {} : { stopped: qa.stopped }),
  };
}

export function plainPaths(qa: QaPaths, transitions: readonly MachineTransition[]): PlainPath[] {
  const byId = new Map(transitions.map((t) => [t.id, t]));
  return qa.paths.map(({ id, title, input, end, steps, records }) => ({
    id,
    title,
    input,
    end,
    steps: steps.map((step, index) => plainStep(step, records[index] ?? { transitions: [], actions: [] }, byId)),
  }));
}
