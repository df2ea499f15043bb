/**
 * A machine's diagram laid out with ELK (elkjs, the layered algorithm): every state node of the walk in
 * machine-graph.ts as a box (compound and parallel states hold their children, parallel regions side by side), a
 * dot for each compound state's initial child, and every transition of the walk as a labelled edge. The studio
 * (src/views/statecharts) draws it as SVG; the Markdown diagrams read the same walk, so the two never disagree.
 *
 * Text is measured by an estimate (the same in Node and in the browser), so a layout does not depend on fonts.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { AnyStateMachine } from 'xstate';
import { listStates, listTransitions, type MachineState, type MachineTransition } from './machine-graph';

/** What lays a graph out: `new ELK()` from elkjs, in Node (the build, tests and the benchmark). */
export interface Elk {
  layout(graph: ElkNode): Promise<ElkNode>;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  id: string;
  key: string;
  /** The parent state's id (the machine's id for a top-level state). */
  parent: string;
  type: MachineState['type'];
  history?: 'shallow' | 'deep';
  /** 0 for the machine's top-level states. */
  depth: number;
  /** Whether it is its parent's initial state. */
  initial: boolean;
  description: string | undefined;
  tags: string[];
  invoke: string[];
  /** Has children drawn inside it. */
  container: boolean;
}

export interface LaidOutEdge {
  /** Unique in the diagram: the transition's id, with `→<n>` for each target of a transition that has several; an initial arrow's is `<parent>#initial`. */
  id: string;
  /** The transition's id (machine-graph), as inspection and the test paths name it; '' for an initial arrow. */
  transition: string;
  kind: MachineTransition['kind'] | 'initial';
  source: string;
  target: string;
  label: string;
  /** Its guard as written (the label ends with it in brackets): the studio's panel shows it apart. */
  guard: string | undefined;
  description: string | undefined;
  /** The route, from the source's border to the target's; empty for an internal transition. */
  points: Array<{ x: number; y: number }>;
  /** Where the label sits (for an internal transition, its line inside the state); null for an initial arrow. */
  labelBox: Box | null;
  /**
   * A transition that stays in its state (actions only): listed inside the state's box, as statecharts draw
   * internal transitions, rather than as a loop whose label would crowd the others.
   */
  internal: boolean;
}

export interface MachineLayout {
  width: number;
  height: number;
  states: LaidOutState[];
  edges: LaidOutEdge[];
  /** The initial dots, one per compound state (and the machine). */
  initials: Array<Box & { parent: string }>;
  /** Where the transitions the machine takes in any state start, when it has some. */
  anyState: Box | null;
}

const CHAR_WIDTH = 7.4;
const LABEL_HEIGHT = 16;
const STATE_HEIGHT = 40;
const LINE_HEIGHT = 16;
const HEADER = 34;
const DOT = 12;

/** An estimate of a text's width in the diagram's 13 px sans-serif (diagram-view.ts: DIAGRAM_FONT). */
const textWidth = (text: string): number => Math.ceil(text.length * CHAR_WIDTH);

const initialId = (parent: string) => `${parent}#initial`;
/** Transitions the machine takes in any state (declared on its root) start from this box. */
export const anyStateId = (root: string) => `${root}#any`;

/** The lowest state that holds both ends: ELK lays an edge out in it, and gives its route relative to it. */
function commonParent(states: Map<string, MachineState>, a: string, b: string): string {
  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (let s = states.get(id)?.parent; s !== undefined; s = states.get(s)?.parent) out.push(s);
    return out;
  };
  const ofA = ancestors(a);
  return ancestors(b).find((id) => ofA.includes(id)) ?? ofA.at(-1) ?? a;
}

/** The lines a state's box shows under its name: what it invokes, then its tags. */
function stateNotes(state: Pick<MachineState, 'invoke' | 'tags'>): string[] {
  return [...state.invoke.map((i) => `invoke ${i.src}`), ...(state.tags.length > 0 ? [`#${state.tags.join(' #')}`] : [])];
}

/**
 * What fires a transition, without its guard (`toast.show`, `after 5000ms`): its label less the guard that
 * machine-graph.ts appends, so the studio's data does not carry it twice.
 */
export const triggerOf = (edge: Pick<LaidOutEdge, 'label' | 'guard'>): string =>
  edge.guard === undefined ? edge.label : edge.label.slice(0, -` [${edge.guard}]`.length);

/** How an internal transition reads inside its state. */
export const internalLine = (label: string): string => `↺ ${label}`;

