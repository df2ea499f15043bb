/**
 * What the clip-creation machine exchanges with views and actors, and the form rules of SPEC §5: a clip needs a
 * name and at least one tag, and must end within what the event allows. The limits mirror the REST contract's
 * ClipCreateRequest (mesh/openapi.yaml), so a draft that passes here is not refused for its shape.
 */

/** SPEC §3: the tags a new clip starts with. */
export const CLIP_DEFAULT_TAGS: readonly string[] = ['DEFAULT'];
/** SPEC §4, §9: a clip may stay queued for up to 5 minutes; after that the viewer is told it failed. */
export const CLIP_PROCESSING_LIMIT_MS = 5 * 60 * 1000;
/** How often a queued clip is checked (SPEC is silent; a few seconds, like the order poll's 2000 ms). */
export const CLIP_POLL_INTERVAL_MS = 3000;
/** The contract's longest name and tag (ClipName, ClipTag). */
export const CLIP_NAME_MAX_LENGTH = 120;
export const CLIP_TAG_MAX_LENGTH = 40;

/** SPEC §5 messages. */
export const CLIP_MESSAGES = {
  nameRequired: 'Please fill in the input field',
  tagRequired: 'Please select tag',
  tooLong: 'Your clip duration is longer than the end time',
  required: 'Field is required',
  /** SPEC §5 "Field length must be less than {number}". */
  maxLength: (max: number) => `Field length must be less than ${max + 1}`,
  /** SPEC §8: any failure that is not about one field. */
  failed: 'Something went wrong. Please try again or contact technical support',
} as const;

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
export type ClipErrors = Partial<Record<ClipField, string>>;

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
  /** The /share/{event}/{uuid} page, once processed. */
  share_url: string | null;
  playlist_url: string | null;
}

/** A time-limited download link (SPEC §7 GET /clip/download/{id}). */
export interface ClipDownload {
  url: string;
  file_name: string;
}

/** @public */
export interface CreateClipInput {
  eventId: number;
  draft: ClipDraft;
}

/** @public */
export interface ClipRef {
  eventId: number;
  clipId: number;
}

/** The draft as it is sent: name and tags trimmed, blank and repeated tags dropped. */
export function normalizedDraft(draft: ClipDraft): ClipDraft {
  const tags = [...new Set(draft.tags.map((t) => t.trim()).filter((t) => t !== ''))];
  return { ...draft, name: draft.name.trim(), tags };
}

const isWhole = (n: number, min: number): boolean => Number.isSafeInteger(n) && n >= min;

/** SPEC §5: every problem of the draft, by field; empty when it can be sent. `endTime` is in seconds. */
export function validateDraft(draft: ClipDraft, endTime: number): ClipErrors {
  const clean = normalizedDraft(draft);
  const errors: ClipErrors = {};
  if (clean.name === '') errors.name = CLIP_MESSAGES.nameRequired;
  else if (clean.name.length > CLIP_NAME_MAX_LENGTH) errors.name = CLIP_MESSAGES.maxLength(CLIP_NAME_MAX_LENGTH);
  if (clean.tags.length === 0) errors.tags = CLIP_MESSAGES.tagRequired;
  else if (clean.tags.some((t) => t.length > CLIP_TAG_MAX_LENGTH)) errors.tags = CLIP_MESSAGES.maxLength(CLIP_TAG_MAX_LENGTH);
  if (!isWhole(clean.startTime, 0)) errors.startTime = CLIP_MESSAGES.required;
  if (!isWhole(clean.duration, 1)) errors.duration = CLIP_MESSAGES.required;
  else if (errors.startTime === undefined && clean.startTime + clean.duration > endTime) errors.duration = CLIP_MESSAGES.tooLong;
  return errors;
}

/** The REST field names of ClipCreateRequest, as the form names them. */
const SERVER_FIELDS: Readonly<Record<string, ClipField>> = {
  name: 'name',
  start_time: 'startTime',
  duration: 'duration',
  tags: 'tags',
};

/** The server's per-field messages (the client's `fieldErrors`) that belong to a form field. */
export function formErrorsOf(fieldErrors: Readonly<Record<string, readonly string[]>>): ClipErrors {
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
  /** The viewer's capability flags (SPEC §3); download_clip allows downloading processed clips. */
  capabilities: { download_clip: boolean };
}

/** @public */
export interface ClipCreationContext {
  eventId: number;
  endTime: number;
  canDownload: boolean;
  draft: ClipDraft;
  /** One message per wrong field, from the local check or from the server. */
  errors: ClipErrors;
  /** A failure not about one field (submitting, downloading, deleting). */
  message: string | null;
  clip: Clip | null;
  /** The last download link, once asked for. */
  download: ClipDownload | null;
  /** Why the clip failed: the server failed it, or it was still queued after 5 minutes. */
  failure: 'processing' | 'timeout' | null;
}

/** @public */
export type ClipCreationEvent =
  | { type: 'user.edit'; changes: Partial<ClipDraft> }
  | { type: 'user.submit' }
  | { type: 'user.download' }
  | { type: 'user.share' }
  | { type: 'user.delete' }
  | { type: 'user.startOver' };
