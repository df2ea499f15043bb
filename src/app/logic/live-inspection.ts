/**
 * What the statechart studio shows live (`/statecharts`, src/views/statecharts): every machine actor running in this
 * tab, its state, the transitions it just took and its recent events, recorded from XState's inspection API. The
 * shell attaches it to its actors' systems (`observe`) and to the actors screens start (`inspect`), and only when the
 * studio is in the build (src/app/AppRoot.tsx): a deployment without it pays nothing. A page loads this module only
 * once it is idle or a studio asks; until then its small front (live-recorder.ts) holds what happened, and hands it
 * over through `inspect`, `record` and the channel's handler, each at the time it happened.
 *
 * A studio in another tab of the same browser follows this one over a BroadcastChannel: it says `hello`, each app
 * tab answers with its actors, and from then on posts every change; a tab that opens later says `here` and the
 * studio greets it the same way. Tabs stay silent until a studio asks.
 *
 * Secrets are hidden where they are recorded (live-redaction.ts), before anything is kept or posted: a studio is put
 * on shared screens, and every tab of the browser hears the channel. An actor's context is the exception to "where
 * they are recorded": XState never changes a context in place, so the tab keeps a reference to each one and hides it
 * only when a copy leaves for a studio (its own, or one that asked), once per context; a viewer with no studio open
 * pays nothing for it.
 *
 * A reload keeps what the tab recorded: on `pagehide` its records (already hidden) go to the tab's sessionStorage and
 * the next page of the tab starts from them, under the same tab id, its previous actors shown as stopped before the
 * reload. A studio in another tab keeps the actors of a tab that said goodbye, marked gone, until that tab is back.
 */
import type { AnyActorRef, AnyTransitionDefinition, InspectionEvent, StateValue } from 'xstate';
import { transitionId } from '../../../statecharts/machine-graph';
import type { StorageBackend } from '../../adapters/storage';
import { hideSecretText, hideSecrets } from './live-redaction';
import {
  LIVE_KEPT_KEY,
  observedTree,
  type LiveActor,
  type LiveChannel,
  type LiveInspection,
  type LiveStep,
  type LiveTab,
  type ObservedActor,
} from './live-shared';

type Message =
  | { kind: 'hello' }
  | { kind: 'here' }
  | { kind: 'tab'; tab: Omit<LiveTab, 'own'> }
  | { kind: 'actor'; tab: string; where: string; actor: LiveActor }
  | { kind: 'bye'; tab: string };

const STEPS_KEPT = 40;
/** Stopped actors kept per tab, so a studio still shows a screen's flow just after the viewer left it. */
const STOPPED_KEPT = 12;
/**
 * How much of a payload and of a context is kept, in characters of JSON: enough to read any of the app's events and
 * flows in full, while a tab's post of an actor (its steps with their contexts) stays small.
 */
const PAYLOAD_CHARS = 8_000;
const CONTEXT_CHARS = 8_000;
/** What a page leaves in the tab's storage for the next one, in characters of JSON: far below a browser's quota. */
const KEPT_CHARS = 200_000;

/** What a page leaves for the next page of its tab. */
interface Kept {
  tab: string;
  /** When the page went away. */
  at: number;
  actors: LiveActor[];
}

/** A step as the tab records it: the context it left is XState's own object, hidden only when a copy leaves. */
interface RecordedStep extends LiveStep {
  rawContext?: unknown;
}
interface Recorded extends Omit<LiveActor, 'steps'> {
  steps: RecordedStep[];
  rawContext?: unknown;
}

interface MachineLike {
  id: string;
  root: unknown;
}
const machineOf = (actor: AnyActorRef): MachineLike | null => {
  const logic = (actor as { logic?: Partial<MachineLike> }).logic;
  return logic && typeof logic.id === 'string' && logic.root !== undefined ? (logic as MachineLike) : null;
};

/**
 * `value` (JSON-safe, as hideSecrets returns it) cut to about `chars` characters of JSON, in reading order: a string
 * that does not fit ends with '…', an array or an object with a '…' item, so a big context still shows its first
 * fields whole. Secrets are hidden before the cut, so it can leave no part of one.
 */
