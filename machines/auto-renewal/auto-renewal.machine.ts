/**
 * Subscription auto-renewal (SPEC §4 "Subscription auto-renewal": active, then cancelling (processing), then
 * cancelled; §3 renewal labels; §7 stripe/unsubscribe). Cancelling stops the renewal: access lasts until the paid
 * period (or the trial) ends, and nothing more is charged.
 */
import type { Message } from '../../mesh/messages';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { notProvided } from '../shared/not-provided';
import type { SubscriptionPlanFieldsFragment } from '../../mesh/client/generated/graphql';
import { userMessageOf } from '../shared/failures';

/** SPEC §3 "Renewal labels". */
export const AUTO_RENEWAL_LABELS = { active: 'Auto-Renewal', cancelled: 'Auto-Renewal Cancelled' } as const;

export type RenewablePlan = SubscriptionPlanFieldsFragment;

/** @public */
export interface AutoRenewalInput {
  subscriptionId: number;
}

/** @public */
export interface AutoRenewalContext {
  subscriptionId: number;
  /** The plan as last answered, with the viewer's status, auto_renew and renews_at. */
  plan: RenewablePlan | null;
  errorMessage: Message | null;
}

/** @public */
export type AutoRenewalEvent = { type: 'user.cancelRenewal' } | { type: 'user.retry' };

export const autoRenewalMachine = setup({
  types: {
    context: {} as AutoRenewalContext,
    events: {} as AutoRenewalEvent,
    input: {} as AutoRenewalInput,
    tags: {} as 'loading' | 'renewing' | 'processing' | 'cancelled',
  },
  actors: {
    // Safe defaults: without the client nothing is read or cancelled; both fail into handled states.
    loadSubscription: fromPromise<RenewablePlan, { subscriptionId: number }>(notProvided('loadSubscription')),
    cancelAutoRenewal: fromPromise<RenewablePlan, { subscriptionId: number }>(notProvided('cancelAutoRenewal')),
  },
  guards: {
    isRenewing: (_, plan: RenewablePlan) => plan.status === 'active' && plan.auto_renew === true,
    isCancelled: (_, plan: RenewablePlan) => plan.status === 'canceled' || (plan.status === 'active' && plan.auto_renew === false),
  },
  actions: {
    keepPlan: assign((_, plan: RenewablePlan) => ({ plan, errorMessage: null })),
    fail: assign((_, failure: { error: unknown }) => ({ errorMessage: userMessageOf(failure.error) })),
    clearError: assign({ errorMessage: null }),
  },
}).createMachine({
  id: 'autoRenewal',
  description:
    "The auto-renewal of one of the viewer's subscriptions: while it is on, the card is charged at the end of each " +
    'period (30 days, or 12 months for an annual plan). Cancelling stops the renewal; access lasts until the period ends.',
  context: ({ input }) => ({ subscriptionId: input.subscriptionId, plan: null, errorMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the subscription.',
      tags: ['loading'],
      invoke: {
        id: 'loadSubscription',
        src: 'loadSubscription',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: [
          {
            guard: { type: 'isRenewing', params: ({ event }) => event.output },
            target: 'active',
            actions: { type: 'keepPlan', params: ({ event }) => event.output },
            description: 'Active, renewing at the end of the period.',
          },
          {
            guard: { type: 'isCancelled', params: ({ event }) => event.output },
            target: 'cancelled',
            actions: { type: 'keepPlan', params: ({ event }) => event.output },
            description: 'The renewal was already cancelled.',
          },
          {
            target: 'notRenewable',
            actions: { type: 'keepPlan', params: ({ event }) => event.output },
            description: 'Expired, inactive (a renewal charge failed) or never bought: nothing renews.',
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          description: 'Could not be read (outage, or the viewer is signed out).',
        },
      },
    },
    loadFailed: {
      description: 'The subscription could not be read; the viewer may try again.',
      on: { 'user.retry': { target: 'loading', actions: 'clearError', description: 'The viewer tries again.' } },
    },
    active: {
      description: 'Label "Auto-Renewal": the card is charged at the end of each period.',
      tags: ['renewing'],
      on: {
        'user.cancelRenewal': { target: 'cancelling', actions: 'clearError', description: 'The viewer turns the renewal off.' },
      },
    },
    cancelling: {
      description: 'SPEC "cancelling (processing)": asking the server to stop the renewal (stripe/unsubscribe).',
      tags: ['renewing', 'processing'],
      invoke: {
        id: 'cancelAutoRenewal',
        src: 'cancelAutoRenewal',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: {
          target: 'cancelled',
          actions: { type: 'keepPlan', params: ({ event }) => event.output },
          description: 'The renewal is off.',
        },
        onError: {
          target: 'active',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          description: 'Refused or no answer: still renewing, and the message says why.',
        },
      },
    },
    cancelled: {
      description: 'Label "Auto-Renewal Cancelled": access lasts until the period ends, then the subscription expires.',
      tags: ['cancelled'],
      type: 'final',
    },
    notRenewable: {
      description: 'Nothing renews: the subscription expired, a renewal charge failed, or it was never bought.',
      type: 'final',
    },
  },
});

/**
 * The renewal label of SPEC §3 for a snapshot: "Auto-Renewal" while it renews (also while a cancellation is being
 * sent), "Auto-Renewal Cancelled" once cancelled, null when there is nothing to label.
 */
export function autoRenewalLabel(snapshot: SnapshotFrom<typeof autoRenewalMachine>): string | null {
  if (snapshot.hasTag('cancelled')) return AUTO_RENEWAL_LABELS.cancelled;
  if (snapshot.hasTag('renewing')) return AUTO_RENEWAL_LABELS.active;
  return null;
}
