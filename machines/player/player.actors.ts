/**
 * The player machine's real effects: `authorize` reads the details and the playback grant through the typed client
 * (one request: WatchEvent, WatchVod, SharedClip; the viewer's clips for a clip), `describePlayable` says what the preroll rules
 * look at, `readProgress` where a signed-in viewer stopped in a replay or library video (the contract's
 * /watch_progress), and the preroll child (machines/preroll, invoked by the player) gets its clock, storage and
 * random draw.
 */
import { fromPromise } from 'xstate';
import { ClientRequestError, type ClassifiedError } from '../../mesh/client/errors';
import { SharedClipDocument } from '../../mesh/client/generated/documents/SharedClip';
import { EventDetailDocument } from '../../mesh/client/generated/documents/EventDetail';
import { UserClipsDocument } from '../../mesh/client/generated/documents/UserClips';
import { WatchEventDocument } from '../../mesh/client/generated/documents/WatchEvent';
import { WatchVodDocument } from '../../mesh/client/generated/documents/WatchVod';
import type { PlaybackGrantFragment } from '../../mesh/client/generated/graphql';
import type { ChannelClient } from '../../mesh/client/transport';
import { type PrerollDeps, createPrerollActors, playableEventFrom } from '../preroll/preroll.actors';
import type { PrerollRequest } from '../preroll/preroll.machine';
import type { PlayableEvent } from '../preroll/preroll.types';
import { playerPrerollMachine } from './player.machine';
import { progressItemOf } from './player.resumable';
import { type Authorization, EXPECTED_REFUSALS, type FirstFrameParams, type PlaybackGrant, type PlayerDenial, type PlayerSource, type PrerollChoice, denialOf } from './player.types';

/** @public */
export interface PlayerDeps {
  client: ChannelClient;
  /** The preroll child's ports, who is watching included. */
  preroll: PrerollDeps;
}

const EXPECTED = EXPECTED_REFUSALS;
/** The most clips one UserClips page answers (the contract's limit maximum). */
const CLIPS_PAGE = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const grantOf = (playback: PlaybackGrantFragment): PlaybackGrant => ({
  url: playback.url,
  streamType: playback.stream_type === 'live' ? 'live' : 'vod',
  expiresAt: playback.expires_at,
});

/**
 * A failed field: a refusal the viewer is told about, or a real failure that rejects (the failed state's retry).
 */
function refusal(error: ClassifiedError | undefined): PlayerDenial {
  if (!error) throw new Error('the API answered neither a grant nor an error');
  const denial = denialOf(error);
  if (denial === null) throw new ClientRequestError(error);
  return denial;
}

async function authorizeEvent(client: ChannelClient, id: number, signal: AbortSignal): Promise<Authorization> {
  const { data, fieldErrors } = await client.execute(WatchEventDocument, { id }, { signal, tolerate: EXPECTED });
  const details = data?.event ? { kind: 'event' as const, event: data.event } : null;
  // Without details the screen has nothing to show: an unknown event is notFound, anything else a failure.
  if (!details) return { details, denial: refusal(fieldErrors.event) };
  if (data?.playback) return { details, grant: grantOf(data.playback) };
  return { details, denial: refusal(fieldErrors.playback) };
}

async function authorizeVod(client: ChannelClient, id: number, signal: AbortSignal): Promise<Authorization> {
  const { data, fieldErrors } = await client.execute(WatchVodDocument, { id }, { signal, tolerate: EXPECTED });
  const details = data?.item ? { kind: 'vod' as const, item: data.item } : null;
  if (!details) return { details, denial: refusal(fieldErrors.item) };
  if (data?.playback) return { details, grant: grantOf(data.playback) };
  return { details, denial: refusal(fieldErrors.playback) };
}

