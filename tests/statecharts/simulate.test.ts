/** The studio's simulation: options from the model, applied on a real actor, with back, reset and replay. */
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { listTransitions } from '../../statecharts/machine-graph';
import { describeExpected, describeStep } from '../../statecharts/model-testing/describe';
import { replayPath } from '../../statecharts/model-testing/replay';
import { type Simulation, type SimulationView, createSimulation } from '../../statecharts/model-testing/simulate';
import { defineModel } from '../../machines/shared/machine-model';
import { type BuiltModel, type ModelPath, buildModel, generatePaths } from '../../statecharts/model-testing/test-model';
import { machineModels } from '../../machines/models';
import { readPayload } from '../../statecharts/sim-payload';

const toast = buildModel('toast', machineModels.toast);
const reloadScreen = buildModel('reload-screen', machineModels['reload-screen']);
const appLoad = buildModel('app-load', machineModels['app-load']);
const payment = buildModel('payment', machineModels.payment);

/** The index of the option worded `text` (or starting so); fails the test when the state does not offer it. */
function optionIndex(view: SimulationView, text: string, match: 'exact' | 'prefix' = 'exact'): number {
  const option = view.options.find((o) => (match === 'exact' ? o.text === text : o.text.startsWith(text)));
  if (option === undefined) throw new Error(`no option "${text}" in ${view.state}: ${view.options.map((o) => o.text).join(' | ')}`);
  return option.index;
}

/** Chooses the options worded as the path's steps, checking after each that the state is the one the path expects. */
async function follow(simulation: Simulation, path: ModelPath): Promise<void> {
  for (const step of path.steps.slice(1)) {
    await simulation.choose(optionIndex(simulation.view(), describeStep(step)));
    const view = simulation.view();
    expect(describeExpected(view), `path ${path.id}, step ${step.number}: ${describeStep(step)}`).toBe(
      describeExpected(step.expected),
    );
  }
}

const transitionIds = (built: BuiltModel): string[] => listTransitions(built.machine).map((t) => t.id);

describe('a simulation of the toast queue', () => {
  it('starts idle, offering the model’s toasts in its order', () => {
    const simulation = createSimulation(toast);
    const view = simulation.view();
    expect(view).toMatchObject({ value: 'idle', state: 'idle', status: 'active', tags: [], steps: [{ text: 'start' }], chosen: [] });
    expect(JSON.parse(view.context)).toEqual({ queue: [], nextId: 1 });
    expect(view.options).toEqual([
      {
        index: 0,
        kind: 'send',
        type: 'toast.show',
        text: 'send toast.show {"toast":{"message":{"text":"Saved"}}}',
        label: 'toast show Saved',
        payload: JSON.stringify({ type: 'toast.show', toast: { message: { text: 'Saved' } } }, null, 2),
      },
      {
        index: 1,
        kind: 'send',
        type: 'toast.show',
        text: 'send toast.show {"toast":{"id":"offline","message":{"text":"You are offline"},"type":"error","time":8000}}',
        label: 'toast show error',
        payload: JSON.stringify({ type: 'toast.show', toast: { id: 'offline', message: { text: 'You are offline' }, type: 'error', time: 8000 } }, null, 2),
      },
    ]);
    // A single input: nothing to choose where to start from.
    expect(view).toMatchObject({ inputs: ['input 1'], input: 0 });
    simulation.stop();
  });

  it('shows a toast, steps back to idle and resets to the start', async () => {
    const simulation = createSimulation(toast);
    await simulation.choose(0);
    const shown = simulation.view();
    expect(shown).toMatchObject({ value: 'showing', tags: ['visible'], chosen: [0] });
    expect(shown.taken).toEqual(['toast.idle toast.show #0']);
    expect(shown.steps.map((s) => s.text)).toEqual(['start', 'send toast.show {"toast":{"message":{"text":"Saved"}}}']);
    expect(JSON.parse(shown.context)).toEqual({ queue: [{ id: 'toast-1', message: { text: 'Saved' }, time: 5000, type: 'info' }], nextId: 2 });
    // A second toast queues behind the first: the state stays, the queue grows.
    await simulation.choose(optionIndex(shown, 'send toast.show {"toast":{"id":"offline","message":{"text":"You are offline"},"type":"error","time":8000}}'));
    expect(simulation.view()).toMatchObject({ value: 'showing', taken: ['toast.showing toast.show #0'], chosen: [0, 1] });
    expect(JSON.parse(simulation.view().context).queue).toHaveLength(2);

    await simulation.back();
    expect(simulation.view()).toEqual(shown);
    await simulation.back();
    expect(simulation.view()).toMatchObject({ value: 'idle', tags: [], steps: [{ text: 'start' }], chosen: [] });
    await simulation.back();
    expect(simulation.view().chosen).toEqual([]);

    await simulation.choose(1);
    await simulation.reset();
    expect(simulation.view()).toEqual(createSimulation(toast).view());
    simulation.stop();
  });

  it('lets a toast’s own time run out: the wait option fires its timer and the queue empties', async () => {
    const simulation = createSimulation(toast);
    await simulation.choose(1); // the offline toast, 8 s
    const wait = simulation.view().options.find((o) => o.kind === 'wait');
    expect(wait).toEqual({
      index: expect.any(Number),
      kind: 'wait',
      type: 'xstate.after.shownToastTime.toast.showing',
      text: 'wait 8000 ms (shownToastTime)',
    });
    await simulation.choose(wait?.index ?? -1);
    const view = simulation.view();
    expect(view).toMatchObject({ value: 'idle', tags: [] });
    expect(view.taken).toEqual(['toast.showing xstate.after.shownToastTime.toast.showing #0', 'toast.next always #1']);
    expect(view.steps.at(-1)?.text).toBe('wait 8000 ms (shownToastTime)');
    expect(JSON.parse(view.context).queue).toEqual([]);
  });

  it('refuses an index the state does not offer, and stays where it was', async () => {
    const simulation = createSimulation(toast);
    await simulation.choose(0);
    const before = simulation.view();
    await expect(simulation.choose(7)).rejects.toThrow(/toast in showing has no option 7 \(options: 0 to \d+\)/);
    await expect(simulation.choose(0.5)).rejects.toThrow(/has no option 0.5/);
    expect(simulation.view()).toEqual(before);
  });
});

