/**
 * Facade of the payment flow (`PaymentFlow.Scope`, machines/payment): where the checkout stands, what is due, and
 * the intents the checkout sends. The page's visibility and the network reach order polling from here; the order
 * being paid when the page was left is read back from storage, so a reload resumes following it.
 */
import { useEffect, useMemo } from 'react';
import type { CardDetails, CardForm } from '../../../machines/card-entry/card-entry.types';
import { trialStandingOf, type TrialStanding } from '../../../machines/free-trial/free-trial.guards';
import type { TrialPlan } from '../../../machines/free-trial/free-trial.types';
import { amountDue, asksForCard, asksForTeam } from '../../../machines/payment/payment.guards';
import type { AppliedCoupon, Order, PurchaseSelection } from '../../../machines/payment/payment.types';
import { autoRenewalLabel } from '../../../machines/auto-renewal/auto-renewal.machine';
import { AppLoadFlow, AutoRenewalFlow, FreeTrialFlow, PaymentFlow, SessionFlow, useShell } from '../flows';
import { openOrderStore } from '../../adapters/stores';

/** Where the checkout stands, one word per screen it shows (`data-status` on the page). */
export type CheckoutStatus = 'loading' | 'purchased' | 'editing' | 'processing' | 'success' | 'error';

export function usePayment() {
  const payment = PaymentFlow.useActor();
  const senders = useMemo(
    () => ({
      selectSavedCard: (paymentMethodId: string) => payment.send({ type: 'user.selectSavedCard', paymentMethodId }),
      /** The viewer picks "a new card"; its details are given when paying. */
      chooseNewCard: () => payment.send({ type: 'user.enterNewCard', details: null, save: false }),
      /** A new card: its details, or null when Stripe Elements holds them in the page. */
      enterNewCard: (details: CardDetails | null, save: boolean) => payment.send({ type: 'user.enterNewCard', details, save }),
      selectTeam: (participantId: number) => payment.send({ type: 'user.selectTeam', participantId }),
      applyPromoCode: (code: string) => payment.send({ type: 'user.applyPromoCode', code }),
      removePromoCode: () => payment.send({ type: 'user.removePromoCode' }),
      submit: () => payment.send({ type: 'user.submit' }),
      retry: () => payment.send({ type: 'user.retry' }),
      /** Stripe Elements is on the page (a Stripe channel's new card) until the returned function is called. */
      showCardForm: (cardForm: CardForm) => {
        payment.send({ type: 'stripe.ready', cardForm });
        return () => payment.send({ type: 'stripe.gone' });
      },
    }),
    [payment],
  );
  const status = PaymentFlow.useSelect((s): CheckoutStatus => {
    if (s.hasTag('loading')) return 'loading';
    if (s.hasTag('purchased')) return 'purchased';
    if (s.hasTag('processing')) return 'processing';
    if (s.hasTag('success')) return 'success';
    if (s.hasTag('error')) return 'error';
    return 'editing';
  });
  return {
    ...senders,
    status,
    /** The promo code is being checked. */
    applyingPromo: PaymentFlow.useSelect((s) => s.hasTag('applyingPromo')),
    /** The form takes a payment now (not while a promo code is checked, not twice). */
    canSubmit: PaymentFlow.useSelect((s) => s.can({ type: 'user.submit' })),
    /** What is due now, in cents: the promo code's amount once applied, else the price. */
    due: PaymentFlow.useSelect((s) => amountDue(s.context)),
    /** Something is due, so a card is asked for ("Pay"); otherwise none is ("Get it free"). */
    asksForCard: PaymentFlow.useSelect((s) => asksForCard(s)),
    /** A team pass: the team is asked for. */
    asksForTeam: PaymentFlow.useSelect((s) => asksForTeam(s)),
    coupon: PaymentFlow.useSelect((s): AppliedCoupon | null => s.context.coupon),
    promoError: PaymentFlow.useSelect((s) => s.context.promoError),
    validationError: PaymentFlow.useSelect((s) => s.context.validationError),
    errorMessage: PaymentFlow.useSelect((s) => s.context.errorMessage),
    order: PaymentFlow.useSelect((s): Order | null => s.context.order),
    teamId: PaymentFlow.useSelect((s) => s.context.participantId),
    /** The viewer's saved cards to pay with (none until they are read). */
    savedCards: PaymentFlow.useSelect((s) => s.context.savedCards),
    /** Which kind of card is chosen, if any. */
    cardKind: PaymentFlow.useSelect((s) => s.context.card?.kind ?? null),
    /** The saved card chosen, if one is. */
    savedCardId: PaymentFlow.useSelect((s) => (s.context.card?.kind === 'saved' ? s.context.card.paymentMethodId : null)),
  };
}

/** The order of this selection whose payment was being settled when the page was left, if any. */
export function useOpenOrder(selection: Pick<PurchaseSelection, 'type' | 'id'>): number | null {
  const { storage } = useShell();
  return openOrderStore(storage).read(selection);
}

