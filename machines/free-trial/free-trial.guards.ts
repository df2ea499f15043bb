/**
 * The free-trial machine's predicates (machines/free-trial/free-trial.machine.ts), named for the diagram, and where a
 * viewer stands with a plan by the same predicates, for the screens that show it without a trial to start (the
 * catalogue's "Start free trial" or "Subscribe").
 */
import type { CardEntryOutput } from '../card-entry/card-entry.types';
import type { FreeTrialContext, FreeTrialEvent, TrialPlan } from './free-trial.types';

interface GuardArgs {
  context: FreeTrialContext;
  event: FreeTrialEvent;
}

/** What a viewer's standing with a plan reads: the plan (with the viewer's status) and whether they had a trial. */
interface StandingArgs {
  context: Pick<FreeTrialContext, 'plan' | 'trialPeriodUsed'>;
}

const standingGuards = {
  /** A trial of this plan is running (cancelled or not, it lasts until trial_ends_at). */
  isInTrial: ({ context }: StandingArgs) =>
    context.plan?.trial_ends_at != null && (context.plan.status === 'active' || context.plan.status === 'canceled'),
  isSubscribed: ({ context }: StandingArgs) => context.plan?.status === 'active' || context.plan?.is_purchased === true,
  offersTrial: ({ context }: StandingArgs) => (context.plan?.trial_period ?? 0) > 0,
  isTrialUsed: ({ context }: StandingArgs) => context.trialPeriodUsed,
};

export const freeTrialGuards = {
  ...standingGuards,
  /** The page said which plan it sells (FreeTrialInput.plan). */
  hasPlan: ({ context }: StandingArgs) => context.plan !== null,
  isOwnSavedCard: ({ context, event }: GuardArgs) =>
    event.type === 'user.selectSavedCard' && context.savedCards.some((card) => card.id === event.paymentMethodId),
  hasCard: ({ context }: GuardArgs) => context.card !== null,
  usesSavedCard: ({ context }: GuardArgs) => context.card?.kind === 'saved',
  isCardConfirmed: (_: GuardArgs, outcome: CardEntryOutput) => outcome.result === 'confirmed',
};

/**
 * Where a viewer stands with a plan, decided as the machine's `checking` state decides it (the same guards, in the
 * same order): `offered` when its free trial would start.
 */
export type TrialStanding = 'inTrial' | 'subscribed' | 'noTrial' | 'trialUsed' | 'offered';

export function trialStandingOf(plan: TrialPlan, trialPeriodUsed: boolean): TrialStanding {
  const args: StandingArgs = { context: { plan, trialPeriodUsed } };
  if (standingGuards.isInTrial(args)) return 'inTrial';
  if (standingGuards.isSubscribed(args)) return 'subscribed';
  if (!standingGuards.offersTrial(args)) return 'noTrial';
  if (standingGuards.isTrialUsed(args)) return 'trialUsed';
  return 'offered';
}
