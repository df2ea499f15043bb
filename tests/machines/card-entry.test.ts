/**
 * Card entry behind the payment-provider port, with fakes through .provide(): who confirms (the reference processor
 * or Stripe), what each side receives, and what the viewer reads when a card cannot be confirmed.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cardEntryMachine } from '../../machines/card-entry/card-entry.machine';
import { type CardConfirmation, type CardEntryInput, type CardIntent, preselectedCard, type SavedCard } from '../../machines/card-entry/card-entry.types';
import { SOMETHING_WENT_WRONG } from '../../machines/shared/failures';
import { VALIDATION_MESSAGES } from '../../mesh/validation';
import { requestError } from '../../machines/shared/client-fixtures';
import { STRIPE_CARD_FORM, VISA } from '../../machines/card-entry/card-entry.model';

const payment: CardIntent = { purpose: 'payment', clientSecret: 'pi_1_secret_x', provider: 'reference', publishableKey: null };
const stripeSetup: CardIntent = { purpose: 'setup', clientSecret: 'seti_1_secret_x', provider: 'stripe', publishableKey: 'pk_test_x' };

/** Runs card entry to its end with fakes on both sides of the port; `refuse` makes the side asked reject. */
async function confirm(input: CardEntryInput, refuse?: unknown) {
  const asked: Array<['processor' | 'stripe', CardConfirmation]> = [];
  const side = (name: 'processor' | 'stripe') =>
    fromPromise<void, CardConfirmation>(async ({ input: confirmation }) => {
      asked.push([name, confirmation]);
      if (refuse !== undefined) throw refuse;
    });
  const machine = cardEntryMachine.provide({ actors: { confirmWithProcessor: side('processor'), confirmWithStripe: side('stripe') } });
  const done = await waitFor(createActor(machine, { input }).start(), (s) => s.status === 'done');
  return { output: done.output, asked };
}

describe('card entry', () => {
  it('has the reference processor confirm a saved card or a new one with its details', async () => {
    const saved = await confirm({ card: { kind: 'saved', paymentMethodId: 'pm_1' }, intent: payment, cardForm: null });
    expect(saved).toEqual({
      output: { result: 'confirmed' },
      asked: [['processor', { intent: payment, card: { kind: 'saved', paymentMethodId: 'pm_1' }, cardForm: null }]],
    });
    const typed = await confirm({ card: { kind: 'new', details: VISA, save: true }, intent: payment, cardForm: null });
    expect(typed.asked).toEqual([['processor', { intent: payment, card: { kind: 'new', details: VISA, save: true }, cardForm: null }]]);
  });

  it('has Stripe confirm in the page, with the card form the page showed, when the channel takes cards through Stripe', async () => {
    const { output, asked } = await confirm({ card: { kind: 'new', details: null, save: true }, intent: stripeSetup, cardForm: STRIPE_CARD_FORM });
    expect(output).toEqual({ result: 'confirmed' });
    expect(asked).toEqual([['stripe', { intent: stripeSetup, card: { kind: 'new', details: null, save: true }, cardForm: STRIPE_CARD_FORM }]]);
  });

  it('asks nobody without a usable card: "Please select one of your saved cards or enter new one"', async () => {
    const refused = { result: 'refused', message: VALIDATION_MESSAGES.selectCard };
    expect(await confirm({ card: null, intent: payment, cardForm: null })).toEqual({ output: refused, asked: [] });
    expect(await confirm({ card: { kind: 'new', details: null, save: false }, intent: payment, cardForm: null })).toEqual({ output: refused, asked: [] });
    const setup = { ...payment, purpose: 'setup' as const };
    expect(await confirm({ card: { kind: 'saved', paymentMethodId: 'pm_1' }, intent: setup, cardForm: null })).toEqual({ output: refused, asked: [] });
  });

  it("shows the processor's words for a refused card, and the generic message otherwise", async () => {
    const declined = await confirm({ card: { kind: 'new', details: VISA, save: false }, intent: payment, cardForm: null }, requestError('http', 402, 'Your card was declined.'));
    expect(declined.output).toEqual({ result: 'refused', message: { key: 'server.cardDeclined' } });
    const outage = await confirm({ card: { kind: 'new', details: VISA, save: false }, intent: payment, cardForm: null }, requestError('crash', 503, 'Service Unavailable'));
    expect(outage.output).toEqual({ result: 'refused', message: SOMETHING_WENT_WRONG });
  });

  it('refuses a Stripe card when the app has no Stripe adapter (safe default)', async () => {
    const actor = createActor(cardEntryMachine, { input: { card: { kind: 'new', details: null, save: false }, intent: stripeSetup, cardForm: STRIPE_CARD_FORM } }).start();
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ result: 'refused', message: SOMETHING_WENT_WRONG });
  });
});

describe('the card a checkout starts with', () => {
  const card = (id: string, isDefault: boolean): SavedCard => ({ id, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, is_default: isDefault });

  it('is the default card, else the only one, else none', () => {
    expect(preselectedCard([card('pm_a', false), card('pm_b', true)])).toEqual({ kind: 'saved', paymentMethodId: 'pm_b' });
    expect(preselectedCard([card('pm_only', false)])).toEqual({ kind: 'saved', paymentMethodId: 'pm_only' });
    expect(preselectedCard([card('pm_a', false), card('pm_b', false)])).toBeNull();
    expect(preselectedCard([])).toBeNull();
  });
});
