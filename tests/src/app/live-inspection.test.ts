/**
 * The studio's live view of running actors (src/app/logic/live-inspection.ts): what a tab records from XState's
 * inspection, and how a studio in another tab follows it over a BroadcastChannel (Node's, the same API as the
 * browser's).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type ActorRefFrom, assign, createActor, setup } from 'xstate';
import { toastMachine } from '../../../machines/toast/toast.machine';
import { createMemoryBackend, type StorageBackend } from '../../../src/adapters/storage';
import { createLiveInspection } from '../../../src/app/logic/live-inspection';
import { LIVE_KEPT_KEY, type LiveActor, type LiveInspection, type LiveTab } from '../../../src/app/logic/live-shared';
import { listTransitions } from '../../../statecharts/machine-graph';

const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const thing of opened.splice(0)) thing.close();
});

let channels = 0;
/** Two hubs on one fresh channel name: a viewer's tab and a studio's. */
function pair(where = '/watch/7'): { viewer: LiveInspection; studio: LiveInspection; name: string } {
  const name = `live-test-${++channels}`;
  const viewer = createLiveInspection({ channel: new BroadcastChannel(name) as never, where: () => where, tabId: 'viewer' });
  const studio = createLiveInspection({ channel: new BroadcastChannel(name) as never, where: () => '/statecharts/toast', tabId: 'studio' });
  opened.push(viewer, studio);
  return { viewer, studio, name };
}

