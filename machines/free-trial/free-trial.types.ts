/** What the free-trial machine holds and what its actors exchange (machines/free-trial/free-trial.machine.ts). */
import type { Message } from '../../mesh/messages';
import type { PaymentProvider, SubscriptionPlanFieldsFragment } from '../../mesh/client/generated/graphql';
import type { CardChoice, CardDetails, CardForm, SavedCard } from '../card-entry/card-entry.types';

export type TrialPlan = SubscriptionPlanFieldsFragment;

/** Where the viewer stands with the plan, read afresh on opening and when the trial should have ended. */
export interface TrialFacts {
  plan: TrialPlan;
  /** SPEC §3 User.trial_period_used: one free trial per viewer. */
  trialPeriodUsed: boolean;
  /** Milliseconds until `plan.trial_ends_at` by the app's clock; null when no trial is running. */
  trialEndsInMs: number | null;
}

/** What starting the trial answers: the plan, now in its trial, and when that trial ends. */
export interface StartedTrial {
  plan: TrialPlan;
  trialEndsInMs: number | null;
}

/** POST /stripe/setup-intent's answer. */
export interface SetupIntent {
  id: string;
  clientSecret: string;
  provider: PaymentProvider;
  publishableKey: string | null;
}

/** @public */
export interface FreeTrialInput {
  subscriptionId: number;
  /**
   * The plan as the page read it, when it did: a plan without free days is then bought at once, with nothing read.
   * Where the viewer stands with a plan that has them is read afresh.
   */
  plan?: TrialPlan | null;
}

/** @public */
export interface FreeTrialContext {
  subscriptionId: number;
  plan: TrialPlan | null;
  trialPeriodUsed: boolean;
  /** The viewer's saved cards to start the trial with, the default first; read once the trial is offered. */
  savedCards: readonly SavedCard[];
  /** The card the trial is started with: a saved one, or a new one saved first through a setup intent. */
  card: CardChoice | null;
  /** Stripe Elements while the page shows it: what Stripe saves a new card with (card entry hands it on). */
  cardForm: CardForm | null;
  setupIntent: SetupIntent | null;
  /** When to read the subscription again while the trial runs (ms). */
  nextCheckInMs: number;
  errorMessage: Message | null;
}

/** @public */
export type FreeTrialEvent =
  | { type: 'user.selectSavedCard'; paymentMethodId: string }
  /** A new card is always saved: the server charges it when the trial ends. */
  | { type: 'user.enterNewCard'; details: CardDetails | null }
  | { type: 'user.startTrial' }
  /** The page shows Stripe Elements (a Stripe channel's new card), and stops showing it. */
  | { type: 'stripe.ready'; cardForm: CardForm }
  | { type: 'stripe.gone' }
  | { type: 'user.refresh' }
  | { type: 'user.retry' };

export interface StartTrialInput {
  subscriptionId: number;
  paymentMethodId: string | null;
  setupIntentId: string | null;
}
