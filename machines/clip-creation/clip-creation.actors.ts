/**
 * The clip-creation machine's real actors over the typed client (clips.graphql). The app shell passes them with
 * `clipCreationMachine.provide({ actors: createClipCreationActors({ client }) })`. They reject with the client's
 * ClientRequestError, whose classified `fieldErrors` the machine shows on the form.
 */
import { fromPromise } from 'xstate';
import type { ChannelClient } from '../../mesh/client/transport';
import type { ClipFieldsFragment } from '../../mesh/client/generated/graphql';
import { ClipDownloadDocument } from '../../mesh/client/generated/documents/ClipDownload';
import { CreateClipDocument } from '../../mesh/client/generated/documents/CreateClip';
import { DeleteClipDocument } from '../../mesh/client/generated/documents/DeleteClip';
import { EventClipsDocument } from '../../mesh/client/generated/documents/EventClips';
import { clipPolling } from './clip-creation.machine';
import type { Clip, ClipDownload, ClipRef, CreateClipInput } from './clip-creation.types';

/** The API's clip as the machine keeps it. */
export function toClip(clip: ClipFieldsFragment): Clip {
  return {
    id: clip.id,
    uuid: clip.uuid,
    event_id: clip.event_id,
    name: clip.name,
    start_time: clip.start_time,
    duration: clip.duration,
    tags: clip.tags.filter((t): t is string => t !== null),
    status: clip.status,
    created_at: clip.created_at,
    share_url: clip.share_url,
    playlist_url: clip.playlist_url,
  };
}

/** Real implementations of `createClip`, `pollClip` (polling with the real read), `downloadClip` and `deleteClip`. */
export function createClipCreationActors(deps: { client: ChannelClient }) {
  const { client } = deps;
  return {
    createClip: fromPromise<Clip, CreateClipInput>(async ({ input, signal }) => {
      const { draft } = input;
      const { clip } = await client.request(
        CreateClipDocument,
        { eventId: input.eventId, name: draft.name, startTime: draft.startTime, duration: draft.duration, tags: [...draft.tags] },
        { signal },
      );
      if (!clip) throw new Error('CreateClip answered no clip');
      return toClip(clip);
    }),
    // No single-clip read exists (SPEC §7 lists none): the viewer's clips of the event are read and this one found.
    pollClip: clipPolling(async (ref, signal) => {
      const { clips } = await client.request(EventClipsDocument, { eventId: ref.eventId }, { signal });
      const clip = clips?.data.find((c) => c?.id === ref.clipId);
      return clip ? toClip(clip) : null;
    }),
    downloadClip: fromPromise<ClipDownload, ClipRef>(async ({ input, signal }) => {
      const { download } = await client.request(ClipDownloadDocument, { id: input.clipId }, { signal });
      if (!download) throw new Error('ClipDownload answered no link');
      return { url: download.url, file_name: download.file_name };
    }),
    deleteClip: fromPromise<void, ClipRef>(async ({ input, signal }) => {
      await client.request(DeleteClipDocument, { id: input.clipId }, { signal });
    }),
  };
}
