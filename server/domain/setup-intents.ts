import type { Db } from '../db/database';
import { randomToken, sha256, signaturesMatch } from '../lib/crypto';
import { declineMessage } from '../../mesh/validation';
import { type CardInput, type CardRow, findCard, paymentProvider, readCard, requireReferenceProvider, saveCard } from './cards';
import type { ChannelRow } from './channels';
import { conflict, DomainError, notFound, specWords } from './errors';

/** Saving a card without paying, shaped like Stripe's SetupIntent: created, then confirmed with card details. */
interface SetupIntentRow {
  id: string;
  user_id: number;
  secret_hash: string;
  card_id: string | null;
  created_at: number;
  succeeded_at: number | null;
}

/**
 * Opens a setup intent; answers its id, the client secret (`seti_<id>_secret_<random>`, kept only as a hash) and who
 * takes the channel's payments.
 */
export function createSetupIntent(db: Db, channel: ChannelRow, userId: number, now: number) {
  const id = `seti_${randomToken(12)}`;
  const secret = `${id}_secret_${randomToken(16)}`;
  db.prepare('INSERT INTO setup_intents (id, user_id, secret_hash, created_at) VALUES (?, ?, ?, ?)').run(id, userId, sha256(secret), now);
  return { id, client_secret: secret, ...paymentProvider(channel) };
}

/**
 * Confirms the viewer's setup intent with a card and saves it. A card the processor declines fails at once (402 on
 * `card`, nothing saved); Stripe's 4000 0000 0000 0341 is saved and declines only when charged.
 */
export function confirmSetupIntent(
  db: Db,
  channel: ChannelRow,
  userId: number,
  confirmation: { client_secret: string; card: CardInput; set_default?: boolean },
  now: number,
): CardRow {
  requireReferenceProvider(channel, 'client_secret');
  const { client_secret: clientSecret, card } = confirmation;
  const id = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const intent = db.prepare<[string, number], SetupIntentRow>('SELECT * FROM setup_intents WHERE id = ? AND user_id = ?').get(id, userId);
  if (!intent || !signaturesMatch(intent.secret_hash, sha256(clientSecret))) throw notFound('client_secret', 'Setup intent');
  if (intent.succeeded_at !== null) {
    throw conflict('client_secret', 'This setup intent is already confirmed');
  }
  const facts = readCard(card, now);
  if (!facts.savable) {
    const message = specWords(declineMessage(facts.decline ?? 'card_declined'));
    throw new DomainError('declined', message, { card: [message] });
  }
  const saved = saveCard(db, userId, facts, confirmation.set_default === true, now);
  db.prepare('UPDATE setup_intents SET card_id = ?, succeeded_at = ? WHERE id = ?').run(saved.id, now, intent.id);
  return saved;
}

/** The card of the viewer's succeeded setup intent (404 when it is not the viewer's, 409 before it succeeded). */
export function cardOfSetupIntent(db: Db, userId: number, setupIntentId: string, field: string): CardRow {
  const intent = db.prepare<[string, number], SetupIntentRow>('SELECT * FROM setup_intents WHERE id = ? AND user_id = ?').get(setupIntentId, userId);
  if (!intent) throw notFound(field, 'Setup intent');
  if (intent.card_id === null) throw conflict(field, 'The setup intent has not succeeded');
  return findCard(db, userId, intent.card_id, field);
}
