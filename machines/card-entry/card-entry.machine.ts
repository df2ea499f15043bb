/**
 * Card entry (SPEC §5 "Saving a card", §7 Payments; ARCHITECTURE "Payments: a payment-provider port"): the card a
 * viewer chose is confirmed on what the server opened for it, a payment (payment machine) or a card setup (free
 * trial). The channel's provider decides who confirms: the reference processor, through the API with the card's
 * details or the saved card; or Stripe, whose Stripe.js confirms in the page (the app's Stripe adapter).
 *
 * The two sides of the port are the actors `confirmWithProcessor` (machines/card-entry/card-entry.actors.ts) and
 * `confirmWithStripe` (the app's adapter), supplied with `cardEntryMachine.provide({ actors })`.
 */
import type { Message } from '../../mesh/messages';
import { assign, fromPromise, not, setup } from 'xstate';
import { VALIDATION_MESSAGES } from '../../mesh/validation';
import { userMessageOf } from '../shared/failures';
import { notProvided } from '../shared/not-provided';
import {
  type CardChoice,
  type CardConfirmation,
  type CardEntryInput,
  type CardEntryOutput,
  type CardForm,
  type CardIntent,
  refusalMessageOf,
} from './card-entry.types';

/** @public */
export interface CardEntryContext {
  card: CardChoice | null;
  intent: CardIntent;
  /** The provider's card form on the page (Stripe Elements), handed on to the side of the port that confirms. */
  cardForm: CardForm | null;
  /** Why the card was refused; null while it is confirmed or being confirmed. */
  message: Message | null;
}

/** What the port's actors receive; the states that run them are only entered with a card. */
function confirmationOf(context: CardEntryContext): CardConfirmation {
  if (context.card === null) throw new Error('card entry confirms nothing without a card');
  return { intent: context.intent, card: context.card, cardForm: context.cardForm };
}

/** How one side of the port ends card entry: its answer confirms the card, its failure refuses it. */
const settledBy = (accepted: string, refused: string) =>
  ({
    onDone: { target: 'confirmed', description: accepted },
    onError: {
      target: 'refused',
      actions: { type: 'refuseForFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      description: refused,
    },
  }) as const;

export const cardEntryMachine = setup({
  types: {
    context: {} as CardEntryContext,
    input: {} as CardEntryInput,
    output: {} as CardEntryOutput,
    tags: {} as 'confirming',
  },
  actors: {
    // Safe defaults: without the provider nothing is confirmed, and the card is refused (a handled outcome).
    confirmWithProcessor: fromPromise<void, CardConfirmation>(notProvided('confirmWithProcessor')),
    confirmWithStripe: fromPromise<void, CardConfirmation>(notProvided('confirmWithStripe')),
  },
  guards: {
    hasCard: ({ context }) => context.card !== null,
    isStripe: ({ context }) => context.intent.provider === 'stripe',
    /** The reference processor takes a new card with its details, or a saved card for a payment. */
    canProcessorTakeCard: ({ context }) =>
      context.card?.kind === 'new' ? context.card.details !== null : context.intent.purpose === 'payment',
  },
  actions: {
    refuse: assign((_, message: Message) => ({ message })),
    refuseForFailure: assign((_, failure: { error: unknown }) => ({ message: refusalMessageOf(failure.error, userMessageOf) })),
  },
}).createMachine({
  id: 'cardEntry',
  description:
    'The chosen card is confirmed on the payment or card setup the server opened: by the reference processor with ' +
    "the card's details (or the saved card), or by Stripe in the page when the channel takes cards through Stripe.",
  context: ({ input }) => ({ card: input.card, intent: input.intent, cardForm: input.cardForm, message: null }),
  initial: 'checking',
  output: ({ context }) => (context.message === null ? { result: 'confirmed' } : { result: 'refused', message: context.message }),
  states: {
    checking: {
      description: 'Who confirms the card, and can they take it?',
      always: [
        {
          guard: not('hasCard'),
          target: 'refused',
          actions: { type: 'refuse', params: VALIDATION_MESSAGES.selectCard },
          description: 'No card: "Please select one of your saved cards or enter new one".',
        },
        { guard: 'isStripe', target: 'confirmingWithStripe', description: 'The channel takes cards through Stripe.' },
        { guard: 'canProcessorTakeCard', target: 'confirmingWithProcessor', description: 'The reference processor takes the card.' },
        {
          target: 'refused',
          actions: { type: 'refuse', params: VALIDATION_MESSAGES.selectCard },
          description:
            "The reference processor needs a new card's details (a saved card cannot be set up again): " +
            '"Please select one of your saved cards or enter new one".',
        },
      ],
    },
    confirmingWithProcessor: {
      description: "The reference processor confirms with the card's details or the saved card (through the API).",
      tags: ['confirming'],
      invoke: {
        id: 'confirmWithProcessor',
        src: 'confirmWithProcessor',
        input: ({ context }) => confirmationOf(context),
        ...settledBy(
          'The card is accepted; a payment settles shortly.',
          "The card was refused (wrong number, expired, declined...): the processor's words are shown.",
        ),
      },
    },
    confirmingWithStripe: {
      description: 'Stripe.js confirms in the page (the app provides it).',
      tags: ['confirming'],
      invoke: {
        id: 'confirmWithStripe',
        src: 'confirmWithStripe',
        input: ({ context }) => confirmationOf(context),
        ...settledBy('Stripe accepted the card.', 'Stripe refused the card, or Stripe.js is not available.'),
      },
    },
    confirmed: { description: 'The card is confirmed on the intent.', type: 'final' },
    refused: { description: 'The card was not confirmed; the message says why.', type: 'final' },
  },
});
