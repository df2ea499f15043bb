/**
 * The Stripe side of the payment-provider port (ARCHITECTURE "Payments"): when the channel takes cards through
 * Stripe, Stripe.js confirms the payment or the card setup in the page, with the card the viewer typed into Stripe
 * Elements or one of their saved cards. Stripe.js itself (and Elements) load only with the checkout
 * (src/views/buy/StripeCardFields.tsx), which hands this adapter the page's Stripe instance and card element while it
 * shows them; this module holds no Stripe code, so the app's first bundles stay without it.
 */
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { fromPromise } from 'xstate';
import { type CardConfirmation, CardRefusal } from '../../machines/card-entry/card-entry.types';

/** What the checkout shows while Elements is on the page: Stripe.js, and the card element once it is mounted. */
interface StripeCardForm {
  stripe: Stripe;
  card(): StripeCardElement | null;
}

let shown: StripeCardForm | null = null;

/** The checkout shows Stripe Elements: its confirmations go through this form until the returned function is called. */
export function showStripeCardForm(form: StripeCardForm): () => void {
  shown = form;
  return () => {
    if (shown === form) shown = null;
  };
}

/**
 * Confirms with Stripe.js: a payment (`confirmCardPayment`, kept for later payments when the viewer asked) or a card
 * setup (`confirmCardSetup`). Stripe's refusal ("Your card was declined.") is a CardRefusal, shown in its words.
 */
export const confirmWithStripe = fromPromise<void, CardConfirmation>(async ({ input }) => {
  const { intent, card } = input;
  if (intent.clientSecret === null) throw new Error('The intent has no client secret to confirm');
  if (shown === null) throw new Error('Stripe Elements is not on the page');
  let paymentMethod: string | { card: StripeCardElement };
  if (card.kind === 'saved') {
    paymentMethod = card.paymentMethodId;
  } else {
    const element = shown.card();
    if (element === null) throw new Error('The Stripe card element is not mounted');
    paymentMethod = { card: element };
  }
  const result =
    intent.purpose === 'payment'
      ? await shown.stripe.confirmCardPayment(intent.clientSecret, {
          payment_method: paymentMethod,
          ...(card.kind === 'new' && card.save ? { setup_future_usage: 'off_session' as const } : {}),
        })
      : await shown.stripe.confirmCardSetup(intent.clientSecret, { payment_method: paymentMethod });
  if (result.error) throw new CardRefusal(result.error.message ?? 'Your card was declined.');
});
