/**
 * SPEC §4 free trial with fakes through .provide(): a trial needs a card (saved, or new and saved through a setup
 * intent), trial_period_used blocks a second one, and the trial is read again once it should have ended (the server
 * charges the card unless the subscription was cancelled).
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import {
  freeTrialMachine,
  MAX_TRIAL_CHECK_DELAY_MS,
  TRIAL_CHECK_RETRY_MS,
  TRIAL_END_GRACE_MS,
} from '../../machines/free-trial/free-trial.machine';
import { cardEntryMachine } from '../../machines/card-entry/card-entry.machine';
import type { CardConfirmation, SavedCard } from '../../machines/card-entry/card-entry.types';
import { SAVED_CARD, STRIPE_CARD_FORM } from '../../machines/card-entry/card-entry.model';
import type { SetupIntent, StartTrialInput, StartedTrial, TrialFacts, TrialPlan } from '../../machines/free-trial/free-trial.types';
import { SOMETHING_WENT_WRONG } from '../../machines/shared/failures';
import { requestError } from '../../machines/shared/client-fixtures';
import { FACTS, VISA } from '../../machines/free-trial/free-trial.model';

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const HOUR = 3_600_000;

interface StartOptions {
  setupIntent?: SetupIntent;
  setupError?: unknown;
  stripe?: CardConfirmation[];
  /** The plan as the page read it (FreeTrialInput.plan). */
  plan?: TrialPlan;
}

