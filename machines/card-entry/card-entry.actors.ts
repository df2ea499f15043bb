/**
 * The reference processor's side of the payment-provider port, over mesh/client. The app shell gives the flows that
 * take cards their card entry with `createCardEntry({ client, confirmWithStripe })`, where `confirmWithStripe` comes
 * from the Stripe adapter (Stripe.js is a third-party edge the app shell owns), and the one reading of the viewer's
 * saved cards they offer, `loadSavedCards({ client })`.
 */
import { type PromiseActorLogic, fromPromise } from 'xstate';
import { CardsDocument } from '../../mesh/client/generated/documents/Cards';
import { ConfirmPaymentDocument } from '../../mesh/client/generated/documents/ConfirmPayment';
import { ConfirmSetupIntentDocument } from '../../mesh/client/generated/documents/ConfirmSetupIntent';
import type { ChannelClient } from '../../mesh/client/transport';
import { cardEntryMachine } from './card-entry.machine';
import type { CardConfirmation, SavedCard } from './card-entry.types';

/** The reference processor's side of the port. */
function createCardEntryActors(deps: { client: ChannelClient }) {
  const { client } = deps;
  return {
    /** A payment with a new card's details (saved on request) or a saved card; a card setup with a new card's details. */
    confirmWithProcessor: fromPromise<void, CardConfirmation>(async ({ input, signal }) => {
      const { intent, card } = input;
      if (intent.clientSecret === null) throw new Error('The intent has no client secret to confirm');
      if (intent.purpose === 'payment') {
        const variables =
          card.kind === 'saved'
            ? { clientSecret: intent.clientSecret, paymentMethodId: card.paymentMethodId }
            : { clientSecret: intent.clientSecret, card: card.details, saveCard: card.save };
        // One key per confirmation, re-sent by the transport's retry: a repeat is answered, never charged twice.
        const idempotencyKey = crypto.randomUUID();
        const { order } = await client.request(ConfirmPaymentDocument, variables, { signal, idempotencyKey });
        if (!order) throw new Error('The payment confirmation was not answered');
        return;
      }
      if (card.kind !== 'new' || card.details === null) throw new Error('A card setup needs a new card with its details');
      const { card: saved } = await client.request(ConfirmSetupIntentDocument, { clientSecret: intent.clientSecret, card: card.details }, { signal });
      if (!saved) throw new Error('The card setup was not answered');
    }),
  };
}

/**
 * Card entry with both sides of the port: the reference processor over `client`, and Stripe through the app's
 * adapter (without one, a Stripe channel's cards are refused with the generic message).
 */
export function createCardEntry(deps: { client: ChannelClient; confirmWithStripe?: PromiseActorLogic<void, CardConfirmation> }) {
  const { confirmWithStripe } = deps;
  return cardEntryMachine.provide({
    actors: { ...createCardEntryActors(deps), ...(confirmWithStripe ? { confirmWithStripe } : {}) },
  });
}

/**
 * The viewer's saved cards, the default first ("Please select one of your saved cards or enter new one"): the one
 * reading of them, invoked by each flow that offers them (payment, free trial) as its `loadSavedCards` actor.
 */
export function loadSavedCards(deps: { client: ChannelClient }) {
  const { client } = deps;
  return fromPromise<readonly SavedCard[]>(async ({ signal }) => {
    const { cards } = await client.request(CardsDocument, {}, { signal });
    return (cards?.data ?? []).filter((card): card is SavedCard => card !== null).sort((a, b) => Number(b.is_default) - Number(a.is_default));
  });
}
