/**
 * Free trial of a subscription (SPEC §4 "Free trial", §3 trial_period and trial_period_used, §7 start_trial): the
 * viewer starts a trial of a plan with a saved card or a new one (saved through a setup intent first); the plan is
 * then active in its trial for its number of free days, after which the server charges the card unless the
 * subscription was cancelled. The machine shows where the trial stands and reads it again when it should have ended.
 */
import { and, assign, fromPromise, not, setup } from 'xstate';
import { VALIDATION_MESSAGES } from '../../mesh/validation';
import { cardEntryMachine } from '../card-entry/card-entry.machine';
import { type CardEntryInput, type CardEntryOutput, cardIntentOf, preselectedCard, type SavedCard } from '../card-entry/card-entry.types';
import { userMessageOf } from '../shared/failures';
import { notProvided } from '../shared/not-provided';
import { freeTrialGuards } from './free-trial.guards';
import type {
  FreeTrialContext,
  FreeTrialEvent,
  FreeTrialInput,
  SetupIntent,
  StartTrialInput,
  StartedTrial,
  TrialFacts,
} from './free-trial.types';

/**
 * Where SPEC is silent: the trial is read again this long after it should have ended, leaving the server time to
 * charge the card before the page shows the outcome.
 */
export const TRIAL_END_GRACE_MS = 60_000;
/** Timers cannot wait longer than about 24.8 days; a long trial is read again once a day instead. */
export const MAX_TRIAL_CHECK_DELAY_MS = 24 * 3_600_000;
/** A failed read while the trial runs is tried again after a minute. */
export const TRIAL_CHECK_RETRY_MS = 60_000;

function nextCheckIn(trialEndsInMs: number | null): number {
  if (trialEndsInMs === null) return TRIAL_CHECK_RETRY_MS;
  return Math.min(Math.max(trialEndsInMs, 0) + TRIAL_END_GRACE_MS, MAX_TRIAL_CHECK_DELAY_MS);
}

