/**
 * What the studio lights up on a diagram (src/views/statecharts): the states a state value is in, and the edges of
 * the transitions just taken. Browser-safe: data in, ids out, no machine needed.
 */
import type { StateValue } from 'xstate';
import type { MachineLayout } from './layout';

/** The ids of every state the value is in, ancestors included (a parallel state's regions all at once). */
export function activeStateIds(layout: MachineLayout, rootId: string, value: StateValue): Set<string> {
  const active = new Set<string>();
  const visit = (parent: string, inner: StateValue): void => {
    const entries: Array<[string, StateValue | undefined]> = typeof inner === 'string' ? [[inner, undefined]] : Object.entries(inner);
    for (const [key, child] of entries) {
      const state = layout.states.find((s) => s.parent === parent && s.key === key);
      if (!state) continue;
      active.add(state.id);
      if (child !== undefined) visit(state.id, child);
    }
  };
  visit(rootId, value);
  return active;
}

/** The ids of the edges that draw the given transitions (a transition with several targets has several). */
export function edgeIdsOf(layout: MachineLayout, transitions: Iterable<string>): Set<string> {
  const wanted = new Set(transitions);
  return new Set(layout.edges.filter((edge) => edge.transition !== '' && wanted.has(edge.transition)).map((edge) => edge.id));
}
