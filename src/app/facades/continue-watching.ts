/**
 * Facade of "continue watching": the signed-in viewer's row of unfinished replays and library videos (home), and the
 * player's resume offer (machines/player `offeringResume`): whether the viewer is asked where to start, the saved
 * position it names, and the two answers (read inside a `<PlayerScope>`).
 */
import { type ContinueItem, continueWatchingRead } from '../../../machines/resource/progress.reads';
import { PlayerFlow, SessionFlow } from '../flows';
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

export interface ResumeOfferHandle {
  /** The viewer is asked "Resume from 12:34" or "Start from the beginning". */
  offered: boolean;
  /** Where they stopped, in seconds; null when nothing is offered. */
  position: number | null;
  resume(): void;
  restart(): void;
}

export function useResumeOffer(): ResumeOfferHandle {
  const player = PlayerFlow.useActor();
  const offered = PlayerFlow.useSelect((s) => s.hasTag('resumeOffer'));
  const position = PlayerFlow.useSelect((s) => (s.hasTag('resumeOffer') ? s.context.savedPosition : null));
  return {
    offered,
    position,
    resume: () => player.send({ type: 'user.resume' }),
    restart: () => player.send({ type: 'user.restart' }),
  };
}
