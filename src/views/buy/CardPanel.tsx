/**
 * The card a viewer pays with (SPEC §5 "Saving a card"): one of their saved cards, or a new one typed into the
 * reference processor's form (saved for later on request). The choice is the flow's (payment or free trial): the
 * panel shows it and sends it; the new card's details are read from the form when it is sent.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardDetails, CardForm, SavedCard } from '../../../machines/card-entry/card-entry.types';
import { useStripeKey } from '../../app/facades/payment';
import { visuallyHidden } from '../../components/controls.css';
import { CheckboxField, fieldValue, TextField } from '../../components/form/Fields';
import { PageLoading } from '../../components/Loader';
import * as form from '../../components/form/form.css';
import * as styles from './buy.css';
import { cardDetailsOf } from './card-details';

/** Stripe Elements, as its own chunk: Stripe.js is fetched only when a Stripe channel's checkout shows a new card. */
const StripeCardFields = lazy(() => import('./StripeCardFields'));

/** A card brand as the processor names it (`visa`, `mastercard`, `amex`), as printed on the card. */
function brandName(brand: string): string {
  const names: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB', unionpay: 'UnionPay' };
  return names[brand.toLowerCase()] ?? brand;
}

interface CardPanelProps {
  cards: readonly SavedCard[];
  savedCardId: string | null;
  cardKind: 'saved' | 'new' | null;
  onSavedCard(paymentMethodId: string): void;
  onNewCard(): void;
  /** Stripe Elements is on the page until the returned function is called (a Stripe channel's new card). */
  onCardForm(cardForm: CardForm): () => void;
  /** Whether the viewer may choose to keep a new card (a trial always keeps it: it is charged when the trial ends). */
  offerToSave: boolean;
}

export function CardPanel({ cards, savedCardId, cardKind, onSavedCard, onNewCard, onCardForm, offerToSave }: CardPanelProps) {
  const { t } = useTranslation();
  const stripeKey = useStripeKey();
  return (
    <fieldset className={styles.panel}>
      <legend className={visuallyHidden}>{t('buy.cardTitle')}</legend>
      <h2 className={styles.panelTitle} aria-hidden="true">
        {t('buy.cardTitle')}
      </h2>
      {cards.length > 0 && (
        <div className={styles.cardChoices} role="radiogroup" aria-label={t('buy.cardTitle')}>
          {cards.map((card) => (
            <label key={card.id} className={styles.choice}>
              <input type="radio" name="card" value={card.id} checked={savedCardId === card.id} onChange={() => onSavedCard(card.id)} />
              {t('buy.savedCard', { brand: brandName(card.brand), last4: card.last4, month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })}
            </label>
          ))}
          <label className={styles.choice}>
            <input type="radio" name="card" value="new" checked={cardKind === 'new'} onChange={onNewCard} />
            {t('buy.newCard')}
          </label>
        </div>
      )}
      {(cards.length === 0 || cardKind === 'new') &&
        (stripeKey === null ? (
          <NewCardFields offerToSave={offerToSave} />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <StripeCardFields publishableKey={stripeKey} offerToSave={offerToSave} onCardForm={onCardForm} />
          </Suspense>
        ))}
    </fieldset>
  );
}

function NewCardFields({ offerToSave }: { offerToSave: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={form.form} data-new-card="">
      <TextField name="card_number" label="buy.cardNumber" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" />
      <div className={styles.cardRow}>
        <TextField name="card_expiry" label="buy.cardExpiry" inputMode="numeric" autoComplete="cc-exp" placeholder="12/30" />
        <TextField name="card_cvc" label="buy.cardCvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
      </div>
      {offerToSave && <CheckboxField name="save_card" label={t('buy.saveCard')} errors={undefined} />}
      <p className={form.hint}>{t('buy.testCards')}</p>
    </div>
  );
}

/**
 * The new card of a sent form: its details from the reference processor's fields, or null details when Stripe
 * Elements holds them; null when the form shows no new card (a saved one is chosen, or nothing is due).
 */
export function readNewCard(data: FormData): { details: CardDetails | null; save: boolean } | null {
  if (data.has('stripe_card')) return { details: null, save: data.get('save_card') === 'true' };
  if (!data.has('card_number')) return null;
  return {
    details: cardDetailsOf(fieldValue(data, 'card_number'), fieldValue(data, 'card_expiry'), fieldValue(data, 'card_cvc')),
    save: data.get('save_card') === 'true',
  };
}
