/**
 * Downloading a finished game (SPEC §3 capability `download` and the downloads feature count, §7 GET
 * download-event/{id}): the viewer asks for the recording, the API answers a signed, expiring link to one file and
 * counts the download, and the browser saves it. Asking again while a link is on its way does nothing, so one click
 * is one counted download. The API's refusal (no capability, no downloads left, not finished) is shown in its words.
 */
import { assign, fromPromise, setup } from 'xstate';
import { userMessageOf } from '../shared/failures';
import { notProvided } from '../shared/not-provided';

/** @public */
export interface EventDownloadInput {
  eventId: number;
  /** The viewer's capability flags (SPEC §3): `download` allows downloading games. */
  capabilities: { download: boolean };
}

/** A signed link to the game's file, and the name to save it under. */
export interface EventDownloadLink {
  url: string;
  file_name: string;
}

/** @public */
export interface EventDownloadContext {
  eventId: number;
  canDownload: boolean;
  /** The last link, once one was answered. */
  download: EventDownloadLink | null;
  /** Why the last request failed, in the words the viewer reads. */
  message: string | null;
}

/** @public */
export type EventDownloadEvent = { type: 'user.download' };

export const eventDownloadMachine = setup({
  types: {
    context: {} as EventDownloadContext,
    events: {} as EventDownloadEvent,
    input: {} as EventDownloadInput,
    tags: {} as 'busy',
  },
  actors: {
    // Safe default: without the client no link is asked for, and the request fails into the idle state's message.
    requestDownload: fromPromise<EventDownloadLink, { eventId: number }>(notProvided('requestDownload')),
  },
  guards: {
    canDownload: ({ context }) => context.canDownload,
  },
  actions: {
    clearMessage: assign({ message: null }),
    keepDownload: assign((_, download: EventDownloadLink) => ({ download })),
    /** App effect: hand the link to the browser to save the file. Default: nothing. */
    saveDownload: (_, _download: EventDownloadLink) => undefined,
    showFailure: assign((_, error: unknown) => ({ message: userMessageOf(error) })),
  },
}).createMachine({
  id: 'eventDownload',
  description:
    "The viewer downloads a finished game's recording (with the download capability): the API answers a link and " +
    'counts the download, and the browser saves the file.',
  context: ({ input }) => ({ eventId: input.eventId, canDownload: input.capabilities.download, download: null, message: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The Download button waits for the viewer.',
      on: {
        'user.download': {
          guard: 'canDownload',
          target: 'requesting',
          actions: 'clearMessage',
          description: 'Only with the download capability.',
        },
      },
    },
    requesting: {
      description: 'Asking the API for a link; a second click meanwhile is ignored (one click, one counted download).',
      tags: ['busy'],
      invoke: {
        id: 'requestDownload',
        src: 'requestDownload',
        input: ({ context }) => ({ eventId: context.eventId }),
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
