import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import { viewerPurchases } from './purchases';

export interface UserRow {
  id: number;
  channel_id: number;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  language: string | null;
  temporary_password: number;
  trial_period_used: number;
  capabilities: string;
  is_geo_blocked: number;
  email_verified_at: number | null;
  social_provider: string | null;
  created_at: number;
}

/** SPEC.md §3 capability flags, in the lower-cased form clients use. */
const CAPABILITY_FLAGS = ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media'] as const;
/**
 * What an account opened on the channel (registration or a social sign-in) may do: watch events and on-demand media.
 * Downloading, clipping and ad-free viewing are given per viewer by the channel (the seed's fan has them).
 */
export const NEW_ACCOUNT_CAPABILITIES = JSON.stringify(['Watch', 'Vod_Media']);

export type CapabilityFlag = (typeof CAPABILITY_FLAGS)[number];

export function capabilityFlags(user: UserRow): Record<CapabilityFlag | 'vod_media_access', boolean> {
  const owned = new Set(parseJson<string[]>(user.capabilities, []).map((c) => c.toLowerCase()));
  const flags = Object.fromEntries(CAPABILITY_FLAGS.map((flag) => [flag, owned.has(flag)])) as Record<CapabilityFlag, boolean>;
  return { ...flags, vod_media_access: flags.vod_media };
}

/**
 * What the viewer has used of the counted features (SPEC.md §3): clips cut (deleting one does not give it back)
 * and downloads issued, of games and of clips alike. Recorded in `feature_uses` by server/domain/usage.ts.
 */
export function featureCount(db: Db, userId: number): { clips: number; downloads: number } {
  const row = db
    .prepare<[number], { clips: number; downloads: number }>(
      `SELECT coalesce(sum(feature = 'clip'), 0) AS clips, coalesce(sum(feature IN ('download', 'clip_download')), 0) AS downloads
       FROM feature_uses WHERE user_id = ?`,
    )
    .get(userId);
  return { clips: row?.clips ?? 0, downloads: row?.downloads ?? 0 };
}

/**
 * The basic pass the viewer chose in the channel's passes form (SPEC §6), as the label of the option they picked
 * (the form's options are the channel's free and register passes, by name); null when none is chosen.
 */
export function chosenBasicPass(db: Db, user: Pick<UserRow, 'id' | 'channel_id'>): string | null {
  const row = db
    .prepare<[number, number], { vals: string; fields: string }>(
      `SELECT s.vals, f.fields FROM custom_form_submissions s JOIN custom_forms f ON f.id = s.form_id
       WHERE f.channel_id = ? AND f.alias = 'passes' AND s.user_id = ?`,
    )
    .get(user.channel_id, user.id);
  const value = parseJson<Array<{ name: string; value: string }>>(row?.vals, []).find((v) => v.name === 'basic_pass')?.value ?? '';
  if (value === '') return null;
  const field = parseJson<Array<{ name: string; options?: Array<{ value: string; label: string }> }>>(row?.fields, []).find((f) => f.name === 'basic_pass');
  return field?.options?.find((option) => option.value === value)?.label ?? value;
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
    basic_pass_selected: chosenBasicPass(db, user) !== null,
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

/** What `GET /user/access` answers: the viewer's capabilities, feature counts and active purchases. */
export function viewerAccess(db: Db, viewer: UserRow, now: number) {
  return { capabilities: capabilityFlags(viewer), featureCount: featureCount(db, viewer.id), ...viewerPurchases(db, viewer.id, now) };
}
