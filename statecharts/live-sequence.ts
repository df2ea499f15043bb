/**
 * The studio's sequence view of one tab (src/views/statecharts/LiveSequence.tsx): the messages its actors sent one
 * another (what `sendTo` and `system.get(...).send` carry, and an invoked child's answer to its parent), drawn as
 * arrows between lanes, one lane per actor. Browser-safe: the live recorder's data in (src/app/logic/live-inspection.ts),
 * lanes and messages out.
 *
 * The recorder keeps, for each actor, the events it received, each with the name of the actor that sent it ('' for
 * the page itself: a view, the browser). A message is one of those steps, its receiver the actor that kept it and its
 * sender found by name (see {@link senderOf}).
 */
import type { StateValue } from 'xstate';

/**
 * One received event, as the recorder keeps it. Written against the shape, not the recorder's type: its payload is
 * becoming a JSON value with its secrets hidden rather than short text, and either is shown here.
 */
export interface SequenceStepLike {
  at: number;
  event: string;
  /** The sending actor's name, '' for the page. */
  from: string;
  payload?: unknown;
  taken: readonly string[];
  value: StateValue;
}

export interface SequenceActorLike {
  id: string;
  name: string;
  parent: string | null;
  startedAt: number;
  value: StateValue;
  /** Newest first. */
  steps: readonly SequenceStepLike[];
}

export interface SequenceTabLike {
  actors: readonly SequenceActorLike[];
}

/** The lane of the events the page itself sent: named by the view, in the viewer's language. */
export const PAGE_LANE = 'page';

export type SequenceLane =
  | { key: typeof PAGE_LANE; kind: 'page' }
  | {
      key: string;
      kind: 'actor';
      /** The actor's name, with `#2`, `#3` after it when several lanes share it (a flow run twice). */
      label: string;
      /** The actor, for its current state; null for one the recorder no longer keeps, or an invoked promise. */
      actor: SequenceActorLike | null;
    };

/**
 * - `event`: sent by the page or by another actor (`sendTo`, `system.get`), or forwarded to a child;
 * - `start`: a parent started a child it invokes (its `xstate.init`, the input as payload): the child's lane begins
 *   there, as a sequence diagram draws a creation;
 * - `reply`: an invoked child finished or failed (`xstate.done.actor.*`, `xstate.error.actor.*`), drawn back to its
 *   parent as a sequence diagram draws a return. Without these two a child's arrows would come from nowhere and
 *   lead nowhere;
 * - `internal`: XState's own, shown only when asked for: an app-wide actor's start (the shell starts a dozen at once,
 *   they would fill the top of every diagram), a delay firing (an actor's message to itself, every second for some),
 *   a child's snapshot, an invoked promise's answer.
 */
export type SequenceKind = 'event' | 'start' | 'reply' | 'internal';

export interface SequenceMessage {
  /** Stable while the message stays in the window: the view keeps its selection by it. */
  key: string;
  at: number;
  /** Lane keys; equal for an actor's message to itself (a delay it set). */
  from: string;
  to: string;
  event: string;
  kind: SequenceKind;
  /** The payload on one line, cut at {@link PAYLOAD_PREVIEW_CHARS}; '' without one. */
  payload: string;
  /** Whether the receiver took a transition: false when its state ignored the event. */
  taken: boolean;
  receiverValueAfter: StateValue;
}

export interface Sequence {
  /** Page first (it starts most flows), then the actors in the order they first appear, each child right after its parent. */
  lanes: SequenceLane[];
  /** Oldest first, as a sequence diagram reads top down. */
  messages: SequenceMessage[];
  /** Messages that matched the options but are older than the window. */
  earlier: number;
}

export interface SequenceOptions {
  /** Show what views and the browser sent (a click, the network coming back). */
  includePage: boolean;
  /** Show XState's own events (the `internal` kind). */
  includeInternal: boolean;
  /** How many of the latest messages to keep: a diagram taller than this is scrolled rather than read. */
  limit?: number;
}

const SEQUENCE_LIMIT = 60;
const PAYLOAD_PREVIEW_CHARS = 200;