function atomicSize(state: MachineState, internal: readonly string[]): { width: number; height: number } {
  const lines = [state.key, ...stateNotes(state), ...internal.map(internalLine)];
  return {
    width: Math.max(96, ...lines.map((line) => textWidth(line) + 24)),
    height: STATE_HEIGHT + (lines.length - 1) * LINE_HEIGHT,
  };
}

export async function layoutMachine(machine: AnyStateMachine, elk: Elk): Promise<MachineLayout> {
  const states = listStates(machine);
  const byId = new Map(states.map((s) => [s.id, s]));
  const transitions = listTransitions(machine);
  const root = states[0];
  if (!root) throw new Error('a machine has a root state');

  // Transitions that stay in their state (no target), by the box that lists them (the any-state box for the root's).
  const isInternal = (t: MachineTransition) => t.targets.length === 0;
  const boxOf = (t: MachineTransition) => (t.source === root.id ? anyStateId(root.id) : t.source);
  const internalOf = new Map<string, MachineTransition[]>();
  for (const t of transitions.filter(isInternal)) internalOf.set(boxOf(t), [...(internalOf.get(boxOf(t)) ?? []), t]);
  const internalLabels = (box: string): string[] => (internalOf.get(box) ?? []).map((t) => t.label);

  const nodes = new Map<string, ElkNode>();
  const toNode = (state: MachineState): ElkNode => {
    const internal = internalLabels(state.id);
    const headerLines = stateNotes(state).length + internal.length;
    const children = state.children.map((id) => toNode(byId.get(id)!));
    const node: ElkNode =
      children.length === 0
        ? { id: state.id, ...(state.type === 'history' ? { width: 56, height: 40 } : atomicSize(state, internal)) }
        : {
            id: state.id,
            children,
            edges: [],
            layoutOptions: {
              'elk.padding': `[top=${HEADER + headerLines * LINE_HEIGHT},left=16,bottom=16,right=16]`,
              'elk.nodeSize.constraints': 'MINIMUM_SIZE',
              'elk.nodeSize.minimum': `(${Math.max(textWidth(state.key) + 48, ...[...stateNotes(state), ...internal.map(internalLine)].map((l) => textWidth(l) + 24))}, 60)`,
            },
          };
    // The initial dot opens its parent: first in its layer order, above the states it points to.
    if (state.initial) node.children!.unshift({ id: initialId(state.id), width: DOT, height: DOT, layoutOptions: { 'elk.layered.layering.layerConstraint': 'FIRST' } });
    nodes.set(state.id, node);
    return node;
  };
  const graph = toNode(root);
  const fromAnyState = transitions.some((t) => t.source === root.id);
  const anyInternal = internalLabels(anyStateId(root.id));
  const anySize = {
    width: Math.max(textWidth('any state'), ...anyInternal.map((l) => textWidth(internalLine(l)))) + 24,
    height: 28 + anyInternal.length * LINE_HEIGHT,
  };
  if (fromAnyState) graph.children!.push({ id: anyStateId(root.id), ...anySize });
  graph.layoutOptions = {
    'elk.algorithm': 'layered',
    'elk.direction': 'DOWN',
    'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
    'elk.edgeRouting': 'ORTHOGONAL',
    'elk.layered.spacing.nodeNodeBetweenLayers': '48',
    'elk.spacing.nodeNode': '32',
    'elk.spacing.edgeLabel': '4',
    'elk.spacing.edgeEdge': '12',
    'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    'elk.padding': '[top=16,left=16,bottom=16,right=16]',
  };

  const edges: Array<Omit<LaidOutEdge, 'points' | 'labelBox'>> = [];
  for (const state of states) {
    if (state.initial) {
      edges.push({ id: initialId(state.id), transition: '', kind: 'initial', source: initialId(state.id), target: state.initial, label: '', guard: undefined, description: undefined, internal: false });
    }
  }
  const said = (t: MachineTransition) => ({ label: t.label, guard: t.guard, description: t.description });
  for (const t of transitions) {
    const source = boxOf(t);
    if (isInternal(t)) {
      edges.push({ id: t.id, transition: t.id, kind: t.kind, source, target: source, ...said(t), internal: true });
      continue;
    }
    t.targets.forEach((target, i) => {
      edges.push({ id: t.targets.length === 1 ? t.id : `${t.id}→${i}`, transition: t.id, kind: t.kind, source, target, ...said(t), internal: false });
    });
  }
  const parentOf = (id: string): string => (id.endsWith('#initial') ? id.slice(0, -'#initial'.length) : (byId.get(id)?.parent ?? root.id));
  const holderOf = (a: string, b: string): string => (byId.has(a) && byId.has(b) ? commonParent(byId, a, b) : root.id);
  for (const edge of edges) {
    if (edge.internal) continue;
    const container =
      edge.kind === 'initial'
        ? parentOf(edge.source)
        : edge.source === edge.target
          ? parentOf(edge.source)
          : holderOf(edge.source, edge.target);
    const elkEdge: ElkExtendedEdge = {
      id: edge.id,
      sources: [edge.source],
      targets: [edge.target],
      ...(edge.label === '' ? {} : { labels: [{ text: edge.label, width: textWidth(edge.label), height: LABEL_HEIGHT }] }),
    };
    (nodes.get(container) ?? graph).edges!.push(elkEdge);
  }

  const laid = await elk.layout(graph);

  // Absolute positions: ELK gives each node relative to its parent, and each edge relative to its container.
  const origin = new Map<string, { x: number; y: number }>();
  const laidNodes = new Map<string, ElkNode>();
  const place = (node: ElkNode, x: number, y: number): void => {
    const at = { x: x + (node.x ?? 0), y: y + (node.y ?? 0) };
    origin.set(node.id, at);
    laidNodes.set(node.id, node);
    for (const child of node.children ?? []) place(child, at.x, at.y);
  };
  place(laid, -(laid.x ?? 0), -(laid.y ?? 0));

  const depthOf = (id: string): number => {
    let depth = -1;
    for (let s = byId.get(id)?.parent; s !== undefined; s = byId.get(s)?.parent) depth++;
    return depth;
  };
  const laidStates: LaidOutState[] = states.slice(1).map((state) => {
    const node = laidNodes.get(state.id)!;
    const at = origin.get(state.id)!;
    const parent = state.parent === undefined ? undefined : byId.get(state.parent);
    return {
      id: state.id,
      key: state.key,
      parent: state.parent ?? root.id,
      type: state.type,
      ...(state.history ? { history: state.history } : {}),
      depth: depthOf(state.id),
      initial: parent?.initial === state.id,
      description: state.description,
      tags: state.tags,
      invoke: state.invoke.map((i) => i.src),
      container: state.children.length > 0,
      x: at.x,
      y: at.y,
      width: node.width ?? 0,
      height: node.height ?? 0,
    };
  });
  const initials = states
    .filter((s) => s.initial !== undefined)
    .map((s) => {
      const id = initialId(s.id);
      const at = origin.get(id)!;
      return { parent: s.id, x: at.x, y: at.y, width: DOT, height: DOT };
    });

  const laidEdges = new Map<string, { edge: ElkExtendedEdge; holder: string }>();
  const collect = (node: ElkNode): void => {
    for (const edge of node.edges ?? []) laidEdges.set(edge.id, { edge, holder: node.id });
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid);
  const anyState = fromAnyState ? { ...origin.get(anyStateId(root.id))!, ...anySize } : null;
  /** An internal transition's line inside its box, under the box's name and notes (as MachineDiagram draws them). */
  const internalBox = (edge: Omit<LaidOutEdge, 'points' | 'labelBox'>): Box => {
    const index = (internalOf.get(edge.source) ?? []).findIndex((t) => t.id === edge.id);
    const width = textWidth(internalLine(edge.label));
    if (anyState && edge.source === anyStateId(root.id)) {
      return { x: anyState.x + anyState.width / 2 - width / 2, y: anyState.y + 18 + (index + 1) * LINE_HEIGHT - 12, width, height: LABEL_HEIGHT };
    }
    const state = laidStates.find((s) => s.id === edge.source)!;
    const line = 1 + stateNotes(byId.get(state.id)!).length + index;
    const x = state.container ? state.x + 12 : state.x + state.width / 2 - width / 2;
    return { x, y: state.y + 24 + line * LINE_HEIGHT - 12, width, height: LABEL_HEIGHT };
  };
  const outEdges: LaidOutEdge[] = edges.map((edge) => {
    if (edge.internal) return { ...edge, points: [], labelBox: internalBox(edge) };
    const found = laidEdges.get(edge.id);
    if (!found) throw new Error(`ELK lost the edge ${edge.id}`);
    const relativeTo = origin.get((found.edge as { container?: string }).container ?? found.holder) ?? { x: 0, y: 0 };
    const section = found.edge.sections?.[0];
    const points = section
      ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => ({ x: p.x + relativeTo.x, y: p.y + relativeTo.y }))
      : [];
    const label = found.edge.labels?.[0];
    return {
      ...edge,
      points,
      labelBox: label ? { x: (label.x ?? 0) + relativeTo.x, y: (label.y ?? 0) + relativeTo.y, width: label.width ?? 0, height: label.height ?? 0 } : null,
    };
  });

  return { width: laid.width ?? 0, height: laid.height ?? 0, states: laidStates, edges: outEdges, initials, anyState };
}
