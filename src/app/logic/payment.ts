/**
 * Paying: the reference processor confirms cards, or Stripe.js in the page on a Stripe channel; the order being paid
 * is kept in storage until it settles (a reload resumes following it); each step is an ecommerce tag event. A plan's
 * free trial and a subscription's auto-renewal use the same client.
 */
import { createAutoRenewalActors } from '../../../machines/auto-renewal/auto-renewal.actors';
import { autoRenewalMachine } from '../../../machines/auto-renewal/auto-renewal.machine';
import { createFreeTrialActors } from '../../../machines/free-trial/free-trial.actors';
import { freeTrialMachine } from '../../../machines/free-trial/free-trial.machine';
import { createPaymentActors } from '../../../machines/payment/payment.actors';
import { paymentMachine } from '../../../machines/payment/payment.machine';
import { confirmWithStripe } from '../../adapters/stripe-card';
import { openOrderStore } from '../../adapters/stores';
import { pushCheckoutEvent } from '../../adapters/tag-manager';
import type { CoreActors } from './core-logic';

export function providePayment(core: Pick<CoreActors, 'client' | 'cache' | 'storage'>): typeof paymentMachine {
  const { client, cache } = core;
  const openOrder = openOrderStore(core.storage);
  return paymentMachine.provide({
    actors: createPaymentActors({ client, confirmWithStripe }),
    actions: {
      // What the viewer may watch changed everywhere (has_access on every event card): nothing read before holds.
      announcePurchase: () => cache.clear(),
      rememberOpenOrder: (_, { orderId, purchase }) => {
        if (orderId !== null && purchase !== null) openOrder.remember(orderId, purchase);
      },
      forgetOpenOrder: () => openOrder.forget(),
      reportCheckout: (_, report) => {
        if (report) pushCheckoutEvent(report);
      },
    },
  });
}

export function provideFreeTrial(core: Pick<CoreActors, 'client'>): typeof freeTrialMachine {
  return freeTrialMachine.provide({ actors: createFreeTrialActors({ client: core.client, now: () => Date.now(), confirmWithStripe }) });
}

export function provideAutoRenewal(core: Pick<CoreActors, 'client'>): typeof autoRenewalMachine {
  return autoRenewalMachine.provide({ actors: createAutoRenewalActors({ client: core.client }) });
}
