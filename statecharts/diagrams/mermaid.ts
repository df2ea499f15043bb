/**
 * Draws a machine as a Mermaid `stateDiagram-v2`: compound states as `state X { ... }`, parallel regions split by
 * `--`, history states as `H` / `H*`, initial `[*] -->` and final `--> [*]`, every transition labelled with its
 * event, guard, delay or invoked actor. Mermaid has no history or invoke notation, so history states are plain
 * states labelled H and invocations are written into the state's box.
 */
import type { AnyStateMachine } from 'xstate';
import { type MachineState, listStates, listTransitions } from '../machine-graph';

const RESERVED = new Set(['end', 'state', 'note', 'direction', 'class', 'classdef', 'style', 'click', 'default', 'as']);

/** Mermaid ids: letters, digits and underscores only; dots of state ids become underscores. */
function mermaidIds(states: MachineState[]): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const state of states) {
    let base = state.id.replace(/[^A-Za-z0-9_]/g, '_');
    if (!/^[A-Za-z_]/.test(base) || RESERVED.has(base.toLowerCase())) base = `s_${base}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    ids.set(state.id, id);
  }
  return ids;
}

/** Text safe inside a quoted state label or after a transition's colon. */
export function mermaidText(text: string): string {
  return text
    .replace(/"/g, "'")
    .replace(/;/g, ',')
    .replace(/::+/g, ':')
    .replace(/#/g, 'no. ')
    .replace(/[<>{}]/g, (c) => ({ '<': '‹', '>': '›', '{': '(', '}': ')' })[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}

function stateLabel(state: MachineState): string {
  if (state.type === 'history') return state.history === 'deep' ? 'H*' : 'H';
  return state.key;
}

function commonAncestor(byId: Map<string, MachineState>, a: string, b: string): string {
  const ancestors = (id: string): string[] => {
    const chain: string[] = [];
    for (let s = byId.get(id); s; s = s.parent === undefined ? undefined : byId.get(s.parent)) chain.push(s.id);
    return chain;
  };
  const ofB = new Set(ancestors(b));
  return ancestors(a).find((id) => ofB.has(id)) ?? a;
}

/**
 * The Mermaid source (without the ``` fence). States are declared in the block of their parent; each edge is written
 * in the innermost compound block holding both ends, or at the top when that would misplace it (Mermaid ids are
 * global, so an edge may come after its ends anywhere).
 */
export function toMermaid(machine: AnyStateMachine): string {
  const states = listStates(machine);
  const transitions = listTransitions(machine);
  const byId = new Map(states.map((s) => [s.id, s]));
  const ids = mermaidIds(states);
  const mid = (id: string): string => ids.get(id) ?? id;
  const root = states[0];
  if (!root) throw new Error('machine without a root state');

  // Edges grouped by the block they are written in.
  const edgesIn = new Map<string, string[]>();
  const addEdge = (block: string, line: string): void => {
    edgesIn.set(block, [...(edgesIn.get(block) ?? []), line]);
  };
  const TOP = '';
  const edgeBlock = (from: string, to: string): string => {
    const block = from === to ? (byId.get(from)?.parent ?? root.id) : commonAncestor(byId, from, to);
    // Mermaid ids are global and a state belongs to the block that declares it, so an edge may be written anywhere
    // after its ends. Two cases must leave the block: an edge from a compound state into its own descendant (inside
    // its own block Mermaid would read the compound id as a new child) and an edge inside a parallel state (after the
    // last `--` it would join the last region). Those are written at the top of the diagram.
    if ((from !== to && (block === from || block === to)) || byId.get(block)?.type === 'parallel') return TOP;
    return block;
  };
  const isStrictDescendant = (id: string, ancestor: string): boolean => {
    for (let s = byId.get(id)?.parent; s !== undefined; s = byId.get(s)?.parent) if (s === ancestor) return true;
    return false;
  };
  const selfLoops = new Map<string, string[]>();
  for (const t of transitions) {
    const label = mermaidText(t.label);
    const targets = t.targets.length > 0 ? t.targets : [t.source];
    for (const target of targets) {
      // Mermaid cannot draw an edge from a box to something inside it (it collapses onto the child). Such a
      // transition applies in every child of the box, so it is drawn from each child.
      const sources = isStrictDescendant(target, t.source)
        ? (byId.get(t.source)?.children ?? []).filter((child) => byId.get(child)?.type !== 'history')
        : [t.source];
      for (const source of sources) {
        if (source === target) selfLoops.set(source, [...(selfLoops.get(source) ?? []), label]);
        else addEdge(edgeBlock(source, target), `${mid(source)} --> ${mid(target)} : ${label}`);
      }
    }
  }
  // Mermaid draws one loop per state and drops the others' labels: one loop carries them all.
  for (const [id, labels] of selfLoops) addEdge(edgeBlock(id, id), `${mid(id)} --> ${mid(id)} : ${labels.join(', ')}`);
  for (const state of states) {
    if (state.type !== 'history') continue;
    const node = machine.getStateNodeById(state.id);
    const defaultTarget = (node.config as { target?: unknown }).target;
    if (typeof defaultTarget === 'string' && state.parent !== undefined) {
      const parent = machine.getStateNodeById(state.parent);
      const target = parent.states[defaultTarget];
      if (target) addEdge(edgeBlock(state.id, target.id), `${mid(state.id)} --> ${mid(target.id)} : default`);
    }
  }

  const lines: string[] = ['stateDiagram-v2'];
  const write = (depth: number, line: string): void => {
    lines.push(`${'  '.repeat(depth)}${line}`);
  };

  const writeBody = (state: MachineState, depth: number): void => {
    const children = state.children.map((id) => byId.get(id)).filter((s): s is MachineState => s !== undefined);
    if (state.initial !== undefined) write(depth, `[*] --> ${mid(state.initial)}`);
    children.forEach((child, index) => {
      if (state.type === 'parallel' && index > 0) write(depth, '--');
      writeState(child, depth);
    });
    for (const child of children) if (child.type === 'final') write(depth, `${mid(child.id)} --> [*]`);
    for (const edge of edgesIn.get(state.id) ?? []) write(depth, edge);
  };

  const writeState = (state: MachineState, depth: number): void => {
    const invokes = state.invoke.map((inv) => (inv.id === inv.src ? inv.src : `${inv.src} as ${inv.id}`));
    const label = mermaidText(stateLabel(state));
    if (state.children.length > 0) {
      const suffix = invokes.length ? mermaidText(` (invokes ${invokes.join(', ')})`) : '';
      write(depth, `state "${label}${suffix ? ` ${suffix}` : ''}" as ${mid(state.id)} {`);
      writeBody(state, depth + 1);
      write(depth, '}');
      return;
    }
    write(depth, `state "${label}" as ${mid(state.id)}`);
    for (const invoke of invokes) write(depth, `${mid(state.id)} : invokes ${mermaidText(invoke)}`);
  };

  if (root.type === 'parallel' || root.invoke.length > 0 || transitions.some((t) => t.source === root.id)) {
    // A parallel root needs a box to hold its regions; an invoking root needs one to show the invocation, and a root
    // with transitions of its own (an event handled in every state) one to draw them from.
    write(1, `[*] --> ${mid(root.id)}`);
    writeState(root, 1);
  } else {
    writeBody(root, 1);
  }
  for (const edge of edgesIn.get(TOP) ?? []) write(1, edge);
  return lines.join('\n');
}