/** The viewer's clip by id, from their clips (a visitor is asked to log in; someone else's clip is not found). */
async function authorizeClip(client: ChannelClient, id: number, signal: AbortSignal): Promise<Authorization> {
  for (let offset = 0; ; offset += CLIPS_PAGE) {
    const { data, fieldErrors } = await client.execute(UserClipsDocument, { limit: CLIPS_PAGE, offset }, { signal, tolerate: EXPECTED });
    if (!data?.clips) return { details: null, denial: refusal(fieldErrors.clips) };
    const clip = data.clips.data.find((c) => c?.id === id);
    if (clip) {
      const details = { kind: 'clip' as const, clip };
      // Only a processed clip has a video.
      if (clip.playlist_url === null) return { details, denial: 'notFound' };
      // A clip's playlist is not a signed grant: it does not expire.
      return { details, grant: { url: clip.playlist_url, streamType: 'vod', expiresAt: Number.MAX_SAFE_INTEGER } };
    }
    if (data.clips.data.length < CLIPS_PAGE || offset + CLIPS_PAGE >= data.clips.meta.total) return { details: null, denial: 'notFound' };
  }
}

/** A shared clip by its uuid, for anybody; a uuid of another event's clip (a link edited by hand) is not found. */
async function authorizeSharedClip(client: ChannelClient, eventId: number, uuid: string, signal: AbortSignal): Promise<Authorization> {
  // Not a uuid at all (a link cut short): nothing to ask for.
  if (!UUID.test(uuid)) return { details: null, denial: 'notFound' };
  const { data, fieldErrors } = await client.execute(SharedClipDocument, { uuid }, { signal, tolerate: EXPECTED });
  if (!data?.clip) return { details: null, denial: refusal(fieldErrors.clip) };
  if (data.clip.event_id !== eventId || data.clip.playlist_url === null) return { details: null, denial: 'notFound' };
  return { details: { kind: 'clip', clip: data.clip }, grant: { url: data.clip.playlist_url, streamType: 'vod', expiresAt: Number.MAX_SAFE_INTEGER } };
}

/**
 * The event as the preroll rules see it. A VOD item cut from an event counts as that event (its category and
 * venue); an item without one, and a clip, are finished videos of no category or venue. Items without an event
 * use their id negated, so that their "played recently" record never shares an event's.
 */
async function playableOf(client: ChannelClient, choice: PrerollChoice, signal: AbortSignal): Promise<PlayableEvent> {
  const { details, grant } = choice;
  if (details?.kind === 'event') return playableEventFrom({ ...details.event, stream_status: grant.streamType });
  if (details?.kind === 'clip') return { id: details.clip.event_id, categoryId: null, locationId: null, streamStatus: 'vod' };
  const eventId = details?.kind === 'vod' ? details.item.event_id : null;
  if (eventId !== null) {
    // Only for the preroll choice: when the event cannot be read, the item plays as one without an event.
    const { data } = await client.execute(EventDetailDocument, { id: eventId }, { signal, tolerate: EXPECTED });
    if (data?.event) return { ...playableEventFrom(data.event), streamStatus: 'vod' };
  }
  return { id: -choice.source.id, categoryId: null, locationId: null, streamStatus: 'vod' };
}

/**
 * Real implementations of `authorize` and `describePlayable`, and the preroll child with its ports: supply them
 * with `playerMachine.provide({ actors: createPlayerActors(deps) })` (the media element's `stream` comes from the
 * browser adapter).
 */
export function createPlayerActors(deps: PlayerDeps) {
  const { client, preroll } = deps;
  return {
    authorize: fromPromise<Authorization, PlayerSource>(async ({ input, signal }) => {
      switch (input.kind) {
        case 'event':
          return authorizeEvent(client, input.id, signal);
        case 'vod':
          return authorizeVod(client, input.id, signal);
        case 'clip':
          return authorizeClip(client, input.id, signal);
        case 'sharedClip':
          return authorizeSharedClip(client, input.id, input.uuid, signal);
      }
    }),
    describePlayable: fromPromise<PrerollRequest, PrerollChoice>(async ({ input, signal }) => ({
      event: await playableOf(client, input, signal),
    })),
    // Only a signed-in viewer's replay or library video has a row: anything else answers at once, without loading the
    // progress code. The machine decides whether the position is worth offering.
    readProgress: fromPromise<number | null, FirstFrameParams>(async ({ input, signal }) => {
      if (progressItemOf(input) === null || (await preroll.viewer()).id === null) return null;
      return (await import('./player.progress')).readSavedPosition(client, preroll.viewer, input, signal);
    }),
    preroll: playerPrerollMachine.provide({ actors: createPrerollActors(preroll) }),
  };
}
