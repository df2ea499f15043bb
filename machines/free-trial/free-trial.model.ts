/**
 * Model of the free trial (machines/free-trial): where a viewer may stand with a plan when the page opens or the
 * trial is read again, the cards they may start with, and what saving a card and starting the trial may answer.
 */
import { messageId } from '../shared/messages';
import {
  freeTrialMachine,
  MAX_TRIAL_CHECK_DELAY_MS,
  TRIAL_CHECK_RETRY_MS,
  TRIAL_END_GRACE_MS,
} from './free-trial.machine';
import { SAVED_CARD, STRIPE_CARD_FORM } from '../card-entry/card-entry.model';
import type { CardEntryOutput, SavedCard } from '../card-entry/card-entry.types';
import { trialStandingOf } from './free-trial.guards';
import type { SetupIntent, StartedTrial, TrialFacts } from './free-trial.types';
import { SOMETHING_WENT_WRONG } from '../shared/failures';
import { VALIDATION_MESSAGES } from '../../mesh/validation';
import { defineModel } from '../shared/machine-model';
import { requestError } from '../shared/client-fixtures';
import { plan } from '../shared/commerce-fixtures';

const HOUR = 3_600_000;
export const VISA = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
const TRIAL_ENDS_AT = 1_767_830_400;

const inTrialPlan = plan({ status: 'active', auto_renew: true, trial_ends_at: TRIAL_ENDS_AT, renews_at: TRIAL_ENDS_AT, is_purchased: true });
export const FACTS = {
  offered: { plan: plan(), trialPeriodUsed: false, trialEndsInMs: null },
  /** Seven days left: read again in a day (the longest wait). */
  inTrial: { plan: inTrialPlan, trialPeriodUsed: true, trialEndsInMs: 7 * 24 * HOUR },
  /** One hour left: read again a minute after it ends. */
  endingSoon: { plan: inTrialPlan, trialPeriodUsed: true, trialEndsInMs: HOUR },
  /** The trial ended and the card was charged. */
  charged: {
    plan: plan({ status: 'active', auto_renew: true, renews_at: TRIAL_ENDS_AT + 30 * 86_400, is_purchased: true }),
    trialPeriodUsed: true,
    trialEndsInMs: null,
  },
  /** The annual plan has no free days. */
  noTrial: { plan: plan({ id: 4, trial_period: 0, period: 'annual', offer: 'annual' }), trialPeriodUsed: false, trialEndsInMs: null },
  /** Cancelled during the trial, which has now ended: nothing was charged. */
  used: { plan: plan({ status: 'expired', auto_renew: false }), trialPeriodUsed: true, trialEndsInMs: null },
} satisfies Record<string, TrialFacts>;

const referenceIntent: SetupIntent = { id: 'seti_1', clientSecret: 'seti_1_secret', provider: 'reference', publishableKey: null };
const started: StartedTrial = { plan: inTrialPlan, trialEndsInMs: 7 * 24 * HOUR };

const KNOWN_MESSAGES: ReadonlySet<string> = new Set([
  VALIDATION_MESSAGES.selectCard.key,
  SOMETHING_WENT_WRONG.key,
  'Your card number is incorrect.',
  'The free trial has already been used',
]);

