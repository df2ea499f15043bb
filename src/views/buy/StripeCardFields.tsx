/**
 * Stripe Elements' card field, for a channel that takes cards through Stripe (its settings carry a publishable key).
 * Loaded only with the checkout, as its own chunk: Stripe.js is fetched from Stripe when this shows, never before.
 * While it shows, the flow taking the card holds it (`onCardForm`), and the Stripe adapter (src/adapters/stripe-card.ts)
 * confirms with it.
 */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardForm } from '../../../machines/card-entry/card-entry.types';
import { stripeCardForm } from '../../adapters/stripe-card';
import { CheckboxField } from '../../components/form/Fields';
import * as form from '../../components/form/form.css';

/** One Stripe.js per publishable key, loaded the first time a checkout needs it. */
const loaded = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  const known = loaded.get(publishableKey);
  if (known) return known;
  const loading = loadStripe(publishableKey);
  loaded.set(publishableKey, loading);
  return loading;
}

interface StripeCardFieldsProps {
  publishableKey: string;
  offerToSave: boolean;
  /** Hands the flow taking the card the form Stripe confirms with, until the returned function is called. */
  onCardForm(cardForm: CardForm): () => void;
}

export default function StripeCardFields({ publishableKey, offerToSave, onCardForm }: StripeCardFieldsProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardFields offerToSave={offerToSave} onCardForm={onCardForm} />
    </Elements>
  );
}

function CardFields({ offerToSave, onCardForm }: Omit<StripeCardFieldsProps, 'publishableKey'>) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const id = useId();
  useEffect(() => {
    if (!stripe || !elements) return undefined;
    return onCardForm(stripeCardForm(stripe, () => elements.getElement(CardElement)));
  }, [stripe, elements, onCardForm]);
  return (
    <div className={form.form} data-stripe-card="">
      {/* Says to the form that the card's details are Stripe's (src/views/buy/CardPanel.tsx readNewCard). */}
      <input type="hidden" name="stripe_card" value="true" />
      <div className={form.field}>
        <span className={form.label} id={`${id}-label`}>
          {t('buy.cardDetails')}
        </span>
        <div className={form.input} role="group" aria-labelledby={`${id}-label`}>
          <CardElement options={{ hidePostalCode: true }} />
        </div>
      </div>
      {offerToSave && <CheckboxField name="save_card" label={t('buy.saveCard')} errors={undefined} />}
    </div>
  );
}
