/** Work that can wait for the browser to be idle: the statechart studio's live recorder, the service worker's registration. */

/** How long to wait at most: for idle time, and without requestIdleCallback (Safari before 18.4), plainly. */
export interface IdleWait {
  timeoutMs: number;
  fallbackMs: number;
}

/** Runs `task` once the browser is idle (or `timeoutMs` passed), and returns how to cancel it. */
export function whenBrowserIdle(task: () => void, { timeoutMs, fallbackMs }: IdleWait): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, fallbackMs);
  return () => clearTimeout(id);
}
