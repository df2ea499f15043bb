/**
 * The free-trial machine's real actors over mesh/client, for the app shell: `freeTrialMachine.provide({ actors:
 * createFreeTrialActors({ client, now, confirmWithStripe }) })`, where `confirmWithStripe` comes from the Stripe
 * adapter. `now` is the app's clock in milliseconds (the browser adapter passes `Date.now`).
 */
import { type PromiseActorLogic, fromPromise } from 'xstate';
import { CreateSetupIntentDocument } from '../../mesh/client/generated/documents/CreateSetupIntent';
import { ProfileDocument } from '../../mesh/client/generated/documents/Profile';
import { StartTrialDocument } from '../../mesh/client/generated/documents/StartTrial';
import { SubscriptionPlanDocument } from '../../mesh/client/generated/documents/SubscriptionPlan';
import type { ChannelClient } from '../../mesh/client/transport';
import { createCardEntry, loadSavedCards } from '../card-entry/card-entry.actors';
import type { CardConfirmation } from '../card-entry/card-entry.types';
import type { SetupIntent, StartTrialInput, StartedTrial, TrialFacts, TrialPlan } from './free-trial.types';

export function createFreeTrialActors(deps: {
  client: ChannelClient;
  now: () => number;
  confirmWithStripe?: PromiseActorLogic<void, CardConfirmation>;
}) {
  const { client, now } = deps;
  const trialEndsInMs = (plan: TrialPlan): number | null => (plan.trial_ends_at === null ? null : plan.trial_ends_at * 1000 - now());

  return {
    // Two reads (no single operation carries the plan and the profile's trial flag together).
    loadTrial: fromPromise<TrialFacts, { subscriptionId: number }>(async ({ input, signal }) => {
      const [{ subscription }, { profile }] = await Promise.all([
        client.request(SubscriptionPlanDocument, { id: input.subscriptionId }, { signal }),
        client.request(ProfileDocument, {}, { signal }),
      ]);
      if (!subscription || !profile) throw new Error('The subscription or the profile was not answered');
      return { plan: subscription, trialPeriodUsed: profile.trial_period_used, trialEndsInMs: trialEndsInMs(subscription) };
    }),

    loadSavedCards: loadSavedCards({ client }),

    createSetupIntent: fromPromise<SetupIntent>(async ({ signal }) => {
      const { setupIntent } = await client.request(CreateSetupIntentDocument, {}, { signal });
      if (!setupIntent) throw new Error('The setup intent was not answered');
      return {
        id: setupIntent.id,
        clientSecret: setupIntent.client_secret,
        provider: setupIntent.provider,
        publishableKey: setupIntent.publishable_key,
      };
    }),

    cardEntry: createCardEntry(deps),

    startTrial: fromPromise<StartedTrial, StartTrialInput>(async ({ input, signal }) => {
      // Exactly one of the two is sent: an explicit null would count as given.
      const card = input.paymentMethodId !== null ? { paymentMethodId: input.paymentMethodId } : { setupIntentId: input.setupIntentId ?? '' };
      // One key per start, re-sent by the transport's retry: a repeat answers the started trial again.
      const idempotencyKey = crypto.randomUUID();
      const { subscription } = await client.request(StartTrialDocument, { subscriptionId: input.subscriptionId, ...card }, { signal, idempotencyKey });
      if (!subscription) throw new Error('The trial was not answered');
      return { plan: subscription, trialEndsInMs: trialEndsInMs(subscription) };
    }),
  };
}
