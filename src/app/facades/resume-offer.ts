/**
 * Facade of the player's resume offer (machines/player `offeringResume`): whether the viewer is asked where to start,
 * the saved position it names, and the two answers. Read inside a `<PlayerScope>`.
 */
import { PlayerFlow } from '../flows';

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
