/** Model of clip creation (machines/clip-creation): form edits, and what the clip API may answer. */
import { clipCreationMachine } from './clip-creation.machine';
import { type Clip, type ClipDraft, validateDraft } from './clip-creation.types';
import type { PollingOutput } from '../polling/polling.machine';
import { SOMETHING_WENT_WRONG } from '../shared/failures';
import { ClientRequestError } from '../../mesh/client/errors';
import { VALIDATION_MESSAGES as M } from '../../mesh/validation';
import { defineModel } from '../shared/machine-model';

const EVENT_ID = 42;
const END_TIME = 600;

const edits: Array<Partial<ClipDraft>> = [
  // A complete draft.
  { name: 'Overtime winner', startTime: 30, duration: 15 },
  // No tag left.
  { tags: [] },
  // Ends after the event.
  { startTime: 590, duration: 20 },
];

const queued: Clip = {
  id: 9,
  uuid: '2f1d6c8e-1111-4aaa-8bbb-000000000009',
  event_id: EVENT_ID,
  name: 'Overtime winner',
  start_time: 30,
  duration: 15,
  tags: ['DEFAULT'],
  status: 'queued',
  created_at: 1_700_000_000,
  share_url: null,
  playlist_url: null,
};
const processed: Clip = {
  ...queued,
  status: 'processed',
  share_url: `http://app.test/share/${EVENT_ID}/${queued.uuid}`,
  playlist_url: `http://app.test/media/clips/${queued.uuid}/index.m3u8`,
};
const failed: Clip = { ...queued, status: 'failed' };

/** A 422 from the server naming the duration (a live event's end moved while the form was open). */
const refusedDuration = new ClientRequestError({
  kind: 'http',
  status: 422,
  message: 'The given data was invalid.',
  field: 'clip',
  operation: 'CreateClip',
  fieldErrors: { duration: [M.clipTooLong] },
  body: null,
  upstream: null,
});

export const clipCreationModel = defineModel({
  machine: clipCreationMachine,
  inputs: [
    { eventId: EVENT_ID, endTime: END_TIME, capabilities: { download_clip: true } },
    // The viewer comes back to the event: their clip there is still queued, or ready.
    { eventId: EVENT_ID, endTime: END_TIME, capabilities: { download_clip: true }, clip: queued },
    { eventId: EVENT_ID, endTime: END_TIME, capabilities: { download_clip: true }, clip: processed },
  ],
  events: {
    'user.edit': edits.map((changes) => ({ type: 'user.edit' as const, changes })),
  },
  outputs: {
    createClip: [queued],
    // Polling bears every failed check (the 5-minute limit ends it): it ends processed, failed, or with the clip gone.
    pollClip: [
      { result: 'done', value: processed },
      { result: 'failed', value: failed },
      { result: 'failed', value: null },
    ] satisfies PollingOutput<Clip | null>[],
    downloadClip: [{ url: 'http://app.test/media/clips/x/token/download.ts', file_name: 'overtime-winner.ts' }],
    deleteClip: [undefined],
  },
  errors: {
    createClip: [refusedDuration, new Error('network down')],
    pollClip: [new Error('polling stopped')],
    downloadClip: [new Error('server error')],
    deleteClip: [new Error('server error')],
  },
  // The draft and the messages are kept whole (few values); the clip only by status.
  abstractState: (snapshot) => ({
    value: snapshot.value,
    draft: snapshot.context.draft,
    errors: snapshot.context.errors,
    message: snapshot.context.message,
    clip: snapshot.context.clip?.status ?? null,
    download: snapshot.context.download !== null,
    failure: snapshot.context.failure,
  }),
  limit: 20_000,
  check: (snapshot) => {
    const { clip, draft, errors, failure, message } = snapshot.context;
    if (snapshot.hasTag('processing') && clip?.status !== 'queued') throw new Error('processing without a queued clip');
    if (snapshot.hasTag('ready') && (clip?.status !== 'processed' || clip.share_url === null)) {
      throw new Error('ready without a processed clip and its share link');
    }
    if (snapshot.matches('failed') && failure === null) throw new Error('failed without a reason');
    if (snapshot.matches('editing') && draft.tags.length === 0 && errors.tags !== undefined && errors.tags !== M.selectTag) {
      throw new Error(`no tag but "${errors.tags}"`);
    }
    const formMessages: string[] = [M.fillInput, M.selectTag, M.clipTooLong, M.fieldRequired];
    for (const message of Object.values(errors)) {
      if (!formMessages.includes(message)) throw new Error(`unexpected form message "${message}"`);
    }
    // A message on a field is the local check's, or (for the duration) the server's refusal of the same draft.
    const local = validateDraft(draft, END_TIME);
    for (const field of ['name', 'tags', 'startTime'] as const) {
      if (errors[field] !== undefined && errors[field] !== local[field]) throw new Error(`${field}: "${errors[field]}" for ${JSON.stringify(draft)}`);
    }
    // What was sent (and what follows from it) passed the local check.
    if (!snapshot.matches('editing') && !snapshot.matches('failed') && !snapshot.matches('deleted') && Object.keys(local).length > 0) {
      throw new Error(`sent an invalid draft ${JSON.stringify(draft)}`);
    }
    if (message !== null && message !== SOMETHING_WENT_WRONG) throw new Error(`unexpected message "${message}"`);
  },
});
