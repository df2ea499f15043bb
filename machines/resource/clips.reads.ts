/**
 * The viewer's clips (GET /clips/user), which the profile's clip list reads, and their clips of one event
 * (GET /clips/event/{id}), which the clip panel picks up again from. Read fresh: a clip cut a moment ago must be
 * there. Apart from the profile's other reads, so that the app's chunk, where the clip list's logic is, takes in no
 * orders or transactions.
 */
import { type Clip, toClip } from '../clip/clip.types';
import { EventClipsDocument } from '../../mesh/client/generated/documents/EventClips';
import { UserClipsDocument } from '../../mesh/client/generated/documents/UserClips';
import { defineRead, present } from './read';

/** The newest first. */
export const eventClipsRead = defineRead<number, Clip[]>('eventClips', async ({ client }, eventId, signal) => {
  const { clips } = await client.request(EventClipsDocument, { eventId }, { signal });
  return (clips?.data ?? []).flatMap((clip) => (clip ? [toClip(clip)] : []));
});

/**
 * A clip of the viewer's, as the clip machine follows it (to share, download or delete it), with its game's name.
 *
 * @public
 */
export type ViewerClip = Clip & { event_name: string };

/** The viewer's clips, the newest first. */
export const userClipsRead = defineRead<null, ViewerClip[]>('userClips', async ({ client }, _params, signal) => {
  const { clips } = await client.request(UserClipsDocument, { limit: 100 }, { signal });
  return present(clips?.data)
    .map((clip) => ({ ...toClip(clip), event_name: clip.event?.name ?? '' }))
    .sort((a, b) => b.created_at - a.created_at);
});
