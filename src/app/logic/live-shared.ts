/**
 * What the statechart studio's live recorder shares between its two halves: the small front every page loads
 * (live-recorder.ts), and the recorder itself (live-inspection.ts), which the front loads once the page is idle or a
 * studio asks. Only types, two names and a walk of an actor's tree: the front must stay small, and reading whether a
 * tab kept a record before its reload must not load the recorder.
 */
import type { AnyActorRef, InspectionEvent, StateValue } from 'xstate';
import { STORAGE_PREFIX } from '../../adapters/storage';
import type { TraceStep } from '../../../statecharts/live-trace';

/**
 * One event an actor received: when, what, and where it left the actor (the step a trace file keeps,
 * statecharts/live-trace.ts), and in the copies a studio gets, the context it left.
 */
export interface LiveStep extends TraceStep {
  /**
   * The actor's context after it, hidden like a payload (at most about 8,000 characters of JSON): what the event
   * changed. Only in the copies a studio gets, and absent when it was not recorded (an older build's tab).
   */
  context?: unknown;
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
  /** The latest events first, at most 40. */
  steps: LiveStep[];
  /** Its context now, hidden like its steps' (see {@link LiveStep.context}). */
  context?: unknown;
  /**
   * Set on an actor of the tab's page before a reload: when that page went away. Such an actor is no longer running
   * (an active one is shown stopped), and its id carries that time, apart from the new page's session ids.
   */
  reloadedAt?: number;
}

export interface LiveTab {
  /** Random per tab, so two tabs on the same page stay apart. */
  id: string;
  /** The tab's page (its path), as it was at its last change. */
  where: string;
  /** Whether this is the tab the studio runs in. */
  own: boolean;
  /** Set when the tab said goodbye (closed, or reloading): its actors are kept, stopped, until it is back. */
  gone?: boolean;
  actors: LiveActor[];
}

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
/** The key, in the tab's sessionStorage, of what a tab's page leaves for the next page of the tab. */
export const LIVE_KEPT_KEY = `${STORAGE_PREFIX}statecharts-live`;

/** An actor's snapshot as the recorder reads it. */
export interface ObservedSnapshot {
  value?: StateValue;
  status?: string;
  context?: unknown;
  children?: Record<string, AnyActorRef | undefined>;
}

/** An actor as it was when the shell observed it: the recorder starts it from this snapshot, not a later one. */
export interface ObservedActor {
  ref: AnyActorRef;
  snapshot: ObservedSnapshot;
}

/**
 * An actor and its children (invoked, spawned), parents first, each with its snapshot now. Taken when the shell
 * observes it, so a recorder loaded later starts each actor where it was then and replays what followed.
 */
export function observedTree(actor: AnyActorRef, into: ObservedActor[] = []): ObservedActor[] {
  const snapshot = actor.getSnapshot() as ObservedSnapshot;
  into.push({ ref: actor, snapshot });
  for (const child of Object.values(snapshot.children ?? {})) if (child) observedTree(child, into);
  return into;
}
