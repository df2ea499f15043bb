import type { Db } from '../db/database';
import { invalid, messages } from './errors';
import type { PurchaseType } from './offers';

interface CouponRow {
  code: string;
  discount_type: 'percent' | 'amount';
  discount: number;
  applies_to: 'all' | PurchaseType;
  expires_at: number | null;
}

interface Discount {
  code: string;
  discount_type: CouponRow['discount_type'];
  discount: number;
  applies_to: CouponRow['applies_to'];
  /** Cents taken off the price (never more than it). */
  discount_amount: number;
}

/**
 * Checks a promo code against a purchase of `type` costing `price` cents (base price and service fee) and answers
 * the discount, which comes off the whole price. SPEC.md §5: a code the channel does not know, or one that has
 * expired, is "Promo code is invalid"; a known code meant for another kind of purchase is "Wrong promo code".
 * Both are a 422 naming `field`.
 */
export function applyCoupon(db: Db, channelId: number, code: string, type: PurchaseType, price: number, now: number, field: string): Discount {
  const coupon = db
    .prepare<[number, string], CouponRow>('SELECT code, discount_type, discount, applies_to, expires_at FROM coupons WHERE channel_id = ? AND code = ?')
    .get(channelId, code);
  if (!coupon || (coupon.expires_at !== null && coupon.expires_at <= now)) {
    throw invalid({ [field]: [messages.promoCodeInvalid] }, messages.promoCodeInvalid);
  }
  if (coupon.applies_to !== 'all' && coupon.applies_to !== type) {
    throw invalid({ [field]: [messages.wrongPromoCode] }, messages.wrongPromoCode);
  }
  const off = coupon.discount_type === 'percent' ? Math.round((price * Math.min(coupon.discount, 100)) / 100) : coupon.discount;
  return {
    code: coupon.code,
    discount_type: coupon.discount_type,
    discount: coupon.discount,
    applies_to: coupon.applies_to,
    discount_amount: Math.min(off, price),
  };
}