const REPLY = /^xstate\.(?:done|error)\.actor\.(.+)$/;

/**
 * A payload on one line: the recorder's text as it is, a JSON value stringified. Cut here for display only: the
 * recorder keeps the whole (secret-hidden) value.
 */
export function payloadPreview(payload: unknown): string {
  if (payload === undefined || payload === null || payload === '') return '';
  let text: string;
  if (typeof payload === 'string') text = payload;
  else {
    try {
      text = JSON.stringify(payload) ?? '';
    } catch {
      text = '[unprintable]';
    }
  }
  if (text === '{}') return '';
  return text.length > PAYLOAD_PREVIEW_CHARS ? `${text.slice(0, PAYLOAD_PREVIEW_CHARS - 1)}…` : text;
}

/**
 * The actor that sent a step, from its name. Names repeat (a checkout opened twice, every payment's `cardEntry`), so
 * the nearest fits first: the receiver itself (a delay it set), its parent (forwarding, starting it), its child (an
 * answer); else the latest of that name started before the step; else any. Null when the recorder no longer keeps
 * one of that name (it drops stopped actors past a dozen).
 */
function senderOf(actors: readonly SequenceActorLike[], receiver: SequenceActorLike, step: SequenceStepLike): SequenceActorLike | null {
  const named = actors.filter((actor) => actor.name === step.from);
  const near =
    named.find((actor) => actor.id === receiver.id) ??
    named.find((actor) => actor.id === receiver.parent) ??
    named.find((actor) => actor.parent === receiver.id);
  if (near) return near;
  const before = named.filter((actor) => actor.startedAt <= step.at).sort((a, b) => b.startedAt - a.startedAt);
  return before[0] ?? named[0] ?? null;
}

interface Drafted extends SequenceMessage {
  /** For lanes: the actor behind each end, or the name of one no longer kept. */
  senderActor: SequenceActorLike | null;
  senderName: string;
  receiverActor: SequenceActorLike;
}

function draft(actors: readonly SequenceActorLike[], receiver: SequenceActorLike, step: SequenceStepLike, nth: number): Drafted {
  const reply = REPLY.exec(step.event);
  const start = step.event === 'xstate.init' && step.from !== '';
  const internal = step.event.startsWith('xstate.') && !reply && !start;
  let senderActor: SequenceActorLike | null = null;
  let senderName = step.from;
  let from: string = PAGE_LANE;
  let kind: SequenceKind = internal ? 'internal' : 'event';
  if (step.from !== '') {
    senderActor = senderOf(actors, receiver, step);
    from = senderActor?.id ?? `gone:${step.from}`;
    if (reply) kind = 'reply';
    else if (start) kind = 'start';
  } else if (reply) {
    // The recorder keeps machines only: an invoked promise's answer (a fetch done) comes from an actor it does not
    // know, never from the page. It gets a lane of its own next to its parent, and counts as XState's own work: a
    // poll answers every two seconds and would push the actors' messages out of the window.
    senderName = reply[1] ?? '';
    from = `invoked:${receiver.id}:${senderName}`;
    kind = 'internal';
  }
  return {
    key: `${receiver.id}:${step.at}:${step.event}:${nth}`,
    at: step.at,
    from,
    to: receiver.id,
    event: step.event,
    kind,
    payload: payloadPreview(step.payload),
    // An actor's start takes no transition, and is not ignored.
    taken: step.taken.length > 0 || step.event === 'xstate.init',
    receiverValueAfter: step.value,
    senderActor,
    senderName,
    receiverActor: receiver,
  };
}

/**
 * Events of the same millisecond, in the order they most likely happened: XState handles a chain of sends
 * synchronously (the page sends payment an event, payment forwards it to its child), and the recorder's clock cannot
 * tell them apart. Each receiver's own events keep their order; among the first of each, one whose sender still has an
 * event of this millisecond to receive waits for it, since it most likely sent in answer to that one.
 */
