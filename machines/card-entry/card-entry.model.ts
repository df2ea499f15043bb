/**
 * Model of card entry (machines/card-entry): the cards a flow may hand it (none, a saved one, a new one with or
 * without its details), on a payment or a card setup, with the reference processor or Stripe, and what each side of
 * the payment-provider port may answer.
 */
import { messageId } from '../shared/messages';
import { cardEntryMachine } from './card-entry.machine';
import {
  type CardChoice,
  type CardEntryInput,
  type CardEntryOutput,
  type CardForm,
  type CardIntent,
  CardRefusal,
  type SavedCard,
} from './card-entry.types';
import { SOMETHING_WENT_WRONG } from '../shared/failures';
import { VALIDATION_MESSAGES } from '../../mesh/validation';
import { defineModel } from '../shared/machine-model';
import { requestError } from '../shared/client-fixtures';

export const VISA = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
/** The viewer's one saved card, as `loadSavedCards` answers it to the flows that offer it (payment, free trial). */
export const SAVED_CARD: SavedCard = { id: 'pm_saved', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, is_default: true };
const SAVED: CardChoice = { kind: 'saved', paymentMethodId: 'pm_saved' };
const NEW: CardChoice = { kind: 'new', details: VISA, save: true };
/** Stripe Elements holds the details in the page. */
const IN_ELEMENTS: CardChoice = { kind: 'new', details: null, save: false };
/** Stripe Elements on the page, as the flows hand it on (`stripe.ready`): only the Stripe adapter reads behind it. */
export const STRIPE_CARD_FORM: CardForm = { provider: 'stripe' };

const payment: CardIntent = { purpose: 'payment', clientSecret: 'pi_1_secret_x', provider: 'reference', publishableKey: null };
const setupIntent: CardIntent = { purpose: 'setup', clientSecret: 'seti_1_secret_x', provider: 'reference', publishableKey: null };
const stripe: CardIntent = { purpose: 'payment', clientSecret: 'pi_2_secret_x', provider: 'stripe', publishableKey: 'pk_test_summit' };

const KNOWN_MESSAGES: ReadonlySet<string> = new Set([
  VALIDATION_MESSAGES.selectCard.key,
  SOMETHING_WENT_WRONG.key,
  'server.cardDeclined',
  'Your card has insufficient funds.',
]);

export const cardEntryModel = defineModel({
  machine: cardEntryMachine,
  inputs: [
    { card: SAVED, intent: payment, cardForm: null },
    { card: NEW, intent: setupIntent, cardForm: null },
    { card: IN_ELEMENTS, intent: stripe, cardForm: STRIPE_CARD_FORM },
    // Refused before asking anyone: no card; details the reference processor needs but does not have; a saved
    // card cannot be set up again.
    { card: null, intent: payment, cardForm: null },
    { card: IN_ELEMENTS, intent: payment, cardForm: null },
    { card: SAVED, intent: setupIntent, cardForm: null },
  ] satisfies CardEntryInput[],
  outputs: { confirmWithProcessor: [undefined], confirmWithStripe: [undefined] },
  errors: {
    confirmWithProcessor: [requestError('http', 402, 'Your card was declined.')],
    confirmWithStripe: [
      new Error('confirmWithStripe is not provided: pass it with machine.provide({ actors })'),
      // Stripe.js refused the card in the page: its words are shown.
      new CardRefusal('Your card has insufficient funds.'),
    ],
  },
  check: (snapshot) => {
    const { card, intent, message } = snapshot.context;
    if (message !== null && !KNOWN_MESSAGES.has(messageId(message))) throw new Error(`unexpected message "${messageId(message)}"`);
    if (snapshot.matches('confirmingWithStripe') && intent.provider !== 'stripe') throw new Error('Stripe asked on a reference channel');
    if (snapshot.matches('confirmingWithProcessor') && (intent.provider !== 'reference' || card === null)) {
      throw new Error('the processor asked without a card, or on a Stripe channel');
    }
    if (snapshot.hasTag('confirming') !== (snapshot.matches('confirmingWithStripe') || snapshot.matches('confirmingWithProcessor'))) {
      throw new Error('the confirming tag outside the confirmation');
    }
    if (snapshot.status !== 'done') return;
    const output = snapshot.output as CardEntryOutput;
    if (snapshot.matches('confirmed') !== (output.result === 'confirmed')) throw new Error('the output disagrees with the end state');
    if (output.result === 'refused' && output.message !== message) throw new Error('refused without its message');
    if (card === null && output.result !== 'refused') throw new Error('confirmed without a card');
  },
});