/** Every message posted on the channel, as any other tab of the browser hears it. */
function listen(name: string): { heard: unknown[]; until(test: (message: unknown) => boolean): Promise<void> } {
  const channel = new BroadcastChannel(name);
  opened.push(channel);
  const heard: unknown[] = [];
  const waiting = new Set<() => void>();
  channel.onmessage = (event) => {
    heard.push((event as MessageEvent).data);
    for (const check of waiting) check();
  };
  return {
    heard,
    until: (test) =>
      new Promise((resolve) => {
        const check = () => {
          if (!heard.some(test)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
  };
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

/** A flow whose context holds what a real one may: the viewer's email, a note they typed, an error, a child actor. */
const notesMachine = setup({
  types: {
    context: {} as { email: string; note: string; count: number; failure: Error | null; helper: ActorRefFrom<typeof toastMachine> | null },
    events: {} as { type: 'user.note'; note: string } | { type: 'user.fail' },
  },
  actors: { toasts: toastMachine },
}).createMachine({
  id: 'notes',
  context: { email: 'ann.lee@example.com', note: '', count: 0, failure: null, helper: null },
  entry: assign({ helper: ({ spawn }) => spawn('toasts', { id: 'helper' }) }),
  on: {
    'user.note': { actions: assign({ note: ({ event }) => event.note, count: ({ context }) => context.count + 1 }) },
    'user.fail': { actions: assign({ failure: () => new Error('Refused: sk_live_4eC39HqLy') }) },
  },
});

describe('a tab records its machine actors', () => {
  it('lists an actor started with its inspect option, with each event, the transitions taken and the state reached', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    toasts.send({ type: 'toast.show', toast: { message: { text: 'Saved' } } });

    const [tab] = live.tabs();
    expect(tab).toMatchObject({ id: 'one', own: true, where: '/' });
    const [actor] = tab?.actors ?? [];
    expect(actor).toMatchObject({ machine: 'toast', status: 'active', value: 'showing', parent: null });
    const [latest] = actor?.steps ?? [];
    expect(latest).toMatchObject({ event: 'toast.show', payload: { toast: { message: { text: 'Saved' } } }, value: 'showing' });
    expect(latest?.taken).toEqual(['toast.idle toast.show #0']);
    for (const id of latest?.taken ?? []) expect(toastIds.has(id)).toBe(true);
    toasts.stop();
  });

  it('shows an actor from its start: one created and never started (a render React threw away) is not running', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    createActor(toastMachine, { inspect: live.inspect });
    expect(live.tabs()[0]?.actors).toEqual([]);
    const toasts = createActor(toastMachine, { inspect: live.inspect });
    expect(live.tabs()[0]?.actors).toEqual([]);
    toasts.start();
    expect(live.tabs()[0]?.actors).toMatchObject([{ machine: 'toast', status: 'active', value: 'idle' }]);
    toasts.stop();
    expect(live.tabs()[0]?.actors).toMatchObject([{ machine: 'toast', status: 'stopped' }]);
  });

  it('records an event that the state ignores with no transition, and an eventless one after it', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    toasts.send({ type: 'toast.dismiss', id: 'nobody' });
    toasts.send({ type: 'toast.show', toast: { id: 'a', message: { text: 'A' } } });
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
    toasts.send({ type: 'toast.show', toast: { message: { text: 'Before' } } });
    live.observe(toasts);
    expect(live.tabs()[0]?.actors[0]).toMatchObject({ value: 'showing', steps: [] });
    toasts.send({ type: 'toast.show', toast: { message: { text: 'After' } } });
    expect(live.tabs()[0]?.actors[0]?.steps[0]).toMatchObject({ event: 'toast.show', taken: ['toast.showing toast.show #0'] });
    toasts.stop();
    expect(live.tabs()[0]?.actors[0]?.status).toBe('stopped');
  });

  it('hands out a new list only when something changed, and copies the studio cannot alter', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    const before = live.tabs();
    expect(live.tabs()).toBe(before);
    toasts.send({ type: 'toast.show', toast: { message: { text: 'x' } } });
    const after = live.tabs();
    expect(after).not.toBe(before);
    const shown = after[0]?.actors[0]?.steps[0];
    toasts.send({ type: 'toast.show', toast: { message: { text: 'y' } } });
    expect(shown?.taken).toEqual(['toast.idle toast.show #0']);
    toasts.stop();
  });
});

describe("an actor's context", () => {
  it('is recorded for a studio, its secrets hidden by name and by value, an error by its message and a child by its id', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    live.follow();
    const notes = createActor(notesMachine, { inspect: live.inspect }).start();
    notes.send({ type: 'user.note', note: 'Card 4242 4242 4242 4242, receipt to bo@example.org' });
    notes.send({ type: 'user.fail' });
    const actor = live.tabs()[0]?.actors.find((a) => a.machine === 'notes');
    // A card number among its values makes the context a card's: its short numbers go too (any could be the CVC).
    expect(actor?.context).toEqual({ email: '•••', note: 'Card •••, receipt to •••', count: '•••', failure: 'Error: Refused: •••', helper: '[actor helper]' });
    expect(JSON.stringify(live.tabs())).not.toMatch(/4242|ann\.lee|bo@|4eC39HqLy/);
    notes.stop();
  });

  it('is kept on each step as the step left it, so a studio sees what each event changed', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    live.follow();
    const notes = createActor(notesMachine, { inspect: live.inspect }).start();
    notes.send({ type: 'user.note', note: 'first' });
    notes.send({ type: 'user.note', note: 'second' });
    const [second, first, init] = live.tabs()[0]?.actors.find((a) => a.machine === 'notes')?.steps ?? [];
    expect(init).toMatchObject({ event: 'xstate.init', context: { note: '', count: 0, helper: '[actor helper]' } });
    expect(first).toMatchObject({ event: 'user.note', payload: { note: 'first' }, context: { note: 'first', count: 1 } });
    expect(second).toMatchObject({ event: 'user.note', payload: { note: 'second' }, context: { note: 'second', count: 2 } });
    notes.stop();
  });

  it('is hidden only once a studio follows, and once per context', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const notes = createActor(notesMachine, { inspect: live.inspect }).start();
    notes.send({ type: 'user.note', note: 'first' });
    const unfollowed = live.tabs()[0]?.actors.find((a) => a.machine === 'notes');
    expect(unfollowed?.context).toBeUndefined();
    expect(unfollowed?.steps[0]?.context).toBeUndefined();
    live.follow();
    const followed = live.tabs()[0]?.actors.find((a) => a.machine === 'notes');
    expect(followed?.context).toMatchObject({ note: 'first' });
    expect(followed?.steps[0]?.context).toBe(followed?.context);
    // An event that changes nothing: the copy the studio gets shows the same, not hidden again.
    notes.send({ type: 'user.unknown' } as never);
    const later = live.tabs()[0]?.actors.find((a) => a.machine === 'notes');
    expect(later?.steps[1]?.context).toBe(followed?.context);
    expect(later?.context).toBe(followed?.context);
    notes.stop();
  });
});

