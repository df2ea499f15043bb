/** The download machine's real actor over the typed client: a game's link (media.graphql EventDownload) or a clip's (ClipDownload). */
import { fromPromise } from 'xstate';
import { ClipDownloadDocument } from '../../mesh/client/generated/documents/ClipDownload';
import { EventDownloadDocument } from '../../mesh/client/generated/documents/EventDownload';
import type { ChannelClient } from '../../mesh/client/transport';
import type { DownloadLink, DownloadTarget } from './download.types';

export function createDownloadActors(deps: { client: ChannelClient }) {
  const { client } = deps;
  return {
    requestDownload: fromPromise<DownloadLink, DownloadTarget>(async ({ input, signal }) => {
      const { download } =
        input.kind === 'event'
          ? await client.request(EventDownloadDocument, { id: input.id }, { signal })
          : await client.request(ClipDownloadDocument, { id: input.id }, { signal });
      if (!download) throw new Error(`${input.kind === 'event' ? 'EventDownload' : 'ClipDownload'} answered no link`);
      return { url: download.url, file_name: download.file_name };
    }),
  };
}
