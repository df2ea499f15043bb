/**
 * What the clip-creation machine exchanges with views and actors, and how its form reads the clip rules of SPEC §5
 * (mesh/validation.ts, which the API checks too): a clip needs a name and at least one tag, and must end within what
 * the event allows.
 */
import type { Message } from '../../mesh/messages';
import { clipMessages, normalizedClip, toFieldErrors } from '../../mesh/validation';
import type { Clip, ClipFailure } from '../clip/clip.types';

/** SPEC §3: the tags a new clip starts with. */
export const CLIP_DEFAULT_TAGS: readonly string[] = ['DEFAULT'];

/**
 * The form: a name, where the clip starts and how long it lasts (seconds from the event's start), and its tags.
 *
 * @public
 */
export interface ClipDraft {
  name: string;
  startTime: number;
  duration: number;
  tags: readonly string[];
}

/** @public */
export type ClipField = keyof ClipDraft;

/**
 * One message per field that is wrong.
 *
 * @public
 */
export type ClipErrors = Partial<Record<ClipField, Message>>;

/** @public */
export interface CreateClipInput {
  eventId: number;
  draft: ClipDraft;
}

/** SPEC §2 issue wording: on a live game the viewer clips the last 30 seconds. */
const LIVE_CLIP_SECONDS = 30;
/** How far behind the live edge that clip ends: the picture lags it, and the viewer's clock may run ahead of the API's. */
const LIVE_EDGE_MARGIN_SECONDS = 5;

/** The start and length of "the last 30 s" of a live game `elapsedSeconds` after it began. */
export function lastSecondsOfLive(elapsedSeconds: number): Pick<ClipDraft, 'startTime' | 'duration'> {
  const end = Math.max(1, Math.floor(elapsedSeconds) - LIVE_EDGE_MARGIN_SECONDS);
  const startTime = Math.max(0, end - LIVE_CLIP_SECONDS);
  return { startTime, duration: end - startTime };
}

/** The draft as it is sent: name and tags trimmed, blank and repeated tags dropped. */
export const normalizedDraft = (draft: ClipDraft): ClipDraft => normalizedClip(draft);

/** The REST field names of ClipCreateRequest, as the form names them. */
const SERVER_FIELDS: Readonly<Record<string, ClipField>> = {
  name: 'name',
  start_time: 'startTime',
  duration: 'duration',
  tags: 'tags',
};

/** SPEC §5: every problem of the draft, by form field; empty when it can be sent. `endTime` is in seconds. */
export function validateDraft(draft: ClipDraft, endTime: number): ClipErrors {
  const messages = clipMessages({ name: draft.name, start_time: draft.startTime, duration: draft.duration, tags: draft.tags }, endTime);
  return formErrorsOf(toFieldErrors(messages));
}

/** The server's per-field messages (the client's `fieldErrors`) that belong to a form field. */
export function formErrorsOf(fieldErrors: Readonly<Record<string, readonly Message[]>>): ClipErrors {
  const errors: ClipErrors = {};
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const field = SERVER_FIELDS[name] ?? (name.startsWith('tags.') ? 'tags' : undefined);
    const message = messages[0];
    if (field !== undefined && message !== undefined && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

/** @public */
export interface ClipCreationInput {
  eventId: number;
  /** Seconds of the event that can be clipped: all of a finished one, what has been broadcast of a live one. */
  endTime: number;
  /** The viewer's capability flags (SPEC §3): clipping allows cutting clips, download_clip downloading them. */
  capabilities: { clipping: boolean; download_clip: boolean };
  /** The viewer's clips of the event, as the API answers them: the one to pick up again is chosen from them. */
  clips: readonly Clip[];
}

/** @public */
export interface ClipCreationContext {
  eventId: number;
  endTime: number;
  /** The viewer's pass includes clipping. */
  canClip: boolean;
  /** The viewer's pass includes clip downloads, handed to the followed clip. */
  canDownload: boolean;
  draft: ClipDraft;
  /** One message per wrong field, from the local check or from the server. */
  errors: ClipErrors;
  /** A failure of the submit not about one field. */
  message: Message | null;
  /** The clip cut (or picked up again) and followed; null while the form is filled in. */
  clip: Clip | null;
  /** Why the followed clip failed: the server failed it, or it was still queued after 5 minutes. */
  failure: ClipFailure | null;
}

/** @public */
export type ClipCreationEvent = { type: 'user.edit'; changes: Partial<ClipDraft> } | { type: 'user.submit' } | { type: 'user.startOver' };