describe("a reload of the app's tab", () => {
  it("keeps the page's actors, hidden, for the next page of the tab: stopped, before the reload, under the same tab id", () => {
    const storage = createMemoryBackend();
    const page = createLiveInspection({ channel: null, where: () => '/buy', storage, now: () => 1_000 });
    // A studio runs in this tab (one in another tab, asking, does the same).
    page.follow();
    const notes = createActor(notesMachine, { inspect: page.inspect }).start();
    notes.send({ type: 'user.note', note: 'Card 4242 4242 4242 4242' });
    const tab = page.tabs()[0]?.id;
    page.close();
    notes.stop();
    expect(storage.getItem(LIVE_KEPT_KEY)).not.toMatch(/4242|ann\.lee/);

    const next = createLiveInspection({ channel: null, where: () => '/buy', storage });
    // Read once: a tab duplicated from this one later starts afresh, under an id of its own.
    expect(storage.getItem(LIVE_KEPT_KEY)).toBeNull();
    const [restored] = next.tabs();
    expect(restored?.id).toBe(tab);
    const before = restored?.actors.find((a) => a.machine === 'notes');
    expect(before).toMatchObject({ status: 'stopped', reloadedAt: 1_000, value: {}, context: { email: '•••', note: 'Card •••', helper: '[actor helper]' } });
    expect(before?.steps[0]).toMatchObject({ event: 'user.note', payload: { note: 'Card •••' }, context: { note: 'Card •••' } });
    // Its child still under it.
    expect(restored?.actors.find((a) => a.name === 'helper')).toMatchObject({ machine: 'toast', parent: before?.id, status: 'stopped' });

    // The new page's actors start their session ids again: they stay apart from the ones before.
    const again = createActor(notesMachine, { inspect: next.inspect }).start();
    const all = next.tabs()[0]?.actors.filter((a) => a.machine === 'notes') ?? [];
    expect(all.map((a) => a.status).sort()).toEqual(['active', 'stopped']);
    expect(new Set(all.map((a) => a.id)).size).toBe(2);
    again.stop();
  });

  it('leaves nothing from a tab no studio ever looked at: a viewer pays nothing when the page goes', () => {
    const storage = createMemoryBackend();
    const page = createLiveInspection({ channel: null, where: () => '/buy', storage });
    const notes = createActor(notesMachine, { inspect: page.inspect }).start();
    notes.send({ type: 'user.note', note: 'hello' });
    page.close();
    notes.stop();
    expect(storage.getItem(LIVE_KEPT_KEY)).toBeNull();
  });

  it('keeps at most about 200 kB, dropping the oldest stopped actors first', () => {
    const storage = createMemoryBackend();
    const page = createLiveInspection({ channel: null, where: () => '/', storage });
    page.follow();
    const typing = (letter: string) => {
      const toasts = createActor(toastMachine, { inspect: page.inspect }).start();
      for (let i = 0; i < 40; i += 1) toasts.send({ type: 'user.typed', text: letter.repeat(2_000) } as never);
      return toasts;
    };
    typing('a').stop();
    typing('b').stop();
    const running = typing('c');
    // About 80 kB each: 240 kB in all.
    expect(JSON.stringify(page.tabs()).length).toBeGreaterThan(200_000);
    page.close();
    running.stop();
    expect(storage.getItem(LIVE_KEPT_KEY)?.length).toBeLessThanOrEqual(200_000);

    const next = createLiveInspection({ channel: null, where: () => '/', storage });
    const letters = next.tabs()[0]?.actors.map((a) => String((a.steps[0]?.payload as { text: string }).text[0]));
    expect(letters).toEqual(['b', 'c']);
    expect(next.tabs()[0]?.actors.every((a) => a.steps.length === 40)).toBe(true);
  });

  it('starts afresh from a storage that holds nothing readable, and keeps nothing in one that refuses', () => {
    const storage = createMemoryBackend();
    storage.setItem(LIVE_KEPT_KEY, '{not json');
    const page = createLiveInspection({ channel: null, where: () => '/', storage, tabId: 'one' });
    expect(page.tabs()[0]?.actors).toEqual([]);
    page.follow();
    page.close();
    expect(JSON.parse(storage.getItem(LIVE_KEPT_KEY) ?? 'null')).toMatchObject({ tab: 'one', actors: [] });
    const full: StorageBackend = {
      ...storage,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const refused = createLiveInspection({ channel: null, where: () => '/', storage: full, tabId: 'two' });
    refused.follow();
    createActor(toastMachine, { inspect: refused.inspect }).start();
    expect(() => refused.close()).not.toThrow();
  });
});

describe('a studio in another tab follows the app tabs', () => {
  it('hears nothing until it asks, then gets the tab, its actors and every change', async () => {
    const { viewer, studio } = pair();
    const toasts = createActor(toastMachine, { inspect: viewer.inspect }).start();
    toasts.send({ type: 'toast.show', toast: { message: { text: 'Unseen' } } });
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

  it('hides again only the steps it has not hidden yet: an older step is kept as the studio has it', async () => {
    const { viewer, studio } = pair();
    studio.follow();
    await until(studio, (all) => all.length === 2);
    const toasts = createActor(toastMachine, { inspect: viewer.inspect }).start();
    toasts.send({ type: 'toast.show', toast: { id: 'a', message: { text: 'A' } } });
    toasts.send({ type: 'toast.show', toast: { id: 'b', message: { text: 'B' } } });
    const [, first] = await until(studio, (all) => all[1]?.actors[0]?.steps.length === 3);
    const older = first?.actors[0]?.steps[1];
    toasts.send({ type: 'toast.dismiss', id: 'a' });
    const [, later] = await until(studio, (all) => all[1]?.actors[0]?.steps.length === 4);
    expect(later?.actors[0]?.steps[2]).toBe(older);
    expect(later?.actors[0]?.steps[0]).toMatchObject({ event: 'toast.dismiss', context: { queue: [{ id: 'b' }] } });
    toasts.stop();
  });

  it('keeps the actors of a tab that says goodbye, stopped and marked gone', async () => {
    const { viewer, studio } = pair();
    const toasts = createActor(toastMachine, { inspect: viewer.inspect }).start();
    studio.follow();
    await until(studio, (all) => all[1]?.actors.length === 1);
    opened.splice(opened.indexOf(viewer), 1);
    viewer.close();
    const tabs = await until(studio, (all) => all[1]?.gone === true);
    expect(tabs.map((t) => t.id)).toEqual(['studio', 'viewer']);
    expect(tabs[1]?.actors).toMatchObject([{ machine: 'toast', status: 'stopped', value: 'idle' }]);
    toasts.stop();
  });
});

describe('a tab that reloads while a studio follows it', () => {
  it('comes back under its id with the actors of its page before the reload, which the studio kept meanwhile', async () => {
    const name = `live-test-${++channels}`;
    const storage = createMemoryBackend();
    const studio = createLiveInspection({ channel: new BroadcastChannel(name) as never, where: () => '/statecharts', tabId: 'studio' });
    opened.push(studio);
    studio.follow();
    const page = createLiveInspection({ channel: new BroadcastChannel(name) as never, where: () => '/buy', storage });
    const toasts = createActor(toastMachine, { inspect: page.inspect }).start();
    toasts.send({ type: 'toast.show', toast: { message: { text: 'Saved' } } });
    const [, followed] = await until(studio, (all) => all[1]?.actors[0]?.value === 'showing');
    // The page goes away with its toast on screen.
    page.close();
    toasts.stop();
    const [, gone] = await until(studio, (all) => all[1]?.gone === true);
    expect(gone?.actors).toMatchObject([{ id: followed?.actors[0]?.id, status: 'stopped', value: 'showing' }]);

    const next = createLiveInspection({ channel: new BroadcastChannel(name) as never, where: () => '/buy', storage });
    opened.push(next);
    const tabs = await until(studio, (all) => all.length === 2 && all[1]?.gone !== true);
    expect(tabs[1]?.id).toBe(followed?.id);
    expect(tabs[1]?.actors).toMatchObject([{ machine: 'toast', status: 'stopped', value: 'showing', reloadedAt: expect.any(Number) }]);
    expect(tabs[1]?.actors[0]?.steps[0]).toMatchObject({ event: 'toast.show', context: { queue: [{ message: { text: 'Saved' } }] } });
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
  it('hides passwords, tokens and keys, and keeps a long payload whole', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    toasts.send({ type: 'toast.show', toast: { password: 'Password123!', token: 'abc', apiKey: 'k', message: { text: 'x' } } as never });
    toasts.send({ type: 'toast.show', toast: { message: { text: 'x'.repeat(300) } } });
    const [long, secret] = live.tabs()[0]?.actors[0]?.steps ?? [];
    expect(secret?.payload).toEqual({ toast: { password: '•••', token: '•••', apiKey: '•••', message: { text: 'x' } } });
    expect(long?.payload).toEqual({ toast: { message: { text: 'x'.repeat(300) } } });
    toasts.stop();
  });

  it('has no payload for an event with nothing but its type', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    toasts.send({ type: 'user.nothing' } as never);
    const [nothing, init] = live.tabs()[0]?.actors[0]?.steps ?? [];
    expect(nothing).toMatchObject({ event: 'user.nothing' });
    expect(nothing?.payload).toBeUndefined();
    expect(init).toMatchObject({ event: 'xstate.init' });
    expect(init?.payload).toBeUndefined();
    toasts.stop();
  });

  it('cuts a payload bigger than a studio can read at a few thousand characters, in reading order', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: i, title: `${'Game '.repeat(40)}${i}` }));
    toasts.send({ type: 'xstate.done.actor.fetch', output: { rows, total: 50 } } as never);
    const payload = live.tabs()[0]?.actors[0]?.steps[0]?.payload as { output: { rows: unknown[] } & Record<string, unknown> };
    const json = JSON.stringify(payload);
    expect(json.length).toBeLessThan(8_500);
    expect(JSON.stringify(rows).length).toBeGreaterThan(8_500);
    // The first rows whole, then the mark of the cut.
    expect(payload.output.rows[0]).toEqual(rows[0]);
    expect(json).toContain('…');
    toasts.stop();
  });
});

