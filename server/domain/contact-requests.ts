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

/**
 * Stores a contact request of the channel (from a visitor or a viewer) and answers its receipt. The same request
 * sent again (same email, subject and message, however often and however concurrently) is answered with the one
 * already stored: the unique fingerprint makes the second insert do nothing.
 */
export function createContactRequest(db: Db, channelId: number, userId: number | null, input: ContactRequestInput, now: number) {
  const email = input.email.trim();
  const subject = blankToNull(input.subject);
  const message = input.message.trim();
  const fingerprint = sha256(JSON.stringify([email.toLowerCase(), subject ?? '', message]));
  db.prepare(
    `INSERT INTO contact_requests (channel_id, user_id, name, email, phone, subject, message, fingerprint, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (channel_id, fingerprint) DO NOTHING`,
  ).run(channelId, userId, input.name.trim(), email, blankToNull(input.phone), subject, message, fingerprint, now);
  const stored = db
    .prepare<[number, string], { id: number; created_at: number }>('SELECT id, created_at FROM contact_requests WHERE channel_id = ? AND fingerprint = ?')
    .get(channelId, fingerprint)!;
  return { id: stored.id, received_at: stored.created_at, message: CONTACT_RECEIVED };
}
