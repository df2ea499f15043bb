/**
 * One clip of the viewer's as the API answers it (SPEC §3 Clip: queued, processed, failed) and what the clip machine
 * exchanges with its parents (clip creation, the profile's clip list), its actors and the deletion popup.
 */
import type { Message } from '../../mesh/messages';
import type { ClipFieldsFragment } from '../../mesh/client/generated/graphql';

/** SPEC §4, §9: a clip may stay queued for up to 5 minutes; after that the viewer is told it failed. */
export const CLIP_PROCESSING_LIMIT_MS = 5 * 60 * 1000;
/** How often a queued clip is checked (SPEC is silent; a few seconds, like the order poll's 2000 ms). */
export const CLIP_POLL_INTERVAL_MS = 3000;

/** A clip as the API answers it (ClipFields of clips.graphql). */
export interface Clip {
  id: number;
  uuid: string;
  event_id: number;
  name: string;
  start_time: number;
  duration: number;
  tags: readonly string[];
  status: 'queued' | 'processed' | 'failed';
  /** When it was asked for (unix seconds): a queued clip says how long it has waited. */
  created_at: number;
  /** The /share/{event}/{uuid} page, once processed. */
  share_url: string | null;
  playlist_url: string | null;
}

/** Which clip an actor asks about: its event (the clip read is per event) and its id. */
export interface ClipRef {
  eventId: number;
  clipId: number;
}

/** @public */
export interface ClipInput {
  clip: Clip;
  /** The viewer's download_clip capability (SPEC §3), handed to the clip's download. */
  canDownload: boolean;
}

/** Why a clip failed: the server failed it (or it is gone), or it was still queued after 5 minutes. */
export type ClipFailure = 'processing' | 'timeout';

/** @public */
export interface ClipContext {
  /** The clip as last read: a queued clip is replaced by its processed self. */
  clip: Clip;
  canDownload: boolean;
  failure: ClipFailure | null;
  /** Why deleting failed, in the words the viewer reads. */
  message: Message | null;
}

/**
 * How a clip's life ended, the machine's output: it failed (and why), or the viewer deleted it.
 *
 * @public
 */
export type ClipOutput = { status: 'failed'; failure: ClipFailure } | { status: 'deleted'; failure: null };

/** @public */
export type ClipEvent = { type: 'user.download' } | { type: 'user.share' } | { type: 'user.delete' } | DeletionAnswer;

/** What the viewer is asked before a clip is deleted (the popup names the clip). */
export interface DeletionQuestion {
  clipId: number;
  name: string;
}

/** How the viewer answered: the `confirmDeletion` actor sends it back. */
export type DeletionAnswer = { type: 'deletion.confirmed' } | { type: 'deletion.cancelled' };

/** The API's clip as the machines keep it. */
export function toClip(clip: ClipFieldsFragment): Clip {
  return {
    id: clip.id,
    uuid: clip.uuid,
    event_id: clip.event_id,
    name: clip.name,
    start_time: clip.start_time,
    duration: clip.duration,
    tags: clip.tags.filter((t): t is string => t !== null),
    status: clip.status,
    created_at: clip.created_at,
    share_url: clip.share_url,
    playlist_url: clip.playlist_url,
  };
}
