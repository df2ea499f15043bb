/**
 * The sequence view's data (statecharts/live-sequence.ts, issue 29): from one tab's recorded actors, the messages
 * they sent one another in time order, the lanes they run between, and what the reader chose to see.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_LANE, type SequenceActorLike, type SequenceLane, type SequenceOptions, buildSequence, payloadPreview } from '../../statecharts/live-sequence';
import { T, payingTab, payment } from './live-tab.fixture';

const shown: SequenceOptions = { includePage: true, includeInternal: false };

const labelOf = (lane: SequenceLane) => (lane.kind === 'page' ? PAGE_LANE : lane.label);

/** Each message as `from → to: event`, lanes by their label. */
function arrows(options: SequenceOptions, tab = payingTab) {
  const { lanes, messages } = buildSequence(tab, options);
  const label = (key: string) => labelOf(lanes.find((lane) => lane.key === key) ?? { key: PAGE_LANE, kind: 'page' });
  return messages.map((message) => `${label(message.from)} → ${label(message.to)}: ${message.event}`);
}

describe('the messages between a tab’s actors', () => {
  it('puts every actor’s received events in one time line, oldest first, with the sender found by name', () => {
    expect(arrows(shown)).toEqual([
      'page → payment: user.submit',
      'payment → session: session.refresh',
      'payment → cardEntry: xstate.init',
      'cardEntry → payment: xstate.done.actor.cardEntry',
      'payment → pollOrder: xstate.init',
      'page → payment: app.resumed',
      'payment → pollOrder: app.resumed',
      'pollOrder → payment: xstate.done.actor.pollOrder',
      'payment → toast: toast.show',
    ]);
  });

  it('orders a chain of the same millisecond by cause: what an actor sends comes after what it received', () => {
    // At +60 the recorder lists toast (an app-wide actor, recorded first) before payment: the toast.show payment sent
    // on reaching success still comes after the answer that took it there.
    const { messages } = buildSequence(payingTab, shown);
    const atSixty = messages.filter((message) => message.at === T + 60).map((message) => message.event);
    expect(atSixty).toEqual(['xstate.done.actor.pollOrder', 'toast.show']);
    // And with XState's own: polling's fetch answered before polling answered payment.
    const all = buildSequence(payingTab, { includePage: true, includeInternal: true }).messages;
    expect(all.filter((message) => message.at === T + 60).map((message) => message.event)).toEqual([
      'xstate.done.actor.fetch',
      'xstate.done.actor.pollOrder',
      'toast.show',
    ]);
    expect(all.filter((message) => message.at === T + 30).map((message) => message.event)).toEqual(['xstate.done.actor.buy', 'xstate.init']);
  });

  it('tells apart what a message is: an event, a child started, a child’s answer', () => {
    const { messages } = buildSequence(payingTab, shown);
    const kindOf = (event: string, to = 'x:5') => messages.find((message) => message.event === event && message.to === to)?.kind;
    expect(kindOf('user.submit')).toBe('event');
    expect(kindOf('toast.show', 'x:2')).toBe('event');
    expect(kindOf('xstate.init', 'x:6')).toBe('start');
    expect(kindOf('xstate.done.actor.cardEntry')).toBe('reply');
  });

  it('keeps what the receiver did: whether its state took the event, and the state after it', () => {
    const { messages } = buildSequence(payingTab, shown);
    const forwarded = messages.find((message) => message.event === 'app.resumed' && message.to === 'x:7');
    expect(forwarded).toMatchObject({ taken: false, receiverValueAfter: 'fetching' });
    const submitted = messages.find((message) => message.event === 'user.submit');
    expect(submitted).toMatchObject({ taken: true, receiverValueAfter: { paying: 'buying' }, payload: '' });
    // A child's start takes no transition, and is not ignored either.
    expect(messages.find((message) => message.event === 'xstate.init')?.taken).toBe(true);
  });

  it('previews the payload on one line, whatever the recorder keeps', () => {
    const { messages } = buildSequence(payingTab, shown);
    expect(messages.find((message) => message.event === 'toast.show')?.payload).toBe('{"toast":{"message":{"key":"payment.success"},"type":"success"}}');
    expect(payloadPreview('{"code":"SUMMER"}')).toBe('{"code":"SUMMER"}');
    expect(payloadPreview(undefined)).toBe('');
    expect(payloadPreview('')).toBe('');
    expect(payloadPreview({})).toBe('');
    const long = payloadPreview({ text: 'x'.repeat(500) });
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
    const loop: Record<string, unknown> = {};
    loop['self'] = loop;
    expect(payloadPreview(loop)).toBe('[unprintable]');
  });
});