export const freeTrialModel = defineModel({
  machine: freeTrialMachine,
  // The plan the page read is given, or not (a plan with free days is read afresh either way); the annual plan has none.
  inputs: [{ subscriptionId: 3 }, { subscriptionId: 4, plan: FACTS.noTrial.plan }],
  events: {
    // The default card is chosen for the viewer once the cards are read; they may go from it to a new card and back.
    'user.selectSavedCard': (snapshot) =>
      snapshot.context.card?.kind !== 'saved'
        ? [
            { type: 'user.selectSavedCard' as const, paymentMethodId: 'pm_saved' },
            // Not one of the viewer's cards: ignored.
            { type: 'user.selectSavedCard' as const, paymentMethodId: 'pm_someone_else' },
          ]
        : [],
    'user.enterNewCard': (snapshot) => (snapshot.context.card?.kind !== 'new' ? [{ type: 'user.enterNewCard' as const, details: VISA }] : []),
    // Stripe Elements shows while a card is chosen, and leaves with the form (offered only there: card entry is faked here).
    'stripe.ready': (snapshot) =>
      snapshot.context.cardForm === null && snapshot.context.card === null && snapshot.hasTag('offer')
        ? [{ type: 'stripe.ready' as const, cardForm: STRIPE_CARD_FORM }]
        : [],
    'stripe.gone': (snapshot) => (snapshot.context.cardForm !== null && snapshot.hasTag('offer') ? [{ type: 'stripe.gone' as const }] : []),
  },
  outputs: {
    loadTrial: [FACTS.offered, FACTS.inTrial, FACTS.endingSoon, FACTS.charged, FACTS.noTrial, FACTS.used],
    refreshTrial: [FACTS.charged, FACTS.used, FACTS.inTrial],
    // The viewer's saved card, or none yet.
    loadSavedCards: [[SAVED_CARD], []] satisfies Array<readonly SavedCard[]>,
    createSetupIntent: [referenceIntent],
    cardEntry: [{ result: 'confirmed' }, { result: 'refused', message: { text: 'Your card number is incorrect.' } }] satisfies CardEntryOutput[],
    startTrial: [started],
  },
  errors: {
    loadTrial: [requestError('network', 0, 'fetch failed')],
    refreshTrial: [requestError('crash', 503, 'Service Unavailable')],
    loadSavedCards: [requestError('crash', 503, 'Service Unavailable')],
    createSetupIntent: [requestError('crash', 503, 'Service Unavailable')],
    cardEntry: [new Error('card entry stopped')],
    startTrial: [requestError('http', 409, 'The free trial has already been used')],
  },
  // The card form only travels on to card entry (faked here): a state with it is the state without it.
  abstractState: (snapshot) => ({ value: snapshot.value, context: { ...snapshot.context, cardForm: null } }),
  check: (snapshot) => {
    const { errorMessage, plan: current, card, setupIntent, nextCheckInMs } = snapshot.context;
    if (errorMessage !== null && !KNOWN_MESSAGES.has(messageId(errorMessage))) throw new Error(`unexpected message "${messageId(errorMessage)}"`);
    if (snapshot.matches('loadFailed') && errorMessage === null) throw new Error('a failed read without its message');
    if (snapshot.hasTag('processing') && card === null) throw new Error('starting a trial without a card');
    if (snapshot.matches('startingTrial') && card?.kind === 'new' && setupIntent === null) throw new Error('a new card that was not saved first');
    if (snapshot.matches('inTrial')) {
      if (current?.trial_ends_at == null) throw new Error('in trial without a trial end');
      if (nextCheckInMs <= 0 || nextCheckInMs > MAX_TRIAL_CHECK_DELAY_MS) throw new Error(`next check in ${nextCheckInMs} ms`);
      const expected = [MAX_TRIAL_CHECK_DELAY_MS, HOUR + TRIAL_END_GRACE_MS, TRIAL_CHECK_RETRY_MS];
      if (!expected.includes(nextCheckInMs)) throw new Error(`next check in ${nextCheckInMs} ms`);
    }
    if (snapshot.matches('trialUsed') && !snapshot.context.trialPeriodUsed) throw new Error('trial used without trial_period_used');
    if (snapshot.matches('choosingCard') && snapshot.context.trialPeriodUsed) throw new Error('a second trial offered');
    // The standing the catalogue shows is the one this machine decides.
    if (current !== null && (snapshot.matches('choosingCard') || snapshot.matches('subscribed') || snapshot.matches('trialUsed'))) {
      const expected = snapshot.matches('choosingCard') ? 'offered' : (snapshot.value as string);
      if (trialStandingOf(current, snapshot.context.trialPeriodUsed) !== expected) throw new Error(`standing disagrees with ${expected}`);
    }
    if (snapshot.matches('noTrial') && current?.trial_period !== 0) throw new Error('a plan with free days is not bought at once');
  },
});
