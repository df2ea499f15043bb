/** The payment machine's predicates (machines/payment/payment.machine.ts), named for the diagram. */
import type { CardEntryOutput } from '../card-entry/card-entry.types';
import type { PollingOutput } from '../polling/polling.machine';
import type { Checkout, PaymentContext, PaymentEvent, PurchaseSelection } from './payment.types';
import { isEventPurchased, isPackagePurchased, isSubscriptionPurchased } from './purchased-flags';

type GuardArgs = { context: PaymentContext; event: PaymentEvent };
type ContextArgs = Pick<GuardArgs, 'context'>;

/** SPEC §4 purchased flags, for whatever is selected: the API's when the page read them, else the orders'. */
function isSelectionPurchased(purchase: PurchaseSelection | null, orders: PaymentContext['orders']): boolean {
  if (purchase === null || purchase.id === null) return false;
  if (purchase.owned === true) return true;
  switch (purchase.type) {
    case 'event':
      return isEventPurchased(purchase.id, orders);
    case 'subscription':
      return isSubscriptionPurchased(purchase.id, orders);
    case 'package':
      return isPackagePurchased(
        {
          id: purchase.id,
          is_team_pass: purchase.isTeamPass,
          event_categories: purchase.eventCategoryIds,
          participants: purchase.participantIds,
        },
        orders,
      );
  }
}

/** What is due in cents: the promo code's amount once applied, else the price. */
export function amountDue(context: PaymentContext): number {
  return context.coupon?.amount ?? context.purchase?.price ?? 0;
}

export const paymentGuards = {
  isAlreadyPurchased: ({ context }: GuardArgs) => isSelectionPurchased(context.purchase, context.orders),
  /** A confirmed payment of this selection was being followed when the page was left (PaymentInput.openOrderId). */
  hasOpenOrder: ({ context }: GuardArgs) => context.openOrderId !== null,
  hasSelectedId: ({ context }: GuardArgs) => context.purchase !== null && context.purchase.id !== null,
  isPaidEvent: ({ context }: GuardArgs) => context.purchase?.type === 'event' && context.purchase.isPaid,
  hasSingleEventPackageId: ({ context }: GuardArgs) =>
    context.purchase?.type === 'event' && context.purchase.singleEventPackageId !== null,
  isTeamPass: ({ context }: ContextArgs) => context.purchase?.type === 'package' && context.purchase.isTeamPass,
  hasSelectedTeam: ({ context }: GuardArgs) => context.participantId !== null,
  /** Nothing to charge (a free pass, a full discount): no card is asked for. */
  needsCard: ({ context }: ContextArgs) => amountDue(context) > 0,
  hasCard: ({ context }: GuardArgs) => context.card !== null,
  isPromoCodeFilled: ({ event }: GuardArgs) => event.type === 'user.applyPromoCode' && event.code.trim() !== '',
  /** Nothing was due: the order is paid at once and there is no payment to confirm. */
  isPaidAtOnce: (_: GuardArgs, checkout: Checkout) => checkout.order.status === 'paid',
  isCardConfirmed: (_: GuardArgs, outcome: CardEntryOutput) => outcome.result === 'confirmed',
  /** Order polling ended with the order paid. */
  isPaidOutcome: (_: GuardArgs, outcome: PollingOutput) => outcome.result === 'done',
};

/**
 * Whether the purchase asks for a card: something is due (not a free pass, not after a full discount). The machine's
 * own guard, for the form that shows the card choice and says "Pay" rather than "Get it free" only then.
 */
export function asksForCard(snapshot: ContextArgs): boolean {
  return paymentGuards.needsCard(snapshot);
}

/** Whether the purchase asks for a team (a team pass): the machine's own guard, for the form's team choice. */
export function asksForTeam(snapshot: ContextArgs): boolean {
  return paymentGuards.isTeamPass(snapshot);
}
