/** Model of the auto-renewal (machines/auto-renewal): what the subscription may read as, and what cancelling may answer. */
import { messageId } from '../shared/messages';
import { AUTO_RENEWAL_LABELS, autoRenewalLabel, autoRenewalMachine } from './auto-renewal.machine';
import { SOMETHING_WENT_WRONG } from '../shared/failures';
import { defineModel } from '../shared/machine-model';
import { requestError } from '../shared/client-fixtures';
import { plan } from '../shared/commerce-fixtures';

const RENEWS_AT = 1_770_000_000;
export const RENEWING = plan({ status: 'active', auto_renew: true, renews_at: RENEWS_AT, is_purchased: true });
export const CANCELLED = plan({ status: 'canceled', auto_renew: false, renews_at: RENEWS_AT, is_purchased: true });
export const EXPIRED = plan({ status: 'expired', auto_renew: false, renews_at: RENEWS_AT - 30 * 86_400 });

export const autoRenewalModel = defineModel({
  machine: autoRenewalMachine,
  input: { subscriptionId: 3 },
  outputs: {
    loadSubscription: [RENEWING, CANCELLED, EXPIRED],
    cancelAutoRenewal: [CANCELLED],
  },
  errors: {
    loadSubscription: [requestError('network', 0, 'fetch failed')],
    cancelAutoRenewal: [requestError('http', 409, 'The subscription is not active'), requestError('crash', 503, 'Service Unavailable')],
  },
  check: (snapshot) => {
    const label = autoRenewalLabel(snapshot);
    const { plan: current, errorMessage } = snapshot.context;
    if (snapshot.matches('active') || snapshot.matches('cancelling')) {
      if (label !== AUTO_RENEWAL_LABELS.active) throw new Error(`renewing but labelled ${label}`);
      if (current?.auto_renew !== true) throw new Error('renewing a plan that does not renew');
    } else if (snapshot.matches('cancelled')) {
      if (label !== AUTO_RENEWAL_LABELS.cancelled) throw new Error(`cancelled but labelled ${label}`);
      if (current?.status !== 'canceled' || errorMessage !== null) throw new Error('cancelled without the cancelled plan');
    } else if (label !== null) {
      throw new Error(`nothing renews but labelled ${label}`);
    }
    if (errorMessage !== null && !['The subscription is not active', SOMETHING_WENT_WRONG.key].includes(messageId(errorMessage))) {
      throw new Error(`unexpected message "${messageId(errorMessage)}"`);
    }
  },
});