function fitted(value: unknown, chars: number): unknown {
  const json = JSON.stringify(value);
  if (json === undefined || json.length <= chars) return value;
  let left = chars;
  const fit = (inner: unknown): unknown => {
    if (typeof inner === 'string') {
      const cut = inner.length + 2 > left ? `${inner.slice(0, Math.max(0, left - 3))}…` : inner;
      left -= cut.length + 2;
      return cut;
    }
    if (inner === null || typeof inner !== 'object') {
      left -= String(inner).length + 1;
      return inner;
    }
    left -= 2;
    if (Array.isArray(inner)) {
      const items: unknown[] = [];
      for (const item of inner) {
        if (left <= 0) return [...items, '…'];
        items.push(fit(item));
      }
      return items;
    }
    const copy: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(inner)) {
      if (item === undefined) continue;
      if (left <= 0) return { ...copy, '…': '…' };
      left -= name.length + 3;
      copy[name] = fit(item);
    }
    return copy;
  };
  return fit(value);
}

/** `value` as the studio may show it: its secrets hidden (live-redaction.ts), then cut to `chars` of JSON. */
function shown(value: unknown, chars: number): unknown {
  if (value === undefined) return undefined;
  try {
    return fitted(hideSecrets(value), chars);
  } catch {
    // A getter that throws, a toJSON that does: the studio says so rather than failing the app's flow.
    return '[unprintable]';
  }
}

/** The event's payload: all but its type, hidden, or none when it carries nothing else (`xstate.init` with no input). */
function payloadOf(event: { type: string }): unknown {
  const rest: Record<string, unknown> = { ...event };
  delete rest['type'];
  return Object.values(rest).every((value) => value === undefined) ? undefined : shown(rest, PAYLOAD_CHARS);
}

/**
 * What another tab posted, hidden again: a tab still running an older build may post what this one would not (its
 * payloads were short JSON strings, '' for none). A tab posts all of an actor's steps at each change: those the
 * studio hid already (`before`, all but its newest, which may have moved on since) are taken from it as they are.
 */
const hiddenActor = (actor: LiveActor, before?: LiveActor): LiveActor => {
  const known = new Map((before?.steps.slice(1) ?? []).map((step) => [`${step.at} ${step.event}`, step]));
  return {
    ...actor,
    name: hideSecretText(actor.name),
    context: shown(actor.context, CONTEXT_CHARS),
    steps: actor.steps.map(
      (step) =>
        known.get(`${step.at} ${step.event}`) ?? {
          ...step,
          payload: step.payload === '' ? undefined : shown(step.payload, PAYLOAD_CHARS),
          context: shown(step.context, CONTEXT_CHARS),
        },
    ),
  };
};

/** What the page before this one left in the tab, if anything readable. */
function readKept(storage: StorageBackend | undefined): Kept | null {
  if (!storage) return null;
  try {
    const text = storage.getItem(LIVE_KEPT_KEY);
    // Read once: a tab duplicated later copies the storage, and must not take this tab's id.
    storage.removeItem(LIVE_KEPT_KEY);
    const kept = text ? (JSON.parse(text) as Partial<Kept>) : null;
    return kept && typeof kept.tab === 'string' && typeof kept.at === 'number' && Array.isArray(kept.actors) ? (kept as Kept) : null;
  } catch {
    return null;
  }
}

/**
 * The actors that fit in {@link KEPT_CHARS} of JSON: the oldest stopped ones go first (the running ones are what the
 * viewer was doing when the page went away), then every actor keeps fewer of its events, then the oldest go.
 */