function start(reads: Array<TrialFacts | Error>, options: StartOptions = {}) {
  const clock = new SimulatedClock();
  const calls = { reads: 0, cardReads: 0, setups: [] as CardConfirmation[], starts: [] as StartTrialInput[] };
  const machine = freeTrialMachine.provide({
    actors: {
      loadTrial: fromPromise<TrialFacts, { subscriptionId: number }>(async () => {
        calls.reads += 1;
        const answer = reads.shift();
        if (answer === undefined) throw new Error('no read left');
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      loadSavedCards: fromPromise<readonly SavedCard[]>(async () => {
        calls.cardReads += 1;
        return [SAVED_CARD];
      }),
      createSetupIntent: fromPromise<SetupIntent>(
        async () => options.setupIntent ?? { id: 'seti_1', clientSecret: 'seti_1_secret', provider: 'reference', publishableKey: null },
      ),
      cardEntry: cardEntryMachine.provide({
        actors: {
          confirmWithProcessor: fromPromise<void, CardConfirmation>(async ({ input }) => {
            calls.setups.push(input);
            if (options.setupError !== undefined) throw options.setupError;
          }),
          ...(options.stripe ? { confirmWithStripe: fromPromise<void, CardConfirmation>(async ({ input }) => void options.stripe?.push(input)) } : {}),
        },
      }),
      startTrial: fromPromise<StartedTrial, StartTrialInput>(async ({ input }) => {
        calls.starts.push(input);
        return { plan: FACTS.inTrial.plan, trialEndsInMs: 7 * 24 * HOUR };
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { subscriptionId: 3, ...(options.plan ? { plan: options.plan } : {}) } }).start();
  const tick = async (ms: number) => {
    clock.increment(ms);
    await settle();
  };
  return { actor, snapshot: () => actor.getSnapshot(), calls, tick };
}

describe('free trial', () => {
  it('starts with a saved card and runs the trial', async () => {
    const { actor, snapshot, calls } = start([FACTS.offered]);
    await settle();
    expect(snapshot().hasTag('offer')).toBe(true);
    // The cards are read once the trial is offered, with the one reading the payment uses too.
    expect(calls.cardReads).toBe(1);
    expect(snapshot().context.savedCards).toEqual([SAVED_CARD]);
    // Their default card is chosen for them; a card that is not theirs is never taken.
    expect(snapshot().context.card).toEqual({ kind: 'saved', paymentMethodId: 'pm_saved' });
    actor.send({ type: 'user.selectSavedCard', paymentMethodId: 'pm_someone_else' });
    expect(snapshot().context.card).toEqual({ kind: 'saved', paymentMethodId: 'pm_saved' });
    actor.send({ type: 'user.startTrial' });
    expect(snapshot().hasTag('processing')).toBe(true);
    await settle();
    expect(calls.starts).toEqual([{ subscriptionId: 3, paymentMethodId: 'pm_saved', setupIntentId: null }]);
    expect(snapshot().hasTag('trial')).toBe(true);
    expect(snapshot().context.trialPeriodUsed).toBe(true);
  });

  it('saves a new card through a setup intent first, then starts with the setup intent', async () => {
    const { actor, snapshot, calls } = start([FACTS.offered]);
    await settle();
    actor.send({ type: 'user.enterNewCard', details: VISA });
    actor.send({ type: 'user.startTrial' });
    await settle();
    expect(calls.setups).toEqual([
      {
        intent: { purpose: 'setup', clientSecret: 'seti_1_secret', provider: 'reference', publishableKey: null },
        card: { kind: 'new', details: VISA, save: true },
        cardForm: null,
      },
    ]);
    expect(calls.starts).toEqual([{ subscriptionId: 3, paymentMethodId: null, setupIntentId: 'seti_1' }]);
    expect(snapshot().value).toBe('inTrial');
  });

  it("shows the processor's refusal of a new card and lets the viewer choose again", async () => {
    const { actor, snapshot, calls } = start([FACTS.offered], { setupError: requestError('http', 402, 'Your card was declined.') });
    await settle();
    actor.send({ type: 'user.enterNewCard', details: { ...VISA, number: '4000000000000002' } });
    actor.send({ type: 'user.startTrial' });
    await settle();
    expect(snapshot().value).toBe('choosingCard');
    expect(snapshot().context.errorMessage).toEqual({ key: 'server.cardDeclined' });
    expect(calls.starts).toEqual([]);
  });

  it('needs Stripe.js from the app shell when the channel saves cards through Stripe', async () => {
    const stripe: SetupIntent = { id: 'seti_2', clientSecret: 'seti_2_secret', provider: 'stripe', publishableKey: 'pk_test_x' };
    const { actor, snapshot, calls } = start([FACTS.offered], { setupIntent: stripe });
    await settle();
    actor.send({ type: 'user.enterNewCard', details: null });
    actor.send({ type: 'user.startTrial' });
    await settle();
    expect(snapshot().value).toBe('choosingCard');
    expect(snapshot().context.errorMessage).toBe(SOMETHING_WENT_WRONG);
    expect(calls.setups).toEqual([]);
  });

  it('has Stripe save the new card with the card form the page showed (stripe.ready)', async () => {
    const intent: SetupIntent = { id: 'seti_2', clientSecret: 'seti_2_secret', provider: 'stripe', publishableKey: 'pk_test_x' };
    const stripe: CardConfirmation[] = [];
    const { actor, snapshot, calls } = start([FACTS.offered], { setupIntent: intent, stripe });
    await settle();
    actor.send({ type: 'stripe.ready', cardForm: STRIPE_CARD_FORM });
    actor.send({ type: 'user.enterNewCard', details: null });
    actor.send({ type: 'user.startTrial' });
    await settle();
    expect(stripe).toEqual([
      {
        intent: { purpose: 'setup', clientSecret: 'seti_2_secret', provider: 'stripe', publishableKey: 'pk_test_x' },
        card: { kind: 'new', details: null, save: true },
        cardForm: STRIPE_CARD_FORM,
      },
    ]);
    expect(calls.starts).toEqual([{ subscriptionId: 3, paymentMethodId: null, setupIntentId: 'seti_2' }]);
    expect(snapshot().value).toBe('inTrial');
  });

  it('offers no second trial (trial_period_used), and none on a plan without free days', async () => {
    const used = start([FACTS.used]);
    await settle();
    expect(used.snapshot().value).toBe('trialUsed');
    expect(used.snapshot().status).toBe('done');

    const none = start([FACTS.noTrial]);
    await settle();
    expect(none.snapshot().value).toBe('noTrial');
    // No trial to start: no card to choose, none read.
    expect(used.calls.cardReads + none.calls.cardReads).toBe(0);
  });

  it('buys a plan the page read without free days at once, reading nothing; one with free days is read afresh', async () => {
    const annual = start([], { plan: FACTS.noTrial.plan });
    expect(annual.snapshot().value).toBe('noTrial');
    expect(annual.snapshot().hasTag('buy')).toBe(true);
    expect(annual.calls.reads).toBe(0);

    const monthly = start([FACTS.offered], { plan: FACTS.offered.plan });
    await settle();
    expect(monthly.calls.reads).toBe(1);
    expect(monthly.snapshot().hasTag('offer')).toBe(true);
  });

  it('reads the trial again a minute after it should have ended, and shows the charge', async () => {
    const { snapshot, calls, tick } = start([FACTS.endingSoon, FACTS.charged]);
    await settle();
    expect(snapshot().value).toBe('inTrial');
    await tick(HOUR + TRIAL_END_GRACE_MS - 1);
    expect(calls.reads).toBe(1);
    await tick(1);
    expect(calls.reads).toBe(2);
    expect(snapshot().value).toBe('subscribed');
  });

  it('reads a long trial again once a day, and a minute after a failed read', async () => {
    const { snapshot, calls, tick } = start([FACTS.inTrial, requestError('network', 0, 'fetch failed'), FACTS.used]);
    await settle();
    expect(snapshot().context.nextCheckInMs).toBe(MAX_TRIAL_CHECK_DELAY_MS);
    await tick(MAX_TRIAL_CHECK_DELAY_MS);
    expect(calls.reads).toBe(2);
    expect(snapshot().value).toBe('inTrial');
    await tick(TRIAL_CHECK_RETRY_MS);
    expect(calls.reads).toBe(3);
    // Cancelled during the trial: it ended without a charge.
    expect(snapshot().value).toBe('trialUsed');
  });

  it('reads it again when the viewer asks (after cancelling the renewal, say)', async () => {
    const { actor, snapshot, calls } = start([FACTS.inTrial, FACTS.inTrial]);
    await settle();
    actor.send({ type: 'user.refresh' });
    await settle();
    expect(calls.reads).toBe(2);
    expect(snapshot().value).toBe('inTrial');
  });

  it('lets the viewer retry when the trial cannot be read, and fails safely without the real actors', async () => {
    const { actor, snapshot } = start([requestError('crash', 503, 'Service Unavailable'), FACTS.offered]);
    await settle();
    expect(snapshot().value).toBe('loadFailed');
    expect(snapshot().context.errorMessage).toBe(SOMETHING_WENT_WRONG);
    actor.send({ type: 'user.retry' });
    await settle();
    expect(snapshot().value).toBe('choosingCard');

    const bare = createActor(freeTrialMachine, { input: { subscriptionId: 3 } }).start();
    await settle();
    expect(bare.getSnapshot().value).toBe('loadFailed');
  });
});
