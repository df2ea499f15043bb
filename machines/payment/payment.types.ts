/** What the payment machine holds and what its actors exchange (machines/payment/payment.machine.ts). */
import type { ApplyCouponQuery, CardDetails_Input, PaymentProvider, PurchaseType } from '../../mesh/client/generated/graphql';
import type { Order } from '../order-polling/order-polling.machine';
import type { OrderFacts } from '../purchases/purchased-flags';

/** SPEC §5 checks and messages of the purchase form, verbatim. */
export const PAYMENT_MESSAGES = {
  /** SPEC §5 "Selecting a purchase requires an id". */
  idNotSelected: 'id not selected',
  /** SPEC §5 "A paid event needs a single-event package id, otherwise an error is raised" (no wording given). */
  singleEventPackageMissing: 'A paid event needs a single-event package id',
  /** SPEC §5 team pass. */
  teamNotSelected: 'Package is TeamPass but team not selected',
  /** SPEC §5 "Saving a card" and the messages list. */
  selectCard: 'Please select one of your saved cards or enter new one',
  /** SPEC §5 messages list: the promo code field is empty. */
  emptyPromoCode: 'Please fill in the input field',
} as const;

/** A card number, expiry and CVC typed into the reference processor's form. */
export type CardDetails = CardDetails_Input;

/**
 * What is being bought, as the view knows it from the event, package or plan it shows. `price` is what is due in
 * cents (base price plus service fee) before a promo code; `id` is null when the page has no selection yet.
 */
export type PurchaseSelection =
  | { type: 'event'; id: number | null; price: number; isPaid: boolean; singleEventPackageId: number | null }
  | {
      type: 'package';
      id: number | null;
      price: number;
      isTeamPass: boolean;
      eventCategoryIds: readonly number[];
      participantIds: readonly number[];
    }
  | { type: 'subscription'; id: number | null; price: number };

/**
 * The card the viewer pays with: a saved one, or a new one. A new card's details are null when Stripe Elements holds
 * them (the reference processor needs them).
 */
export type CardChoice =
  | { kind: 'saved'; paymentMethodId: string }
  | { kind: 'new'; details: CardDetails | null; save: boolean };

/** A promo code the server accepted for this purchase, with what is then due (cents). */
export type AppliedCoupon = NonNullable<ApplyCouponQuery['coupon']>;

/** What `stripe/buy` answers: the order (processing, or paid when nothing is due) and how to confirm its payment. */
export interface Checkout {
  order: Order;
  clientSecret: string | null;
  provider: PaymentProvider;
  publishableKey: string | null;
}

/**
 * What the page opens the payment with (`{}` when it has no selection yet).
 *
 * @public
 */
export interface PaymentInput {
  /** The selection the page opened with; `user.selectPurchase` sets or changes it. */
  purchase?: PurchaseSelection;
}

/** @public */
export interface PaymentContext {
  purchase: PurchaseSelection | null;
  /** The viewer's paid, active orders, for the purchased flags (SPEC §4); empty when they could not be read. */
  orders: readonly OrderFacts[];
  card: CardChoice | null;
  /** The team chosen for a team pass. */
  participantId: number | null;
  coupon: AppliedCoupon | null;
  /** The code being checked, or the one applied. */
  promoCode: string | null;
  /** Why the promo code was refused, as the server said it. */
  promoError: string | null;
  /** Why the purchase could not be submitted (SPEC §5 messages). */
  validationError: string | null;
  checkout: Checkout | null;
  /** The order as last seen (from buy, confirm or polling). */
  order: Order | null;
  /** Why the payment failed. */
  errorMessage: string | null;
  /** SPEC §4/§8: a failed order is shown in a popup. */
  showFailurePopup: boolean;
}

/** @public */
export type PaymentEvent =
  | { type: 'user.selectPurchase'; purchase: PurchaseSelection }
  | { type: 'user.selectSavedCard'; paymentMethodId: string }
  | { type: 'user.enterNewCard'; details: CardDetails | null; save: boolean }
  | { type: 'user.clearCard' }
  | { type: 'user.selectTeam'; participantId: number }
  | { type: 'user.applyPromoCode'; code: string }
  | { type: 'user.removePromoCode' }
  | { type: 'user.submit' }
  | { type: 'user.retry' };

export interface ApplyCouponInput {
  code: string;
  type: PurchaseType;
  id: number;
}

export interface BuyInput {
  type: PurchaseType;
  id: number;
  singleEventPackageId: number | null;
  participantId: number | null;
  coupon: string | null;
}

/** The reference processor's confirmation: the client secret and the card. */
export interface ConfirmPaymentInput {
  clientSecret: string | null;
  card: CardChoice;
}

/**
 * What the app shell's Stripe confirmation actor receives when `stripe/buy` answers `provider: stripe`: it confirms
 * the payment intent with Stripe.js (Elements for a new card, the payment method id for a saved one).
 *
 * @public
 */
export interface StripeConfirmationInput {
  clientSecret: string | null;
  publishableKey: string | null;
  card: CardChoice;
  order: Order;
}
