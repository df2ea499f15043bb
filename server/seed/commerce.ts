import type { Db } from '../db/database';
import type { EventRow } from '../domain/events';
import { check, insert } from './build-channel';
import type { ChannelSeed } from './types';

const DAY = 86_400;
const COUPON_CODE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * Inserts a channel's offers: its passes and packages, one single-event package per paid event (which the event
 * then names in single_event_package_id), its subscription plans and promo codes, and the one purchase fan@ owns
 * (a paid event, with its transaction and the saved Visa test card). Rows get ids `idBase + n` like the rest of
 * the channel, and run after the catalogue and viewers exist.
 */
export function insertCommerce(db: Db, seed: ChannelSeed, now: number): void {
  const id = (n: number): number => seed.idBase + n;
  const channelId = id(1);
  const { commerce } = seed;
  const categoryId = (alias: string) => lookup(db, 'event_categories', channelId, alias);
  const teamId = (alias: string) => lookup(db, 'participants', channelId, alias);

  commerce.passes.forEach((pass, i) => {
    const packageId = id(i + 1);
    const teams = pass.teams ?? [];
    check(teams.length === 0 || pass.type === 'paid', `${seed.alias}: the team pass ${pass.name} must be a paid pass`);
    insert(db, 'packages', {
      id: packageId,
      channel_id: channelId,
      name: pass.name,
      description: pass.description,
      type: pass.type,
      base_price: pass.price.basePrice,
      service_fee: pass.price.serviceFee,
      is_team_pass: teams.length > 0 ? 1 : 0,
      weight: i + 1,
      offer: pass.offer,
      period: pass.period ?? null,
      event_id: null,
    });
    (pass.categories ?? []).forEach((alias, position) => {
      insert(db, 'package_categories', { package_id: packageId, event_category_id: categoryId(alias), position: position + 1 });
    });
    teams.forEach((alias, position) => {
      insert(db, 'package_participants', { package_id: packageId, participant_id: teamId(alias), position: position + 1 });
    });
  });

  const paidEvents = db
    .prepare<[number], { id: number; name: string; base_price: number; service_fee: number }>(
      "SELECT id, name, base_price, service_fee FROM events WHERE channel_id = ? AND type = 'paid' ORDER BY id",
    )
    .all(channelId);
  paidEvents.forEach((event, i) => {
    const packageId = id(commerce.passes.length + i + 1);
    insert(db, 'packages', {
      id: packageId,
      channel_id: channelId,
      name: commerce.singleEventName.replace('{event}', event.name),
      description: '',
      type: 'ppv',
      base_price: event.base_price,
      service_fee: event.service_fee,
      is_team_pass: 0,
      weight: 1000 + i,
      offer: 'other',
      period: null,
      event_id: event.id,
    });
    db.prepare('UPDATE events SET single_event_package_id = ? WHERE id = ?').run(packageId, event.id);
  });

  commerce.subscriptions.forEach((plan, i) => {
    check(plan.trialDays >= 0, `${seed.alias}: ${plan.name} trial days`);
    insert(db, 'subscriptions', {
      id: id(i + 1),
      channel_id: channelId,
      name: plan.name,
      description: plan.description,
      base_price: plan.price.basePrice,
      service_fee: plan.price.serviceFee,
      offer: plan.offer,
      period: plan.period,
      trial_period: plan.trialDays,
      weight: i + 1,
    });
  });

  commerce.coupons.forEach((coupon, i) => {
    check(COUPON_CODE.test(coupon.code), `${seed.alias}: coupon ${coupon.code}`);
    check(coupon.discountType === 'amount' || coupon.discount <= 100, `${seed.alias}: coupon ${coupon.code} percent`);
    insert(db, 'coupons', {
      id: id(i + 1),
      channel_id: channelId,
      code: coupon.code,
      discount_type: coupon.discountType,
      discount: coupon.discount,
      applies_to: coupon.appliesTo,
      expires_at: coupon.expiresInDays === undefined ? null : now + coupon.expiresInDays * DAY,
      max_redemptions: coupon.maxRedemptions ?? null,
      once_per_viewer: coupon.oncePerViewer === false ? 0 : 1,
    });
  });

  insertFanPurchase(db, seed, now);
}

/** fan@ bought one paid game a day before it started, with Stripe's Visa test card, which it saved. */
function insertFanPurchase(db: Db, seed: ChannelSeed, now: number): void {
  const id = (n: number): number => seed.idBase + n;
  const index = seed.events.findIndex((e) => e.key === seed.commerce.fanPurchase);
  const event = db
    .prepare<[number], EventRow>('SELECT * FROM events WHERE id = ?')
    .get(id(index + 1));
  check(index >= 0 && event?.type === 'paid', `${seed.alias}: fan's purchase must be a keyed paid event`);
  const fan = db.prepare<[string], { id: number; currency: string }>(
    'SELECT u.id, c.currency FROM users u JOIN channels c ON c.id = u.channel_id WHERE u.email = ?',
  ).get(`fan@${seed.alias}.test`);
  check(fan !== undefined, `${seed.alias}: fan viewer`);
  const boughtAt = Math.min(event.event_utc_ts, now) - DAY;
  const amount = event.base_price + event.service_fee;
  const cardId = `pm_${seed.alias}fanvisa`;
  insert(db, 'cards', {
    id: cardId, user_id: fan.id, brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date(now * 1000).getUTCFullYear() + 3,
    charge_decline: null, is_default: 1, created_at: boughtAt,
  });
  insert(db, 'orders', {
    id: id(1), user_id: fan.id, type: 'event', product_id: event.id, product_name: event.name, package_id: event.single_event_package_id,
    event_category_id: event.event_category_id, participant_id: null, status: 'paid', amount, service_fee: event.service_fee, discount: 0,
    coupon: null, currency: fan.currency, subscription_event: null, created_at: boughtAt, paid_at: boughtAt + 2, failure_reason: null, expires_at: null,
  });
  insert(db, 'transactions', {
    id: id(1), order_id: id(1), user_id: fan.id, intent_id: `pi_${seed.alias}fan1`, secret_hash: null, amount, currency: fan.currency,
    status: 'paid', card_id: cardId, card_brand: 'visa', card_last4: '4242', card_exp_month: 12, card_exp_year: new Date(now * 1000).getUTCFullYear() + 3,
    save_card: 1, decline_code: null, failure_reason: null, created_at: boughtAt, confirmed_at: boughtAt, settled_at: boughtAt + 2,
  });
}

function lookup(db: Db, table: 'event_categories' | 'participants', channelId: number, alias: string): number {
  const row = db.prepare<[number, string], { id: number }>(`SELECT id FROM ${table} WHERE channel_id = ? AND alias = ?`).get(channelId, alias);
  if (!row) throw new Error(`Demo seed: unknown ${table} alias "${alias}"`);
  return row.id;
}
