/**
 * One clip of the viewer's, followed (SPEC §3 Clip, §4 "Clip creation", §7 Clips): a queued clip is checked every few
 * seconds for up to 5 minutes until it is processed or failed; a processed clip can be shared by its link,
 * downloaded (its `download` child, the machine a game's download is too) or deleted once the viewer confirms.
 *
 * Clip creation invokes one for the clip it cut (or picked up again); the profile's clip list spawns one per row.
 */
import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { downloadMachine } from '../download/download.machine';
import type { DownloadInput } from '../download/download.types';
import { type Polled, type PollingInput, type PollingOutput, pollingMachine } from '../polling/polling.machine';
import { userMessageOf } from '../shared/failures';
import { notProvided } from '../shared/not-provided';
import {
  CLIP_POLL_INTERVAL_MS,
  CLIP_PROCESSING_LIMIT_MS,
  type Clip,
  type ClipContext,
  type ClipEvent,
  type ClipInput,
  type ClipOutput,
  type ClipRef,
  type DeletionAnswer,
  type DeletionQuestion,
} from './clip.types';

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

const refOf = (context: ClipContext): ClipRef => ({ eventId: context.clip.event_id, clipId: context.clip.id });

export const clipMachine = setup({
  types: {
    context: {} as ClipContext,
    events: {} as ClipEvent,
    input: {} as ClipInput,
    output: {} as ClipOutput,
    tags: {} as 'processing' | 'ready' | 'deleting' | 'failed' | 'deleted',
    children: {} as { pollClip: 'pollClip'; download: 'download'; confirmDeletion: 'confirmDeletion'; deleteClip: 'deleteClip' },
  },
  actors: {
    // Safe defaults: nothing is sent, and each call fails into a handled state. The app provides the real ones
    // (clip.actors.ts) with .provide().
    pollClip: clipPolling(notProvided('fetchClip')),
    deleteClip: fromPromise<void, ClipRef>(notProvided('deleteClip')),
    download: downloadMachine,
    // Safe default: nobody to ask, so the clip is kept. The app asks in the popup queue (src/app/logic/clips.ts).
    confirmDeletion: fromCallback<DeletionAnswer, DeletionQuestion>(({ sendBack }) => sendBack({ type: 'deletion.cancelled' })),
  },
  guards: {
    isQueued: ({ context }) => context.clip.status === 'queued',
    isProcessed: ({ context }) => context.clip.status === 'processed',
    isProcessedOutcome: (_, outcome: ClipOutcome) => outcome.result === 'done',
    hasShareUrl: ({ context }) => typeof context.clip.share_url === 'string' && context.clip.share_url !== '',
  },
  actions: {
    keepClip: assign(({ context }, clip: Clip | null) => ({ clip: clip ?? context.clip })),
    failProcessing: assign({ failure: 'processing' as const }),
    failTimeout: assign({ failure: 'timeout' as const }),
    clearMessage: assign({ message: null }),
    /** The server's words for a refusal, the generic message otherwise. */
    showFailure: assign((_, error: unknown) => ({ message: userMessageOf(error) })),
    /** App effect: share or copy the clip's link. Default: nothing. */
    shareClip: (_, _url: string) => undefined,
    askDownload: sendTo('download', { type: 'user.download' }),
  },
}).createMachine({
  id: 'clip',
  description:
    'One clip of the viewer\'s: while queued (up to 5 minutes) it is checked until it is processed or failed; a ' +
    'processed clip can be shared by its link, downloaded (with the download_clip capability) or deleted once the ' +
    'viewer confirms.',
  context: ({ input }) => ({ clip: input.clip, canDownload: input.canDownload, failure: null, message: null }),
  initial: 'starting',
  // Each final state says how the clip's life ended; the machine's output is that.
  output: ({ event }) => event.output as ClipOutput,
  states: {
    starting: {
      description: 'The clip as the API last answered it decides where to begin.',
      always: [
        { guard: 'isQueued', target: 'queued', description: 'Still waiting to be cut: follow it.' },
        { guard: 'isProcessed', target: 'processed', description: 'Ready: share, download or delete it.' },
        { target: 'failed', actions: 'failProcessing', description: 'The server failed it.' },
      ],
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
          query: refOf(context),
        }),
        onDone: [
          {
            guard: { type: 'isProcessedOutcome', params: ({ event }) => event.output as ClipOutcome },
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
      // The shared download machine, as a game's: it asks for the link only with download_clip, once per click.
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }): DownloadInput => ({ target: { kind: 'clip', id: context.clip.id }, allowed: context.canDownload }),
      },
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for the viewer.',
          on: {
            'user.download': {
              actions: 'askDownload',
              description: 'Handed to the clip\'s download, which asks for a link only with the download_clip capability.',
            },
            'user.share': {
              guard: 'hasShareUrl',
              actions: { type: 'shareClip', params: ({ context }) => context.clip.share_url ?? '' },
              description: "The clip's share link is handed to the browser.",
            },
            'user.delete': {
              target: 'confirming',
              actions: 'clearMessage',
              description: 'The viewer asks to delete the clip: they are asked to confirm first.',
            },
          },
        },
        confirming: {
          description: 'A popup asks the viewer whether to delete the clip for good.',
          tags: ['deleting'],
          invoke: {
            id: 'confirmDeletion',
            src: 'confirmDeletion',
            input: ({ context }): DeletionQuestion => ({ clipId: context.clip.id, name: context.clip.name }),
          },
          on: {
            'deletion.confirmed': { target: 'deleting', description: 'The viewer confirms: the clip is deleted.' },
            'deletion.cancelled': { target: 'idle', description: 'The viewer closes the popup: the clip stays.' },
          },
        },
        deleting: {
          description: 'Deleting the clip.',
          tags: ['deleting'],
          invoke: {
            id: 'deleteClip',
            src: 'deleteClip',
            input: ({ context }) => refOf(context),
            onDone: { target: '#clip.deleted', description: "Gone from the viewer's clips." },
            onError: {
              target: 'idle',
              actions: { type: 'showFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
              description: 'Not deleted: the clip stays, and the reason is shown.',
            },
          },
        },
      },
    },
    failed: {
      description: 'The clip could not be made.',
      tags: ['failed'],
      type: 'final',
      output: ({ context }): ClipOutput => ({ status: 'failed', failure: context.failure ?? 'processing' }),
    },
    deleted: {
      description: 'The clip is deleted.',
      tags: ['deleted'],
      type: 'final',
      output: (): ClipOutput => ({ status: 'deleted', failure: null }),
    },
  },
});
