/**
 * The studio's diagrams (statecharts/layout.ts, ELK's layered layout): for every registered machine, no two state
 * boxes with the same parent overlap, each box lies inside its parent, and every transition of the walk the
 * Markdown pages use is an edge routed from its source's border to its target's, with its label, or, when it
 * stays in its state, a line of its own inside that state's box.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { machineNames, machineRegistry } from '../../machines/registry';
import { anyStateId, type Box, type LaidOutState, layoutMachine } from '../../statecharts/layout';
import { listStates, listTransitions } from '../../statecharts/machine-graph';

const elk = new ELK();

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box): boolean =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;
/** How far a point is from a box's border (0 on it). */
const offBorder = (p: { x: number; y: number }, b: Box): number => {
  const dx = Math.max(b.x - p.x, 0, p.x - (b.x + b.width));
  const dy = Math.max(b.y - p.y, 0, p.y - (b.y + b.height));
  const outside = Math.hypot(dx, dy);
  if (outside > 0) return outside;
  return Math.min(p.x - b.x, b.x + b.width - p.x, p.y - b.y, b.y + b.height - p.y);
};

describe.each(machineNames)('the %s diagram', (name) => {
  it('has every state once, siblings apart and each inside its parent, and every transition as a routed, labelled edge', async () => {
    const machine = machineRegistry[name];
    const layout = await layoutMachine(machine, elk);
    const walked = listStates(machine);
    const root = walked[0]!;
    expect(layout.states.map((s) => s.id).sort()).toEqual(walked.slice(1).map((s) => s.id).sort());

    const box = new Map<string, Box>(layout.states.map((s) => [s.id, s]));
    if (layout.anyState) box.set(anyStateId(root.id), layout.anyState);
    const parentOf = new Map(walked.map((s) => [s.id, s.parent]));
    const byParent = new Map<string, LaidOutState[]>();
    for (const state of layout.states) {
      const parent = parentOf.get(state.id) ?? root.id;
      byParent.set(parent, [...(byParent.get(parent) ?? []), state]);
      expect(state.width * state.height, state.id).toBeGreaterThan(0);
      if (parent !== root.id) expect(inside(state, box.get(parent)!), `${state.id} inside ${parent}`).toBe(true);
      else expect(inside(state, { x: 0, y: 0, width: layout.width, height: layout.height }), `${state.id} inside the diagram`).toBe(true);
    }
    for (const [parent, siblings] of byParent) {
      const boxes: Array<Box & { id: string }> = [...siblings];
      if (parent === root.id && layout.anyState) boxes.push({ id: 'any state', ...layout.anyState });
      for (const initial of layout.initials.filter((i) => i.parent === parent)) boxes.push({ id: 'initial dot', ...initial });
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!), `${boxes[i]!.id} and ${boxes[j]!.id} overlap`).toBe(false);
      }
    }

    const transitions = listTransitions(machine);
    for (const t of transitions) {
      const edges = layout.edges.filter((e) => e.id === t.id || e.id.startsWith(`${t.id}→`));
      expect(edges.length, `${t.id} is drawn`).toBe(Math.max(1, t.targets.length));
      for (const edge of edges) {
        expect(edge.label).toBe(t.label);
        expect(edge.labelBox, `${t.id} has its label placed`).not.toBeNull();
        const source = box.get(edge.source)!;
        if (t.targets.length === 0) {
          // It stays in its state: listed on a line of its own inside the state's box.
          expect(edge.internal).toBe(true);
          expect(edge.points).toEqual([]);
          expect(inside(edge.labelBox!, source), `${t.id} is listed inside ${edge.source}`).toBe(true);
          continue;
        }
        expect(edge.internal).toBe(false);
        expect(edge.points.length, `${t.id} is routed`).toBeGreaterThanOrEqual(2);
        const target = box.get(edge.target)!;
        // ELK routes from border to border (a few pixels of slack for ports and rounding).
        expect(offBorder(edge.points[0]!, source), `${t.id} starts on ${edge.source}`).toBeLessThan(3);
        expect(offBorder(edge.points.at(-1)!, target), `${t.id} ends on ${edge.target}`).toBeLessThan(3);
      }
    }
    // Plus one dot and one arrow into each compound state's initial child.
    const initialStates = walked.filter((s) => s.initial !== undefined);
    expect(layout.initials.map((i) => i.parent).sort()).toEqual(initialStates.map((s) => s.id).sort());
    const initialArrows = layout.edges.filter((e) => e.kind === 'initial');
    expect(initialArrows.map((e) => e.target).sort()).toEqual(initialStates.map((s) => s.initial).sort());
    // Internal transitions listed in one box never share a line.
    const lines = layout.edges.filter((e) => e.internal).map((e) => `${e.source}@${e.labelBox!.y}`);
    expect(new Set(lines).size).toBe(lines.length);
  });
});
