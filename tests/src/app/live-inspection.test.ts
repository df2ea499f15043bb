/**
 * The studio's live view of running actors (src/app/logic/live-inspection.ts): what a tab records from XState's
 * inspection, and how a studio in another tab follows it over a BroadcastChannel (Node's, the same API as the
 * browser's).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { toastMachine } from '../../../machines/toast/toast.machine';
import { createLiveInspection, type LiveInspection, type LiveTab } from '../../../src/app/logic/live-inspection';
import { listTransitions } from '../../../statecharts/machine-graph';

const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const thing of opened.splice(0)) thing.close();
});

let channels = 0;
/** Two hubs on one fresh channel name: a viewer's tab and a studio's. */
function pair(): { viewer: LiveInspection; studio: LiveInspection } {
  const name = `live-test-${++channels}`;
  const viewer = createLiveInspection({ channel: new BroadcastChannel(name) as never, where: () => '/watch/7', tabId: 'viewer' });
  const studio = createLiveInspection({ channel: new BroadcastChannel(name) as never, where: () => '/statecharts/toast', tabId: 'studio' });
  opened.push(viewer, studio);
  return { viewer, studio };
}

/** Resolves once `test` holds for the hub's tabs (a message has arrived). */
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

const toastIds = new Set(listTransitions(toastMachine).map((t) => t.id));

describe('a tab records its machine actors', () => {
  it('lists an actor started with its inspect option, with each event, the transitions taken and the state reached', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    toasts.send({ type: 'toast.show', toast: { text: 'Saved' } });

    const [tab] = live.tabs();
    expect(tab).toMatchObject({ id: 'one', own: true, where: '/' });
    const [actor] = tab?.actors ?? [];
    expect(actor).toMatchObject({ machine: 'toast', status: 'active', value: 'showing', parent: null });
    const [latest] = actor?.steps ?? [];
    expect(latest).toMatchObject({ event: 'toast.show', payload: '{"toast":{"text":"Saved"}}', value: 'showing' });
    expect(latest?.taken).toEqual(['toast.idle toast.show #0']);
    for (const id of latest?.taken ?? []) expect(toastIds.has(id)).toBe(true);
    toasts.stop();
  });

  it('records an event that the state ignores with no transition, and an eventless one after it', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    toasts.send({ type: 'toast.dismiss', id: 'nobody' });
    toasts.send({ type: 'toast.show', toast: { id: 'a', text: 'A' } });
    toasts.send({ type: 'toast.dismiss', id: 'a' });
    const steps = live.tabs()[0]?.actors[0]?.steps ?? [];
    // Newest first: the dismissal left through `next` and its `always` back to idle, in one step.
    expect(steps[0]).toMatchObject({ event: 'toast.dismiss', value: 'idle' });
    expect(steps[0]?.taken).toEqual(['toast.showing toast.dismiss #0', 'toast.next always #1']);
    expect(steps.at(-2)).toMatchObject({ event: 'toast.dismiss', taken: [], value: 'idle' });
    toasts.stop();
  });

  it('picks up an actor started before it (observe) in its current state, then follows it', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const toasts = createActor(toastMachine).start();
    toasts.send({ type: 'toast.show', toast: { text: 'Before' } });
    live.observe(toasts);
    expect(live.tabs()[0]?.actors[0]).toMatchObject({ value: 'showing', steps: [] });
    toasts.send({ type: 'toast.show', toast: { text: 'After' } });
    expect(live.tabs()[0]?.actors[0]?.steps[0]).toMatchObject({ event: 'toast.show', taken: ['toast.showing toast.show #0'] });
    toasts.stop();
    expect(live.tabs()[0]?.actors[0]?.status).toBe('stopped');
  });

  it('hands out a new list only when something changed, and copies the studio cannot alter', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    const before = live.tabs();
    expect(live.tabs()).toBe(before);
    toasts.send({ type: 'toast.show', toast: { text: 'x' } });
    const after = live.tabs();
    expect(after).not.toBe(before);
    const shown = after[0]?.actors[0]?.steps[0];
    toasts.send({ type: 'toast.show', toast: { text: 'y' } });
    expect(shown?.taken).toEqual(['toast.idle toast.show #0']);
    toasts.stop();
  });
});

describe('a studio in another tab follows the app tabs', () => {
  it('hears nothing until it asks, then gets the tab, its actors and every change', async () => {
    const { viewer, studio } = pair();
    const toasts = createActor(toastMachine, { inspect: viewer.inspect }).start();
    toasts.send({ type: 'toast.show', toast: { text: 'Unseen' } });
    // A round trip on the channel: had the viewer posted before the hello, it would have arrived by now.
    studio.follow();
    const tabs = await until(studio, (all) => all.length === 2);
    expect(tabs[0]).toMatchObject({ id: 'studio', own: true });
    expect(tabs[1]).toMatchObject({ id: 'viewer', own: false, where: '/watch/7' });
    expect(tabs[1]?.actors[0]).toMatchObject({ machine: 'toast', value: 'showing' });

    toasts.send({ type: 'toast.dismiss', id: toasts.getSnapshot().context.queue[0]?.id ?? '' });
    const updated = await until(studio, (all) => all[1]?.actors[0]?.value === 'idle');
    expect(updated[1]?.actors[0]?.steps[0]).toMatchObject({ event: 'toast.dismiss', value: 'idle' });
    toasts.stop();
  });

  it('forgets a tab that says goodbye', async () => {
    const { viewer, studio } = pair();
    studio.follow();
    await until(studio, (all) => all.length === 2);
    opened.splice(opened.indexOf(viewer), 1);
    viewer.close();
    const tabs = await until(studio, (all) => all.length === 1);
    expect(tabs.map((t) => t.id)).toEqual(['studio']);
  });
});

describe('a tab that opens after the studio', () => {
  it('is greeted by the studio and then followed', async () => {
    const name = `live-test-${++channels}`;
    const studio = createLiveInspection({ channel: new BroadcastChannel(name) as never, where: () => '/statecharts', tabId: 'studio' });
    opened.push(studio);
    studio.follow();
    const late = createLiveInspection({ channel: new BroadcastChannel(name) as never, where: () => '/late', tabId: 'late' });
    opened.push(late);
    const toasts = createActor(toastMachine, { inspect: late.inspect }).start();
    const tabs = await until(studio, (all) => all[1]?.actors.length === 1);
    expect(tabs[1]).toMatchObject({ id: 'late', where: '/late' });
    toasts.stop();
  });
});

describe('what an event shows', () => {
  it('hides passwords, tokens and keys, and cuts a long payload', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    toasts.send({ type: 'toast.show', toast: { password: 'Password123!', token: 'abc', apiKey: 'k', text: 'x' } as never });
    toasts.send({ type: 'toast.show', toast: { text: 'x'.repeat(300) } });
    const [long, secret] = live.tabs()[0]?.actors[0]?.steps ?? [];
    expect(secret?.payload).toBe('{"toast":{"password":"•••","token":"•••","apiKey":"•••","text":"x"}}');
    const payload = long?.payload ?? '';
    expect(payload.length).toBe(120);
    expect(payload.endsWith('…')).toBe(true);
    toasts.stop();
  });
});
