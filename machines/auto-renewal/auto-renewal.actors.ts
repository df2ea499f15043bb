/** The auto-renewal machine's real actors over mesh/client, for the app shell. */
import { fromPromise } from 'xstate';
import { CancelAutoRenewalDocument } from '../../mesh/client/generated/documents/CancelAutoRenewal';
import { SubscriptionPlanDocument } from '../../mesh/client/generated/documents/SubscriptionPlan';
import type { ChannelClient } from '../../mesh/client/transport';
import type { RenewablePlan } from './auto-renewal.machine';

export function createAutoRenewalActors(deps: { client: ChannelClient }) {
  const { client } = deps;
  return {
    loadSubscription: fromPromise<RenewablePlan, { subscriptionId: number }>(async ({ input, signal }) => {
      const { subscription } = await client.request(SubscriptionPlanDocument, { id: input.subscriptionId }, { signal });
      if (!subscription) throw new Error('The subscription was not answered');
      return subscription;
    }),
    cancelAutoRenewal: fromPromise<RenewablePlan, { subscriptionId: number }>(async ({ input, signal }) => {
      const { subscription } = await client.request(CancelAutoRenewalDocument, { subscriptionId: input.subscriptionId }, { signal });
      if (!subscription) throw new Error('The cancellation was not answered');
      return subscription;
    }),
  };
}
