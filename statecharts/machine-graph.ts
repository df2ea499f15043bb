/**
 * Reads a machine's definition (machine.root and every nested state node) into plain lists of states and
 * transitions. `machine.toJSON()` and xstate/graph's `toDirectedGraph` drop `always` transitions and do not tell a
 * guarded branch from its sibling, so the diagrams, the path printer and the coverage check all use this instead.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'stateDone';

/** One transition definition: one branch of one event (or `always`, `after`, invoke result) of one state node. */
export interface MachineTransition {
  /** Stable across runs and across `machine.provide()`: source id, event descriptor and branch index. */
  id: string;
  kind: TransitionKind;
  /** Id of the state node that declares the transition. */
  source: string;
  /** The event descriptor; '' for `always`. */
  eventType: string;
  /** Position among the branches of the same event on the same state node. */
  branch: number;
  /** The guard as written, with `and`/`or`/`not` spelled out; undefined when unguarded. */
  guard: string | undefined;
  /** Ids of the target state nodes; empty for a transition that stays (actions only). */
  targets: string[];
  reenter: boolean;
  /** For `after`: the delay as written, a number of ms or the name of a delay from `setup({ delays })`. */
  delay?: number | string;
  /** For done/error: the invoke's id. */
  actorId?: string;
  description: string | undefined;
  /** What fires it, without the guard: `toast.show`, `always`, `after 5000ms`, `done: createSession`. */
  trigger: string;
  /** Short label for diagrams and reports: `toast.show [isNew]`, `after 5000ms`, `done: createSession`. */
  label: string;
}

export interface MachineState {
  id: string;
  /** Key within the parent, or the machine id for the root. */
  key: string;
  parent: string | undefined;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** For history states. */
  history?: 'shallow' | 'deep';
  /** Initial child id for compound states. */
  initial?: string;
  description: string | undefined;
  tags: string[];
  /** Invoked actors: `id` (event names use it) and `src` (the name in `setup({ actors })`). */
  invoke: Array<{ id: string; src: string }>;
  children: string[];
}

/** The root first, then every descendant depth first in document order. */
function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode): void => {
    nodes.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return nodes;
}

interface GuardLike {
  type?: string;
  guards?: unknown[];
  stateValue?: unknown;
  name?: string;
}

/** Spells a guard as written: `isA`, `not isA`, `(isA and isB)`, `in(#id)`. */
function formatGuard(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  const g = guard as GuardLike;
  if (typeof guard === 'object' && typeof g.type === 'string') return g.type;
  if (typeof guard === 'function') {
    const parts = Array.isArray(g.guards) ? g.guards.map((inner) => formatGuard(inner) ?? '?') : [];
    if (g.name === 'not' && parts.length === 1) return `not ${parts[0]}`;
    if ((g.name === 'and' || g.name === 'or') && parts.length > 0) return `(${parts.join(` ${g.name} `)})`;
    if (g.name === 'stateIn') return `in(${JSON.stringify(g.stateValue)})`;
    return 'inline guard';
  }
  return String(guard);
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';
const AFTER = 'xstate.after.';

function isInert(t: AnyTransitionDefinition): boolean {
  return !t.target && t.actions.length === 0 && !t.reenter;
}

function kindOf(eventType: string): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith(AFTER)) return 'after';
  if (eventType.startsWith(DONE_ACTOR)) return 'done';
  if (eventType.startsWith(ERROR_ACTOR)) return 'error';
  if (eventType.startsWith(DONE_STATE)) return 'stateDone';
  return 'event';
}

function triggerOf(kind: TransitionKind, eventType: string, t: AnyTransitionDefinition): string {
  switch (kind) {
    case 'always':
      return 'always';
    case 'after': {
      const delay = (t as { delay?: number | string }).delay;
      return `after ${typeof delay === 'number' ? `${delay}ms` : String(delay)}`;
    }
    case 'done':
      return `done: ${eventType.slice(DONE_ACTOR.length)}`;
    case 'error':
      return `error: ${eventType.slice(ERROR_ACTOR.length)}`;
    case 'stateDone':
      return 'done';
    default:
      return eventType;
  }
}

/** The stable id of a transition definition, as listed by {@link listTransitions}. */
export function transitionId(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const eventType = t.eventType as string;
  const siblings = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  const branch = siblings.indexOf(t);
  return `${source.id} ${eventType === '' ? 'always' : eventType} #${branch}`;
}

/**
 * Every transition of the machine: each branch of each event (guarded branches separately), each `always`, each
 * `after`, each invoked actor's done and error branch, each `onDone` of a compound or parallel state. Transitions
 * that do nothing (no target, no actions, no reenter) are left out: they only forbid an event.
 */
export function listTransitions(machine: AnyStateMachine): MachineTransition[] {
  const result: MachineTransition[] = [];
  for (const node of allStateNodes(machine)) {
    if (!node.transitions) continue;
    const groups: Array<[string, AnyTransitionDefinition[]]> = [...node.transitions.entries()];
    if (node.always?.length) groups.push(['', node.always]);
    for (const [eventType, definitions] of groups) {
      if (eventType.startsWith('xstate.snapshot.')) {
        throw new Error(`${node.id}: onSnapshot is not supported by the model runner (use events from the child)`);
      }
      definitions.forEach((t, branch) => {
        if (isInert(t)) return;
        const kind = kindOf(eventType);
        const guard = formatGuard(t.guard);
        const actorId =
          kind === 'done'
            ? eventType.slice(DONE_ACTOR.length)
            : kind === 'error'
              ? eventType.slice(ERROR_ACTOR.length)
              : undefined;
        const delay = kind === 'after' ? (t as { delay?: number | string }).delay : undefined;
        result.push({
          id: transitionId(t),
          kind,
          source: node.id,
          eventType,
          branch,
          guard,
          targets: (t.target ?? []).map((target: AnyStateNode) => target.id),
          reenter: Boolean(t.reenter),
          ...(delay === undefined ? {} : { delay }),
          ...(actorId === undefined ? {} : { actorId }),
          description: t.description,
          trigger: triggerOf(kind, eventType, t),
          label: `${triggerOf(kind, eventType, t)}${guard === undefined ? '' : ` [${guard}]`}`,
        });
      });
    }
  }
  return result;
}

/** Every state node as plain data, root first. */
export function listStates(machine: AnyStateMachine): MachineState[] {
  return allStateNodes(machine).map((node) => {
    const children = (Object.values(node.states) as AnyStateNode[]).map((child) => child.id);
    const initial = node.type === 'compound' ? (node.initial?.target?.[0] as AnyStateNode | undefined) : undefined;
    return {
      id: node.id,
      key: node.key,
      parent: node.parent?.id,
      type: node.type,
      ...(node.type === 'history' ? { history: node.history === 'deep' ? 'deep' : 'shallow' } : {}),
      ...(initial ? { initial: initial.id } : {}),
      description: node.description,
      tags: [...node.tags],
      invoke: node.invoke.map((inv: { id: string; src: unknown }) => ({
        id: inv.id,
        src: typeof inv.src === 'string' ? inv.src : 'inline',
      })),
      children,
    };
  });
}

/** The invoke ids whose done or error the machine handles, with the `src` each one runs. */
export function invokedActors(machine: AnyStateMachine): Map<string, string> {
  const actors = new Map<string, string>();
  for (const state of listStates(machine)) for (const inv of state.invoke) actors.set(inv.id, inv.src);
  return actors;
}
