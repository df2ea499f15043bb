/**
 * What the statechart studio shows live (`/statecharts`, src/views/statecharts): every machine actor running in this
 * tab, its state, the transitions it just took and its recent events, recorded from XState's inspection API. The
 * shell attaches it to its actors' systems (`observe`) and to the actors screens start (`inspect`), and only when the
 * studio is in the build (src/app/AppRoot.tsx): a deployment without it pays nothing.
 *
 * A studio in another tab of the same browser follows this one over a BroadcastChannel: it says `hello`, each app
 * tab answers with its actors, and from then on posts every change; a tab that opens later says `here` and the
 * studio greets it the same way. Tabs stay silent until a studio asks.
 *
 * Secrets are hidden where they are recorded (live-redaction.ts), before anything is kept or posted: a studio is put
 * on shared screens, and every tab of the browser hears the channel.
 */
import type { AnyActorRef, AnyTransitionDefinition, InspectionEvent, StateValue } from 'xstate';
import { transitionId } from '../../../statecharts/machine-graph';
import { hideSecretText, hideSecrets } from './live-redaction';

/** One event an actor received: when, what, and where it left the actor. */
export interface LiveStep {
  at: number;
  event: string;
  /** Who sent it: another actor of the tab (its name), or '' for the page itself (a view, the browser). */
  from: string;
  /** The event's payload as short JSON ('' without one). */
  payload: string;
  /** The transitions it took, by machine-graph id; empty when the state ignored it. */
  taken: string[];
  /** The actor's state after it. */
  value: StateValue;
}

export interface LiveActor {
  /** The actor's session id, unique in its tab. */
  id: string;
  /** The machine's id (`machine.id`); the studio finds the registered machine by it. */
  machine: string;
  /** What to call it: an invoked child's invoke id, else its machine's id. */
  name: string;
  /** The parent actor's session id, for an invoked or spawned child. */
  parent: string | null;
  status: 'active' | 'done' | 'error' | 'stopped';
  value: StateValue;
  startedAt: number;
  /** The latest events first, at most {@link STEPS_KEPT}. */
  steps: LiveStep[];
}

export interface LiveTab {
  /** Random per tab, so two tabs on the same page stay apart. */
  id: string;
  /** The tab's page (its path), as it was at its last change. */
  where: string;
  /** Whether this is the tab the studio runs in. */
  own: boolean;
  actors: LiveActor[];
}

type Message =
  | { kind: 'hello' }
  | { kind: 'here' }
  | { kind: 'tab'; tab: Omit<LiveTab, 'own'> }
  | { kind: 'actor'; tab: string; where: string; actor: LiveActor }
  | { kind: 'bye'; tab: string };

