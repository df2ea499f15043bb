import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import type { RequestContext, UserRow } from '../http/context';
import { randomToken, sha256 } from '../lib/crypto';

const SESSION_LIFETIME_SECONDS = 30 * 24 * 3600;

/** SPEC.md §3 capability flags, in the lower-cased form clients use. */
const CAPABILITY_FLAGS = ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media'] as const;
type CapabilityFlag = (typeof CAPABILITY_FLAGS)[number];

export function capabilityFlags(user: UserRow): Record<CapabilityFlag | 'vod_media_access', boolean> {
  const owned = new Set(parseJson<string[]>(user.capabilities, []).map((c) => c.toLowerCase()));
  const flags = Object.fromEntries(CAPABILITY_FLAGS.map((flag) => [flag, owned.has(flag)])) as Record<CapabilityFlag, boolean>;
  return { ...flags, vod_media_access: flags.vod_media };
}

/**
 * What the viewer has used of the counted features (SPEC.md §3): clips cut (deleting one does not give it back)
 * and event downloads issued. Recorded in `feature_uses` by server/domain/usage.ts; clip downloads are not counted.
 */
export function featureCount(db: Db, userId: number): { clips: number; downloads: number } {
  const row = db
    .prepare<[number], { clips: number; downloads: number }>(
      `SELECT coalesce(sum(feature = 'clip'), 0) AS clips, coalesce(sum(feature = 'download'), 0) AS downloads
       FROM feature_uses WHERE user_id = ?`,
    )
    .get(userId);
  return { clips: row?.clips ?? 0, downloads: row?.downloads ?? 0 };
}

function basicPassSelected(db: Db, user: UserRow): boolean {
  const row = db
    .prepare<[number, number], { vals: string }>(
      `SELECT s.vals FROM custom_form_submissions s JOIN custom_forms f ON f.id = s.form_id
       WHERE f.channel_id = ? AND f.alias = 'passes' AND s.user_id = ?`,
    )
    .get(user.channel_id, user.id);
  const values = parseJson<Array<{ name: string; value: string }>>(row?.vals, []);
  return values.some((v) => v.name === 'basic_pass' && v.value !== '');
}

export function toProfile(db: Db, user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    language: user.language,
    temporary_password: user.temporary_password === 1,
    trial_period_used: user.trial_period_used === 1,
    capabilities: parseJson<string[]>(user.capabilities, []),
    featureCount: featureCount(db, user.id),
    is_geo_blocked: user.is_geo_blocked === 1,
    email_verified: user.email_verified_at !== null,
    basic_pass_selected: basicPassSelected(db, user),
  };
}

export function findUserByEmail(db: Db, channelId: number, email: string): UserRow | undefined {
  return db.prepare<[number, string], UserRow>('SELECT * FROM users WHERE channel_id = ? AND email = ?').get(channelId, email);
}

export function getUser(db: Db, id: number): UserRow {
  const user = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?').get(id);
  if (!user) throw new Error(`User ${id} vanished`);
  return user;
}

/** Opens a session and answers the contract's AuthSession. Only the token's hash is stored. */
export function createSession(ctx: RequestContext, user: UserRow) {
  const token = randomToken();
  const expiresAt = ctx.now + SESSION_LIFETIME_SECONDS;
  ctx.services.db
    .prepare('INSERT INTO user_sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .run(sha256(token), user.id, ctx.now, expiresAt);
  return { token, token_type: 'Bearer' as const, expires_at: expiresAt, user: toProfile(ctx.services.db, user) };
}

/** Records a mail in the outbox (the reference API sends none) and prints its link for a local run. */
export function sendMail(ctx: RequestContext, email: string, kind: string, link: string): void {
  ctx.services.db
    .prepare('INSERT INTO outbox (channel_id, email, kind, link, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(ctx.channel.id, email, kind, link, ctx.now);
  if (ctx.services.config.logMail) console.log(`[mail] ${kind} for ${email}: ${link}`);
}
