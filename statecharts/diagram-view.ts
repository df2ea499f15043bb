/**
 * How the studio frames a machine's diagram (src/views/statecharts/MachineDiagram.tsx), as pure maths over its
 * layout: the zoom it opens at, so that its smallest text is readable however large the machine, and where the frame
 * scrolls to show the state that matters (the one the actor is in, else the one it starts in). Product owners once
 * had to click Zoom in four times before a label of the payment diagram could be read (issue 29).
 */
import type { Box, MachineLayout } from './layout';

/** The diagram's font sizes, in layout units: statecharts.css.ts draws with them. */
export const DIAGRAM_FONT = { name: 13, note: 12, label: 12 } as const;
export const MIN_ZOOM = 0.2;
export const MAX_ZOOM = 2.5;
/** The smallest text, in CSS pixels, a product owner reads without zooming (issue 29's bar). */
export const READABLE_PX = 11;
/** How close to the frame's edge a state may come before following it scrolls. */
const FOLLOW_MARGIN = 24;

export interface Size {
  width: number;
  height: number;
}

export interface Scroll {
  left: number;
  top: number;
}

type Diagram = Pick<MachineLayout, 'width' | 'height' | 'states' | 'edges' | 'anyState'>;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The smallest font the diagram draws: a state's name always, its notes and the transitions' labels when it has some. */
export function smallestFontSize(layout: Diagram): number {
  const sizes: number[] = [DIAGRAM_FONT.name];
  if (layout.anyState || layout.states.some((s) => s.invoke.length > 0 || s.tags.length > 0)) sizes.push(DIAGRAM_FONT.note);
  if (layout.edges.some((e) => e.kind !== 'initial')) sizes.push(DIAGRAM_FONT.label);
  return Math.min(...sizes);
}

/** The zoom that shows the whole diagram in the frame, never enlarged past its natural size. */
export function fitZoom(layout: Size, frame: Size): number {
  if (layout.width <= 0 || layout.height <= 0) return 1;
  return clamp(Math.min(frame.width / layout.width, frame.height / layout.height, 1), MIN_ZOOM, MAX_ZOOM);
}

/**
 * The zoom a diagram opens at: fitted when that is readable, else the least zoom at which the smallest font reaches
 * READABLE_PX (the frame then scrolls); MAX_ZOOM at most.
 */
export function openingZoom(fit: number, smallestFont: number): number {
  return clamp(Math.max(fit, READABLE_PX / smallestFont), MIN_ZOOM, MAX_ZOOM);
}

/**
 * The boxes to keep in view: the deepest states the actor is in (several in parallel regions), or, with no actor,
 * the state the machine starts in, followed down its initial children.
 */
export function focusBoxes(layout: Pick<MachineLayout, 'states'>, active: ReadonlySet<string>): Box[] {
  const lit = layout.states.filter((s) => active.has(s.id));
  const deepest = lit.filter((s) => !lit.some((child) => child.parent === s.id));
  if (deepest.length > 0) return deepest;
  const initialChild = (parent: string) => layout.states.find((s) => s.parent === parent && s.initial);
  let start = layout.states.find((s) => s.depth === 0 && s.initial);
  for (let next = start && initialChild(start.id); next; next = initialChild(next.id)) start = next;
  return start ? [start] : [];
}

/** The boxes' union, or the first one alone when the union at this zoom does not fit the frame. */
function target(boxes: readonly Box[], zoom: number, frame: Size): Box | null {
  const [first] = boxes;
  if (!first) return null;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const union = { x: left, y: top, width: Math.max(...boxes.map((b) => b.x + b.width)) - left, height: Math.max(...boxes.map((b) => b.y + b.height)) - top };
  return union.width * zoom <= frame.width && union.height * zoom <= frame.height ? union : first;
}

/** The scroll position that centres `box` in the frame, within what the drawing at `zoom` lets the frame scroll. */
export function centredScroll(box: Box, zoom: number, layout: Size, frame: Size): Scroll {
  return {
    left: Math.round(clamp((box.x + box.width / 2) * zoom - frame.width / 2, 0, Math.max(0, layout.width * zoom - frame.width))),
    top: Math.round(clamp((box.y + box.height / 2) * zoom - frame.height / 2, 0, Math.max(0, layout.height * zoom - frame.height))),
  };
}

/** Whether `box` at `zoom` lies in the frame scrolled to `scroll`, FOLLOW_MARGIN away from its edges (or as near as it can be). */
export function inView(box: Box, zoom: number, scroll: Scroll, frame: Size): boolean {
  const marginX = Math.min(FOLLOW_MARGIN, Math.max(0, (frame.width - box.width * zoom) / 2));
  const marginY = Math.min(FOLLOW_MARGIN, Math.max(0, (frame.height - box.height * zoom) / 2));
  return (
    box.x * zoom >= scroll.left + marginX - 1 &&
    (box.x + box.width) * zoom <= scroll.left + frame.width - marginX + 1 &&
    box.y * zoom >= scroll.top + marginY - 1 &&
    (box.y + box.height) * zoom <= scroll.top + frame.height - marginY + 1
  );
}

/** How a diagram opens in a frame of this size: its zoom, and the scroll that centres the active or initial state. */
export function openingView(layout: Diagram, frame: Size, active: ReadonlySet<string>): { zoom: number; scroll: Scroll } {
  const zoom = openingZoom(fitZoom(layout, frame), smallestFontSize(layout));
  const box = target(focusBoxes(layout, active), zoom, frame);
  return { zoom, scroll: box ? centredScroll(box, zoom, layout, frame) : { left: 0, top: 0 } };
}

/** Where following the active state scrolls the frame when it moved out of view; null when it is still in view. */
export function followScroll(layout: Diagram, active: ReadonlySet<string>, zoom: number, scroll: Scroll, frame: Size): Scroll | null {
  const box = target(focusBoxes(layout, active), zoom, frame);
  if (!box || inView(box, zoom, scroll, frame)) return null;
  return centredScroll(box, zoom, layout, frame);
}
