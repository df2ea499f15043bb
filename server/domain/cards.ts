import type { Db } from '../db/database';
import { randomToken } from '../lib/crypto';
import type { ChannelRow } from './channels';
import { DomainError, invalid, messages, notFound } from './errors';

/**
 * The reference card processor: it answers like Stripe does for Stripe's published test cards
 * (https://docs.stripe.com/testing). It never keeps a card number or CVC: what a card will do is decided when
 * it is entered, and only brand, last four digits, expiry and that decision are stored.
 */
export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'lost_card'
  | 'stolen_card'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'processing_error';

const SUCCEEDING = [
  '4242424242424242', '4000056655665556', '5555555555554444', '2223003122003222', '5200828282828210',
  '378282246310005', '371449635398431', '6011111111111117', '3056930009020004', '3566002020360505', '6200000000000005',
];

/** Declining test cards. Stripe's 4000 0000 0000 0341 can be saved but every charge of it is declined. */
const DECLINING: Record<string, { decline: DeclineCode; savable?: true }> = {
  '4000000000000002': { decline: 'card_declined' },
  '4000000000009995': { decline: 'insufficient_funds' },
  '4000000000009987': { decline: 'lost_card' },
  '4000000000009979': { decline: 'stolen_card' },
  '4000000000000069': { decline: 'expired_card' },
  '4000000000000127': { decline: 'incorrect_cvc' },
  '4000000000000119': { decline: 'processing_error' },
  '4000000000000341': { decline: 'card_declined', savable: true },
};

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** What is kept of a card once entered. */
interface CardFacts {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** What a charge answers: null succeeds. */
  decline: DeclineCode | null;
  /** Whether saving the card (a setup intent) succeeds. */
  savable: boolean;
}

export interface CardRow {
  id: string;
  user_id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  charge_decline: DeclineCode | null;
  is_default: number;
  created_at: number;
}

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(number: string): string {
  const first4 = Number(number.slice(0, 4));
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || (first4 >= 2221 && first4 <= 2720)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^(36|38|30[0-5])/.test(number)) return 'diners';
  if (first4 >= 3528 && first4 <= 3589) return 'jcb';
  if (number.startsWith('62')) return 'unionpay';
  return 'unknown';
}

/**
 * Reads a card the way a processor checks it before any charge: a number that fails the Luhn check or an expiry in
 * the past is refused at once (422, naming the field under `field`). Any other number that is not one of Stripe's
 * test cards is declined, as Stripe does in test mode.
 */
export function readCard(card: CardInput, now: number, field = 'card'): CardFacts {
  if (!luhnValid(card.number)) throw invalid({ [`${field}.number`]: ['Your card number is incorrect.'] });
  const today = new Date(now * 1000);
  const expired = card.exp_year < today.getUTCFullYear() || (card.exp_year === today.getUTCFullYear() && card.exp_month < today.getUTCMonth() + 1);
  if (expired) throw invalid({ [`${field}.exp_year`]: ['Your card has expired.'] });
  const known = SUCCEEDING.includes(card.number) ? null : (DECLINING[card.number] ?? { decline: 'card_declined' as const });
  return {
    brand: brandOf(card.number),
    last4: card.number.slice(-4),
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    decline: known?.decline ?? null,
    savable: known === null || known.savable === true,
  };
}

/** Saves a card for the viewer. The first card is the default; `makeDefault` moves the default to this one. */
export function saveCard(db: Db, userId: number, facts: CardFacts, makeDefault: boolean, now: number): CardRow {
  const hasCards = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM cards WHERE user_id = ?').get(userId)!.n > 0;
  const isDefault = makeDefault || !hasCards;
  if (isDefault) db.prepare('UPDATE cards SET is_default = 0 WHERE user_id = ?').run(userId);
  const id = `pm_${randomToken(12)}`;
  db.prepare(
    `INSERT INTO cards (id, user_id, brand, last4, exp_month, exp_year, charge_decline, is_default, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, userId, facts.brand, facts.last4, facts.exp_month, facts.exp_year, facts.decline, isDefault ? 1 : 0, now);
  return findCard(db, userId, id, 'id');
}

/** One of the viewer's cards; another viewer's card is as absent as one that never existed (404 on `field`). */
export function findCard(db: Db, userId: number, id: string, field: string): CardRow {
  const row = db.prepare<[string, number], CardRow>('SELECT * FROM cards WHERE id = ? AND user_id = ?').get(id, userId);
  if (!row) throw notFound(field, 'Card');
  return row;
}

export function listCards(db: Db, userId: number): CardRow[] {
  return db.prepare<[number], CardRow>('SELECT * FROM cards WHERE user_id = ? ORDER BY is_default DESC, created_at DESC, rowid DESC').all(userId);
}

export function toCard(row: CardRow) {
  return { id: row.id, brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year, is_default: row.is_default === 1 };
}

/** Exactly one of a new card or a saved one: the SPEC §5 message when neither or both are given. */
export function requireOneCard(newCard: unknown, savedCard: unknown, fields: [string, string]): void {
  if ((newCard === undefined) === (savedCard === undefined)) {
    throw invalid({ [fields[0]]: [messages.selectCard], [fields[1]]: [messages.selectCard] }, messages.selectCard);
  }
}

type Provider = 'reference' | 'stripe';

/** A real Stripe publishable key (pk_test_ or pk_live_) makes the channel take payments through Stripe. */
export function paymentProvider(channel: Pick<ChannelRow, 'stripe_publishable_key'>): { provider: Provider; publishable_key: string | null } {
  const key = channel.stripe_publishable_key;
  return key && /^pk_(test|live)_[A-Za-z0-9]+$/.test(key) ? { provider: 'stripe', publishable_key: key } : { provider: 'reference', publishable_key: null };
}

/** The reference processor's own confirmation is refused on a channel whose payments go through Stripe.js. */
export function requireReferenceProvider(channel: Pick<ChannelRow, 'stripe_publishable_key'>, field: string): void {
  if (paymentProvider(channel).provider === 'stripe') {
    throw new DomainError('conflict', 'This channel takes payments through Stripe', { [field]: ['Confirm this payment with Stripe.js'] });
  }
}
