/**
 * How the studio frames a diagram (statecharts/diagram-view.ts): it opens at a zoom where its smallest text is at
 * least READABLE_PX, fitted when that is readable already; it is scrolled to centre the active state, else the
 * initial one; following scrolls only when that state left the view. Checked on small hand-made layouts, then on
 * the payment machine's real ELK layout in the frames issue 29 measured (a laptop's and a phone's).
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/registry';
import {
  centredScroll,
  DIAGRAM_FONT,
  fitZoom,
  focusBoxes,
  followScroll,
  inView,
  MAX_ZOOM,
  openingView,
  openingZoom,
  READABLE_PX,
  smallestFontSize,
} from '../../statecharts/diagram-view';
import { type LaidOutEdge, type LaidOutState, layoutMachine, type MachineLayout, triggerOf } from '../../statecharts/layout';

const state = (id: string, box: { x: number; y: number; width?: number; height?: number }, more: Partial<LaidOutState> = {}): LaidOutState => ({
  id,
  key: id.split('.').at(-1) ?? id,
  parent: id.split('.').slice(0, -1).join('.'),
  type: 'atomic',
  depth: id.split('.').length - 2,
  initial: false,
  description: undefined,
  tags: [],
  invoke: [],
  container: false,
  width: 100,
  height: 40,
  ...box,
  ...more,
});

const edge = (label: string, guard?: string): LaidOutEdge => ({
  id: label,
  transition: label,
  kind: 'event',
  source: 'm.a',
  target: 'm.b',
  label: guard === undefined ? label : `${label} [${guard}]`,
  guard,
  description: undefined,
  points: [],
  labelBox: null,
  internal: false,
});

/** A wide machine: `m.a` (initial, at the left), `m.b` (compound, initial child `m.b.inner`) far to the right. */
const wide: MachineLayout = {
  width: 3000,
  height: 1200,
  states: [
    state('m.a', { x: 100, y: 100 }, { initial: true }),
    state('m.b', { x: 2000, y: 600, width: 600, height: 400 }, { type: 'compound', container: true }),
    state('m.b.inner', { x: 2100, y: 800 }, { initial: true }),
    state('m.b.other', { x: 2400, y: 800 }),
  ],
  edges: [edge('go', 'isReady')],
  initials: [],
  anyState: null,
};

const laptop = { width: 846, height: 446 };
const phone = { width: 356, height: 420 };

describe('the zoom a diagram opens at', () => {
  it('is readable: the smallest font the diagram draws reaches READABLE_PX', () => {
    expect(smallestFontSize(wide)).toBe(DIAGRAM_FONT.label);
    expect(smallestFontSize({ ...wide, edges: [] })).toBe(DIAGRAM_FONT.name);
    const fit = fitZoom(wide, laptop);
    expect(fit).toBeCloseTo(Math.min(846 / 3000, 446 / 1200));
    expect(openingZoom(fit, 12) * 12).toBeCloseTo(READABLE_PX);
  });

  it('is the fitted zoom when that is readable already, and never above MAX_ZOOM', () => {
    const small = { width: 400, height: 200 };
    expect(fitZoom(small, laptop)).toBe(1);
    expect(openingZoom(fitZoom(small, laptop), 12)).toBe(1);
    expect(openingZoom(0.3, 2)).toBe(MAX_ZOOM);
  });
});

describe('where a diagram opens and what it follows', () => {
  it('centres the initial state, followed down its initial children', () => {
    expect(focusBoxes(wide, new Set())).toEqual([wide.states[0]]);
    const nested = { states: wide.states.map((s) => ({ ...s, initial: s.id !== 'm.a' && s.id !== 'm.b.other' })) };
    expect(focusBoxes(nested, new Set()).map((b) => (b as LaidOutState).id)).toEqual(['m.b.inner']);
  });

  it('centres the deepest active state rather than its parent', () => {
    const { zoom, scroll } = openingView(wide, laptop, new Set(['m.b', 'm.b.other']));
    expect(zoom).toBeCloseTo(11 / 12);
    const centre = { x: (2400 + 50) * zoom - scroll.left, y: (800 + 20) * zoom - scroll.top };
    expect(centre.x).toBeCloseTo(laptop.width / 2, 0);
    expect(centre.y).toBeCloseTo(laptop.height / 2, 0);
  });

  it('stays within what the frame can scroll: a state in a corner is shown, not centred', () => {
    const { scroll } = openingView(wide, phone, new Set());
    expect(scroll).toEqual({ left: 0, top: 0 });
    expect(centredScroll({ x: 2900, y: 1150, width: 100, height: 50 }, 1, wide, phone)).toEqual({ left: 3000 - 356, top: 1200 - 420 });
  });

  it('follows only a state that left the view', () => {
    const zoom = 11 / 12;
    const opened = openingView(wide, laptop, new Set(['m.a']));
    expect(followScroll(wide, new Set(['m.a']), zoom, opened.scroll, laptop)).toBeNull();
    const moved = followScroll(wide, new Set(['m.b', 'm.b.inner']), zoom, opened.scroll, laptop);
    expect(moved).not.toBeNull();
    expect(inView(wide.states[2]!, zoom, moved!, laptop)).toBe(true);
  });

  it('keeps parallel states in view together when they fit, else the first', () => {
    const both = new Set(['m.b.inner', 'm.b.other']);
    const { zoom, scroll } = openingView(wide, laptop, both);
    for (const s of wide.states.slice(2)) expect(inView(s, zoom, scroll, laptop)).toBe(true);
    const narrow = openingView(wide, { width: 200, height: 420 }, both);
    expect(inView(wide.states[2]!, narrow.zoom, narrow.scroll, { width: 200, height: 420 })).toBe(true);
  });
});

describe('a transition in the panel', () => {
  it('reads its event apart from its guard', () => {
    expect(triggerOf(edge('user.submit', 'and(isValid, not(isBusy))'))).toBe('user.submit');
    expect(triggerOf(edge('after 5000ms'))).toBe('after 5000ms');
  });
});

describe('the payment diagram, which opened at 4.8 px text on a laptop (issue 29)', async () => {
  const layout = await layoutMachine(machineRegistry.payment, new ELK());
  it.each([
    ['a laptop', laptop],
    ['a phone', phone],
  ])('opens on %s with its smallest text at 11 px or more, its initial state in the frame', (_where, frame) => {
    const { zoom, scroll } = openingView(layout, frame, new Set());
    expect(smallestFontSize(layout) * zoom).toBeGreaterThanOrEqual(READABLE_PX - 1e-9);
    const [initial] = focusBoxes(layout, new Set());
    expect((initial as LaidOutState).id).toBe('payment.loadingPurchases');
    expect(inView(initial!, zoom, scroll, frame)).toBe(true);
  });
});
