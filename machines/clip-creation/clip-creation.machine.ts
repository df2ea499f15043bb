/**
 * Clip creation (SPEC §3 Clip, §4 "Clip creation", §5, §7 "Clips"): the viewer cuts a clip from an event. The form is
 * checked first (a name, at least one tag, an end within the event); the clip is then queued on the server for up
 * to 5 minutes, checked every few seconds, and ends processed or failed. A processed clip can be downloaded (with
 * the download_clip capability), shared by its link, or deleted.
 */
import { and, assign, fromCallback, fromPromise, setup } from 'xstate';
import { ClientRequestError } from '../../mesh/client/errors';
import { type Polled, type PollingInput, type PollingOutput, pollingMachine } from '../polling/polling.machine';
import { userMessageOf } from '../shared/failures';
import { notProvided } from '../shared/not-provided';
import {
  CLIP_DEFAULT_TAGS,
  CLIP_POLL_INTERVAL_MS,
  CLIP_PROCESSING_LIMIT_MS,
  type Clip,
  type ClipCreationContext,
  type ClipCreationEvent,
  type ClipCreationInput,
  type ClipDownload,
  type ClipDraft,
  type ClipErrors,
  type ClipField,
  type ClipRef,
  type CreateClipInput,
  type DeletionAnswer,
  type DeletionQuestion,
  formErrorsOf,
  normalizedDraft,
  validateDraft,
} from './clip-creation.types';

const emptyDraft = (): ClipDraft => ({ name: '', startTime: 0, duration: 0, tags: [...CLIP_DEFAULT_TAGS] });

/** The form a clip was cut with (a resumed clip, or one to cut again after it failed). */
const draftOf = (clip: Clip): ClipDraft => ({ name: clip.name, startTime: clip.start_time, duration: clip.duration, tags: [...clip.tags] });

/** A processed clip is done; a failed one, or one that is gone, failed; a queued one is asked about again. */
function clipVerdict(clip: Clip | null): Polled<Clip | null> {
  if (clip?.status === 'processed') return { verdict: 'done', value: clip };
  if (clip?.status === 'queued') return { verdict: 'again', value: clip };
  return { verdict: 'failed', value: clip };
}

/**
 * The shared polling machine asking about a queued clip with `readClip` (the real client, or a test's fake). Every
 * failed check is borne: the 5-minute limit of the queued state ends it.
 */
export function clipPolling(readClip: (ref: ClipRef, signal: AbortSignal) => Promise<Clip | null>) {
  return pollingMachine.provide({
    // The polling machine hands over its query as it was given: the queued state's ClipRef.
    actors: { fetch: fromPromise<Polled, unknown>(async ({ input, signal }) => clipVerdict(await readClip(input as ClipRef, signal))) },
    guards: { isPassingFailure: () => true },
  });
}

/** What polling a queued clip ends with. */
type ClipOutcome = PollingOutput<Clip | null>;

/** The server's per-field messages of a failed call, when the client classified one. */
const formErrorsOfFailure = (error: unknown): ClipErrors =>
  error instanceof ClientRequestError ? formErrorsOf(error.error.fieldErrors) : {};

