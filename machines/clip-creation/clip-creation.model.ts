/** Model of clip creation (machines/clip-creation): who may cut, form edits, what the API answers, how the followed clip ends. */
import { messageOfServerWords } from '../../mesh/client/server-words';
import { messageId } from '../shared/messages';
import { clipCreationMachine } from './clip-creation.machine';
import { formErrorsOfFailure } from './clip-creation.guards';
import { type ClipDraft, validateDraft } from './clip-creation.types';
import type { Clip, ClipOutput } from '../clip/clip.types';
import { SOMETHING_WENT_WRONG } from '../shared/failures';
import { ClientRequestError, said } from '../../mesh/client/errors';
import { VALIDATION_MESSAGES as M } from '../../mesh/validation';
import { defineModel } from '../shared/machine-model';
import { queued } from '../clip/clip.model';

const EVENT_ID = 42;
/** Seconds of the event that can be clipped (the UI map checks the model's drafts against it too). */
export const END_TIME = 600;

const edits: Array<Partial<ClipDraft>> = [
  // A complete draft.
  { name: 'Overtime winner', startTime: 30, duration: 15 },
  // No tag left.
  { tags: [] },
  // Ends after the event.
  { startTime: 590, duration: 20 },
];

const failedBefore: Clip = { ...queued, id: 8, name: 'Missed it', created_at: 1_700_000_100, status: 'failed' };

/** A 422 from the server naming the duration (a live event's end moved while the form was open). */
const refusedDuration = new ClientRequestError({
  kind: 'http',
  status: 422,
  field: 'clip',
  operation: 'CreateClip',
  ...said('The given data was invalid.', { duration: ['Your clip duration is longer than the end time'] }, messageOfServerWords),
  body: null,
  upstream: null,
});

const withClipping = { clipping: true, download_clip: true };

export const clipCreationModel = defineModel({
  machine: clipCreationMachine,
  inputs: [
    { eventId: EVENT_ID, endTime: END_TIME, capabilities: withClipping, clips: [] },
    // The viewer comes back to the event: their newest clip there failed, an older one is still queued.
    { eventId: EVENT_ID, endTime: END_TIME, capabilities: withClipping, clips: [failedBefore, queued] },
    // Their pass does not include clipping (their old clip is not picked up).
    { eventId: EVENT_ID, endTime: END_TIME, capabilities: { clipping: false, download_clip: true }, clips: [queued] },
  ],
  events: {
    'user.edit': edits.map((changes) => ({ type: 'user.edit' as const, changes })),
  },
  outputs: {
    createClip: [queued],
    // How the followed clip's life ends (machines/clip): failed by the server, timed out, or deleted by the viewer.
    clip: [
      { status: 'failed', failure: 'processing' },
      { status: 'failed', failure: 'timeout' },
      { status: 'deleted', failure: null },
    ] satisfies ClipOutput[],
  },
  errors: {
    createClip: [refusedDuration, new Error('network down')],
    clip: [new Error('clip broke down')],
  },
  // How paths read in their titles (`npm run paths`): what the viewer does to the clip and what becomes of it.
  titles: {
    inputs: (input) => (!input.capabilities.clipping ? 'a viewer whose pass has no clipping' : input.clips.length > 0 ? 'come back to a queued clip' : ''),
    events: {
      'user.edit': ({ changes }) =>
        changes.name !== undefined ? 'cut a clip, name it' : changes.tags !== undefined ? 'remove its tags' : 'end it after the game',
      'user.submit': 'save',
      'user.startOver': 'start over',
    },
    outputs: {
      createClip: 'queued',
      clip: (output: ClipOutput) =>
        output.status === 'deleted' ? 'delete it' : output.failure === 'timeout' ? 'not ready after 5 minutes' : 'the server fails it',
    },
    errors: {
      createClip: (error: unknown) => (Object.keys(formErrorsOfFailure(error)).length > 0 ? 'refused: ends after the end time' : 'sending fails'),
      clip: 'following it breaks down',
    },
  },
  // The draft and the messages are kept whole (few values); the clip only by id.
  abstractState: (snapshot) => ({
    value: snapshot.value,
    canClip: snapshot.context.canClip,
    draft: snapshot.context.draft,
    errors: snapshot.context.errors,
    message: snapshot.context.message,
    clip: snapshot.context.clip?.id ?? null,
    failure: snapshot.context.failure,
  }),
  limit: 20_000,
  check: (snapshot) => {
    const { canClip, clip, draft, errors, failure, message } = snapshot.context;
    if (!canClip && !snapshot.hasTag('notIncluded')) throw new Error('a viewer without clipping left the note');
    if (snapshot.hasTag('following') && clip === null) throw new Error('following no clip');
    // What is picked up again is the newest clip that did not fail.
    if (snapshot.hasTag('following') && clip?.status === 'failed') throw new Error('picked up a failed clip');
    if (snapshot.hasTag('failed') && failure === null) throw new Error('failed without a reason');
    if (snapshot.hasTag('editing') && draft.tags.length === 0 && errors.tags !== undefined && errors.tags !== M.selectTag) {
      throw new Error(`no tag but "${errors.tags}"`);
    }
    const formMessages: string[] = [M.fillInput, M.selectTag, M.clipTooLong, M.fieldRequired].map(messageId);
    for (const message of Object.values(errors)) {
      if (!formMessages.includes(messageId(message))) throw new Error(`unexpected form message "${messageId(message)}"`);
    }
    // A message on a field is the local check's, or (for the duration) the server's refusal of the same draft.
    const local = validateDraft(draft, END_TIME);
    for (const field of ['name', 'tags', 'startTime'] as const) {
      const shown = errors[field];
      if (shown !== undefined && JSON.stringify(shown) !== JSON.stringify(local[field])) throw new Error(`${field}: ${JSON.stringify(shown)} for ${JSON.stringify(draft)}`);
    }
    // What was sent (and what follows from it) passed the local check.
    if ((snapshot.hasTag('busy') || snapshot.hasTag('following')) && Object.keys(local).length > 0) {
      throw new Error(`sent an invalid draft ${JSON.stringify(draft)}`);
    }
    if (message !== null && messageId(message) !== SOMETHING_WENT_WRONG.key) throw new Error(`unexpected message "${messageId(message)}"`);
  },
});
