/** The viewer's clips of one event (GET /clips/event/{id}), read fresh: a clip cut a moment ago must be there. */
import { toClip } from '../clip/clip.actors';
import type { Clip } from '../clip/clip.types';
import { EventClipsDocument } from '../../mesh/client/generated/documents/EventClips';
import { defineRead } from './read';

/** The newest first. */
export const eventClipsRead = defineRead<number, Clip[]>('eventClips', async ({ client }, eventId, signal) => {
  const { clips } = await client.request(EventClipsDocument, { eventId }, { signal });
  return (clips?.data ?? []).flatMap((clip) => (clip ? [toClip(clip)] : []));
});
