import type { Db } from '../db/database';
import { invalid, messages } from './errors';
import type { PurchaseType } from './offers';

interface CouponRow {
  code: string;
  discount_type: 'percent' | 'amount';
  discount: number;
  applies_to: 'all' | PurchaseType;
  expires_at: number | null;
  max_redemptions: number | null;
  once_per_viewer: number;
}

interface Discount {
  code: string;
  discount_type: CouponRow['discount_type'];
  discount: number;
  applies_to: CouponRow['applies_to'];
  /** Cents taken off the price (never more than it). */
  discount_amount: number;
}

/** Who is redeeming a code: the viewer when known, and the order being paid, which is not counted as redeeming it. */
export interface Redeemer {
  viewerId: number | null;
  orderId?: number;
}

const COUPON_SELECT = 'SELECT code, discount_type, discount, applies_to, expires_at, max_redemptions, once_per_viewer FROM coupons';

/**
 * Checks a promo code against a purchase of `type` costing `price` cents (base price and service fee) and answers
 * the discount, which comes off the whole price. SPEC.md §5: a code the channel does not know, or one that has
 * expired, is "Promo code is invalid"; a known code meant for another kind of purchase is "Wrong promo code". Then
 * the code's limits (`refuseWhenRedeemed`). All are a 422 naming `field`.
 */
export function applyCoupon(
  db: Db,
  channelId: number,
  code: string,
  type: PurchaseType,
  price: number,
  now: number,
  field: string,
  redeemer: Redeemer,
): Discount {
  const coupon = db.prepare<[number, string], CouponRow>(`${COUPON_SELECT} WHERE channel_id = ? AND code = ?`).get(channelId, code);
  if (!coupon || (coupon.expires_at !== null && coupon.expires_at <= now)) {
    throw invalid({ [field]: [messages.promoCodeInvalid] }, messages.promoCodeInvalid);
  }
  if (coupon.applies_to !== 'all' && coupon.applies_to !== type) {
    throw invalid({ [field]: [messages.wrongPromoCode] }, messages.wrongPromoCode);
  }
  checkLimits(db, channelId, coupon, redeemer, field);
  const off = coupon.discount_type === 'percent' ? Math.round((price * Math.min(coupon.discount, 100)) / 100) : coupon.discount;
  return {
    code: coupon.code,
    discount_type: coupon.discount_type,
    discount: coupon.discount,
    applies_to: coupon.applies_to,
    discount_amount: Math.min(off, price),
  };
}

/**
 * The limits of a promotion code, checked again when the order it discounts is paid (confirmation), since other
 * orders may have redeemed it after this one was opened: a viewer who already redeemed a once-per-viewer code gets
 * "You have already used this promo code", a code at its `max_redemptions` "This promo code is no longer available"
 * (422 naming `field`). A code the channel no longer has is left alone: the order keeps the discount it was opened with.
 */
export function refuseWhenRedeemed(db: Db, channelId: number, code: string, redeemer: Redeemer, field: string): void {
  const coupon = db.prepare<[number, string], CouponRow>(`${COUPON_SELECT} WHERE channel_id = ? AND code = ?`).get(channelId, code);
  if (coupon) checkLimits(db, channelId, coupon, redeemer, field);
}

/**
 * A redemption is an order with the code that is paid, or processing with its payment confirmed. Counted inside
 * the request's one SQLite transaction, so parallel purchases with a capped code never redeem it past its cap.
 */
function checkLimits(db: Db, channelId: number, coupon: CouponRow, redeemer: Redeemer, field: string): void {
  if (coupon.once_per_viewer === 0 && coupon.max_redemptions === null) return;
  const counted = db
    .prepare<[number | null, number, string, number], { redemptions: number; mine: number }>(
      `SELECT COUNT(*) AS redemptions, COALESCE(SUM(o.user_id IS ?), 0) AS mine
       FROM orders o JOIN users u ON u.id = o.user_id
       WHERE u.channel_id = ? AND o.coupon = ? AND o.id != ?
         AND (o.status = 'paid' OR (o.status = 'processing' AND EXISTS (
           SELECT 1 FROM transactions t WHERE t.order_id = o.id AND t.status = 'created' AND t.confirmed_at IS NOT NULL)))`,
    )
    .get(redeemer.viewerId, channelId, coupon.code, redeemer.orderId ?? 0)!;
  if (coupon.once_per_viewer === 1 && redeemer.viewerId !== null && counted.mine > 0) {
    throw invalid({ [field]: [messages.promoCodeAlreadyUsed] }, messages.promoCodeAlreadyUsed);
  }
  if (coupon.max_redemptions !== null && counted.redemptions >= coupon.max_redemptions) {
    throw invalid({ [field]: [messages.promoCodeUsedUp] }, messages.promoCodeUsedUp);
  }
}