/** The part of BroadcastChannel this uses (tests pass Node's). */
export interface LiveChannel {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

export interface LiveInspection {
  /** The `inspect` option for an actor created from a screen (`useActorRef(logic, { inspect })`). */
  inspect(event: InspectionEvent): void;
  /** Records an actor already created (and its children) and everything its system does from now on. */
  observe(actor: AnyActorRef): void;
  /** The studio asks every tab of the browser for its actors, and to post their changes from now on. */
  follow(): void;
  /** This tab first, then the others that answered; the same array until something changes. */
  tabs(): readonly LiveTab[];
  subscribe(listener: () => void): () => void;
  close(): void;
}

/** The BroadcastChannel's name: the app's tabs and the studio of one browser meet there. */
export const LIVE_CHANNEL = 'statecharts-live';

const STEPS_KEPT = 40;
/** Stopped actors kept per tab, so a studio still shows a screen's flow just after the viewer left it. */
const STOPPED_KEPT = 12;
const PAYLOAD_CHARS = 120;

interface MachineLike {
  id: string;
  root: unknown;
}
const machineOf = (actor: AnyActorRef): MachineLike | null => {
  const logic = (actor as { logic?: Partial<MachineLike> }).logic;
  return logic && typeof logic.id === 'string' && logic.root !== undefined ? (logic as MachineLike) : null;
};

/**
 * The payload as short JSON, its secrets hidden (live-redaction.ts) before it is cut at {@link PAYLOAD_CHARS}, so no
 * part of a card number is left at the cut.
 */
function shortPayload(event: { type: string }): string {
  const rest: Record<string, unknown> = { ...event };
  delete rest['type'];
  if (Object.keys(rest).length === 0) return '';
  let text: string;
  try {
    text = JSON.stringify(hideSecrets(rest)) ?? '';
  } catch {
    text = '[unprintable]';
  }
  return text.length > PAYLOAD_CHARS ? `${text.slice(0, PAYLOAD_CHARS - 1)}…` : text;
}

/** What another tab posted, hidden again: a tab still running an older build may post what this one would not. */
const hiddenActor = (actor: LiveActor): LiveActor => ({
  ...actor,
  name: hideSecretText(actor.name),
  steps: actor.steps.map((step) => ({ ...step, payload: hideSecretText(step.payload) })),
});

const statusOf = (snapshot: { status?: string } | undefined): LiveActor['status'] =>
  snapshot?.status === 'done' || snapshot?.status === 'error' || snapshot?.status === 'stopped' ? snapshot.status : 'active';

export function createLiveInspection(options: {
  channel: LiveChannel | null;
  where: () => string;
  now?: () => number;
  tabId?: string;
}): LiveInspection {
  const { channel, where } = options;
  const now = options.now ?? Date.now;
  const tabId = options.tabId ?? Math.random().toString(36).slice(2, 10);
  /** What inspection updates in place, by session id... */
  const records = new Map<string, LiveActor>();
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

  const changed = () => {
    view = null;
    for (const listener of listeners) listener();
  };
  const post = (message: Message) => channel?.postMessage(message);
  // A page's address may carry a signed link's parts or a shared clip's uuid.
  const here = () => hideSecretText(where());
  const ownTab = (): Omit<LiveTab, 'own'> => ({ id: tabId, where: here(), actors: [...actors.values()] });

  const publish = (record: LiveActor) => {
    const actor = { ...record, steps: record.steps.map((step) => ({ ...step, taken: [...step.taken] })) };
    actors.set(actor.id, actor);
    if (followed) post({ kind: 'actor', tab: tabId, where: here(), actor });
    changed();
  };

  /**
   * Actors created and not started yet. A render React throws away (an interrupted or deferred one) can create a
   * flow's actor that never starts: it is shown from its first snapshot on, never as a phantom running in `{}`.
   */
  const pending = new WeakMap<AnyActorRef, LiveActor>();

  const add = (ref: AnyActorRef, snapshot: { value?: StateValue; status?: string } | undefined) => {
    const machine = machineOf(ref);
    if (!machine || records.has(ref.sessionId) || pending.has(ref)) return;
    // An app-wide actor is a child of the app system's root (src/app/logic/system.ts), which is not a flow and is
    // not recorded: it is shown as a flow of its own. An invoked or spawned child is shown under the flow that
    // started it.
    const parentRef = (ref as { _parent?: AnyActorRef })._parent;
    const parent = parentRef && (records.has(parentRef.sessionId) || pending.has(parentRef)) ? parentRef : undefined;
    const actor: LiveActor = {
      id: ref.sessionId,
      machine: machine.id,
      name: hideSecretText(parent ? ref.id : machine.id),
      parent: parent?.sessionId ?? null,
      status: statusOf(snapshot),
      value: snapshot?.value ?? {},
      startedAt: now(),
      steps: [],
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
      case '@xstate.event':
        actor.steps = [
          { at: now(), event: event.event.type, from: senderOf(event.sourceRef), payload: shortPayload(event.event), taken: [], value: actor.value },
          ...actor.steps,
        ].slice(0, STEPS_KEPT);
        break;
      case '@xstate.microstep': {
        const [latest] = actor.steps;
        if (latest) latest.taken.push(...(event._transitions as AnyTransitionDefinition[]).map(transitionId));
        break;
      }
      case '@xstate.snapshot': {
        const snapshot = event.snapshot as { value?: StateValue; status?: string };
        actor.value = snapshot.value ?? actor.value;
        actor.status = statusOf(snapshot);
        const [latest] = actor.steps;
        if (latest) latest.value = actor.value;
        publish(actor);
        if (actor.status !== 'active') forgetStopped();
        break;
      }
    }
  };

  const observeTree = (ref: AnyActorRef) => {
    const snapshot = ref.getSnapshot() as { value?: StateValue; status?: string; children?: Record<string, AnyActorRef | undefined> };
    add(ref, snapshot);
    for (const child of Object.values(snapshot.children ?? {})) if (child) observeTree(child);
  };

  if (channel) {
    channel.onmessage = ({ data }: MessageEvent) => {
      const message = data as Message;
      switch (message.kind) {
        case 'hello':
          followed = true;
          post({ kind: 'tab', tab: ownTab() });
          break;
        case 'here':
          if (following) post({ kind: 'hello' });
          break;
        case 'tab':
          others.set(message.tab.id, { ...message.tab, where: hideSecretText(message.tab.where), actors: message.tab.actors.map(hiddenActor) });
          changed();
          break;
        case 'actor': {
          const page = hideSecretText(message.where);
          const tab = others.get(message.tab) ?? { id: message.tab, where: page, actors: [] };
          const kept = tab.actors.filter((a) => a.id !== message.actor.id);
          others.set(message.tab, { ...tab, where: page, actors: [...kept, hiddenActor(message.actor)] });
          changed();
          break;
        }
        case 'bye':
          others.delete(message.tab);
          changed();
          break;
      }
    };
  }

  // A tab that opens (or reloads) after the studio: the studio greets it back.
  post({ kind: 'here' });

  return {
    inspect,
    observe(actor) {
      observeTree(actor);
      if (observedSystems.has(actor.system)) return;
      observedSystems.add(actor.system);
      actor.system.inspect(inspect);
    },
    follow() {
      following = true;
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
      post({ kind: 'bye', tab: tabId });
      if (channel) {
        channel.onmessage = null;
        channel.close();
      }
      listeners.clear();
    },
  };
}
