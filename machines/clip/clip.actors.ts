/**
 * The clip machine's real actors over the typed client (clips.graphql). The app passes them with
 * `clipMachine.provide({ actors: createClipActors({ client }) })`, beside the download child's.
 */
import { fromPromise } from 'xstate';
import type { ChannelClient } from '../../mesh/client/transport';
import { DeleteClipDocument } from '../../mesh/client/generated/documents/DeleteClip';
import { EventClipsDocument } from '../../mesh/client/generated/documents/EventClips';
import { clipPolling } from './clip.machine';
import { type ClipRef, toClip } from './clip.types';

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