/** Tells order polling when the page is visible again and when the network goes and comes back. */
export function usePollingSignals(): void {
  const payment = PaymentFlow.useActor();
  useEffect(() => {
    const offline = () => payment.send({ type: 'app.offline' });
    const online = () => payment.send({ type: 'app.online' });
    const visible = () => {
      if (document.visibilityState === 'visible') payment.send({ type: 'app.resumed' });
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [payment]);
}

/** Where a plan's free trial stands, one word per screen (`data-status`); `buy`: no trial here, the plan is bought. */
export type TrialStatus = 'loading' | 'loadFailed' | 'offer' | 'processing' | 'trial' | 'subscribed' | 'buy';

/** The free trial of a plan, inside `<FreeTrialFlow.Scope>`. */
export function useFreeTrial() {
  const trial = FreeTrialFlow.useActor();
  const senders = useMemo(
    () => ({
      selectSavedCard: (paymentMethodId: string) => trial.send({ type: 'user.selectSavedCard', paymentMethodId }),
      chooseNewCard: () => trial.send({ type: 'user.enterNewCard', details: null }),
      enterNewCard: (details: CardDetails | null) => trial.send({ type: 'user.enterNewCard', details }),
      startTrial: () => trial.send({ type: 'user.startTrial' }),
      retry: () => trial.send({ type: 'user.retry' }),
      /** Stripe Elements is on the page (a Stripe channel's new card) until the returned function is called. */
      showCardForm: (cardForm: CardForm) => {
        trial.send({ type: 'stripe.ready', cardForm });
        return () => trial.send({ type: 'stripe.gone' });
      },
    }),
    [trial],
  );
  const status = FreeTrialFlow.useSelect((s): TrialStatus => {
    if (s.hasTag('loadFailed')) return 'loadFailed';
    if (s.hasTag('trial')) return 'trial';
    if (s.hasTag('offer')) return 'offer';
    if (s.hasTag('processing')) return 'processing';
    if (s.hasTag('subscribed')) return 'subscribed';
    if (s.hasTag('buy')) return 'buy';
    return 'loading';
  });
  return {
    ...senders,
    status,
    plan: FreeTrialFlow.useSelect((s) => s.context.plan),
    /** The viewer's saved cards to start the trial with. */
    savedCards: FreeTrialFlow.useSelect((s) => s.context.savedCards),
    cardKind: FreeTrialFlow.useSelect((s) => s.context.card?.kind ?? null),
    savedCardId: FreeTrialFlow.useSelect((s) => (s.context.card?.kind === 'saved' ? s.context.card.paymentMethodId : null)),
    errorMessage: FreeTrialFlow.useSelect((s) => s.context.errorMessage),
  };
}

/**
 * Where the viewer stands with a plan the catalogue lists (`offered`: its free trial would start), decided by the
 * free-trial machine's own guards; a visitor has had no trial.
 */
export function useTrialStanding(plan: TrialPlan): TrialStanding {
  const trialPeriodUsed = SessionFlow.useSelect((s) => s.context.profile?.trial_period_used === true);
  return trialStandingOf(plan, trialPeriodUsed);
}

/** Where the auto-renewal stands, one word per look of it (`data-status`). */
export type RenewalStatus = 'active' | 'cancelling' | 'cancelled';

/** A subscription's auto-renewal, inside `<AutoRenewalFlow.Scope>`: its SPEC §3 label and the cancellation. */
export function useAutoRenewal() {
  const renewal = AutoRenewalFlow.useActor();
  return {
    status: AutoRenewalFlow.useSelect((s): RenewalStatus => {
      if (s.hasTag('cancelled')) return 'cancelled';
      if (s.hasTag('processing')) return 'cancelling';
      return 'active';
    }),
    cancel: () => renewal.send({ type: 'user.cancelRenewal' }),
    /** SPEC §3 renewal label: "Auto-Renewal", "Auto-Renewal Cancelled", or null when nothing renews. */
    label: AutoRenewalFlow.useSelect((s) => autoRenewalLabel(s)),
    cancelled: AutoRenewalFlow.useSelect((s) => s.hasTag('cancelled')),
    /** The cancellation is on its way (the button is busy; a second press does nothing). */
    cancelling: AutoRenewalFlow.useSelect((s) => s.hasTag('processing')),
    canCancel: AutoRenewalFlow.useSelect((s) => s.can({ type: 'user.cancelRenewal' })),
    plan: AutoRenewalFlow.useSelect((s) => s.context.plan),
    errorMessage: AutoRenewalFlow.useSelect((s) => s.context.errorMessage),
  };
}

/** A Stripe publishable key as Stripe issues them; anything else is not one (the channel takes cards itself). */
const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9]+$/;

/** The channel's Stripe publishable key when it takes cards through Stripe (its settings carry one), else null. */
export function useStripeKey(): string | null {
  return AppLoadFlow.useSelect((s) => {
    const key = s.context.parts.settings?.stripe_publishable_key ?? null;
    return key !== null && PUBLISHABLE_KEY.test(key) ? key : null;
  });
}
