/** What the payment machine holds and what its actors exchange (machines/payment/payment.machine.ts). */
import type { ApplyCouponQuery, OrderFieldsFragment, PaymentProvider, PurchaseType } from '../../mesh/client/generated/graphql';
import type { Message, MessageRef } from '../../mesh/messages';
import { VALIDATION_MESSAGES } from '../../mesh/validation';
import type { CardChoice, CardDetails, CardForm, SavedCard } from '../card-entry/card-entry.types';
import type { OrderFacts } from './purchased-flags';

/**
 * SPEC §5 checks and messages of the purchase form. SPEC names its reasons in its own words ("id not selected",
 * "Package is TeamPass but team not selected"); the viewer reads plainer ones.
 */
export const PAYMENT_MESSAGES = {
  /** SPEC §5 "Selecting a purchase requires an id" ("id not selected"). */
  idNotSelected: { key: 'validation.selectProduct' },
  /** SPEC §5 "A paid event needs a single-event package id, otherwise an error is raised" (no wording given). */
  singleEventPackageMissing: { key: 'errors.somethingWentWrong' },
  /** SPEC §5 team pass ("Package is TeamPass but team not selected"). */
  teamNotSelected: { key: 'validation.selectTeam' },
  /** SPEC §5 "Saving a card" and the messages list. */
  selectCard: VALIDATION_MESSAGES.selectCard,
  /** SPEC §5 messages list: the promo code field is empty. */
  emptyPromoCode: VALIDATION_MESSAGES.fillInput,
} as const satisfies Record<string, MessageRef>;

/** An order as the API answers it (the `OrderFields` fragment). */
export type Order = OrderFieldsFragment;

/** What every selection names, for the receipt and the ecommerce tag events: its name and currency (ISO 4217). */
interface ProductFacts {
  name: string;
  currency: string;
  /**
   * The API's purchased flag for this viewer, when the page read the offer from it. It knows what the viewer's
   * orders alone do not tell: a subscription covers every game, a season pass its sub-categories' team passes,
   * and a basic pass chosen in the passes form is the viewer's. Absent when the page does not know.
   */
  owned?: boolean;
}

/**
 * What is being bought, as the view knows it from the event, package or plan it shows. `price` is what is due in
 * cents (base price plus service fee) before a promo code; `id` is null when the page has no selection yet.
 */
export type PurchaseSelection = ProductFacts &
  (
    | { type: 'event'; id: number | null; price: number; isPaid: boolean; singleEventPackageId: number | null }
    | {
        type: 'package';
        id: number | null;
        price: number;
        isTeamPass: boolean;
        eventCategoryIds: readonly number[];
        participantIds: readonly number[];
      }
    | { type: 'subscription'; id: number | null; price: number }
  );

/**
 * SPEC §7 "Ecommerce tag events" of a checkout, as the payment reports them (the app pushes them to the page's
 * dataLayer): the checkout page shown, the product put in the cart, the checkout begun, the order opened
 * (`purchase`, its id the transaction id) and how it ended.
 */
export type CheckoutStep = 'view_buy_page' | 'add_to_cart' | 'begin_checkout' | 'purchase' | 'purchase_success' | 'purchase_failed';

/** What the `reportCheckout` action receives: the step and the facts of the purchase at that point. */
export interface CheckoutReport {
  step: CheckoutStep;
  purchase: PurchaseSelection;
  coupon: AppliedCoupon | null;
  /** The order, once one is opened. */
  order: Order | null;
  /** Why it failed (purchase_failed): the processor's decline code or the message shown. */
  errorReason: string | null;
}

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
  /**
   * An order of this selection whose payment was confirmed on an earlier visit of the page (a reload while it was
   * processing): the payment resumes following it instead of showing the form.
   */
  openOrderId?: number | null;
}

/** @public */
export interface PaymentContext {
  purchase: PurchaseSelection | null;
  /** The viewer's paid, active orders, for the purchased flags (SPEC §4); empty when they could not be read. */
  orders: readonly OrderFacts[];
  /** The viewer's saved cards to pay with, the default first; empty until read, or when they could not be. */
  savedCards: readonly SavedCard[];
  card: CardChoice | null;
  /** Stripe Elements while the page shows it: what Stripe confirms a new card with (card entry hands it on). */
  cardForm: CardForm | null;
  /** The team chosen for a team pass. */
  participantId: number | null;
  coupon: AppliedCoupon | null;
  /** The code being checked, or the one applied. */
  promoCode: string | null;
  /** Why the promo code was refused, as the server said it. */
  promoError: Message | null;
  /** Why the purchase could not be submitted (SPEC §5 messages). */
  validationError: Message | null;
  checkout: Checkout | null;
  /** The order as last seen (from buy, confirm or polling). */
  order: Order | null;
  /** Why the payment failed. */
  errorMessage: Message | null;
  /** The order being followed after a reload (PaymentInput.openOrderId), until it settles. */
  openOrderId: number | null;
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
  | { type: 'user.retry' }
  /** The page shows Stripe Elements (a Stripe channel's new card), and stops showing it. */
  | { type: 'stripe.ready'; cardForm: CardForm }
  | { type: 'stripe.gone' }
  /** The page's visibility and the network, for order polling (machines/polling). */
  | { type: 'app.resumed' }
  | { type: 'app.offline' }
  | { type: 'app.online' };

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

