/**
 * The live recorder's front (src/app/logic/live-recorder.ts): what it holds until the recorder loads, when it loads
 * it, and that the recorder then has exactly what it would have recorded from the start. The recorder is the real
 * one (live-inspection.ts), handed over when each test says; the channel is Node's BroadcastChannel.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type ActorRefFrom, type InspectionEvent, assign, createActor, setup } from 'xstate';
import { toastMachine } from '../../../machines/toast/toast.machine';
import { createMemoryBackend, type StorageBackend } from '../../../src/adapters/storage';
import * as recorderModule from '../../../src/app/logic/live-inspection';
import { createLiveRecorder } from '../../../src/app/logic/live-recorder';
import { LIVE_KEPT_KEY, type LiveInspection, type LiveTab } from '../../../src/app/logic/live-shared';

const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const thing of opened.splice(0)) thing.close();
});

/** A flow with a spawned child and a context, as the app's flows have. */
const notesMachine = setup({
  types: {
    context: {} as { note: string; count: number; helper: ActorRefFrom<typeof toastMachine> | null },
    events: {} as { type: 'user.note'; note: string },
  },
  actors: { toasts: toastMachine },
}).createMachine({
  id: 'notes',
  context: { note: '', count: 0, helper: null },
  entry: assign({ helper: ({ spawn }) => spawn('toasts', { id: 'helper' }) }),
  on: { 'user.note': { actions: assign({ note: ({ event }) => event.note, count: ({ context }) => context.count + 1 }) } },
});

/**
 * A front whose recorder loads when the test says (`arrive`), and whose idle time comes when the test says
 * (`idle`); `loads` counts the times it asked for the recorder.
 */