function causalOrder(group: Drafted[]): Drafted[] {
  const pending = [...group];
  const ordered: Drafted[] = [];
  while (pending.length > 0) {
    const heads = pending.filter((message, index) => pending.findIndex((other) => other.to === message.to) === index);
    const waits = (message: Drafted) => message.from !== message.to && pending.some((other) => other !== message && other.to === message.from);
    const next = heads.find((message) => !waits(message)) ?? heads[0];
    if (!next) break;
    ordered.push(next);
    pending.splice(pending.indexOf(next), 1);
  }
  return ordered;
}

function timeOrder(messages: Drafted[]): Drafted[] {
  const sorted = [...messages].sort((a, b) => a.at - b.at);
  const ordered: Drafted[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && sorted[end]?.at === sorted[start]?.at) end += 1;
    ordered.push(...(end - start === 1 ? sorted.slice(start, end) : causalOrder(sorted.slice(start, end))));
    start = end;
  }
  return ordered;
}

/** Lanes in the order they first appear, each child right after its parent (and its parent's earlier children). */
function lanesOf(window: readonly Drafted[]): SequenceLane[] {
  interface Found {
    key: string;
    name: string;
    actor: SequenceActorLike | null;
    /** The lane key of the actor that started it, when that has a lane. */
    parent: string | null;
  }
  const found = new Map<string, Found>();
  let page = false;
  const meet = (key: string, name: string, actor: SequenceActorLike | null, parent: string | null) => {
    if (key === PAGE_LANE) page = true;
    else if (!found.has(key)) found.set(key, { key, name, actor, parent });
  };
  for (const message of window) {
    const receiver = message.receiverActor;
    const invokedBy = message.from.startsWith('invoked:') ? receiver.id : null;
    meet(message.from, message.senderName, message.senderActor, message.senderActor?.parent ?? invokedBy);
    meet(message.to, receiver.name, receiver, receiver.parent);
  }
  const ordered: Found[] = [];
  const place = (lane: Found) => {
    ordered.push(lane);
    for (const child of found.values()) if (child.parent === lane.key) place(child);
  };
  for (const lane of found.values()) if (lane.parent === null || !found.has(lane.parent)) place(lane);

  const seen = new Map<string, number>();
  const sharing = new Map<string, number>();
  for (const lane of ordered) sharing.set(lane.name, (sharing.get(lane.name) ?? 0) + 1);
  const lanes: SequenceLane[] = page ? [{ key: PAGE_LANE, kind: 'page' }] : [];
  for (const lane of ordered) {
    const nth = (seen.get(lane.name) ?? 0) + 1;
    seen.set(lane.name, nth);
    const label = (sharing.get(lane.name) ?? 0) > 1 && nth > 1 ? `${lane.name} #${nth}` : lane.name;
    lanes.push({ key: lane.key, kind: 'actor', label, actor: lane.actor });
  }
  return lanes;
}

/**
 * One tab's messages between its actors, oldest first, the latest {@link SEQUENCE_LIMIT} (or `limit`) of those the
 * options keep, and the lanes they run between.
 */
export function buildSequence(tab: SequenceTabLike, options: SequenceOptions): Sequence {
  const drafted: Drafted[] = [];
  for (const actor of tab.actors) {
    const seen = new Map<string, number>();
    // Oldest first, so that a message's number among its twins (same time, same event) stays as newer ones arrive.
    for (const step of [...actor.steps].reverse()) {
      const twin = `${step.at}:${step.event}`;
      const nth = seen.get(twin) ?? 0;
      seen.set(twin, nth + 1);
      drafted.push(draft(tab.actors, actor, step, nth));
    }
  }
  const kept = drafted.filter((message) => (options.includePage || message.from !== PAGE_LANE) && (options.includeInternal || message.kind !== 'internal'));
  const ordered = timeOrder(kept);
  const limit = options.limit ?? SEQUENCE_LIMIT;
  const window = ordered.slice(Math.max(0, ordered.length - limit));
  return {
    lanes: lanesOf(window),
    messages: window.map(({ key, at, from, to, event, kind, payload, taken, receiverValueAfter }) => ({ key, at, from, to, event, kind, payload, taken, receiverValueAfter })),
    earlier: ordered.length - window.length,
  };
}
