/**
 * Facade of "continue watching" on home: the signed-in viewer's row of unfinished replays and library videos
 * (README.md "Continue watching"). The player's side is ./resume-offer.ts.
 */
import { type ContinueItem, continueWatchingRead } from '../../../machines/resource/progress.reads';
import { SessionFlow } from '../flows';
import { useRead } from './read';

/**
 * The signed-in viewer's row, read afresh on each visit to home; empty for a visitor (nothing is asked), while the
 * session is still finding out who it is, until the row is read, and when it cannot be.
 */
export function useContinueWatching(): readonly ContinueItem[] {
  const viewer = SessionFlow.useSelect((s) => s.context.profile?.id ?? null);
  return useRead(continueWatchingRead, viewer).data ?? [];
}
