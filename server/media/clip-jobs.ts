import type { Db } from '../db/database';
import type { ClipRow } from '../domain/clips';
import type { EventRow } from '../domain/events';
import type { Scheduler } from '../jobs/scheduler';
import { writeClipFile } from './clip-files';
import { SEGMENT_SECONDS, type MediaLibrary } from './library';

/**
 * The clip life cycle of SPEC.md §4 on the API's clock. `createClip` schedules both jobs:
 *
 * - `process_clip` (a few seconds later) cuts the clip's file from the event's timeline and marks it processed.
 *   An event with no recording (no media, or media that is not on disk) fails the clip at once. Any other error
 *   (the clips folder cannot be written, ...) is thrown, so the scheduler retries it and the clip stays queued.
 * - `fail_clip` (5 minutes later) fails a clip that is still queued: processing never takes longer than that.
 *
 * Both are idempotent: they act only on a queued clip.
 */
export function registerClipJobs(jobs: Scheduler, clipsDir: string, library: MediaLibrary): void {
  jobs.register('process_clip', (payload, { db, now }) => {
    const clip = queuedClip(db, payload);
    if (!clip) return;
    const event = db.prepare<[number], EventRow>('SELECT * FROM events WHERE id = ?').get(clip.event_id);
    const source = library.looped(event?.media_slug);
    if (!source) {
      fail(db, clip.id, now, 'The event has no recording to cut the clip from');
      return;
    }
    const first = Math.floor(clip.start_time / SEGMENT_SECONDS);
    const end = Math.ceil((clip.start_time + clip.duration) / SEGMENT_SECONDS);
    const segments = writeClipFile(clipsDir, clip.uuid, source, first, end - first);
    db.prepare("UPDATE clips SET status = 'processed', processed_at = ?, segments = ? WHERE id = ?").run(now, JSON.stringify(segments), clip.id);
  });

  jobs.register('fail_clip', (payload, { db, now }) => {
    const clip = queuedClip(db, payload);
    if (clip) fail(db, clip.id, now, 'Processing took longer than 5 minutes');
  });
}

function queuedClip(db: Db, payload: Record<string, unknown>): ClipRow | undefined {
  const id = Number(payload['clipId']);
  const clip = db.prepare<[number], ClipRow>('SELECT * FROM clips WHERE id = ?').get(id);
  return clip?.status === 'queued' ? clip : undefined;
}

function fail(db: Db, clipId: number, now: number, reason: string): void {
  db.prepare("UPDATE clips SET status = 'failed', processed_at = ?, failure_reason = ? WHERE id = ?").run(now, reason, clipId);
}
