/**
 * How many of the header's menu links fit in one row beside a "More" button, from the widths the browser lays out.
 * Presentation only: which links exist and where they go is the channel's menu; this says where each one is drawn.
 */
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { HEADER_NARROW } from './header-breakpoint';

/**
 * The most items, in order, that fit in `available` pixels: all of them if the whole row fits, else as many as fit
 * with the "More" button after them (at least none; the button then stands alone).
 *
 * @param widths each item's width, in the row's order
 * @param gap the space between two neighbours (items and the button alike)
 */
export function fittingCount(available: number, widths: readonly number[], gap: number, moreWidth: number): number {
  const ends: number[] = [];
  let end = 0;
  for (const [index, width] of widths.entries()) {
    end += (index === 0 ? 0 : gap) + width;
    ends.push(end);
  }
  if (ends.length === 0 || end <= available) return ends.length;
  let count = ends.length - 1;
  while (count > 0 && ends[count - 1]! + gap + moreWidth > available) count -= 1;
  return count;
}

/**
 * Measures an unseen copy of the row (every item, then the More button, laid out like the bar's) against a sizer
 * that spans the room the bar leaves for the menu. The room does not depend on what the row shows (the menu takes
 * the rest of the bar, `flex-basis: 0`) and the copy does not depend on it either, so moving links in or out of
 * "More" never resizes what is observed: no feedback loop, and the same widths always give the same count.
 */
function measure(room: HTMLElement, copy: HTMLElement): number {
  const boxes = [...copy.children].map((child) => child.getBoundingClientRect().width);
  const moreWidth = boxes.pop() ?? 0;
  const gap = Number.parseFloat(getComputedStyle(copy).columnGap) || 0;
  return fittingCount(room.getBoundingClientRect().width, boxes, gap, moreWidth);
}

/**
 * The measured count as an external store: React renders a store's change synchronously (in a microtask), so a
 * change reported by a ResizeObserver, after layout, is drawn in the same frame rather than one frame late with
 * links overflowing the bar. (flushSync would do the same but costs the initial bundle react-dom's shared exports.)
 */
function countStore(initial: number) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: number) {
      if (next === value) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * The number of leading items to draw in the bar (the rest go under "More"), with the refs of the sizer and the
 * copy to measure. `total` when measuring is off (`enabled` false), before the first measure, and where the browser
 * cannot observe sizes. `labels` says when the copy holds other words (its size alone could stay the same).
 */
export function useFittingCount(total: number, enabled: boolean, labels: string) {
  const room = useRef<HTMLDivElement>(null);
  const copy = useRef<HTMLDivElement>(null);
  const [store] = useState(() => countStore(total));
  const count = useSyncExternalStore(store.subscribe, store.get, store.get);

  useLayoutEffect(() => {
    const roomBox = room.current;
    const copyBox = copy.current;
    if (!enabled || !roomBox || !copyBox) return;
    const update = () => store.set(measure(roomBox, copyBox));
    // Without an observer, measure now: a change in a layout effect renders before the browser paints.
    if (typeof ResizeObserver !== 'function') {
      update();
      return;
    }
    // The observer's first report comes after the browser's own layout of the new page and before its first paint,
    // so nothing overflows on screen; measuring here instead forced that whole layout inside React's commit (about
    // 60 ms at 4x CPU on a watch page). The copy resizes when the labels, the language or the fonts change; the sizer
    // when the window does.
    const observer = new ResizeObserver(update);
    observer.observe(roomBox);
    observer.observe(copyBox);
    return () => observer.disconnect();
  }, [enabled, total, labels, store]);

  return { count: enabled ? Math.min(count, total) : total, roomRef: room, copyRef: copy };
}

function subscribeToNarrow(onChange: () => void): () => void {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(HEADER_NARROW) : null;
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the header is folded behind its Menu button (false where the media cannot be asked). */
export function useHeaderNarrow(): boolean {
  return useSyncExternalStore(
    subscribeToNarrow,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(HEADER_NARROW).matches : false),
    () => false,
  );
}