export const freeTrialMachine = setup({
  types: {
    context: {} as FreeTrialContext,
    events: {} as FreeTrialEvent,
    input: {} as FreeTrialInput,
    tags: {} as 'loading' | 'loadFailed' | 'offer' | 'processing' | 'trial' | 'subscribed' | 'buy',
  },
  actors: {
    loadTrial: fromPromise<TrialFacts, { subscriptionId: number }>(notProvided('loadTrial')),
    loadSavedCards: fromPromise<readonly SavedCard[]>(notProvided('loadSavedCards')),
    createSetupIntent: fromPromise<SetupIntent>(notProvided('createSetupIntent')),
    // A child machine: the app shell gives it its real actors (createCardEntry).
    cardEntry: cardEntryMachine,
    startTrial: fromPromise<StartedTrial, StartTrialInput>(notProvided('startTrial')),
  },
  guards: freeTrialGuards,
  actions: {
    keepFacts: assign((_, facts: TrialFacts) => ({
      plan: facts.plan,
      trialPeriodUsed: facts.trialPeriodUsed,
      nextCheckInMs: nextCheckIn(facts.trialEndsInMs),
      errorMessage: null,
    })),
    // A card the viewer already chose stays; otherwise their default (or only) saved card is chosen for them.
    keepSavedCards: assign(({ context }, savedCards: readonly SavedCard[]) => ({ savedCards, card: context.card ?? preselectedCard(savedCards) })),
    selectSavedCard: assign(({ event }) =>
      event.type === 'user.selectSavedCard' ? { card: { kind: 'saved', paymentMethodId: event.paymentMethodId } as const, errorMessage: null } : {},
    ),
    enterNewCard: assign(({ event }) =>
      event.type === 'user.enterNewCard' ? { card: { kind: 'new', details: event.details, save: true } as const, errorMessage: null } : {},
    ),
    keepCardForm: assign(({ event }) => (event.type === 'stripe.ready' ? { cardForm: event.cardForm } : {})),
    dropCardForm: assign({ cardForm: null }),
    refuseWithoutCard: assign({ errorMessage: VALIDATION_MESSAGES.selectCard }),
    clearError: assign({ errorMessage: null }),
    keepSetupIntent: assign((_, setupIntent: SetupIntent) => ({ setupIntent })),
    fail: assign((_, failure: { error: unknown }) => ({ errorMessage: userMessageOf(failure.error) })),
    refuseCard: assign((_, outcome: CardEntryOutput) => ({ errorMessage: outcome.result === 'refused' ? outcome.message : null })),
    startedTrial: assign((_, started: StartedTrial) => ({
      plan: started.plan,
      trialPeriodUsed: true,
      nextCheckInMs: nextCheckIn(started.trialEndsInMs),
    })),
    retryCheckLater: assign({ nextCheckInMs: TRIAL_CHECK_RETRY_MS }),
  },
  delays: {
    /** Until the trial should have ended (plus a grace), at most a day. */
    nextTrialCheck: ({ context }) => context.nextCheckInMs,
  },
}).createMachine({
  id: 'freeTrial',
  description:
    'A free trial of a subscription: the viewer chooses a card (a saved one, or a new one that is saved first) and ' +
    'starts the trial. The plan is active for its free days; then the server charges the card unless the ' +
    'subscription was cancelled. One free trial per viewer.',
  context: ({ input }) => ({
    subscriptionId: input.subscriptionId,
    plan: input.plan ?? null,
    trialPeriodUsed: false,
    savedCards: [],
    card: null,
    cardForm: null,
    setupIntent: null,
    nextCheckInMs: TRIAL_CHECK_RETRY_MS,
    errorMessage: null,
  }),
  initial: 'opening',
  on: {
    'stripe.ready': { actions: 'keepCardForm', description: 'Stripe Elements is on the page: a new card is saved with it.' },
    'stripe.gone': { actions: 'dropCardForm', description: 'Stripe Elements left the page: there is nothing to save a new card with.' },
  },
  states: {
    opening: {
      description: 'Does the plan the page sells have free days at all?',
      always: [
        {
          guard: and(['hasPlan', not('offersTrial')]),
          target: 'noTrial',
          description: 'The page sells a plan without free days: nothing to read, it is bought like any subscription.',
        },
        { target: 'loading', description: 'A plan with free days (or one the page did not describe): where does the viewer stand?' },
      ],
    },
    loading: {
      description: 'Reading the plan and whether the viewer has had a trial.',
      tags: ['loading'],
      invoke: {
        id: 'loadTrial',
        src: 'loadTrial',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: { target: 'checking', actions: { type: 'keepFacts', params: ({ event }) => event.output }, description: 'Read.' },
        onError: {
          target: 'loadFailed',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          description: 'Could not be read (outage, or the viewer is signed out).',
        },
      },
    },
    loadFailed: {
      description: 'The trial could not be read; the viewer may try again.',
      tags: ['loadFailed'],
      on: { 'user.retry': { target: 'loading', actions: 'clearError', description: 'The viewer tries again.' } },
    },
    checking: {
      description: 'Where does the viewer stand with this plan? (trialStandingOf in free-trial.guards.ts decides the same.)',
      always: [
        { guard: 'isInTrial', target: 'inTrial', description: 'A trial of this plan is running.' },
        { guard: 'isSubscribed', target: 'subscribed', description: 'The viewer has a paid subscription to this plan.' },
        { guard: not('offersTrial'), target: 'noTrial', description: 'This plan has no free days.' },
        { guard: 'isTrialUsed', target: 'trialUsed', description: 'The viewer has had their free trial (trial_period_used).' },
        { target: 'loadingCards', description: 'A trial can start.' },
      ],
    },
    loadingCards: {
      description: "The trial is offered: reading the viewer's saved cards, to start it with one of them or a new one.",
      tags: ['loading'],
      invoke: {
        id: 'loadSavedCards',
        src: 'loadSavedCards',
        onDone: {
          target: 'choosingCard',
          actions: { type: 'keepSavedCards', params: ({ event }) => event.output },
          description: 'The saved cards are offered beside a new one.',
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          description: 'The saved cards could not be read: the viewer may try again.',
        },
      },
    },
    choosingCard: {
      description: 'The trial is offered: the viewer picks a saved card or enters a new one, charged only after the free days.',
      tags: ['offer'],
      on: {
        'user.selectSavedCard': { guard: 'isOwnSavedCard', actions: 'selectSavedCard', description: 'One of the saved cards.' },
        'user.enterNewCard': { actions: 'enterNewCard', description: 'A new card, saved for the charge after the trial.' },
        'user.startTrial': [
          {
            guard: not('hasCard'),
            actions: 'refuseWithoutCard',
            description: 'No card: "Please select one of your saved cards or enter new one".',
          },
          { guard: 'usesSavedCard', target: 'startingTrial', actions: 'clearError', description: 'Start with the saved card.' },
          { target: 'savingCard', actions: 'clearError', description: 'Save the new card first (setup intent).' },
        ],
      },
    },
    savingCard: {
      description: 'Saving the new card through a setup intent, so it can be charged when the trial ends.',
      tags: ['processing'],
      initial: 'creatingSetupIntent',
      states: {
        creatingSetupIntent: {
          description: 'Opening a setup intent (POST /stripe/setup-intent).',
          invoke: {
            id: 'createSetupIntent',
            src: 'createSetupIntent',
            onDone: {
              target: 'confirming',
              actions: { type: 'keepSetupIntent', params: ({ event }) => event.output },
              description: 'The card can be saved on it.',
            },
            onError: {
              target: '#freeTrial.choosingCard',
              actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              description: 'The card cannot be saved now: the viewer may try again.',
            },
          },
        },
        confirming: {
          description: 'Card entry saves the new card on the setup intent (the reference processor, or Stripe in the page).',
          invoke: {
            id: 'cardEntry',
            src: 'cardEntry',
            input: ({ context }): CardEntryInput => ({
              card: context.card,
              intent: cardIntentOf('setup', context.setupIntent),
              cardForm: context.cardForm,
            }),
            onDone: [
              {
                guard: { type: 'isCardConfirmed', params: ({ event }) => event.output },
                target: '#freeTrial.startingTrial',
                description: 'The card is saved.',
              },
              {
                target: '#freeTrial.choosingCard',
                actions: { type: 'refuseCard', params: ({ event }) => event.output },
                description: "The card was refused (wrong number, expired, Stripe unavailable...): the processor's words are shown.",
              },
            ],
            onError: {
              target: '#freeTrial.choosingCard',
              actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              description: 'Card entry broke down: the viewer may try again.',
            },
          },
        },
      },
    },
    startingTrial: {
      description: 'Starting the trial with the card (stripe/subscription/start_trial).',
      tags: ['processing'],
      invoke: {
        id: 'startTrial',
        src: 'startTrial',
        input: ({ context }): StartTrialInput => ({
          subscriptionId: context.subscriptionId,
          paymentMethodId: context.card?.kind === 'saved' ? context.card.paymentMethodId : null,
          setupIntentId: context.card?.kind === 'new' ? (context.setupIntent?.id ?? null) : null,
        }),
        onDone: {
          target: 'inTrial',
          actions: { type: 'startedTrial', params: ({ event }) => event.output },
          description: 'The trial runs.',
        },
        onError: {
          target: 'choosingCard',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          description: 'Refused (trial already used, already subscribed...): the server says why.',
        },
      },
    },
    inTrial: {
      description:
        'The plan is active in its free days. When they end the card is charged, unless the subscription was ' +
        'cancelled; a minute after that the trial is read again.',
      tags: ['trial'],
      after: { nextTrialCheck: { target: 'refreshing', description: 'The trial should have ended (or a day passed).' } },
      on: { 'user.refresh': { target: 'refreshing', description: 'The viewer asks for the latest state (e.g. after cancelling).' } },
    },
    refreshing: {
      description: 'Reading the subscription again.',
      tags: ['trial', 'loading'],
      invoke: {
        id: 'refreshTrial',
        src: 'loadTrial',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: {
          target: 'checking',
          actions: { type: 'keepFacts', params: ({ event }) => event.output },
          description: 'Read: still in the trial, charged, or ended without a charge.',
        },
        onError: { target: 'inTrial', actions: 'retryCheckLater', description: 'Could not read it: try again in a minute.' },
      },
    },
    subscribed: {
      description: 'The viewer has a paid subscription to this plan (the trial ended and the card was charged, or they bought it).',
      tags: ['subscribed'],
      type: 'final',
    },
    noTrial: { description: 'This plan has no free days: it is bought like any subscription.', tags: ['buy'], type: 'final' },
    trialUsed: {
      description: 'The viewer has had their free trial (it may just have ended unpaid or cancelled): no second trial, the plan is bought.',
      tags: ['buy'],
      type: 'final',
    },
  },
});
