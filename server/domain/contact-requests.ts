import type { Db } from '../db/database';
import { sha256 } from '../lib/crypto';

/** SPEC §9: what the viewer is told once their request is in. */
export const CONTACT_RECEIVED = 'Thank you: your request has been received. Contact requests are reviewed within 5 business days.';

export interface ContactRequestInput {
  name: string;
  email: string;
  phone?: string | null;
  subject?: string | null;
  message: string;
}

const blankToNull = (text: string | null | undefined): string | null => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** How long the same request counts as a repeat: the day (UTC) it was sent. Later, it is a new request. */
const REPEAT_WINDOW_SECONDS = 24 * 3600;

/**
 * Stores a contact request of the channel (from a visitor or a viewer) and answers its receipt. The same request
 * sent again the same day (same email, subject and message, however often and however concurrently) is answered
 * with the one already stored: the fingerprint, unique per channel, includes the day, so the second insert does
 * nothing; the same words a day later are a request of their own.
 */
export function createContactRequest(db: Db, channelId: number, userId: number | null, input: ContactRequestInput, now: number) {
  const email = input.email.trim();
  const subject = blankToNull(input.subject);
  const message = input.message.trim();
  const day = Math.floor(now / REPEAT_WINDOW_SECONDS);
  const fingerprint = sha256(JSON.stringify([email.toLowerCase(), subject ?? '', message, day]));
  db.prepare(
    `INSERT INTO contact_requests (channel_id, user_id, name, email, phone, subject, message, fingerprint, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (channel_id, fingerprint) DO NOTHING`,
  ).run(channelId, userId, input.name.trim(), email, blankToNull(input.phone), subject, message, fingerprint, now);
  const stored = db
    .prepare<[number, string], { id: number; created_at: number }>('SELECT id, created_at FROM contact_requests WHERE channel_id = ? AND fingerprint = ?')
    .get(channelId, fingerprint)!;
  return { id: stored.id, received_at: stored.created_at, message: CONTACT_RECEIVED };
}