function fitForStorage(all: readonly LiveActor[]): LiveActor[] {
  const sizeOf = (actor: LiveActor) => JSON.stringify(actor).length + 1;
  const sizes = new Map(all.map((actor) => [actor, sizeOf(actor)]));
  let total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  let kept = [...all];
  for (const actor of all) {
    if (total <= KEPT_CHARS) return kept;
    if (actor.status === 'active') continue;
    kept = kept.filter((other) => other !== actor);
    total -= sizes.get(actor) ?? 0;
  }
  const totalOf = (actors: LiveActor[]) => actors.reduce((sum, actor) => sum + sizeOf(actor), 0);
  for (let steps = STEPS_KEPT / 2; total > KEPT_CHARS && steps >= 1; steps = Math.floor(steps / 2)) {
    kept = kept.map((actor) => ({ ...actor, steps: actor.steps.slice(0, steps) }));
    total = totalOf(kept);
  }
  while (total > KEPT_CHARS && kept.length > 0) {
    kept = kept.slice(1);
    total = totalOf(kept);
  }
  return kept;
}

const statusOf = (snapshot: { status?: string } | undefined): LiveActor['status'] =>
  snapshot?.status === 'done' || snapshot?.status === 'error' || snapshot?.status === 'stopped' ? snapshot.status : 'active';

/** The recorder as its front (live-recorder.ts) drives it. */
export interface LiveRecording extends LiveInspection {
  /**
   * Records actors as `observe` does, from the snapshots the front took when the shell observed them, without
   * listening to their system: the front listens to it once itself and hands its events to `inspect`.
   */
  record(tree: readonly ObservedActor[]): void;
}

/**
 * A tab's live inspection. With a `storage` (the tab's sessionStorage), `close()` leaves the tab's records there for
 * the tab's next page, and a new one starts from what the previous page left: its actors, stopped, and its tab id.
 * `announced`: the tab already said `here` on the channel (the front says it at startup), so it does not again.
 */
