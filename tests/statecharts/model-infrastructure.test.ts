/** The model-based test infrastructure itself, on a fixture machine with every kind of transition. */
import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { listTransitions } from '../../statecharts/machine-graph';
import { formatStateValue } from '../../statecharts/model-testing/describe';
import { measureCoverage, replayPath } from '../../statecharts/model-testing/replay';
import { defineModel, type ExecutedAction } from '../../machines/shared/machine-model';
import { buildModel, generatePaths } from '../../statecharts/model-testing/test-model';
import { fixtureMachine } from './fixture.machine';

const fixtureModel = defineModel({
  machine: fixtureMachine,
  events: {
    'user.open': [
      { type: 'user.open', admin: true },
      { type: 'user.open', admin: false },
    ],
  },
  outputs: { fetchItems: [0, 3] },
});

describe('listing transitions', () => {
  const transitions = listTransitions(fixtureMachine);
  const byKind = (kind: string): string[] => transitions.filter((t) => t.kind === kind).map((t) => t.label);

  it('lists each guarded branch, always, after, invoke result and region done as its own transition', () => {
    expect(byKind('event')).toEqual([
      'user.open [isAdmin]',
      'user.open [not isAdmin]',
      'user.leave',
      'user.next',
      'user.finish',
      'user.finish',
      'user.back',
    ]);
    expect(byKind('always')).toEqual(['always [(hasItems and isAdminContext)]', 'always']);
    expect(byKind('after')).toEqual(['after 1000ms', 'after idleTimeout']);
    expect(byKind('done')).toEqual(['done: fetchItems [isPositive]', 'done: fetchItems']);
    expect(byKind('error')).toEqual(['error: fetchItems']);
    expect(byKind('stateDone')).toEqual(['done']);
  });

  it('gives ids that name source, event and branch and survive machine.provide()', () => {
    expect(transitions.map((t) => t.id)).toContain('fixture.closed user.open #1');
    expect(transitions.map((t) => t.id)).toContain('fixture.routing always #0');
    const provided = listTransitions(fixtureMachine.provide({ guards: { isAdmin: () => false } }));
    expect(provided.map((t) => t.id)).toEqual(transitions.map((t) => t.id));
  });
});

describe('model paths replayed on a real actor', () => {
  const built = buildModel('fixture', fixtureModel);
  const paths = generatePaths(built);

  it('take every transition of the fixture, history and deep nesting included', async () => {
    const report = await measureCoverage(built, paths);
    expect(report.missing.map((t) => t.id)).toEqual([]);
    expect(report.covered).toBe(listTransitions(fixtureMachine).length);
  });

  it('turn after steps into waits of the written delay, named delays resolved', () => {
    const waits = paths.flatMap((p) => p.steps).filter((s) => s.kind === 'wait');
    expect(new Set(waits.map((s) => `${String(s.delay?.written)}=${s.delay?.ms}`))).toEqual(
      new Set(['1000=1000', 'idleTimeout=2000']),
    );
  });

  it('fail, naming the step, when the actor is not in the expected state', async () => {
    const path = paths.find((p) => p.steps.some((s) => s.kind === 'finish'));
    if (!path) throw new Error('fixture has no finish step');
    const wrong = {
      ...path,
      steps: path.steps.map((s, i) => (i === 1 ? { ...s, expected: path.steps[0]?.expected ?? s.expected } : s)),
    };
    await expect(replayPath(built, wrong, () => undefined)).rejects.toThrow(/path \d+, step 2: expected closed but the actor is in loading/);
  });

  it('fail when a model check does not hold on the live actor', async () => {
    const strict = buildModel('fixture', {
      ...fixtureModel,
      check: (snapshot) => {
        if (formatStateValue(snapshot.value).includes('admin')) throw new Error('no admins here');
      },
    });
    const adminPath = paths.find((p) => p.end.includes('mode.admin'));
    if (!adminPath) throw new Error('fixture has no admin path');
    await expect(replayPath(strict, adminPath, () => undefined)).rejects.toThrow(/check failed: no admins here/);
  });
});

describe('what a model check sees', () => {
  it("gets each step's event and the named actions the machine ran in it, with their params", async () => {
    const notifier = setup({
      types: { events: {} as { type: 'ping' } },
      actions: { notify: (_, _params: { n: number }) => undefined, count: assign({}) },
    }).createMachine({
      initial: 'a',
      states: { a: { on: { ping: { target: 'b', actions: ['count', { type: 'notify', params: { n: 1 } }] } } }, b: {} },
    });
    const seen: Array<[string, ExecutedAction[]]> = [];
    const built = buildModel('notifier', defineModel({ machine: notifier, check: (_, step) => void seen.push([step.event.type, [...step.actions]]) }));
    for (const path of generatePaths(built)) await replayPath(built, path, () => undefined);
    expect(seen).toContainEqual(['xstate.init', []]);
    expect(seen).toContainEqual(['ping', [{ type: 'notify', params: { n: 1 } }]]);
  });
});

describe('coverage and model errors', () => {
  it('reports transitions that no path takes', async () => {
    // Without the output 3, isPositive never passes and the admin branch of routing is never taken.
    const built = buildModel('fixture', { ...fixtureModel, outputs: { fetchItems: [0] } });
    const report = await measureCoverage(built, generatePaths(built));
    expect(report.missing.map((t) => t.id)).toEqual([
      'fixture.loading xstate.done.actor.fetchItems #0',
      'fixture.routing always #0',
      // Only reachable through the admin branch.
      'fixture.open.mode.admin xstate.after.1000.fixture.open.mode.admin #0',
    ]);
    expect(report.covered).toBe(report.total - 3);
  });

  it('refuses an invoke with onDone but no declared outputs', () => {
    expect(() => buildModel('fixture', { machine: fixtureMachine })).toThrow(/declare outputs\['fetchItems'\]/);
  });

  it('refuses an abstraction that merges states which behave differently', () => {
    // a and b both lead to `middle`, with different counts; only the count of a lets `go` through.
    const counter = setup({
      types: { context: {} as { n: number }, events: {} as { type: 'a' } | { type: 'b' } | { type: 'go' } },
    }).createMachine({
      context: { n: 0 },
      initial: 'start',
      states: {
        start: {
          on: {
            a: { target: 'middle', actions: assign({ n: 1 }) },
            b: { target: 'middle', actions: assign({ n: 2 }) },
          },
        },
        middle: { on: { go: { guard: ({ context }) => context.n === 1, target: 'end' } } },
        end: {},
      },
    });
    const coarse = defineModel({ machine: counter, abstractState: (s) => s.value });
    expect(() => generatePaths(buildModel('counter', coarse), 'simple')).toThrow(
      /path \d+ step 3 \(go\) reaches .*"middle".* but the traversal expected .*"end".*merges states that behave differently/,
    );
    // The default model state keeps the context, which tells the two apart.
    const sound = generatePaths(buildModel('counter', defineModel({ machine: counter })), 'simple');
    expect(sound.map((p) => p.steps.map((step) => step.event.type).join(' '))).toContain('xstate.init a go');
  });

  it('asks for payload variants when a guard cannot read a bare event', () => {
    const needsPayload = setup({ types: { events: {} as { type: 'pick'; item: { id: string } } } }).createMachine({
      initial: 'a',
      states: { a: { on: { pick: { guard: ({ event }) => event.item.id === 'x', target: 'b' } } }, b: {} },
    });
    expect(() => generatePaths(buildModel('picker', defineModel({ machine: needsPayload })))).toThrow(
      /Declare payload variants for 'pick'/,
    );
  });
});
