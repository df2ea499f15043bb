/**
 * Downloading a recording (SPEC §3 capabilities `download` and `download_clip`, the downloads feature count; §7 GET
 * download-event/{id} and GET /clip/download/{id}): the viewer asks for a game or a processed clip, the API answers
 * a signed, expiring link to one file (and counts a game's download), and the browser saves it. Asking again while
 * a link is on its way does nothing, so one click is one counted download. The API's refusal (no downloads left, not
 * finished) is shown in its words.
 *
 * One machine for both: the game's download flow is this machine with the game as input; each clip invokes it as
 * its `download` child with the clip as input.
 */
import { assign, fromPromise, setup } from 'xstate';
import { userMessageOf } from '../shared/failures';
import { notProvided } from '../shared/not-provided';
import { downloadGuards } from './download.guards';
import type { DownloadContext, DownloadEvent, DownloadInput, DownloadLink, DownloadTarget } from './download.types';

export const downloadMachine = setup({
  types: {
    context: {} as DownloadContext,
    events: {} as DownloadEvent,
    input: {} as DownloadInput,
    tags: {} as 'busy',
  },
  actors: {
    // Safe default: without the client no link is asked for, and the request fails into the idle state's message.
    requestDownload: fromPromise<DownloadLink, DownloadTarget>(notProvided('requestDownload')),
  },
  guards: downloadGuards,
  actions: {
    clearMessage: assign({ message: null }),
    keepDownload: assign((_, download: DownloadLink) => ({ download })),
    /** App effect: hand the link to the browser to save the file. Default: nothing. */
    saveDownload: (_, _download: DownloadLink) => undefined,
    showFailure: assign((_, error: unknown) => ({ message: userMessageOf(error) })),
  },
}).createMachine({
  id: 'download',
  description:
    "The viewer downloads a finished game's recording (with the download capability) or one of their processed clips " +
    '(with download_clip): the API answers a link (and counts a game\'s download), and the browser saves the file.',
  context: ({ input }) => ({ target: input.target, allowed: input.allowed, download: null, message: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The Download button waits for the viewer.',
      on: {
        'user.download': {
          guard: 'isAllowed',
          target: 'requesting',
          actions: 'clearMessage',
          description: "Only with the capability for this kind: download for a game, download_clip for a clip.",
        },
      },
    },
    requesting: {
      description: 'Asking the API for a link; a second click meanwhile is ignored (one click, one counted download).',
      tags: ['busy'],
      invoke: {
        id: 'requestDownload',
        src: 'requestDownload',
        input: ({ context }) => context.target,
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
          description: 'Refused (no downloads left, not finished) or failed: the reason is shown.',
        },
      },
    },
  },
});
