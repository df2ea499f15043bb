/**
 * What the card-entry machine (machines/card-entry/card-entry.machine.ts) exchanges with the flows that invoke it
 * (payment, free trial) and with the payment-provider port: the card the viewer chose, the intent to confirm it on,
 * and how the confirmation ended.
 */
import type { Message } from '../../mesh/messages';
import type { CardDetails_Input, CardFieldsFragment, PaymentProvider } from '../../mesh/client/generated/graphql';

/** A card number, expiry and CVC typed into the reference processor's form. */
export type CardDetails = CardDetails_Input;

/** One of the viewer's saved cards, as the API lists them (brand, last four digits, expiry, whether it is the default). */
export type SavedCard = CardFieldsFragment;

/**
 * The card form a payment provider shows in the page (Stripe Elements), as the page hands it to the flow that takes
 * the card (`stripe.ready`). Only that provider's adapter reads what is behind it (src/adapters/stripe-card.ts); the
 * machines carry it from the page to the confirmation. It keeps the page's live objects behind functions, so an event
 * or a context that carries it prints as `{ provider }` and nothing more.
 */
export interface CardForm {
  readonly provider: PaymentProvider;
}

/**
 * The card the viewer pays with: a saved one, or a new one (kept for later payments when `save`). A new card's
 * details are null when Stripe Elements holds them in the page (the reference processor needs them).
 */
export type CardChoice = { kind: 'saved'; paymentMethodId: string } | { kind: 'new'; details: CardDetails | null; save: boolean };

/**
 * The card a checkout starts with once the viewer's saved cards are read, as a wallet preselects it: their default
 * card, else their only one; none when they have several and no default, or none at all.
 */
export function preselectedCard(cards: readonly SavedCard[]): CardChoice | null {
  const card = cards.find((c) => c.is_default) ?? (cards.length === 1 ? cards[0] : undefined);
  return card ? { kind: 'saved', paymentMethodId: card.id } : null;
}

/**
 * What the card is confirmed on, as the server opened it: a payment (an order's payment intent, from `stripe/buy`)
 * or a card setup (a setup intent, saving the card for a later charge). `provider` says who confirms it.
 */
export interface CardIntent {
  purpose: 'payment' | 'setup';
  clientSecret: string | null;
  provider: PaymentProvider;
  /** Stripe's publishable key, when Stripe confirms. */
  publishableKey: string | null;
}

/** The intent of what the server opened for the card (a checkout, a setup intent); a refusal when nothing is. */
export function cardIntentOf(purpose: CardIntent['purpose'], opened: Omit<CardIntent, 'purpose'> | null): CardIntent {
  return { purpose, clientSecret: opened?.clientSecret ?? null, provider: opened?.provider ?? 'reference', publishableKey: opened?.publishableKey ?? null };
}

/** What the flow invokes card entry with. */
export interface CardEntryInput {
  card: CardChoice | null;
  intent: CardIntent;
  /** The provider's card form on the page, while it shows one (Stripe Elements); null otherwise. */
  cardForm: CardForm | null;
}

/**
 * What each side of the payment-provider port receives: the reference processor (through the API) and the app's
 * Stripe adapter (Stripe.js in the page).
 *
 * @public
 */
export interface CardConfirmation {
  intent: CardIntent;
  card: CardChoice;
  /** The provider's card form on the page (Stripe Elements), which confirms in the page; null when none is shown. */
  cardForm: CardForm | null;
}

/** How card entry ended: the card is confirmed on the intent, or refused with what the viewer reads. */
export type CardEntryOutput = { result: 'confirmed' } | { result: 'refused'; message: Message };

/**
 * A card the processor refused in the page (Stripe.js answers `{ error }` rather than an HTTP error): its message is
 * the processor's own words for the viewer ("Your card was declined."), shown as they are.
 */
export class CardRefusal extends Error {
  override readonly name = 'CardRefusal';
}

/** What a viewer reads about a failed confirmation: a processor's refusal in its words, else the client's reading. */
export function refusalMessageOf(error: unknown, otherwise: (error: unknown) => Message): Message {
  return error instanceof CardRefusal ? { text: error.message } : otherwise(error);
}
