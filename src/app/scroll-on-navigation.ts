/**
 * When a location change scrolls the page to the top. A new page, or a push that changes only the query (the next
 * results page), opens at the top as a browser's own navigation would. A replace that changes only the query keeps
 * the scroll: it is the page updating its own address as the viewer works in it (a filter, a profile tab's query,
 * the studio's simulated steps and picked actor), and jumping to the top took the viewer away from what they had
 * just clicked (issue 29: every Simulate step scrolled the window up).
 */

/** How the address last changed, as wouter's patched history and the browser tell it. */
type HistoryChange = 'pushState' | 'replaceState' | 'popstate';

let lastChange: HistoryChange = 'pushState';

/** Listens once per page for how the address changes; wouter dispatches `pushState` and `replaceState` events. */
export function followHistoryChanges(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>): () => void {
  const kinds: HistoryChange[] = ['pushState', 'replaceState', 'popstate'];
  const listeners = kinds.map((kind) => {
    const listener = () => {
      lastChange = kind;
    };
    // Capture: recorded before wouter's own listener re-renders the page.
    target.addEventListener(kind, listener, { capture: true });
    return [kind, listener] as const;
  });
  return () => {
    for (const [kind, listener] of listeners) target.removeEventListener(kind, listener, { capture: true });
  };
}

/** How the address changed last (for tests and the shell). */
export const lastHistoryChange = (): HistoryChange => lastChange;

/** Whether moving from `before` to `after` (path and query) scrolls to the top, given how the address changed. */
export function scrollsToTop(before: { path: string; search: string } | null, after: { path: string; search: string }, change: HistoryChange): boolean {
  if (before === null || before.path !== after.path) return true;
  if (before.search === after.search) return false;
  return change !== 'replaceState';
}