export function createLiveInspection(options: {
  channel: LiveChannel | null;
  where: () => string;
  now?: () => number;
  tabId?: string;
  storage?: StorageBackend;
  announced?: boolean;
}): LiveRecording {
  const { channel, where, storage } = options;
  const now = options.now ?? Date.now;
  const kept = readKept(storage);
  const tabId = options.tabId ?? kept?.tab ?? Math.random().toString(36).slice(2, 10);
  /** What inspection updates in place, by session id... */
  const records = new Map<string, Recorded>();
  /** ...and the copies handed out (to the studio, to the channel), replaced at each change. */
  const actors = new Map<string, LiveActor>();
  const others = new Map<string, Omit<LiveTab, 'own'>>();
  const listeners = new Set<() => void>();
  const observedSystems = new WeakSet<object>();
  /** Whether a studio has asked: only then does this tab post. */
  let followed = false;
  /** Whether this tab runs a studio: it greets the tabs that open after it. */
  let following = false;
  let view: readonly LiveTab[] | null = null;
  /** Each context hidden once: XState makes a new object for each change, so one object always shows the same. */
  const hiddenContexts = new WeakMap<object, unknown>();

  const hiddenContext = (context: unknown): unknown => {
    if (context === null || typeof context !== 'object') return shown(context, CONTEXT_CHARS);
    if (!hiddenContexts.has(context)) hiddenContexts.set(context, shown(context, CONTEXT_CHARS));
    return hiddenContexts.get(context);
  };

  const changed = () => {
    view = null;
    for (const listener of listeners) listener();
  };
  /** Whether the page said goodbye: an actor that still moves after it (a page kept in the back-forward cache) posts nothing. */
  let closed = false;
  const post = (message: Message) => {
    if (!closed) channel?.postMessage(message);
  };
  // A page's address may carry a signed link's parts or a shared clip's uuid.
  const here = () => hideSecretText(where());
  const ownTab = (): Omit<LiveTab, 'own'> => ({ id: tabId, where: here(), actors: [...actors.values()] });

  /**
   * The copy of a record handed out. Contexts are hidden only for a studio (`withContext`): a viewer's tab with none
   * open leaves them as references. A restored record's contexts were hidden before the reload and are kept as they are.
   */
  const copyOf = ({ rawContext, steps, ...record }: Recorded, withContext = followed || following): LiveActor => ({
    ...record,
    ...(withContext && rawContext !== undefined ? { context: hiddenContext(rawContext) } : {}),
    steps: steps.map(({ rawContext: left, ...step }) => ({
      ...step,
      taken: [...step.taken],
      ...(withContext && left !== undefined ? { context: hiddenContext(left) } : {}),
    })),
  });

  const publish = (record: Recorded) => {
    const actor = copyOf(record);
    actors.set(actor.id, actor);
    if (followed) post({ kind: 'actor', tab: tabId, where: here(), actor });
    changed();
  };

  /** A studio has just appeared: every copy again, now with its contexts. */
  const republish = () => {
    for (const record of records.values()) actors.set(record.id, copyOf(record));
    changed();
  };

  /**
   * Actors created and not started yet. A render React throws away (an interrupted or deferred one) can create a
   * flow's actor that never starts: it is shown from its first snapshot on, never as a phantom running in `{}`.
   */
  const pending = new WeakMap<AnyActorRef, Recorded>();

  const add = (ref: AnyActorRef, snapshot: { value?: StateValue; status?: string; context?: unknown } | undefined) => {
    const machine = machineOf(ref);
    if (!machine || records.has(ref.sessionId) || pending.has(ref)) return;
    // An app-wide actor is a child of the app system's root (src/app/logic/system.ts), which is not a flow and is
    // not recorded: it is shown as a flow of its own. An invoked or spawned child is shown under the flow that
    // started it.
    const parentRef = (ref as { _parent?: AnyActorRef })._parent;
    const parent = parentRef && (records.has(parentRef.sessionId) || pending.has(parentRef)) ? parentRef : undefined;
    const actor: Recorded = {
      id: ref.sessionId,
      machine: machine.id,
      name: hideSecretText(parent ? ref.id : machine.id),
      parent: parent?.sessionId ?? null,
      status: statusOf(snapshot),
      value: snapshot?.value ?? {},
      startedAt: now(),
      steps: [],
      rawContext: snapshot?.context,
    };
    if (snapshot === undefined) pending.set(ref, actor);
    else {
      records.set(ref.sessionId, actor);
      publish(actor);
    }
  };

  /** The name of the actor that sent an event, when it is one the studio shows ('' for the page). */
  const senderOf = (source: { sessionId: string } | undefined): string => (source ? (records.get(source.sessionId)?.name ?? '') : '');

  const forgetStopped = () => {
    const stopped = [...records.values()].filter((a) => a.status !== 'active');
    for (const actor of stopped.slice(0, Math.max(0, stopped.length - STOPPED_KEPT))) {
      records.delete(actor.id);
      actors.delete(actor.id);
    }
  };

  const inspect = (event: InspectionEvent) => {
    const ref = event.actorRef as AnyActorRef;
    if (event.type === '@xstate.actor') {
      add(ref, undefined);
      return;
    }
    let actor = records.get(ref.sessionId);
    if (!actor) {
      // Started: its start (the init event, then its first snapshot) is the first the studio hears of it.
      const created = pending.get(ref);
      if (!created) return;
      pending.delete(ref);
      actor = { ...created, startedAt: now() };
      records.set(ref.sessionId, actor);
    }
    switch (event.type) {
      case '@xstate.event': {
        const step: RecordedStep = {
          at: now(),
          event: event.event.type,
          from: senderOf(event.sourceRef),
          payload: payloadOf(event.event),
          taken: [],
          value: actor.value,
          // Until its snapshot: the context it found.
          rawContext: actor.rawContext,
        };
        actor.steps = [step, ...actor.steps].slice(0, STEPS_KEPT);
        break;
      }
      case '@xstate.microstep': {
        const [latest] = actor.steps;
        if (latest) latest.taken.push(...(event._transitions as AnyTransitionDefinition[]).map(transitionId));
        break;
      }
      case '@xstate.snapshot': {
        const snapshot = event.snapshot as { value?: StateValue; status?: string; context?: unknown };
        actor.value = snapshot.value ?? actor.value;
        actor.status = statusOf(snapshot);
        actor.rawContext = snapshot.context;
        const [latest] = actor.steps;
        if (latest) {
          latest.value = actor.value;
          latest.rawContext = actor.rawContext;
        }
        publish(actor);
        if (actor.status !== 'active') forgetStopped();
        break;
      }
    }
  };

  const record = (tree: readonly ObservedActor[]) => {
    for (const { ref, snapshot } of tree) add(ref, snapshot);
  };

  /**
   * The previous page's actors, as it left them: stopped, each id marked with when it went away (the new page's
   * session ids start again from the first), their children still under them.
   */
  const restore = ({ at, actors: before }: Kept) => {
    const ids = new Map(before.map((actor) => [actor.id, actor.reloadedAt === undefined ? `${actor.id}@${at}` : actor.id]));
    for (const actor of before) {
      const id = ids.get(actor.id) ?? actor.id;
      const parent = (actor.parent !== null && ids.get(actor.parent)) || null;
      const status = actor.status === 'active' ? 'stopped' : actor.status;
      records.set(id, { ...actor, id, parent, status, reloadedAt: actor.reloadedAt ?? at });
    }
    forgetStopped();
    for (const record of records.values()) actors.set(record.id, copyOf(record));
  };
  if (kept) restore(kept);

  /**
   * Leaves the tab's records, hidden and within {@link KEPT_CHARS}, for its next page: only from a tab a studio has
   * looked at (here, from another tab, or before this page's reload). A viewer's tab no studio ever followed pays
   * nothing when it goes.
   */
  const keep = () => {
    if (!storage || !(followed || following || kept)) return;
    const left: Kept = { tab: tabId, at: now(), actors: fitForStorage([...records.values()].map((record) => copyOf(record, true))) };
    try {
      storage.setItem(LIVE_KEPT_KEY, JSON.stringify(left));
    } catch {
      // Full, or refused (a private window): the next page starts without them.
    }
  };

  if (channel) {
    channel.onmessage = ({ data }: MessageEvent) => {
      const message = data as Message;
      switch (message.kind) {
        case 'hello':
          if (!followed) {
            followed = true;
            republish();
          }
          post({ kind: 'tab', tab: ownTab() });
          break;
        case 'here':
          if (following) post({ kind: 'hello' });
          break;
        case 'tab':
          others.set(message.tab.id, { ...message.tab, where: hideSecretText(message.tab.where), actors: message.tab.actors.map((actor) => hiddenActor(actor)) });
          changed();
          break;
        case 'actor': {
          const page = hideSecretText(message.where);
          const known = others.get(message.tab)?.actors ?? [];
          const kept = known.filter((a) => a.id !== message.actor.id);
          const actor = hiddenActor(message.actor, known.find((a) => a.id === message.actor.id));
          // A tab that posts is there, even one that said goodbye before.
          others.set(message.tab, { id: message.tab, where: page, actors: [...kept, actor] });
          changed();
          break;
        }
        case 'bye': {
          // Closed, or reloading: a reloaded tab comes back under its id with these actors (its `tab` replaces them).
          const tab = others.get(message.tab);
          if (!tab) break;
          const actors = tab.actors.map((actor): LiveActor => (actor.status === 'active' ? { ...actor, status: 'stopped' } : actor));
          others.set(message.tab, { ...tab, gone: true, actors });
          changed();
          break;
        }
      }
    };
  }

  // A tab that opens (or reloads) after the studio: the studio greets it back.
  if (!options.announced) post({ kind: 'here' });

  return {
    inspect,
    record,
    observe(actor) {
      record(observedTree(actor));
      if (observedSystems.has(actor.system)) return;
      observedSystems.add(actor.system);
      actor.system.inspect(inspect);
    },
    follow() {
      if (!following) {
        following = true;
        republish();
      }
      post({ kind: 'hello' });
    },
    tabs() {
      view ??= [{ ...ownTab(), own: true }, ...[...others.values()].map((tab) => ({ ...tab, own: false }))];
      return view;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      keep();
      post({ kind: 'bye', tab: tabId });
      closed = true;
      if (channel) {
        channel.onmessage = null;
        channel.close();
      }
      listeners.clear();
    },
  };
}
