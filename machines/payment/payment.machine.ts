/**
 * Payment (SPEC §4 "Payment": processing, then success or error; §5 purchase checks and messages; §7 Payments): the
 * viewer picks a card (saved or new) and optionally a promo code, the purchase is checked, then bought
 * (`stripe/buy`), the card confirmed on it (card entry: the reference processor, or Stripe.js in the page when the
 * channel takes payments through Stripe) and the order followed (order polling) until it is paid or failed. A
 * failed order (SPEC §8: the polling rejects with a popup flag) is said once, by the error state, with its retry: a
 * modal over the checkout repeated what the page said and kept "Try again" out of reach (issue 32).
 */
import type { Message } from '../../mesh/messages';
import { messageId } from '../shared/messages';
import { and, assign, fromPromise, not, sendTo, setup } from 'xstate';
import { type CardEntryInput, type CardEntryOutput, cardIntentOf, preselectedCard, type SavedCard } from '../card-entry/card-entry.types';
import { cardEntryMachine } from '../card-entry/card-entry.machine';
import { type PollingOutput, pollingMachine } from '../polling/polling.machine';
import { declineMessage } from '../../mesh/validation';
import { SOMETHING_WENT_WRONG, userMessageOf } from '../shared/failures';
import { notProvided } from '../shared/not-provided';
import { orderPollingInput } from './order-polling';
import { paymentGuards } from './payment.guards';
import {
  type AppliedCoupon,
  type ApplyCouponInput,
  type BuyInput,
  type Checkout,
  type CheckoutReport,
  type CheckoutStep,
  type Order,
  PAYMENT_MESSAGES,
  type PaymentContext,
  type PaymentEvent,
  type PaymentInput,
} from './payment.types';
import type { OrderFacts } from './purchased-flags';

/** The order polling's outcome: the polling machine's output over orders. */
type OrderOutcome = PollingOutput<Order>;

/** SPEC §8: what the viewer reads about an order that did not end paid: the processor's words, when it declined. */
function failedOrderMessage(outcome: OrderOutcome): Message {
  const reason = outcome.result === 'failed' ? (outcome.value?.failure_reason ?? null) : null;
  return reason === null ? SOMETHING_WENT_WRONG : declineMessage(reason);
}

/** The reason an ecommerce event names: the message's key, or the server's words. */
const reasonOf = (message: Message | null): string | null => (message === null ? null : messageId(message));

/** The order being paid: the one opened on this visit, or the one resumed after a reload. */
function followedOrderId(context: PaymentContext): number | null {
  return context.checkout?.order.id ?? context.openOrderId;
}

