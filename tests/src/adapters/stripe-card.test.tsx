// @vitest-environment jsdom
/**
 * The Stripe side of the payment-provider port (src/adapters/stripe-card.ts, src/views/buy/StripeCardFields.tsx),
 * with a fake Stripe.js in place of the script Stripe serves: Stripe.js is a third-party edge, and the only thing
 * these tests replace. Elements mounts its card field and hands its card form to the flow (`onCardForm`); card entry
 * then confirms with that form, as the payment and the free trial do on a Stripe channel: a payment (kept for later
 * when asked), a saved card, a card setup, and Stripe's refusal shown in Stripe's words. The form shows the
 * statechart studio nothing of Stripe's objects.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { cardEntryMachine } from '../../../machines/card-entry/card-entry.machine';
import type { CardEntryInput, CardEntryOutput, CardForm } from '../../../machines/card-entry/card-entry.types';
import { confirmWithStripe } from '../../../src/adapters/stripe-card';
import { hideSecrets } from '../../../src/app/logic/live-redaction';
import { createI18n } from '../../../src/i18n/i18n';
import StripeCardFields from '../../../src/views/buy/StripeCardFields';
import { fakeStripe } from '../fake-stripe';

const fake = fakeStripe();

const stripeIntent = (purpose: 'payment' | 'setup') =>
  ({ purpose, clientSecret: `${purpose === 'payment' ? 'pi' : 'seti'}_1_secret_x`, provider: 'stripe', publishableKey: 'pk_test_summit' }) as const;

/** The card form Elements handed to the flow, as the flow keeps it: until Elements says it is gone. */
const page = { cardForm: null as CardForm | null };

/** Card entry as a flow invokes it, with the card form the flow holds. */
async function confirm(input: Omit<CardEntryInput, 'cardForm'>): Promise<CardEntryOutput> {
  const actor = createActor(cardEntryMachine.provide({ actors: { confirmWithStripe } }), { input: { ...input, cardForm: page.cardForm } }).start();
  return toPromise(actor);
}

function onCardForm(cardForm: CardForm): () => void {
  page.cardForm = cardForm;
  return () => {
    if (page.cardForm === cardForm) page.cardForm = null;
  };
}

async function showElements(): Promise<void> {
  const i18n = await createI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <form>
        <StripeCardFields publishableKey="pk_test_summit" offerToSave onCardForm={onCardForm} />
      </form>
    </I18nextProvider>,
  );
  await waitFor(() => expect(fake.calls.mounted).toBe(1));
  await waitFor(() => expect(page.cardForm).not.toBeNull());
}

beforeEach(() => {
  (window as unknown as { Stripe: unknown }).Stripe = fake.Stripe;
  Object.assign(fake.calls, { payments: [], setups: [], mounted: 0 });
  fake.answer.error = null;
  page.cardForm = null;
});
afterEach(() => {
  cleanup();
});

describe('Stripe Elements on a Stripe channel', () => {
  it("loads Stripe.js with the channel's key and mounts its card field, labelled, with the save choice", async () => {
    await showElements();
    expect(fake.calls.keys).toEqual(['pk_test_summit']);
    expect(screen.getByRole('group', { name: 'Card details' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Save this card for later purchases' })).toBeTruthy();
  });

  it('confirms a payment with the card element, kept for later payments when asked', async () => {
    await showElements();
    const output = await confirm({ card: { kind: 'new', details: null, save: true }, intent: stripeIntent('payment') });
    expect(output).toEqual({ result: 'confirmed' });
    expect(fake.calls.payments).toEqual([['pi_1_secret_x', { payment_method: { card: fake.element }, setup_future_usage: 'off_session' }]]);
  });

  it('confirms with a saved card by its id, and sets up a new card for a trial', async () => {
    await showElements();
    expect(await confirm({ card: { kind: 'saved', paymentMethodId: 'pm_saved' }, intent: stripeIntent('payment') })).toEqual({ result: 'confirmed' });
    expect(fake.calls.payments).toEqual([['pi_1_secret_x', { payment_method: 'pm_saved' }]]);
    expect(await confirm({ card: { kind: 'new', details: null, save: false }, intent: stripeIntent('setup') })).toEqual({ result: 'confirmed' });
    expect(fake.calls.setups).toEqual([['seti_1_secret_x', { payment_method: { card: fake.element } }]]);
  });

  it("refuses the card in Stripe's words when Stripe declines it", async () => {
    await showElements();
    fake.answer.error = { message: 'Your card has insufficient funds.' };
    const output = await confirm({ card: { kind: 'new', details: null, save: false }, intent: stripeIntent('payment') });
    expect(output).toEqual({ result: 'refused', message: { text: 'Your card has insufficient funds.' } });
  });

  it('hands the flow a card form that prints as its provider only, so the studio never copies Stripe.js', async () => {
    await showElements();
    expect(JSON.stringify({ cardForm: page.cardForm })).toBe('{"cardForm":{"provider":"stripe"}}');
    expect(JSON.stringify(hideSecrets({ cardForm: page.cardForm }))).toBe('{"cardForm":{"provider":"stripe"}}');
  });

  it('refuses with the generic message when Elements is not on the page (it went with the checkout)', async () => {
    await showElements();
    cleanup();
    expect(page.cardForm).toBeNull();
    const output = await confirm({ card: { kind: 'new', details: null, save: false }, intent: stripeIntent('payment') });
    expect(output).toEqual({ result: 'refused', message: { key: 'errors.somethingWentWrong' } });
  });
});
