import type { Db } from '../db/database';
import { DomainError } from './errors';
import { featureCount } from './users';

/**
 * Feature counts limit clips and downloads (SPEC.md §6; the product does not show the thresholds). These are the
 * reference API's: generous for a demo, reachable in a test. A use is never given back: deleting a clip keeps it.
 */
export const FEATURE_LIMITS = { clips: 20, downloads: 20 } as const;

/** `clip`: a clip was cut; `download`: a game's download was issued; `clip_download`: a clip's. Both downloads count. */
type FeatureUse = 'clip' | 'download' | 'clip_download';

/** Refuses (403, naming the counter) a viewer who has used up a counted feature. */
export function assertUnderLimit(db: Db, userId: number, feature: keyof typeof FEATURE_LIMITS): void {
  const used = featureCount(db, userId)[feature];
  const limit = FEATURE_LIMITS[feature];
  if (used >= limit) {
    const what = feature === 'clips' ? 'clips' : 'downloads';
    throw new DomainError('forbidden', `You have used all ${limit} of your ${what}`, { [feature]: [`The limit is ${limit} ${what} per account`] });
  }
}

export function recordUse(db: Db, userId: number, feature: FeatureUse, subjectId: number, now: number): void {
  db.prepare('INSERT INTO feature_uses (user_id, feature, subject_id, created_at) VALUES (?, ?, ?, ?)').run(userId, feature, subjectId, now);
}