describe('a simulation of invoked actors', () => {
  it('offers app load’s key request finishing with each output and failing with each error, as the paths do', async () => {
    const simulation = createSimulation(appLoad);
    const { options, state } = simulation.view();
    expect(state).toBe('fetchingKeys');
    expect(options.map((o) => `${o.kind} ${o.type}`)).toEqual([
      'finish xstate.done.actor.obtainApiKey',
      'fail xstate.error.actor.obtainApiKey',
      'fail xstate.error.actor.obtainApiKey',
    ]);
    expect(options[0]?.text).toBe('let obtainApiKey finish with "api-key-1"');

    // Every path starting with the key request, followed through the simulation, lands where the printer says.
    const paths = generatePaths(appLoad).filter((p) => p.steps[1]?.kind === 'finish' || p.steps[1]?.kind === 'fail');
    expect(new Set(paths.map((p) => p.steps[1]?.kind))).toEqual(new Set(['finish', 'fail']));
    for (const path of paths) {
      await simulation.reset();
      await follow(simulation, path);
    }
  });

  it('follows every reload-screen path: the countdown’s waits, the key request’s finish and fail', async () => {
    const paths = generatePaths(reloadScreen);
    const kinds = new Set(paths.flatMap((p) => p.steps.map((s) => s.kind)));
    expect(kinds).toEqual(new Set(['start', 'send', 'wait', 'finish', 'fail']));
    const simulation = createSimulation(reloadScreen);
    for (const path of paths) {
      await simulation.reset();
      await follow(simulation, path);
    }
  });

  it('lets the key request fail: the button locks again with the request’s error', async () => {
    const simulation = createSimulation(reloadScreen);
    await simulation.choose(optionIndex(simulation.view(), 'send client.keyError', 'prefix'));
    for (let second = 0; second < 3; second++) {
      await simulation.choose(optionIndex(simulation.view(), 'wait 1000 ms'));
    }
    await simulation.choose(optionIndex(simulation.view(), 'send user.reload'));
    const requesting = simulation.view();
    expect(requesting).toMatchObject({ state: 'shown.requestingKey', tags: ['busy', 'buttonDisabled', 'visible'].sort() });
    const fail = requesting.options.find((o) => o.kind === 'fail');
    const finish = requesting.options.find((o) => o.kind === 'finish');
    expect(finish?.text).toBe('let requestKey finish with "api-key-2"');
    await simulation.choose(fail?.index ?? -1);
    const failed = simulation.view();
    expect(failed).toMatchObject({ state: 'shown.locked', taken: ['reloadScreen.shown.requestingKey xstate.error.actor.requestKey #0'] });
    expect(JSON.parse(failed.context)).toMatchObject({ secondsLeft: 3, error: { kind: 'network' } });
    // Back to the request, then let it finish instead.
    await simulation.back();
    expect(simulation.view()).toEqual(requesting);
    await simulation.choose(finish?.index ?? -1);
    const reloading = simulation.view();
    expect(reloading).toMatchObject({ state: 'shown.reloading', taken: ['reloadScreen.shown.requestingKey xstate.done.actor.requestKey #0'] });
    expect(reloading.options.map((o) => o.type)).toEqual(['client.keyError', 'app.clearErrors']);
  });
});

