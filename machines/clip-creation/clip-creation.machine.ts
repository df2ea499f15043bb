/**
 * Clip creation (SPEC §3 Clip, §4 "Clip creation", §5, §7 "Clips"): the viewer cuts a clip from the event they watch.
 * Only with the clipping capability. The form is checked first (a name, at least one tag, an end within the event);
 * the clip is then sent, and the `clip` child follows it (queued for up to 5 minutes, then processed or failed; share,
 * download, delete). A viewer coming back to the event picks up their latest clip of it ({@link clipToResume}).
 */
import { assign, fromPromise, not, setup } from 'xstate';
import { clipMachine } from '../clip/clip.machine';
import type { Clip, ClipInput, ClipOutput } from '../clip/clip.types';
import { userMessageOf } from '../shared/failures';
import { notProvided } from '../shared/not-provided';
import { clipCreationGuards, clipToResume, formErrorsOfFailure } from './clip-creation.guards';
import {
  CLIP_DEFAULT_TAGS,
  type ClipCreationContext,
  type ClipCreationEvent,
  type ClipCreationInput,
  type ClipDraft,
  type ClipField,
  type CreateClipInput,
  normalizedDraft,
  validateDraft,
} from './clip-creation.types';

const emptyDraft = (): ClipDraft => ({ name: '', startTime: 0, duration: 0, tags: [...CLIP_DEFAULT_TAGS] });

/** The form a clip was cut with (a resumed clip, or one to cut again after it failed). */
const draftOf = (clip: Clip): ClipDraft => ({ name: clip.name, startTime: clip.start_time, duration: clip.duration, tags: [...clip.tags] });

/** What the followed clip starts with; only entered with a clip (cut, or picked up again). */
function followedClip(context: ClipCreationContext): ClipInput {
  if (context.clip === null) throw new Error('clipCreation: following without a clip');
  return { clip: context.clip, canDownload: context.canDownload };
}

export const clipCreationMachine = setup({
  types: {
    context: {} as ClipCreationContext,
    events: {} as ClipCreationEvent,
    input: {} as ClipCreationInput,
    tags: {} as 'notIncluded' | 'editing' | 'busy' | 'following' | 'failed' | 'deleted',
    children: {} as { createClip: 'createClip'; clip: 'clip' },
  },
  actors: {
    // Safe default: nothing is sent, and the submit fails into the form's message. The app provides the real one
    // (clip-creation.actors.ts) and the clip's real effects with .provide().
    createClip: fromPromise<Clip, CreateClipInput>(notProvided('createClip')),
    clip: clipMachine,
  },
  guards: clipCreationGuards,
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
    keepClip: assign((_, clip: Clip) => ({ clip })),
    keepFailure: assign((_, output: ClipOutput) => ({ failure: output.failure ?? 'processing' })),
    failFollowing: assign({ failure: 'processing' as const }),
    restart: assign({ draft: emptyDraft, errors: {}, message: null, clip: null, failure: null }),
    retryDraft: assign({ errors: {}, message: null, clip: null, failure: null }),
  },
}).createMachine({
  id: 'clipCreation',
  description:
    'The viewer cuts a clip from the event they watch (with the clipping capability): a name, a start, a length and ' +
    'at least one tag (DEFAULT to begin with). The clip it sends is followed by its clip child until it is ' +
    'processed (then shared, downloaded or deleted) or failed; their latest clip of the event is picked up again.',
  context: ({ input }) => {
    const resumed = input.capabilities.clipping ? clipToResume(input.clips) : null;
    return {
      eventId: input.eventId,
      endTime: input.endTime,
      canClip: input.capabilities.clipping,
      canDownload: input.capabilities.download_clip,
      draft: resumed ? draftOf(resumed) : emptyDraft(),
      errors: {},
      message: null,
      clip: resumed,
      failure: null,
    };
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'Who the viewer is and what they cut before decide where the panel begins.',
      always: [
        {
          guard: not('hasClippingCapability'),
          target: 'notIncluded',
          description: 'Their pass does not include clipping.',
        },
        {
          guard: 'hasClipToResume',
          target: 'following',
          description: 'They cut a clip of this event before (still queued, or ready): follow it again.',
        },
        { target: 'editing', description: 'Nothing to pick up: an empty form.' },
      ],
    },
    notIncluded: {
      description: 'The viewer is told their pass does not include clipping, and where to find one that does.',
      tags: ['notIncluded'],
      type: 'final',
    },
    editing: {
      description: 'The viewer fills in the clip form.',
      tags: ['editing'],
      on: {
        'user.edit': { actions: 'edit', description: 'The viewer changes fields; their messages go away until the next submit.' },
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
      tags: ['editing', 'busy'],
      invoke: {
        id: 'createClip',
        src: 'createClip',
        input: ({ context }): CreateClipInput => ({ eventId: context.eventId, draft: normalizedDraft(context.draft) }),
        onDone: {
          target: 'following',
          actions: { type: 'keepClip', params: ({ event }) => event.output },
          description: 'The clip is queued: follow it.',
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
    following: {
      description:
        'The clip child follows the clip: queued (up to 5 minutes), then processed (share, download, delete) or failed.',
      tags: ['following'],
      invoke: {
        id: 'clip',
        src: 'clip',
        input: ({ context }) => followedClip(context),
        onDone: [
          {
            guard: { type: 'isDeleted', params: ({ event }) => event.output },
            target: 'deleted',
            description: 'The viewer deleted the clip.',
          },
          {
            target: 'failed',
            actions: { type: 'keepFailure', params: ({ event }) => event.output },
            description: 'The clip could not be made (the server failed it, or it was still queued after 5 minutes).',
          },
        ],
        onError: { target: 'failed', actions: 'failFollowing', description: 'Following the clip broke down.' },
      },
      on: {
        'user.startOver': {
          target: 'editing',
          actions: 'restart',
          description: 'Cut another clip from an empty form; this one stays in the viewer\'s clips.',
        },
      },
    },
    failed: {
      description: 'The clip could not be made.',
      tags: ['failed'],
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
      tags: ['deleted'],
      on: {
        'user.startOver': { target: 'editing', actions: 'restart', description: 'Cut another clip from an empty form.' },
      },
    },
  },
});
