/**
 * Facade of "continue watching" on home: the signed-in viewer's row of unfinished replays and library videos
 * (README.md "Continue watching"). The player's side is ./resume-offer.ts.
 */
import { type ContinueItem, continueWatchingRead } from '../../../machines/resource/progress.reads';
import { SessionFlow } from '../flows';
import { useRead } from './read';

/** The signed-in viewer's id; null for a visitor and while the session is still finding out. */
export function useSignedInViewer(): number | null {
  return SessionFlow.useSelect((s) => s.context.profile?.id ?? null);
}

/** The viewer's row, read afresh on each visit to home; empty until it is read (and when it cannot be). */
export function useContinueWatching(viewer: number): readonly ContinueItem[] {
  const { data } = useRead(continueWatchingRead, viewer);
  return data ?? [];
}