describe('the transitions a step took', () => {
  it.each([toast, reloadScreen])('are, in $name, the listed transitions that replaying its paths reports for each step', async (built) => {
    const ids = transitionIds(built);
    const seen = new Set<string>();
    for (const path of generatePaths(built)) {
      const byStep = new Map<number, string[]>();
      await replayPath(built, path, (id, step) => byStep.set(step.number, [...(byStep.get(step.number) ?? []), id]));
      const simulation = createSimulation(built, { input: path.input });
      expect(simulation.view().taken).toEqual(byStep.get(1) ?? []);
      for (const id of simulation.view().taken) seen.add(id);
      for (const step of path.steps.slice(1)) {
        await simulation.choose(optionIndex(simulation.view(), describeStep(step)));
        const { taken } = simulation.view();
        expect(taken, `path ${path.id}, step ${step.number}`).toEqual(byStep.get(step.number) ?? []);
        for (const id of taken) {
          expect(ids).toContain(id);
          seen.add(id);
        }
      }
      simulation.stop();
    }
    // The paths take every transition, so the simulation has shown each one.
    expect([...seen].sort()).toEqual([...ids].sort());
  });

  it('include, for the start, the always that leaves the initial state (taken when the actor is created)', () => {
    const clipCreation = buildModel('clip-creation', machineModels['clip-creation']);
    const view = createSimulation(clipCreation).view();
    expect(view).toMatchObject({ state: 'editing', taken: ['clipCreation.starting always #2'] });
    expect(transitionIds(clipCreation)).toContain('clipCreation.starting always #2');
  });
});

describe('a step that cannot be done', () => {
  // Two timers in one state: waiting for the later one lets the earlier fire first, which leaves the state.
  const race = setup({}).createMachine({
    id: 'race',
    initial: 'waiting',
    states: { waiting: { after: { 1000: 'early', 2000: 'late' } }, early: {}, late: {} },
  });
  const built = buildModel('race', defineModel({ machine: race }));

  it('throws and leaves the simulation where it was', async () => {
    const simulation = createSimulation(built);
    const before = simulation.view();
    expect(before.options.map((o) => o.text)).toEqual(['wait 1000 ms', 'wait 2000 ms']);
    await expect(simulation.choose(1)).rejects.toThrow(/xstate\.after\.2000\.race\.waiting fired \(or was cancelled\) before its delay/);
    expect(simulation.view()).toEqual(before);
    await simulation.choose(0);
    expect(simulation.view()).toMatchObject({ state: 'early', taken: ['race.waiting xstate.after.1000.race.waiting #0'] });
  });
});

describe('replaying chosen indices', () => {
  it('rebuilds the same view as choosing them one by one', async () => {
    const byHand = createSimulation(reloadScreen);
    const texts = ['send client.keyError', 'wait 1000 ms', 'wait 1000 ms', 'wait 1000 ms', 'send user.reload', 'let requestKey fail'];
    for (const text of texts) await byHand.choose(optionIndex(byHand.view(), text, 'prefix'));
    const replayed = createSimulation(reloadScreen);
    await replayed.choose(0);
    await replayed.replay(byHand.view().chosen);
    expect(replayed.view()).toEqual(byHand.view());
    expect(replayed.view().steps).toHaveLength(texts.length + 1);
  });

  it('names the step of an index that the state it reaches does not offer, and stops before it', async () => {
    const simulation = createSimulation(toast);
    await expect(simulation.replay([0, 9, 0])).rejects.toThrow(/step 2 of \[0, 9, 0\]: toast in showing has no option 9/);
    expect(simulation.view()).toMatchObject({ state: 'showing', chosen: [0] });
  });

  it('starts the model’s other inputs when asked', () => {
    expect(JSON.parse(createSimulation(payment).view().context)).toMatchObject({ purchase: null, openOrderId: null });
    expect(JSON.parse(createSimulation(payment, { inputIndex: 1 }).view().context)).toMatchObject({
      purchase: { id: 7 },
      openOrderId: 42,
    });
    expect(JSON.parse(createSimulation(payment, { input: { openOrderId: 5 } }).view().context)).toMatchObject({ openOrderId: 5 });
    expect(() => createSimulation(payment, { inputIndex: 2 })).toThrow(/payment has 2 inputs; there is no input 2/);
    expect(() => createSimulation(toast, { inputIndex: 1 })).toThrow(/single input/);
  });
});