/** The `reportCheckout` action at `step`, with the purchase's facts as they are then (nothing without a selection). */
const reportCheckout = (step: CheckoutStep) =>
  ({
    type: 'reportCheckout',
    params: ({ context }: { context: PaymentContext }): CheckoutReport | null =>
      context.purchase === null
        ? null
        : {
            step,
            purchase: context.purchase,
            coupon: context.coupon,
            order: context.order,
            errorReason: step === 'purchase_failed' ? (context.order?.failure_reason ?? reasonOf(context.errorMessage)) : null,
          },
  }) as const;

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    output: {} as { order: Order },
    tags: {} as 'loading' | 'applyingPromo' | 'processing' | 'success' | 'error' | 'purchased',
  },
  actors: {
    // Safe defaults: nothing reaches the network until the app shell provides the real actors
    // (createPaymentActors); each one that is missing fails into a handled state.
    loadOrders: fromPromise<readonly OrderFacts[]>(notProvided('loadOrders')),
    loadSavedCards: fromPromise<readonly SavedCard[]>(notProvided('loadSavedCards')),
    applyCoupon: fromPromise<AppliedCoupon, ApplyCouponInput>(notProvided('applyCoupon')),
    buy: fromPromise<Checkout, BuyInput>(notProvided('buy')),
    // Child machines: the app shell gives them their real actors (createCardEntry, createOrderPolling).
    cardEntry: cardEntryMachine,
    pollOrder: pollingMachine,
  },
  guards: paymentGuards,
  actions: {
    keepOrders: assign((_, orders: readonly OrderFacts[]) => ({ orders })),
    // A card the viewer already chose stays; otherwise their default (or only) saved card is chosen for them.
    keepSavedCards: assign(({ context }, savedCards: readonly SavedCard[]) => ({ savedCards, card: context.card ?? preselectedCard(savedCards) })),
    forgetSavedCards: assign({ savedCards: [] }),
    selectPurchase: assign(({ event }) =>
      event.type === 'user.selectPurchase'
        ? { purchase: event.purchase, participantId: null, coupon: null, promoCode: null, promoError: null, validationError: null, openOrderId: null }
        : {},
    ),
    selectSavedCard: assign(({ event }) =>
      event.type === 'user.selectSavedCard' ? { card: { kind: 'saved', paymentMethodId: event.paymentMethodId } as const, validationError: null } : {},
    ),
    enterNewCard: assign(({ event }) =>
      event.type === 'user.enterNewCard' ? { card: { kind: 'new', details: event.details, save: event.save } as const, validationError: null } : {},
    ),
    clearCard: assign({ card: null }),
    keepCardForm: assign(({ event }) => (event.type === 'stripe.ready' ? { cardForm: event.cardForm } : {})),
    dropCardForm: assign({ cardForm: null }),
    selectTeam: assign(({ event }) => (event.type === 'user.selectTeam' ? { participantId: event.participantId, validationError: null } : {})),
    rememberPromoCode: assign(({ event }) => (event.type === 'user.applyPromoCode' ? { promoCode: event.code.trim(), promoError: null } : {})),
    refuseEmptyPromoCode: assign({ promoError: PAYMENT_MESSAGES.emptyPromoCode }),
    applyCoupon: assign((_, coupon: AppliedCoupon) => ({ coupon, promoError: null })),
    refusePromoCode: assign((_, failure: { error: unknown }) => ({ coupon: null, promoError: userMessageOf(failure.error) })),
    removePromoCode: assign({ coupon: null, promoCode: null, promoError: null }),
    refuse: assign((_, message: Message) => ({ validationError: message })),
    startCheckout: assign({ validationError: null, errorMessage: null, checkout: null, order: null }),
    keepCheckout: assign((_, checkout: Checkout) => ({ checkout, order: checkout.order })),
    fail: assign((_, failure: { error: unknown }) => ({ errorMessage: userMessageOf(failure.error) })),
    refuseCard: assign((_, outcome: CardEntryOutput) => ({
      errorMessage: outcome.result === 'refused' ? outcome.message : SOMETHING_WENT_WRONG,
    })),
    keepPaidOrder: assign((_, outcome: OrderOutcome) => ({ order: outcome.value })),
    failOrder: assign(({ context }, outcome: OrderOutcome) => ({ order: outcome.value ?? context.order, errorMessage: failedOrderMessage(outcome) })),
    clearError: assign({ errorMessage: null }),
    /** App effect: keep the order being followed, so a reload resumes following it. No-op by default. */
    rememberOpenOrder: (_, _order: { orderId: number | null; purchase: PaymentContext['purchase'] }) => undefined,
    /** App effect: the followed order settled; forget it. No-op by default. */
    forgetOpenOrder: () => undefined,
    dropOpenOrder: assign({ openOrderId: null }),
    /** App effect: SPEC §7 ecommerce tag events (the app pushes them to the dataLayer). No-op by default. */
    reportCheckout: (_, _report: CheckoutReport | null) => undefined,
    forwardToPolling: sendTo('pollOrder', ({ event }) => event),
    /** App effect: what the viewer may watch has changed (the app reads it again). No-op by default. */
    announcePurchase: () => undefined,
  },
}).createMachine({
  id: 'payment',
  description:
    'Buying an event, a package or a subscription: the viewer chooses a card and may apply a promo code; the ' +
    'purchase is checked, bought, paid with the card, and the order is followed until it is paid or failed. ' +
    'Something the viewer already owns is not sold again.',
  context: ({ input }) => ({
    purchase: input.purchase ?? null,
    orders: [],
    savedCards: [],
    card: null,
    cardForm: null,
    participantId: null,
    coupon: null,
    promoCode: null,
    promoError: null,
    validationError: null,
    checkout: null,
    order: null,
    errorMessage: null,
    openOrderId: input.openOrderId ?? null,
  }),
  initial: 'loadingPurchases',
  output: ({ context }) => ({ order: context.order as Order }),
  on: {
    'stripe.ready': { actions: 'keepCardForm', description: "Stripe Elements is on the page: a new card is confirmed with it." },
    'stripe.gone': { actions: 'dropCardForm', description: 'Stripe Elements left the page: there is nothing to confirm a new card with.' },
  },
  states: {
    loadingPurchases: {
      description: "Reading the viewer's paid orders, to know what they already own.",
      tags: ['loading'],
      entry: reportCheckout('view_buy_page'),
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        onDone: {
          target: 'routing',
          actions: { type: 'keepOrders', params: ({ event }) => event.output },
          description: 'The orders are known.',
        },
        onError: {
          target: 'routing',
          description: 'The orders could not be read: nothing is assumed owned (the server still refuses a second purchase).',
        },
      },
      on: {
        'user.selectPurchase': { actions: 'selectPurchase', description: 'The page says what is being bought.' },
      },
    },
    routing: {
      description: 'Is the selection already owned?',
      always: [
        { guard: 'isAlreadyPurchased', target: 'purchased', description: 'The viewer already has it: the API said so when the page read it, or a paid, active order covers it.' },
        {
          guard: 'hasOpenOrder',
          target: '#payment.processing.polling',
          description: 'Its payment was confirmed before the page was reloaded: follow that order again.',
        },
        { target: 'editing', actions: reportCheckout('add_to_cart'), description: 'Not owned yet (or nothing selected yet).' },
      ],
    },
    purchased: {
      description: 'The viewer already owns what is selected: nothing is charged.',
      tags: ['purchased'],
      on: {
        'user.selectPurchase': { target: 'routing', actions: 'selectPurchase', description: 'The viewer picks something else.' },
      },
    },
    editing: {
      description: "The purchase form: card, team (for a team pass) and promo code. The viewer's saved cards are read meanwhile.",
      initial: 'ready',
      invoke: {
        id: 'loadSavedCards',
        src: 'loadSavedCards',
        onDone: {
          actions: { type: 'keepSavedCards', params: ({ event }) => event.output },
          description: 'The saved cards are offered beside a new one.',
        },
        onError: { actions: 'forgetSavedCards', description: 'The saved cards could not be read: the viewer enters a new card.' },
      },
      on: {
        'user.selectPurchase': {
          target: 'routing',
          actions: 'selectPurchase',
          description: 'Another event, package or plan: the team and promo code start over.',
        },
        'user.selectSavedCard': { actions: 'selectSavedCard', description: 'Pay with one of the saved cards.' },
        'user.enterNewCard': { actions: 'enterNewCard', description: 'Pay with a new card (optionally saved).' },
        'user.clearCard': { actions: 'clearCard', description: 'The viewer removes the chosen card.' },
        'user.selectTeam': { actions: 'selectTeam', description: 'Choose the team of a team pass.' },
      },
      states: {
        ready: {
          description: 'Waiting for the viewer to pay or apply a promo code.',
          on: {
            'user.applyPromoCode': [
              {
                guard: not('hasSelectedId'),
                actions: { type: 'refuse', params: PAYMENT_MESSAGES.idNotSelected },
                description: 'A promo code is checked against a purchase: "id not selected".',
              },
              {
                guard: 'isPromoCodeFilled',
                target: 'applyingPromo',
                actions: 'rememberPromoCode',
                description: 'Check the promo code with the server.',
              },
              { actions: 'refuseEmptyPromoCode', description: 'The promo code field is empty: "Please fill in the input field".' },
            ],
            'user.removePromoCode': { actions: 'removePromoCode', description: 'Back to the full price.' },
            'user.submit': [
              {
                guard: not('hasSelectedId'),
                actions: { type: 'refuse', params: PAYMENT_MESSAGES.idNotSelected },
                description: 'Nothing is selected: "id not selected".',
              },
              {
                guard: and(['isPaidEvent', not('hasSingleEventPackageId')]),
                actions: { type: 'refuse', params: PAYMENT_MESSAGES.singleEventPackageMissing },
                description: 'A paid event is sold through its single-event package, which is missing.',
              },
              {
                guard: and(['isTeamPass', not('hasSelectedTeam')]),
                actions: { type: 'refuse', params: PAYMENT_MESSAGES.teamNotSelected },
                description: 'A team pass needs a team: "Package is TeamPass but team not selected".',
              },
              {
                guard: and(['needsCard', not('hasCard')]),
                actions: { type: 'refuse', params: PAYMENT_MESSAGES.selectCard },
                description: 'Something is due and no card is chosen: "Please select one of your saved cards or enter new one".',
              },
              {
                target: '#payment.processing',
                actions: ['startCheckout', reportCheckout('begin_checkout')],
                description: 'Everything is in order: pay.',
              },
            ],
          },
        },
        applyingPromo: {
          description: 'Checking the promo code with the server.',
          tags: ['applyingPromo'],
          invoke: {
            id: 'applyCoupon',
            src: 'applyCoupon',
            input: ({ context }): ApplyCouponInput => ({
              code: context.promoCode ?? '',
              type: context.purchase?.type ?? 'event',
              id: context.purchase?.id ?? 0,
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'applyCoupon', params: ({ event }) => event.output },
              description: 'The code is valid: the price is discounted.',
            },
            onError: {
              target: 'ready',
              actions: { type: 'refusePromoCode', params: ({ event }) => ({ error: event.error }) },
              description: 'The code is refused: the server\'s words are shown ("Promo code is invalid", "Wrong promo code").',
            },
          },
        },
      },
    },
    processing: {
      description: 'SPEC payment state "processing": buying, paying and waiting for the order to settle.',
      tags: ['processing'],
      initial: 'buying',
      states: {
        buying: {
          description: 'Opening the order (stripe/buy).',
          invoke: {
            id: 'buy',
            src: 'buy',
            input: ({ context }): BuyInput => ({
              type: context.purchase?.type ?? 'event',
              id: context.purchase?.id ?? 0,
              singleEventPackageId: context.purchase?.type === 'event' ? context.purchase.singleEventPackageId : null,
              participantId: context.purchase?.type === 'package' && context.purchase.isTeamPass ? context.participantId : null,
              coupon: context.coupon?.code ?? null,
            }),
            onDone: [
              {
                guard: { type: 'isPaidAtOnce', params: ({ event }) => event.output },
                target: '#payment.success',
                actions: [{ type: 'keepCheckout', params: ({ event }) => event.output }, reportCheckout('purchase')],
                description: 'Nothing was due (a free pass, a full discount): the order is already paid.',
              },
              {
                target: 'confirmingCard',
                actions: [{ type: 'keepCheckout', params: ({ event }) => event.output }, reportCheckout('purchase')],
                description: 'Something is due: the card pays it.',
              },
            ],
            onError: {
              target: '#payment.error',
              actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              description: 'The order was refused (already owned, bad promo code, outage...).',
            },
          },
        },
        confirmingCard: {
          description: 'Card entry confirms the chosen card on the order (the reference processor, or Stripe in the page).',
          invoke: {
            id: 'cardEntry',
            src: 'cardEntry',
            input: ({ context }): CardEntryInput => ({
              card: context.card,
              intent: cardIntentOf('payment', context.checkout),
              cardForm: context.cardForm,
            }),
            onDone: [
              {
                guard: { type: 'isCardConfirmed', params: ({ event }) => event.output },
                target: 'polling',
                description: 'The payment is confirmed; the card processor settles it shortly.',
              },
              {
                target: '#payment.error',
                actions: { type: 'refuseCard', params: ({ event }) => event.output },
                description: "The card was refused (wrong number, expired, Stripe unavailable...): the processor's words are shown.",
              },
            ],
            onError: {
              target: '#payment.error',
              actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              description: 'Card entry broke down.',
            },
          },
        },
        polling: {
          description: 'Following the order every 2 seconds until it is paid or failed (kept, so a reload resumes it).',
          entry: {
            type: 'rememberOpenOrder',
            params: ({ context }) => ({ orderId: followedOrderId(context), purchase: context.purchase }),
          },
          on: {
            'app.resumed': { actions: 'forwardToPolling', description: 'The page is visible again: polling asks at once.' },
            'app.offline': { actions: 'forwardToPolling', description: 'The network is gone: polling pauses.' },
            'app.online': { actions: 'forwardToPolling', description: 'The network is back: polling asks at once.' },
          },
          invoke: {
            id: 'pollOrder',
            src: 'pollOrder',
            input: ({ context }) => orderPollingInput(followedOrderId(context) ?? 0),
            onDone: [
              {
                guard: { type: 'isPaidOutcome', params: ({ event }) => event.output as OrderOutcome },
                target: '#payment.success',
                actions: [{ type: 'keepPaidOrder', params: ({ event }) => event.output as OrderOutcome }, 'dropOpenOrder', 'forgetOpenOrder'],
                description: 'The order is paid.',
              },
              {
                target: '#payment.error',
                actions: [
                  { type: 'failOrder', params: ({ event }) => event.output as OrderOutcome },
                  'dropOpenOrder',
                  'forgetOpenOrder',
                ],
                description: 'The order failed (declined card) or could not be followed: the error state says why, beside its retry.',
              },
            ],
            onError: {
              target: '#payment.error',
              actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error }) }, 'dropOpenOrder', 'forgetOpenOrder'],
              description: 'Following the order broke down.',
            },
          },
        },
      },
    },
    success: {
      description: 'SPEC payment state "success": the order is paid and access is granted.',
      tags: ['success'],
      entry: ['announcePurchase', reportCheckout('purchase_success')],
      type: 'final',
    },
    error: {
      description: 'SPEC payment state "error": the payment did not go through; the message says why, beside the retry.',
      tags: ['error'],
      entry: reportCheckout('purchase_failed'),
      on: {
        'user.retry': {
          target: 'editing',
          actions: 'clearError',
          description: 'Back to the form, with the same selection and card, to try again or change them.',
        },
      },
    },
  },
});
