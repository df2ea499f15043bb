/**
 * The Stripe side of the payment-provider port (ARCHITECTURE "Payments"): when the channel takes cards through
 * Stripe, Stripe.js confirms the payment or the card setup in the page, with the card the viewer typed into Stripe
 * Elements or one of their saved cards. Stripe.js itself (and Elements) load only with the checkout
 * (src/views/buy/StripeCardFields.tsx), which hands the flow taking the card (payment, free trial) the page's Stripe
 * instance and card element as a card form (`stripe.ready`); card entry gives it back to `confirmWithStripe` with
 * the card to confirm. This module holds no Stripe code and no state, so the app's first bundles stay without it.
 */
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { fromPromise } from 'xstate';
import { type CardConfirmation, type CardForm, CardRefusal } from '../../machines/card-entry/card-entry.types';

/**
 * Stripe Elements as the checkout shows it: Stripe.js, and the card element while it is mounted. Both sit behind
 * functions, so the flows (and the statechart studio, which prints the events they receive) see `{ provider }` only:
 * Stripe's objects are neither copied nor printed.
 */
interface StripeCardForm extends CardForm {
  readonly provider: 'stripe';
  stripe(): Stripe;
  card(): StripeCardElement | null;
}

/** The card form of Stripe Elements on the page, for `stripe.ready`. */
export function stripeCardForm(stripe: Stripe, card: () => StripeCardElement | null): CardForm {
  const form: StripeCardForm = { provider: 'stripe', stripe: () => stripe, card };
  return form;
}

function isStripeCardForm(form: CardForm | null): form is StripeCardForm {
  return form?.provider === 'stripe' && typeof (form as Partial<StripeCardForm>).stripe === 'function';
}

/**
 * Confirms with Stripe.js: a payment (`confirmCardPayment`, kept for later payments when the viewer asked) or a card
 * setup (`confirmCardSetup`). Stripe's refusal ("Your card was declined.") is a CardRefusal, shown in its words.
 */
export const confirmWithStripe = fromPromise<void, CardConfirmation>(async ({ input }) => {
  const { intent, card, cardForm } = input;
  if (intent.clientSecret === null) throw new Error('The intent has no client secret to confirm');
  if (!isStripeCardForm(cardForm)) throw new Error('Stripe Elements is not on the page');
  let paymentMethod: string | { card: StripeCardElement };
  if (card.kind === 'saved') {
    paymentMethod = card.paymentMethodId;
  } else {
    const element = cardForm.card();
    if (element === null) throw new Error('The Stripe card element is not mounted');
    paymentMethod = { card: element };
  }
  const stripe = cardForm.stripe();
  const result =
    intent.purpose === 'payment'
      ? await stripe.confirmCardPayment(intent.clientSecret, {
          payment_method: paymentMethod,
          ...(card.kind === 'new' && card.save ? { setup_future_usage: 'off_session' as const } : {}),
        })
      : await stripe.confirmCardSetup(intent.clientSecret, { payment_method: paymentMethod });
  if (result.error) throw new CardRefusal(result.error.message ?? 'Your card was declined.');
});