describe('starting from one of the model’s inputs', () => {
  it('names each of payment’s inputs and starts from the one chosen', () => {
    const labels = ['a checkout page with nothing selected yet', 'a reload of Lakers @ Huskies while order 42 is being settled'];
    const fresh = createSimulation(payment).view();
    expect(fresh).toMatchObject({ inputs: labels, input: 0, state: 'loadingPurchases' });
    expect(JSON.parse(fresh.context)).toMatchObject({ purchase: null, openOrderId: null });

    const resumed = createSimulation(payment, { inputIndex: 1 }).view();
    expect(resumed).toMatchObject({ inputs: labels, input: 1, state: 'loadingPurchases' });
    expect(JSON.parse(resumed.context)).toMatchObject({ purchase: { id: 7 }, openOrderId: 42 });
    // The selection is made: the page sends no other.
    expect(resumed.options.map((o) => o.type)).not.toContain('user.selectPurchase');
  });

  it('follows each input to where it leads once the orders are read: the form, or the resumed order', async () => {
    const ends = [];
    for (const inputIndex of [0, 1]) {
      const simulation = createSimulation(payment, { inputIndex });
      await simulation.choose(optionIndex(simulation.view(), 'let loadOrders finish', 'prefix'));
      ends.push(simulation.view().state);
      // Back and reset keep the input.
      await simulation.reset();
      expect(simulation.view().input).toBe(inputIndex);
      simulation.stop();
    }
    expect(ends).toEqual(['editing.ready', 'processing.polling']);
  });
});

describe('a payload variant chosen, or edited', () => {
  it('offers each of an event’s variants with its label and payload, and sends the one chosen', async () => {
    const simulation = createSimulation(payment);
    const picks = simulation.view().options.filter((o) => o.type === 'user.selectPurchase');
    expect(picks.map((o) => o.label)).toEqual([
      'pick Lakers @ Huskies',
      'pick Foxes @ Lakers',
      "pick Men's Hockey Team Pass",
      'pick Free Basic Pass 2023-24',
      'pick All-Access Monthly',
    ]);
    const teamPass = picks[2];
    expect(JSON.parse(teamPass?.payload ?? '')).toMatchObject({ type: 'user.selectPurchase', purchase: { id: 20, isTeamPass: true } });
    await simulation.choose(teamPass?.index ?? -1);
    expect(JSON.parse(simulation.view().context)).toMatchObject({ purchase: { id: 20 } });
    // Only sends carry a payload to choose or edit.
    expect(simulation.view().options.filter((o) => o.kind !== 'send').every((o) => o.payload === undefined && o.label === undefined)).toBe(true);
  });

  it('sends an edited payload of the same type, marks the step, and keeps it through back', async () => {
    const simulation = createSimulation(toast);
    const edited = { type: 'toast.show', toast: { message: { text: 'Edited by hand' } } };
    await simulation.choose(0, edited);
    const shown = simulation.view();
    expect(shown).toMatchObject({ state: 'showing', chosen: [0] });
    expect(JSON.parse(shown.context).queue[0].message).toEqual({ text: 'Edited by hand' });
    expect(shown.steps[1]).toEqual({ text: 'send toast.show {"toast":{"message":{"text":"Edited by hand"}}}', edited: true });

    await simulation.choose(0);
    await simulation.back();
    expect(simulation.view()).toEqual(shown);
    // A link has only the indices: replayed, the step sends the model's variant.
    await simulation.replay([0]);
    expect(simulation.view().steps[1]).toEqual({ text: 'send toast.show {"toast":{"message":{"text":"Saved"}}}' });
  });

  it('refuses an edited payload that is not an object or changes the type, saying why, and stays where it was', async () => {
    const simulation = createSimulation(toast);
    const before = simulation.view();
    await expect(simulation.choose(0, { type: 'toast.dismiss', id: 'x' })).rejects.toThrow(
      "option 0 (toast.show): the payload's type is toast.dismiss; it must stay toast.show",
    );
    await expect(simulation.choose(0, [1, 2])).rejects.toThrow('option 0 (toast.show): the payload is not a JSON object');
    await expect(simulation.choose(0, { toast: {} })).rejects.toThrow("the payload's type is missing; it must stay toast.show");
    expect(simulation.view()).toEqual(before);
  });

  it('refuses an edit of what is not a send', async () => {
    const simulation = createSimulation(appLoad);
    await expect(simulation.choose(0, { type: 'xstate.done.actor.obtainApiKey', output: 'k' })).rejects.toThrow(
      'option 0 is not a send; only an event',
    );
  });

  it('reads the edited text as the view does: JSON, an object, the same type', () => {
    expect(readPayload('{"type":"toast.show","toast":{}}', 'toast.show')).toEqual({ ok: true, event: { type: 'toast.show', toast: {} } });
    expect(readPayload('{"type":"toast.show",', 'toast.show')).toMatchObject({ ok: false, problem: { kind: 'json', detail: expect.any(String) } });
    expect(readPayload('"toast.show"', 'toast.show')).toEqual({ ok: false, problem: { kind: 'notObject' } });
    expect(readPayload('{"type":7}', 'toast.show')).toEqual({ ok: false, problem: { kind: 'type', expected: 'toast.show', found: '7' } });
  });
});