/** A card number, a CVC or a code as the text may hold it: digits in any grouping, never inside a longer number. */
function shownAnywhere(text: string, secret: string | RegExp): boolean {
  if (secret instanceof RegExp) return secret.test(text);
  if (/^[\d -]+$/.test(secret)) {
    const digits = secret.replace(/\D/g, '').split('').join('[\\s-]*');
    return new RegExp(`(?<!\\d)${digits}(?!\\d)`).test(text);
  }
  return text.includes(secret);
}

describe('secrets by value, under any name, never reach the studio', () => {
  const card = '4000000000000002';
  const rows: Array<[string, Record<string, unknown>, Array<string | RegExp>]> = [
    ['a card number under `number`', { details: { number: card, save: true } }, [card]],
    ['a grouped card under `value`', { value: '4242 4242 4242 4242' }, ['4242424242424242']],
    ['a card with dashes under `details.n`', { details: { n: '4000-0000-0000-9995' } }, ['4000000000009995']],
    ['a mistyped card (no Luhn) in an array', { values: ['a', '4242 4242 4242 4241'] }, ['4242424242424241']],
    ['a 13-digit and a 19-digit card', { values: ['4222222222222', '6200 0000 0000 0000 005'] }, ['4222222222222', '6200000000000000005']],
    ['a card as a number', { n: 4242424242424242 }, ['4242424242424242']],
    ['a card inside a sentence', { message: 'Card 4242424242424242 was declined' }, ['4242424242424242']],
    ['a card typed with its expiry and CVC', { text: '4242 4242 4242 4242 11/31 737' }, ['4242424242424242', '737', '11/31']],
    ['the expiry and CVC beside a card, under any names', { c: { n: card, m: 11, y: 2031, s: '737' } }, [card, '2031', '737', /"m":11/]],
    ['a CVC under `cvv`, `cvc2` and `security_code`', { cvv: '737', cvc2: '7373', security_code: 7374 }, ['737', '7373', '7374']],
    ['an email under `value`', { value: 'ann.lee@example.com' }, ['ann.lee@example.com']],
    ['an email inside a message', { message: 'We sent a link to ann.lee+news@example.co.uk.' }, ['ann.lee+news@example.co.uk']],
    ['an email as a key', { seen: { 'ann.lee@example.com': true } }, ['ann.lee@example.com']],
    [
      "a verification link's email, expiry and signature",
      { href: '/verify-email?email=ann.lee%40example.com&expires=1893456000&signature=5f2b9c' },
      ['ann.lee', '1893456000', '5f2b9c'],
    ],
    ["a social sign-in's code, by its key and in its callback", { code: '4/0AbCdEf', href: '/login?code=4/0AbCdEg&state=st8te' }, ['0AbCdEf', '0AbCdEg', 'st8te']],
    ['one-time codes under `otp` and `nonce`', { otp: '493817', nonce: 'n0nce' }, ['493817', 'n0nce']],
    ['a JWT under `value`', { value: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl' }, ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiI0MiJ9', 'c2lnbmF0dXJl']],
    ['a hex token and a base64 one in an array', { values: ['a3f9c2d4e5f60718293a4b5c6d7e8f90', 'c2VjcmV0LXNlc3Npb24ta2V5LTQy'] }, ['a3f9c2d4e5f6', 'c2VjcmV0LXNlc3Npb24ta2V5LTQy']],
    ['a bearer string', { header: 'Bearer abc123' }, ['abc123']],
    ['an API key', { values: ['sk_live_4eC39HqLy'] }, ['4eC39HqLy']],
  ];

  it.each(rows)('%s', async (_, fields, secrets) => {
    const { viewer, studio, name } = pair();
    const channel = listen(name);
    studio.follow();
    await until(studio, (all) => all.length === 2);
    const toasts = createActor(toastMachine, { inspect: viewer.inspect }).start();
    toasts.send({ type: 'user.typed', ...fields } as never);
    const arrived = (actor: LiveActor | undefined) => actor?.steps[0]?.event === 'user.typed';
    await until(studio, (all) => arrived(all[1]?.actors[0]));
    await channel.until((message) => (message as { kind: string }).kind === 'actor' && arrived((message as { actor: LiveActor }).actor));
    toasts.stop();

    const shown = { recorded: viewer.tabs(), studio: studio.tabs(), posted: channel.heard };
    for (const [where, what] of Object.entries(shown)) {
      const text = JSON.stringify(what);
      for (const secret of secrets) expect(shownAnywhere(text, secret), `${String(secret)} in what is ${where}`).toBe(false);
    }
    // Hidden where it was, not cut away.
    expect(JSON.stringify(shown.recorded[0]?.actors[0]?.steps[0]?.payload)).toContain('•••');
  });

  it('leaves what the studio is for: event types, state values, ids, amounts and short numbers', async () => {
    const { viewer, studio } = pair();
    studio.follow();
    await until(studio, (all) => all.length === 2);
    const toasts = createActor(toastMachine, { inspect: viewer.inspect }).start();
    const innocent = { orderId: 12, eventId: 7, amount: 5249, count: 2, year: 2024, slug: 'pass-2024' };
    toasts.send({ type: 'toast.show', toast: { message: { text: 'Paid' } }, ...innocent } as never);
    const expected = { toast: { message: { text: 'Paid' } }, ...innocent };
    expect(viewer.tabs()[0]?.actors[0]?.steps[0]).toMatchObject({ event: 'toast.show', payload: expected, value: 'showing' });
    const tabs = await until(studio, (all) => all[1]?.actors[0]?.value === 'showing');
    expect(tabs[1]?.actors[0]?.steps[0]).toMatchObject({ event: 'toast.show', payload: expected });
    toasts.stop();
  });

  it('keeps a long payload whole, its card, CVC and email hidden wherever they sit in it', () => {
    const live = createLiveInspection({ channel: null, where: () => '/', tabId: 'one' });
    const toasts = createActor(toastMachine, { inspect: live.inspect }).start();
    const long = 'x'.repeat(400);
    toasts.send({
      type: 'user.typed',
      text: long,
      details: { number: '4242 4242 4242 4242', exp: '11/31', cvc: '737', save: true },
      notes: [long, 'Receipt to ann.lee@example.com'],
    } as never);
    const payload = live.tabs()[0]?.actors[0]?.steps[0]?.payload;
    expect(payload).toEqual({
      text: long,
      details: { number: '•••', exp: '•••', cvc: '•••', save: true },
      notes: [long, 'Receipt to •••'],
    });
    expect(JSON.stringify(payload)).not.toMatch(/4242|737|11\/31|ann\.lee/);
    toasts.stop();
  });

  it("hides a signed link in the tab's address", async () => {
    const { studio, name } = pair('/verify-email?email=ann.lee%40example.com&signature=5f2b9c');
    const channel = listen(name);
    studio.follow();
    const tabs = await until(studio, (all) => all.length === 2);
    await channel.until((message) => (message as { kind: string }).kind === 'tab');
    expect(tabs[1]?.where).toBe('/verify-email?email=•••&signature=•••');
    expect(JSON.stringify(channel.heard)).not.toMatch(/ann\.lee|5f2b9c/);
  });

  it('hides again what a tab of an older build posts, before the studio keeps it', async () => {
    const name = `live-test-${++channels}`;
    const studio = createLiveInspection({ channel: new BroadcastChannel(name) as never, where: () => '/statecharts', tabId: 'studio' });
    const old = new BroadcastChannel(name);
    opened.push(studio, old);
    studio.follow();
    const step = { at: 1, event: 'user.enterNewCard', payload: '{"details":{"number":"4000 0000 0000 0002"},"to":"ann@example.com"}', taken: [], value: 'editing' };
    const actor = { id: 'x:0', machine: 'payment', name: 'payment', parent: null, status: 'active', value: 'editing', startedAt: 1, steps: [step] };
    old.postMessage({ kind: 'actor', tab: 'old', where: '/verify-email?email=ann%40example.com', actor });
    const tabs = await until(studio, (all) => all.length === 2);
    const kept = JSON.stringify(tabs[1]);
    expect(kept).not.toMatch(/4000|ann/);
    expect(tabs[1]?.actors[0]?.steps[0]?.event).toBe('user.enterNewCard');
  });

  it('hides again the payloads and contexts another tab posts as values', async () => {
    const name = `live-test-${++channels}`;
    const studio = createLiveInspection({ channel: new BroadcastChannel(name) as never, where: () => '/statecharts', tabId: 'studio' });
    const other = new BroadcastChannel(name);
    opened.push(studio, other);
    studio.follow();
    const card = { number: '4000 0000 0000 0002', cvc: '737' };
    const context = { card, email: 'ann@example.com', note: 'Paid with 4000000000000002' };
    const step = { at: 1, event: 'user.enterNewCard', payload: { details: card }, taken: [], value: 'editing', context };
    const actor = { id: 'x:0', machine: 'payment', name: 'payment', parent: null, status: 'active', value: 'editing', startedAt: 1, steps: [step], context };
    other.postMessage({ kind: 'actor', tab: 'other', where: '/buy', actor });
    const tabs = await until(studio, (all) => all.length === 2);
    expect(JSON.stringify(tabs[1])).not.toMatch(/4000|737|ann/);
    expect(tabs[1]?.actors[0]?.context).toEqual({ card: { number: '•••', cvc: '•••' }, email: '•••', note: 'Paid with •••' });
    expect(tabs[1]?.actors[0]?.steps[0]?.payload).toEqual({ details: { number: '•••', cvc: '•••' } });
  });
});
