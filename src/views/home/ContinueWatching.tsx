/**
 * "Continue watching" on home: the signed-in viewer's unfinished replays and library videos, most recently watched
 * first (README.md "Continue watching"). Nothing for a visitor, while the row is read, or when it is empty. The row
 * itself (ContinueWatchingRail.tsx) loads only once there is something to show.
 */
import { lazy, Suspense } from 'react';
import { useContinueWatching } from '../../app/facades/continue-watching';

const ContinueWatchingRail = lazy(() => import('./ContinueWatchingRail'));

export function ContinueWatching() {
  const items = useContinueWatching();
  return items.length === 0 ? null : (
    <Suspense fallback={null}>
      <ContinueWatchingRail items={items} />
    </Suspense>
  );
}