export const clipCreationMachine = setup({
  types: {
    context: {} as ClipCreationContext,
    events: {} as ClipCreationEvent,
    input: {} as ClipCreationInput,
    tags: {} as 'busy' | 'processing' | 'ready',
  },
  actors: {
    // Safe defaults: nothing is sent, and each call fails into a handled state. The app provides the real ones
    // (clip-creation.actors.ts) with .provide().
    createClip: fromPromise<Clip, CreateClipInput>(notProvided('createClip')),
    pollClip: clipPolling(notProvided('fetchClip')),
    downloadClip: fromPromise<ClipDownload, ClipRef>(notProvided('downloadClip')),
    deleteClip: fromPromise<void, ClipRef>(notProvided('deleteClip')),
    // Safe default: nobody to ask, so the clip is kept. The app asks in the popup queue (src/app/logic/app-logic.ts).
    confirmDeletion: fromCallback<DeletionAnswer, DeletionQuestion>(({ sendBack }) => sendBack({ type: 'deletion.cancelled' })),
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(validateDraft(context.draft, context.endTime)).length === 0,
    hasFormErrors: (_, error: unknown) => Object.keys(formErrorsOfFailure(error)).length > 0,
    isProcessed: (_, outcome: ClipOutcome) => outcome.result === 'done',
    canDownloadClips: ({ context }) => context.canDownload,
    hasShareUrl: ({ context }) => typeof context.clip?.share_url === 'string' && context.clip.share_url !== '',
    resumesQueuedClip: ({ context }) => context.clip?.status === 'queued',
    hasProcessedClip: ({ context }) => context.clip?.status === 'processed',
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'user.edit') return {};
      const errors = { ...context.errors };
      for (const field of Object.keys(event.changes) as ClipField[]) delete errors[field];
      return { draft: { ...context.draft, ...event.changes }, errors, message: null };
    }),
    showDraftErrors: assign(({ context }) => ({ errors: validateDraft(context.draft, context.endTime) })),
    clearMessages: assign({ errors: {}, message: null }),
    showServerErrors: assign((_, error: unknown) => ({ errors: formErrorsOfFailure(error) })),
    /** The server's words for a refusal ("You have used all 20 of your clips"), the generic message otherwise. */
    showFailure: assign((_, error: unknown) => ({ message: userMessageOf(error) })),
    keepClip: assign((_, clip: Clip | null) => ({ clip })),
    failProcessing: assign({ failure: 'processing' as const }),
    failTimeout: assign({ failure: 'timeout' as const }),
    keepDownload: assign((_, download: ClipDownload) => ({ download, message: null })),
    /** App effect: hand the link to the browser to save the file. Default: nothing. */
    saveDownload: (_, _download: ClipDownload) => undefined,
    /** App effect: share or copy the clip's link. Default: nothing. */
    shareClip: (_, _url: string) => undefined,
    restart: assign({ draft: emptyDraft, errors: {}, message: null, clip: null, download: null, failure: null }),
    retryDraft: assign({ errors: {}, message: null, clip: null, download: null, failure: null }),
  },
}).createMachine({
  id: 'clipCreation',
  description:
    'The viewer cuts a clip from an event: a name, a start, a length and at least one tag (DEFAULT to begin with). ' +
    'The clip waits in the queue for up to 5 minutes, then is processed or failed. A processed clip can be ' +
    'downloaded (with the download_clip capability), shared by its link, or deleted.',
  context: ({ input }) => ({
    eventId: input.eventId,
    endTime: input.endTime,
    canDownload: input.capabilities.download_clip,
    draft: input.clip ? draftOf(input.clip) : emptyDraft(),
    errors: {},
    message: null,
    clip: input.clip ?? null,
    download: null,
    failure: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'A clip the viewer cut before (they left the page and came back) picks up where it is; otherwise a new form.',
      always: [
        { guard: 'resumesQueuedClip', target: 'queued', description: 'Their clip is still queued: follow it again.' },
        { guard: and(['hasProcessedClip', 'hasShareUrl']), target: 'processed', description: 'Their clip is ready: share, download or delete it.' },
        { target: 'editing', description: 'Nothing to pick up: an empty form.' },
      ],
    },
    editing: {
      description: 'The viewer fills in the clip form.',
      on: {
        'user.edit': { actions: 'edit', description: "The viewer changes fields; their messages go away until the next submit." },
        'user.submit': [
          {
            guard: 'isDraftValid',
            target: 'submitting',
            actions: 'clearMessages',
            description: 'The form is complete: the clip is sent.',
          },
          {
            actions: 'showDraftErrors',
            description:
              'Refused with a message per field: "Please fill in the input field" (no name), "Please select tag" ' +
              '(no tag), "Your clip duration is longer than the end time".',
          },
        ],
      },
    },
    submitting: {
      description: 'Sending the clip to be cut.',
      tags: ['busy'],
      invoke: {
        id: 'createClip',
        src: 'createClip',
        input: ({ context }): CreateClipInput => ({ eventId: context.eventId, draft: normalizedDraft(context.draft) }),
        onDone: {
          target: 'queued',
          actions: { type: 'keepClip', params: ({ event }) => event.output },
          description: 'The clip is queued.',
        },
        onError: [
          {
            guard: { type: 'hasFormErrors', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'editing',
            actions: { type: 'showServerErrors', params: ({ event }: { event: { error: unknown } }) => event.error },
            description: 'The server refused some fields: their messages are shown on the form.',
          },
          {
            target: 'editing',
            actions: { type: 'showFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
            description: 'Any other failure: "Something went wrong. Please try again or contact technical support".',
          },
        ],
      },
    },
    queued: {
      description:
        'The clip waits to be cut (up to 5 minutes); polling checks it every 3 seconds, a failed check is tried again.',
      tags: ['processing'],
      after: {
        [CLIP_PROCESSING_LIMIT_MS]: {
          target: 'failed',
          actions: 'failTimeout',
          description: 'Still queued after 5 minutes: the viewer is told it failed.',
        },
      },
      invoke: {
        id: 'pollClip',
        src: 'pollClip',
        input: ({ context }): PollingInput => ({
          intervalMs: CLIP_POLL_INTERVAL_MS,
          maxFailures: Number.POSITIVE_INFINITY,
          query: { eventId: context.eventId, clipId: context.clip?.id ?? 0 } satisfies ClipRef,
        }),
        onDone: [
          {
            guard: { type: 'isProcessed', params: ({ event }) => event.output as ClipOutcome },
            target: 'processed',
            actions: { type: 'keepClip', params: ({ event }) => (event.output as ClipOutcome).value },
            description: 'The clip is ready.',
          },
          { target: 'failed', actions: 'failProcessing', description: 'The server failed the clip, or it is gone.' },
        ],
        onError: { target: 'failed', actions: 'failProcessing', description: 'Following the clip broke down.' },
      },
    },
    processed: {
      description: 'The clip is ready to watch, download, share or delete.',
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for the viewer.',
          on: {
            'user.download': {
              guard: 'canDownloadClips',
              target: 'downloading',
              description: 'Only with the download_clip capability.',
            },
            'user.share': {
              guard: 'hasShareUrl',
              actions: { type: 'shareClip', params: ({ context }) => context.clip?.share_url ?? '' },
              description: "The clip's share link is handed to the browser.",
            },
            'user.delete': { target: 'confirming', description: 'The viewer asks to delete the clip: they are asked to confirm first.' },
            'user.startOver': {
              target: '#clipCreation.editing',
              actions: 'restart',
              description: 'Cut another clip from an empty form.',
            },
          },
        },
        downloading: {
          description: 'Asking for a download link.',
          tags: ['busy'],
          invoke: {
            id: 'downloadClip',
            src: 'downloadClip',
            input: ({ context }): ClipRef => ({ eventId: context.eventId, clipId: context.clip?.id ?? 0 }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keepDownload', params: ({ event }) => event.output },
                { type: 'saveDownload', params: ({ event }) => event.output },
              ],
              description: 'The browser saves the file.',
            },
            onError: {
              target: 'idle',
              actions: { type: 'showFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
              description: 'No link: "Something went wrong. Please try again or contact technical support".',
            },
          },
        },
        confirming: {
          description: 'A popup asks the viewer whether to delete the clip for good.',
          invoke: {
            id: 'confirmDeletion',
            src: 'confirmDeletion',
            input: ({ context }): DeletionQuestion => ({ clipId: context.clip?.id ?? 0, name: context.clip?.name ?? '' }),
          },
          on: {
            'deletion.confirmed': { target: 'deleting', description: 'The viewer confirms: the clip is deleted.' },
            'deletion.cancelled': { target: 'idle', description: 'The viewer closes the popup: the clip stays.' },
          },
        },
        deleting: {
          description: 'Deleting the clip.',
          tags: ['busy'],
          invoke: {
            id: 'deleteClip',
            src: 'deleteClip',
            input: ({ context }): ClipRef => ({ eventId: context.eventId, clipId: context.clip?.id ?? 0 }),
            onDone: { target: '#clipCreation.deleted', description: 'Gone from the viewer\'s clips.' },
            onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, description: 'Not deleted: the clip stays.' },
          },
        },
      },
    },
    failed: {
      description: 'The clip could not be made.',
      on: {
        'user.startOver': {
          target: 'editing',
          actions: 'retryDraft',
          description: 'Back to the form with the same values, to try again.',
        },
      },
    },
    deleted: {
      description: 'The clip is deleted.',
      on: {
        'user.startOver': { target: 'editing', actions: 'restart', description: 'Cut another clip from an empty form.' },
      },
    },
  },
});
