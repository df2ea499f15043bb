/** The event-download machine's real actor over the typed client (media.graphql EventDownload). */
import { fromPromise } from 'xstate';
import { EventDownloadDocument } from '../../mesh/client/generated/documents/EventDownload';
import type { ChannelClient } from '../../mesh/client/transport';
import type { EventDownloadLink } from './event-download.machine';

export function createEventDownloadActors(deps: { client: ChannelClient }) {
  const { client } = deps;
  return {
    requestDownload: fromPromise<EventDownloadLink, { eventId: number }>(async ({ input, signal }) => {
      const { download } = await client.request(EventDownloadDocument, { id: input.eventId }, { signal });
      if (!download) throw new Error('EventDownload answered no link');
      return { url: download.url, file_name: download.file_name };
    }),
  };
}
