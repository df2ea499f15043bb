import { markClipFailed, markClipProcessed, queuedClip } from '../domain/clips';
import { eventById } from '../domain/events';
import type { Scheduler } from '../jobs/scheduler';
import { writeClipFiles } from './clip-files';
import { SEGMENT_SECONDS, type MediaLibrary } from './library';

/**
 * The clip life cycle of SPEC.md §4 on the API's clock. `createClip` schedules both jobs:
 *
 * - `process_clip` (a few seconds later) cuts the clip's files (one per rendition) from the event's timeline and marks
 *   it processed.
 *   An event with no recording (no media, or media that is not on disk) fails the clip at once. Any other error
 *   (the clips folder cannot be written, ...) is thrown, so the scheduler retries it and the clip stays queued.
 * - `fail_clip` (5 minutes later) fails a clip that is still queued: processing never takes longer than that.
 *
 * Both are idempotent: they act only on a queued clip.
 */
export function registerClipJobs(jobs: Scheduler, clipsDir: string, library: MediaLibrary): void {
  jobs.register('process_clip', (payload, { db, now }) => {
    const clip = queuedClip(db, clipIdOf(payload));
    if (!clip) return;
    const source = library.looped(eventById(db, clip.event_id)?.media_slug);
    if (!source) {
      markClipFailed(db, clip.id, 'The event has no recording to cut the clip from', now);
      return;
    }
    const first = Math.floor(clip.start_time / SEGMENT_SECONDS);
    const end = Math.ceil((clip.start_time + clip.duration) / SEGMENT_SECONDS);
    markClipProcessed(db, clip.id, writeClipFiles(clipsDir, clip.uuid, source, first, end - first), now);
  });

  jobs.register('fail_clip', (payload, { db, now }) => {
    const clip = queuedClip(db, clipIdOf(payload));
    if (clip) markClipFailed(db, clip.id, 'Processing took longer than 5 minutes', now);
  });
}

const clipIdOf = (payload: Record<string, unknown>): number => Number(payload['clipId']);
