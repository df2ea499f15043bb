/**
 * What `npm run paths` gives QA: the covering set (few paths, every transition), titles that say what a path
 * proves, and `--simple` held to its budget.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import { machineModels } from '../../machines/models';
import { defineModel } from '../../machines/shared/machine-model';
import { greedyCover } from '../../statecharts/model-testing/cover';
import { serializeValue } from '../../statecharts/model-testing/describe';
import { pathsToJson, pathsToMarkdown } from '../../statecharts/model-testing/format-paths';
import { pathsInfo, plainCoverage, plainPaths } from '../../statecharts/model-testing/plain-paths';
import { qaPaths } from '../../statecharts/model-testing/qa-paths';
import { buildModel, generatePaths, generateSimplePaths } from '../../statecharts/model-testing/test-model';
import { humanize, pathTitle, shortLabel } from '../../statecharts/model-testing/titles';
import { fixtureMachine } from './fixture.machine';

describe('greedy cover', () => {
  it('takes the set that adds the most, breaks ties by cost then order, and drops what later sets made redundant', () => {
    const sets = [new Set(['1', '2', '3', '4']), new Set(['1', '2', '5']), new Set(['3', '4', '6'])];
    // The first set adds the most, then the two others tie (one new element each); together they cover the first.
    expect(greedyCover(sets, () => 1)).toEqual([1, 2]);
    const ties = [new Set(['a']), new Set(['a']), new Set(['a'])];
    expect(greedyCover(ties, () => 1)).toEqual([0]);
    expect(greedyCover(ties, (index) => (index === 2 ? 0 : 1))).toEqual([2]);
    expect(greedyCover([], () => 1)).toEqual([]);
  });
});

describe('the covering set of payment', async () => {
  const built = buildModel('payment', machineModels.payment);
  const qa = await qaPaths(built);
  const transitionsOf = (index: number) => new Set(qa.paths[index]?.records.flatMap((record) => record.transitions));

  it('takes every transition of the machine with few paths', () => {
    expect(qa.coverage.missing.map((t) => t.label)).toEqual([]);
    expect(qa.coverage.covered).toBe(built.transitions.length);
    // Hundreds of shortest paths; QA walks a few dozen at most.
    expect(qa.chosenFrom).toBe(generatePaths(built).length);
    expect(qa.paths.length).toBeLessThanOrEqual(25);
    expect(qa.paths.length * 10).toBeLessThan(qa.chosenFrom ?? 0);
    expect(qa.paths.map((path) => path.id)).toEqual(qa.paths.map((_, index) => index + 1));
  });

  it('keeps no path whose transitions the others all take', () => {
    for (const [index] of qa.paths.entries()) {
      const others = new Set(qa.paths.flatMap((_, other) => (other === index ? [] : [...transitionsOf(other)])));
      expect([...transitionsOf(index)].some((id) => !others.has(id)), `path ${index + 1} adds nothing`).toBe(true);
    }
  });

  it('is the same on every run', async () => {
    const again = await qaPaths(built);
    expect(again.paths.map((path) => path.title)).toEqual(qa.paths.map((path) => path.title));
  });

  it('titles each path from its steps, in the words of the model where it gives them', () => {
    const titles = qa.paths.map((path) => path.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const path of qa.paths) expect(path.title.endsWith(`→ ${path.end}`)).toBe(true);
    // payment.model.ts names a selection by what is bought, and leaves out the orders every path loads.
    expect(titles.some((title) => title.includes('pick Lakers @ Huskies'))).toBe(true);
    expect(titles.some((title) => title.includes('load orders:'))).toBe(false);
  });

  it('prints, under each step, the transitions it takes and the effects it runs', () => {
    const plain = plainPaths(qa, built.transitions);
    const markdown = pathsToMarkdown(pathsInfo('payment', qa), plain, plainCoverage(qa.coverage));
    const json = JSON.parse(pathsToJson(pathsInfo('payment', qa), plain, plainCoverage(qa.coverage))) as {
      kind: string;
      paths: Array<{ title: string; steps: Array<{ transitions: Array<{ id: string }>; effects: Array<{ type: string }> }> }>;
    };
    expect(json.kind).toBe('cover');
    expect(json.paths.map((path) => path.title)).toEqual(qa.paths.map((path) => path.title));
    // Step by step, what the replay recorded.
    expect(json.paths.map((path) => path.steps.map((step) => step.transitions.map((t) => t.id)))).toEqual(
      qa.paths.map((path) => path.records.map((record) => record.transitions)),
    );
    expect(json.paths.map((path) => path.steps.map((step) => step.effects.map((e) => e.type)))).toEqual(
      qa.paths.map((path) => path.records.map((record) => record.actions.map((a) => a.type))),
    );
    // SPEC §7: a declined order is reported as purchase_failed, with its reason; the step that does it says so.
    expect(markdown).toMatch(/\n {3}- runs [^\n]*reportCheckout \{"step":"purchase_failed"[^\n]*"errorReason":"card_declined"/);
    const submit = built.transitions.find((t) => t.eventType === 'user.submit');
    expect(markdown).toContain(`   - takes ${submit?.source}: ${submit?.label}`);
  });
});

describe('the titles of session', () => {
  const built = buildModel('session', machineModels.session);

  it('say who the viewer is and what the API answered, one title per path, in the covering set and all shortest paths', async () => {
    for (const kind of ['cover', 'shortest'] as const) {
      const titles = (await qaPaths(built, kind)).paths.map((path) => path.title);
      expect(new Set(titles).size, kind).toBe(titles.length);
      // session.model.ts names a start by the kept token and an answer by what it means, never by the actor's id.
      expect(titles.filter((title) => /read stored token|load profile|check form/.test(title)), kind).toEqual([]);
    }
    const cover = (await qaPaths(built)).paths.map((path) => path.title);
    expect(cover).toContain('returning viewer with a kept token, profile loads, log out, logged out, new API key → anonymous');
    expect(cover).toContain('anonymous visitor, log in with a bad email and no password, refused before sending → anonymous');
  });
});

describe('path titles', () => {
  it('reads event types and actor names as words', () => {
    expect(humanize('user.selectPurchase')).toBe('select purchase');
    expect(humanize('toast.show')).toBe('toast show');
    expect(humanize('loadSavedCards')).toBe('load saved cards');
  });

  it('names a value by a naming field, its only field, its length or its message', () => {
    expect(shortLabel({ result: 'failed', value: { id: 1 } })).toBe('failed');
    expect(shortLabel({ purchase: { name: 'Team Pass', id: 20 } })).toBe('Team Pass');
    expect(shortLabel([1, 2])).toBe('2 items');
    expect(shortLabel('  ')).toBe('(blank)');
    expect(shortLabel(Object.assign(new Error('card declined'), { name: 'PaymentError' }))).toBe('card declined');
    expect(shortLabel({ url: 'x', file: 'y' })).toBeUndefined();
  });

  it('builds a title from the steps, a repeated step once with its count, then the end', () => {
    const model = defineModel({ machine: fixtureMachine });
    const step = (number: number, kind: 'start' | 'send' | 'finish' | 'fail' | 'wait', event: AnyEventObject, more = {}) => ({
      number,
      kind,
      event,
      ...more,
    });
    const title = pathTitle(model, {
      input: undefined,
      end: 'closed',
      steps: [
        step(1, 'start', { type: 'xstate.init' }),
        step(2, 'send', { type: 'user.open', admin: true }),
        step(3, 'finish', { type: 'xstate.done.actor.fetchItems', output: { status: 'empty' } }, { actorId: 'fetchItems' }),
        step(4, 'send', { type: 'user.next' }),
        step(5, 'send', { type: 'user.next' }),
        step(6, 'fail', { type: 'xstate.error.actor.fetchItems', error: new Error('offline') }, { actorId: 'fetchItems' }),
        step(7, 'wait', { type: 'xstate.after.idleTimeout' }, { delay: { written: 'idleTimeout', ms: 3000 } }),
      ],
    });
    expect(title).toBe('open true, fetch items: empty, next ×2, fetch items fails (offline), after idle timeout (3000 ms) → closed');
    const hinted = defineModel({ machine: fixtureMachine, titles: { events: { 'user.open': (e) => (e.admin ? 'open as admin' : '') } } });
    expect(pathTitle(hinted, { input: undefined, end: 'open', steps: [step(1, 'send', { type: 'user.open', admin: true })] })).toBe(
      'open as admin → open',
    );
  });
});

describe('--simple', () => {
  const simpleKeys = (paths: Array<{ steps: Array<{ event: EventObject }> }>) =>
    paths.map((path) => path.steps.map((step) => serializeValue(step.event)).join(' ')).sort();

  it('lists the same paths as xstate/graph when the budget suffices', () => {
    const built = buildModel('toast', machineModels.toast);
    const { paths, stopped } = generateSimplePaths(built, { maxPaths: 100_000, timeLimitMs: 60_000 });
    expect(stopped).toBeUndefined();
    const reference = new TestModel(built.machine, {
      events: (snapshot: AnyMachineSnapshot) => built.eventsFor(snapshot),
      serializeEvent: (event: EventObject) => serializeValue(event),
      serializeState: (snapshot: AnyMachineSnapshot) => built.stateKey(snapshot),
    }).getSimplePaths();
    expect(simpleKeys(paths)).toEqual(simpleKeys(reference.map((path) => ({ steps: path.steps.map((s) => ({ event: s.event })) }))));
  });

  it('stops at the path budget and says so', () => {
    const built = buildModel('session', machineModels.session);
    const started = Date.now();
    const { paths, stopped } = generateSimplePaths(built, { maxPaths: 40, timeLimitMs: 60_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.length).toBeLessThanOrEqual(40);
    expect(stopped).toEqual({ reason: 'maxPaths', maxPaths: 40, timeLimitMs: 60_000 });
    // The budget is shared among branches, not spent on the first one: the paths part ways at their second step.
    expect(new Set(paths.map((path) => serializeValue(path.steps[1]?.event))).size).toBeGreaterThan(1);
  });

  it('stops at the time limit, replays included, and says so', async () => {
    const built = buildModel('session', machineModels.session);
    const started = Date.now();
    const qa = await qaPaths(built, 'simple', { maxPaths: Number.MAX_SAFE_INTEGER, timeLimitMs: 500 });
    // The limit, plus building the model graph and one path's replay; session's full list takes minutes.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(qa.stopped?.reason).toBe('timeLimit');
    expect(qa.paths.length).toBeGreaterThan(0);
    expect(qa.paths.map((path) => path.id)).toEqual(qa.paths.map((_, index) => index + 1));
  });

  it('prints that it stopped early, and why', () => {
    const coverage = { covered: 1, total: 2, missing: [{ id: 'm a #0', source: 'm.a', label: 'a' }] };
    const stopped = { reason: 'timeLimit' as const, maxPaths: 1000, timeLimitMs: 10_000 };
    const markdown = pathsToMarkdown({ machine: 'm', kind: 'simple', stopped }, [], coverage);
    expect(markdown).toContain('Stopped early: the time limit of 10 s ran out');
    expect(markdown).toContain('1/2 transitions (50%)');
    expect(markdown).toContain('Not taken: m.a: a');
    const json = JSON.parse(pathsToJson({ machine: 'm', kind: 'simple', stopped }, [], coverage)) as { stoppedEarly: unknown };
    expect(json.stoppedEarly).toEqual(stopped);
  });
});