function front(options: { channel?: BroadcastChannel; storage?: StorageBackend; now?: () => number; heldMax?: number } = {}) {
  let idleTask: (() => void) | null = null;
  let arrive: (() => void) | null = null;
  const state = { loads: 0 };
  const live = createLiveRecorder({
    channel: (options.channel ?? null) as never,
    where: () => '/watch/7',
    tabId: 'viewer',
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.heldMax ? { heldMax: options.heldMax } : {}),
    load: () => {
      state.loads += 1;
      return new Promise((resolve) => (arrive = () => resolve(recorderModule)));
    },
    whenIdle: (task) => {
      idleTask = task;
      return () => (idleTask = null);
    },
  });
  opened.push(live);
  return {
    live,
    state,
    idle: () => idleTask?.(),
    /** Hands the recorder over and lets the front take it. */
    arrive: async () => {
      arrive?.();
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

/** Resolves once `test` holds for the tabs a hub shows (a message has arrived). */
function until(live: LiveInspection, test: (tabs: readonly LiveTab[]) => boolean): Promise<readonly LiveTab[]> {
  return new Promise((resolve) => {
    if (test(live.tabs())) return resolve(live.tabs());
    const stop = live.subscribe(() => {
      if (!test(live.tabs())) return;
      stop();
      resolve(live.tabs());
    });
  });
}

let channels = 0;
const channelName = () => `live-recorder-test-${++channels}`;
/** A channel of the test's own (a studio's, a listener's), closed after the test. */
function channel(name: string): BroadcastChannel {
  const made = new BroadcastChannel(name);
  opened.push(made);
  return made;
}

describe('the live recorder loads later', () => {
  it('records before the load exactly what a recorder there from the start records: the same tabs, in the same order', async () => {
    let time = 1_000;
    const now = () => time;
    const eager = recorderModule.createLiveInspection({ channel: null, where: () => '/watch/7', tabId: 'viewer', now });
    opened.push(eager);
    const { live, state, idle, arrive } = front({ now });
    let heard = 0;
    live.subscribe(() => (heard += 1));
    const both = (event: InspectionEvent) => {
      eager.inspect(event);
      live.inspect(event);
    };

    // An app-wide actor the shell observes before it starts, and a screen's actor started with `inspect`.
    const notes = createActor(notesMachine);
    eager.observe(notes);
    live.observe(notes);
    time += 5;
    notes.start();
    const toasts = createActor(toastMachine, { inspect: both }).start();
    for (const text of ['one', 'two']) {
      time += 7;
      notes.send({ type: 'user.note', note: text });
      toasts.send({ type: 'toast.show', toast: { id: text, message: { text } } });
    }
    time += 3;
    toasts.send({ type: 'toast.dismiss', id: 'one' });

    expect(live.tabs()).toEqual([{ id: 'viewer', where: '', own: true, actors: [] }]);
    expect(live.tabs()).toBe(live.tabs());
    expect(state.loads).toBe(0);
    idle();
    expect(state.loads).toBe(1);
    await arrive();

    expect(heard).toBeGreaterThan(0);
    expect(live.tabs()).toEqual(eager.tabs());
    expect(live.tabs()[0]?.actors.map((actor) => actor.name)).toEqual(['notes', 'helper', 'toast']);
    expect(live.tabs()[0]?.actors[0]?.steps.map((step) => step.event)).toEqual(['user.note', 'user.note', 'xstate.init']);

    // After the load the front hands each event straight over, and a system it listens to is not heard twice.
    time += 11;
    notes.send({ type: 'user.note', note: 'three' });
    live.observe(notes);
    eager.observe(notes);
    notes.send({ type: 'user.note', note: 'four' });
    toasts.stop();
    expect(live.tabs()).toEqual(eager.tabs());
    expect(live.tabs()[0]?.actors[0]?.steps).toHaveLength(5);
    notes.stop();
  });

  it('answers a studio that says hello before the load with the actors recorded, once the recorder is there', async () => {
    const name = channelName();
    // The front closes its channel itself.
    const { live, state, arrive } = front({ channel: new BroadcastChannel(name) });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    toasts.send({ type: 'toast.show', toast: { message: { text: 'Saved' } } });

    const studio = recorderModule.createLiveInspection({ channel: new BroadcastChannel(name) as never, where: () => '/statecharts', tabId: 'studio' });
    opened.push(studio);
    studio.follow();
    await new Promise<void>((resolve) => {
      const check = () => (state.loads > 0 ? resolve() : setTimeout(check, 5));
      check();
    });
    expect(state.loads).toBe(1);
    await arrive();

    const tabs = await until(studio, (all) => all.some((tab) => tab.id === 'viewer' && tab.actors.length > 0));
    const viewer = tabs.find((tab) => tab.id === 'viewer');
    expect(viewer).toMatchObject({ own: false, where: '/watch/7' });
    expect(viewer?.actors).toMatchObject([{ machine: 'toast', value: 'showing' }]);
    expect(viewer?.actors[0]?.steps.map((step) => step.event)).toEqual(['toast.show', 'xstate.init']);
    toasts.stop();
  });

  it('loads at once when the studio runs in this tab (follow)', async () => {
    const { live, state, arrive } = front();
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    live.follow();
    expect(state.loads).toBe(1);
    await arrive();
    // Followed: the copies carry their contexts, as they do for a studio.
    expect(live.tabs()[0]?.actors).toMatchObject([{ machine: 'toast', value: 'idle', context: expect.anything() }]);
    toasts.stop();
  });

  it('loads at once when the previous page of the tab kept a record, and restores it', async () => {
    const storage = createMemoryBackend();
    const before = recorderModule.createLiveInspection({ channel: null, where: () => '/watch/7', tabId: 'kept', storage });
    const toasts = createActor(toastMachine, { inspect: before.inspect }).start();
    before.follow();
    before.close();
    toasts.stop();
    expect(storage.getItem(LIVE_KEPT_KEY)).not.toBeNull();

    const { live, state, arrive } = front({ storage });
    expect(state.loads).toBe(1);
    await arrive();
    const [tab] = live.tabs();
    expect(tab?.actors).toMatchObject([{ machine: 'toast', status: 'stopped', reloadedAt: expect.any(Number) }]);
    expect(storage.getItem(LIVE_KEPT_KEY)).toBeNull();
  });

  it('loads at once when it holds too much before idle time, and loses none of it', async () => {
    const { live, state, arrive } = front({ heldMax: 6 });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    expect(state.loads).toBe(0);
    toasts.send({ type: 'toast.show', toast: { id: 'a', message: { text: 'A' } } });
    expect(state.loads).toBe(1);
    toasts.send({ type: 'toast.dismiss', id: 'a' });
    await arrive();
    expect(live.tabs()[0]?.actors[0]?.steps.map((step) => step.event)).toEqual(['toast.dismiss', 'toast.show', 'xstate.init']);
    toasts.stop();
  });

  it('closes before the load without a word on the channel beyond its greeting, and keeps nothing', async () => {
    const name = channelName();
    const heard: unknown[] = [];
    channel(name).onmessage = (event) => heard.push((event as MessageEvent).data);
    const storage = createMemoryBackend();
    const { live, state, idle } = front({ channel: new BroadcastChannel(name), storage });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    live.subscribe(() => {
      throw new Error('no listener after close');
    });
    expect(() => live.close()).not.toThrow();
    idle();
    expect(state.loads).toBe(0);
    toasts.send({ type: 'toast.show', toast: { message: { text: 'Saved' } } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual([{ kind: 'here' }]);
    expect(storage.getItem(LIVE_KEPT_KEY)).toBeNull();

    // Closed while the recorder was on its way (a studio asked, then the page went): it is dropped when it comes.
    const second = front({ storage });
    second.live.follow();
    second.live.close();
    await second.arrive();
    expect(storage.getItem(LIVE_KEPT_KEY)).toBeNull();
    expect(second.live.tabs()[0]?.actors).toEqual([]);
    toasts.stop();
  });
});
