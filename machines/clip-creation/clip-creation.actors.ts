/**
 * The clip-creation machine's real actor over the typed client (clips.graphql). The app shell passes it with
 * `clipCreationMachine.provide({ actors: createClipCreationActors({ client }) })`, beside the clip child's. It
 * rejects with the client's ClientRequestError, whose classified `fieldErrors` the machine shows on the form.
 */
import { fromPromise } from 'xstate';
import type { ChannelClient } from '../../mesh/client/transport';
import { CreateClipDocument } from '../../mesh/client/generated/documents/CreateClip';
import { type Clip, toClip } from '../clip/clip.types';
import type { CreateClipInput } from './clip-creation.types';

/** Real implementation of `createClip`. */
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
  };
}
