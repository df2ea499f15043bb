/**
 * The clip machine's real actors over the typed client (clips.graphql). The app passes them with
 * `clipMachine.provide({ actors: createClipActors({ client }) })`, beside the download child's.
 */
import { fromPromise } from 'xstate';
import type { ChannelClient } from '../../mesh/client/transport';
import type { ClipFieldsFragment } from '../../mesh/client/generated/graphql';
import { DeleteClipDocument } from '../../mesh/client/generated/documents/DeleteClip';
import { EventClipsDocument } from '../../mesh/client/generated/documents/EventClips';
import { clipPolling } from './clip.machine';
import type { Clip, ClipRef } from './clip.types';

/** The API's clip as the machines keep it. */
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

/** Real implementations of `pollClip` (polling with the real read) and `deleteClip`. */
export function createClipActors(deps: { client: ChannelClient }) {
  const { client } = deps;
  return {
    // No single-clip read exists (SPEC §7 lists none): the viewer's clips of the event are read and this one found.
    pollClip: clipPolling(async (ref, signal) => {
      const { clips } = await client.request(EventClipsDocument, { eventId: ref.eventId }, { signal });
      const clip = clips?.data.find((c) => c?.id === ref.clipId);
      return clip ? toClip(clip) : null;
    }),
    deleteClip: fromPromise<void, ClipRef>(async ({ input, signal }) => {
      await client.request(DeleteClipDocument, { id: input.clipId }, { signal });
    }),
  };
}