/** Structural problems of a Mermaid state diagram as written by {@link toMermaid}; empty when it is well formed. */
export function checkMermaid(source: string): string[] {
  const problems: string[] = [];
  const lines = source.split('\n').map((l) => l.trim());
  if (lines[0] !== 'stateDiagram-v2') problems.push('first line is not stateDiagram-v2');
  const declared = new Set<string>();
  let depth = 0;
  const blockKinds: string[] = [];
  const idPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
  lines.slice(1).forEach((line, index) => {
    const at = `line ${index + 2}`;
    let m: RegExpMatchArray | null;
    if (line === '}') {
      depth -= 1;
      blockKinds.pop();
      if (depth < 0) problems.push(`${at}: unbalanced }`);
    } else if (line === '--') {
      if (depth === 0) problems.push(`${at}: region separator outside a state block`);
    } else if ((m = line.match(/^state "([^"]*)" as (\S+)( \{)?$/))) {
      const [, , id = '', open] = m;
      if (!idPattern.test(id)) problems.push(`${at}: id ${id} is not Mermaid-safe`);
      if (declared.has(id)) problems.push(`${at}: ${id} declared twice`);
      declared.add(id);
      if (open) {
        depth += 1;
        blockKinds.push(id);
      }
    } else if ((m = line.match(/^(\S+) --> (\S+)(?: : (.+))?$/))) {
      const [, from = '', to = '', label] = m;
      for (const end of [from, to]) if (end !== '[*]' && !idPattern.test(end)) problems.push(`${at}: bad id ${end}`);
      if (label !== undefined && /;|::|^\s*$/.test(label)) problems.push(`${at}: label would break the parser`);
    } else if ((m = line.match(/^(\S+) : (.+)$/))) {
      if (!idPattern.test(m[1] ?? '')) problems.push(`${at}: bad id ${m[1]}`);
    } else {
      problems.push(`${at}: unexpected line ${JSON.stringify(line)}`);
    }
  });
  if (depth !== 0) problems.push('unbalanced braces');
  // Every edge end must be declared: an undeclared id makes Mermaid invent a state wherever it first appears.
  for (const line of lines) {
    const m = line.match(/^(\S+) --> (\S+)/);
    if (!m) continue;
    for (const end of [m[1], m[2]]) {
      if (end !== undefined && end !== '[*]' && !declared.has(end)) problems.push(`edge to undeclared state ${end}`);
    }
  }
  return problems;
}
