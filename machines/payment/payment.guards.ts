/** The payment machine's predicates (machines/payment/payment.machine.ts), named for the diagram. */
import type { CardEntryOutput } from '../card-entry/card-entry.types';
import type { PollingOutput } from '../polling/polling.machine';
import type { Checkout, PaymentContext, PaymentEvent, PurchaseSelection } from './payment.types';
import { isEventPurchased, isPackagePurchased, isSubscriptionPurchased } from './purchased-flags';

type GuardArgs = { context: PaymentContext; event: PaymentEvent };

/** SPEC §4 purchased flags, for whatever is selected. */
function isSelectionPurchased(purchase: PurchaseSelection | null, orders: PaymentContext['orders']): boolean {
  if (purchase === null || purchase.id === null) return false;
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
  isTeamPass: ({ context }: GuardArgs) => context.purchase?.type === 'package' && context.purchase.isTeamPass,
  hasSelectedTeam: ({ context }: GuardArgs) => context.participantId !== null,
  /** Nothing to charge (a free pass, a full discount): no card is asked for. */
  needsCard: ({ context }: GuardArgs) => amountDue(context) > 0,
  hasCard: ({ context }: GuardArgs) => context.card !== null,
  isPromoCodeFilled: ({ event }: GuardArgs) => event.type === 'user.applyPromoCode' && event.code.trim() !== '',
  /** Nothing was due: the order is paid at once and there is no payment to confirm. */
  isPaidAtOnce: (_: GuardArgs, checkout: Checkout) => checkout.order.status === 'paid',
  isCardConfirmed: (_: GuardArgs, outcome: CardEntryOutput) => outcome.result === 'confirmed',
  /** Order polling ended with the order paid. */
  isPaidOutcome: (_: GuardArgs, outcome: PollingOutput) => outcome.result === 'done',
};