describe('what the reader chose to see', () => {
  it('leaves out the page’s events, and the page’s lane with them', () => {
    const { lanes, messages } = buildSequence(payingTab, { includePage: false, includeInternal: false });
    expect(lanes.some((lane) => lane.kind === 'page')).toBe(false);
    expect(messages.some((message) => message.from === PAGE_LANE)).toBe(false);
    expect(messages.map((message) => message.event)).not.toContain('user.submit');
    expect(messages).toHaveLength(7);
  });

  it('shows XState’s own events only when asked: app-wide starts from the page, promises’ answers from their own lanes', () => {
    expect(arrows(shown).filter((arrow) => arrow.includes('buy') || arrow.includes('fetch'))).toEqual([]);
    const all = arrows({ includePage: true, includeInternal: true });
    expect(all.slice(0, 3)).toEqual(['page → session: xstate.init', 'page → toast: xstate.init', 'page → payment: xstate.init']);
    // An invoked promise's answer is never the page's: it comes from a lane named by its invoke id.
    expect(all).toContain('buy → payment: xstate.done.actor.buy');
    expect(all).toContain('fetch → pollOrder: xstate.done.actor.fetch');
    expect(all).toContain('confirmWithProcessor → cardEntry: xstate.done.actor.confirmWithProcessor');
  });

  it('draws a delay firing as an actor’s message to itself', () => {
    const ticking: SequenceActorLike = {
      id: 'x:9',
      name: 'reloadScreen',
      parent: null,
      startedAt: T,
      value: 'shown',
      steps: [{ at: T + 1000, event: 'xstate.after.1000.reloadScreen.shown', from: 'reloadScreen', taken: ['tick'], value: 'shown' }],
    };
    expect(buildSequence({ actors: [ticking] }, shown).messages).toEqual([]);
    const [tick] = buildSequence({ actors: [ticking] }, { includePage: true, includeInternal: true }).messages;
    expect(tick).toMatchObject({ from: 'x:9', to: 'x:9', kind: 'internal' });
  });

  it('keeps the latest messages only, and says how many earlier ones it left out', () => {
    const { messages, earlier, lanes } = buildSequence(payingTab, { ...shown, limit: 2 });
    expect(messages.map((message) => message.event)).toEqual(['xstate.done.actor.pollOrder', 'toast.show']);
    expect(earlier).toBe(7);
    // Lanes are those of the window: the page and the session sent or received nothing in it.
    expect(lanes.map(labelOf)).toEqual(['payment', 'pollOrder', 'toast']);
  });
});

describe('the lanes', () => {
  it('start with the page, then follow first appearance, with each invoked child right after its parent', () => {
    const { lanes } = buildSequence(payingTab, shown);
    // The session appears before card entry, yet payment's children stay beside it.
    expect(lanes.map(labelOf)).toEqual(['page', 'payment', 'cardEntry', 'pollOrder', 'session', 'toast']);
    const paymentLane = lanes.find((lane) => lane.kind === 'actor' && lane.label === 'payment');
    expect(paymentLane?.kind === 'actor' && paymentLane.actor?.value).toBe('success');
  });

  it('puts a promise’s lane beside the actor that invoked it', () => {
    const { lanes } = buildSequence(payingTab, { includePage: false, includeInternal: true });
    expect(lanes.map(labelOf)).toEqual(['payment', 'buy', 'cardEntry', 'confirmWithProcessor', 'pollOrder', 'fetch', 'session', 'toast']);
  });

  it('tells apart two actors of one name, and finds each sender among them: a child’s answer goes to its own parent', () => {
    // The viewer left a first checkout unfinished; the recorder still keeps it and the card entry it invoked.
    const earlierPayment: SequenceActorLike = {
      id: 'x:3',
      name: 'payment',
      parent: null,
      startedAt: T - 60_000,
      value: 'error',
      steps: [
        { at: T - 50_000, event: 'xstate.done.actor.cardEntry', from: 'cardEntry', taken: ['refused'], value: 'error' },
        { at: T - 55_000, event: 'user.submit', from: '', taken: ['submit'], value: { paying: 'buying' } },
      ],
    };
    const earlierCardEntry: SequenceActorLike = {
      id: 'x:4',
      name: 'cardEntry',
      parent: 'x:3',
      startedAt: T - 54_000,
      value: 'refused',
      steps: [{ at: T - 54_000, event: 'xstate.init', from: 'payment', taken: [], value: 'confirmingWithProcessor' }],
    };
    const [session, toast, ...flow] = payingTab.actors;
    const tab = { actors: [session!, toast!, earlierPayment, earlierCardEntry, ...flow] };
    const { lanes, messages } = buildSequence(tab, shown);
    expect(lanes.map(labelOf)).toEqual(['page', 'payment', 'cardEntry', 'payment #2', 'cardEntry #2', 'pollOrder', 'session', 'toast']);
    const answers = messages.filter((message) => message.event === 'xstate.done.actor.cardEntry').map(({ from, to }) => `${from} → ${to}`);
    expect(answers).toEqual(['x:4 → x:3', 'x:6 → x:5']);
    const starts = messages.filter((message) => message.event === 'xstate.init').map(({ from, to }) => `${from} → ${to}`);
    expect(starts).toEqual(['x:3 → x:4', 'x:5 → x:6', 'x:5 → x:7']);
  });

  it('keeps a lane for a sender the recorder no longer keeps, by its name', () => {
    const orphan: SequenceActorLike = { ...payment, id: 'x:8', steps: [{ at: T, event: 'toast.show', from: 'clipCreation', taken: ['show'], value: 'showing' }] };
    const { lanes, messages } = buildSequence({ actors: [orphan] }, shown);
    expect(lanes).toEqual([
      { key: 'gone:clipCreation', kind: 'actor', label: 'clipCreation', actor: null },
      { key: 'x:8', kind: 'actor', label: 'payment', actor: orphan },
    ]);
    expect(messages[0]).toMatchObject({ from: 'gone:clipCreation', to: 'x:8' });
  });

  it('gives each message a key that stays as newer messages arrive', () => {
    const before = buildSequence(payingTab, shown).messages.map((message) => message.key);
    const later = {
      actors: payingTab.actors.map((actor) =>
        actor.id === 'x:2' ? { ...actor, steps: [{ at: T + 90, event: 'toast.dismiss', from: '', taken: ['dismiss'], value: 'idle' }, ...actor.steps] } : actor,
      ),
    };
    const after = buildSequence(later, shown).messages.map((message) => message.key);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(new Set(after).size).toBe(after.length);
  });
});
