import { describe, expect, it } from 'vitest';
import type { CheckoutReport, Order, PurchaseSelection } from '../../../machines/payment/payment.types';
import { checkoutEvent } from '../../../src/adapters/tag-manager';
import { order } from '../../../machines/shared/commerce-fixtures';

const pass: PurchaseSelection = {
  type: 'package',
  id: 3,
  name: 'Hockey Season Pass',
  currency: 'usd',
  price: 5249,
  isTeamPass: false,
  eventCategoryIds: [1],
  participantIds: [],
};
const welcome10 = { code: 'WELCOME10', discount_type: 'percent', discount: 10, applies_to: 'all', price: 5249, discount_amount: 525, amount: 4724, currency: 'USD' } as const;
const report = (step: CheckoutReport['step'], extra: Partial<CheckoutReport> = {}): CheckoutReport => ({
  step,
  purchase: pass,
  coupon: null,
  order: null,
  errorReason: null,
  ...extra,
});

describe('checkoutEvent (SPEC §7 ecommerce tag events)', () => {
  it('names the product as the one item, in major units, before an order exists', () => {
    expect(checkoutEvent(report('begin_checkout', { coupon: welcome10 }))).toEqual({
      event: 'begin_checkout',
      ecommerce: {
        currency: 'USD',
        value: 47.24,
        items: [{ item_id: 'package-3', item_name: 'Hockey Season Pass', item_category: 'package', price: 52.49, quantity: 1 }],
        coupon: 'WELCOME10',
        discount: 5.25,
      },
    });
  });

  it("carries the order's transaction id, fee, tax, coupon and discount once it is opened, and the failure's reason", () => {
    const opened: Order = { ...order('failed'), id: 77, amount: 4724, service_fee: 250, coupon: 'WELCOME10', discount: 525 };
    const event = checkoutEvent(report('purchase_failed', { coupon: welcome10, order: opened, errorReason: 'card_declined' }));
    expect(event['ecommerce']).toMatchObject({ transaction_id: '77', value: 47.24, tax: 0, fee: 2.5, coupon: 'WELCOME10', discount: 5.25, error_reason: 'card_declined' });
    expect(checkoutEvent(report('purchase_success', { order: { ...opened, coupon: null, discount: 0 } }))['ecommerce']).not.toHaveProperty('error_reason');
  });
});
