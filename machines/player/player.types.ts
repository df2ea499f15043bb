/**
 * What the player machine exchanges with its actors and its views (SPEC §2 /watch/{id}, /watch_embed/{id},
 * /watch_library/{id} and the VOD item route): what is watched, the details shown beside it, the signed playback
 * grant or the reason the viewer may not watch, and the events the media element reports.
 */
import type { ClassifiedError } from '../../mesh/client/errors';
import type { ClipFieldsFragment, VodCardFragment, WatchEventQuery } from '../../mesh/client/generated/graphql';
import type { AnyActorRef, StateMachine } from 'xstate';
import type { ControlsCommand, MediaFacts, PlaybackControlsInput } from '../playback-controls/playback-controls.types';
import type { PrerollSettings } from '../preroll/preroll.types';

/**
 * Refusals the player expects and shows (no access, not found): answers, not failures to report to the log service.
 * The entry's early grant request (src/app/early-watch.ts) tolerates the same.
 */
export const EXPECTED_REFUSALS: ClassifiedError['kind'][] = ['http', 'notFound'];

/**
 * What one player watches: an event, a VOD item, one of the viewer's clips (/watch_library/{id}), or a clip anybody
 * with its link may watch (/share/{id}/{uuid}: the event's id and the clip's uuid).
 *
 * @public
 */
export type PlayerSource =
  | { kind: 'event'; id: number }
  | { kind: 'vod'; id: number }
  | { kind: 'clip'; id: number }
  | { kind: 'sharedClip'; id: number; uuid: string };

/**
 * Why the viewer may not watch, from the API's refusal (server/domain/watch.ts):
 * - `geoBlocked`: not available in the viewer's region (SPEC §6);
 * - `loginRequired`: a visitor must log in (SPEC §6 "LOGIN TO WATCH");
 * - `purchaseRequired`: a paid event the viewer has not bought;
 * - `notAllowed`: the viewer's capabilities lack `watch` (events) or `vod_media` (VOD items);
 * - `notStarted`: an upcoming event has no stream yet;
 * - `notFound`: no such event, item or clip, or it has no video.
 *
 * @public
 */
export type PlayerDenial = 'geoBlocked' | 'loginRequired' | 'purchaseRequired' | 'notAllowed' | 'notStarted' | 'notFound';

/** A signed, expiring link to the stream (GET /events/{id}/playback and its VOD twin). @public */
export interface PlaybackGrant {
  url: string;
  streamType: 'live' | 'vod';
  /** Unix seconds. */
  expiresAt: number;
}

/** @public */
export type WatchedEvent = NonNullable<WatchEventQuery['event']>;

/** What the screen shows beside the video. @public */
export type PlayerDetails =
  | { kind: 'event'; event: WatchedEvent }
  | { kind: 'vod'; item: VodCardFragment }
  | { kind: 'clip'; clip: ClipFieldsFragment };

/**
 * What `authorize` resolves with: the details (null when they could not be read) and either the grant or the
 * reason there is none.
 *
 * @public
 */
export type Authorization =
  | { details: PlayerDetails | null; grant: PlaybackGrant; denial?: undefined }
  | { details: PlayerDetails | null; denial: PlayerDenial; grant?: undefined };

/** What `describePlayable` is asked: the source and what `authorize` read. @public */
export interface PrerollChoice {
  source: PlayerSource;
  details: PlayerDetails | null;
  grant: PlaybackGrant;
}

/**
 * Where the video plays: the page's media element, handed over as an opaque holder (a React ref in the app) that only
 * the browser's `stream` actor opens. @public
 */
export interface MediaSurface {
  readonly current: unknown;
}

/** The `stream` actor's input: what to play, and where. @public */
export interface StreamInput {
  surface: MediaSurface;
  url: string;
  live: boolean;
  /** What plays: the benchmark's first-frame mark and the analytics report tell them apart. */
  kind: 'preroll' | 'content';
  /**
   * Seconds into the video to start at (hls.js `startPosition`: a resumed replay or library video); from the start (or
   * a live stream's edge) without.
   */
  startAt?: number;
}

/**
 * What the `stream` actor reports about the media element.
 *
 * @public
 */
export type MediaEvent =
  | { type: 'media.playing' }
  | { type: 'media.waiting' }
  | { type: 'media.ended' }
  | { type: 'media.error'; message: string }
  /** Seconds of actual playback since the last report; where the playhead is, and the video's length (Infinity live). */
  | { type: 'media.watched'; seconds: number; position: number; duration: number }
  /** What changed of the element and hls.js, for the controls (machines/playback-controls). */
  | { type: 'media.facts'; facts: Partial<MediaFacts> };

/** What the preroll machine (the player's child) decided. @public */
export type PrerollDecision = { type: 'preroll.chosen'; url: string } | { type: 'preroll.skipped' };

/** @public */
export type PlayerEvent =
  | { type: 'player.open'; source: PlayerSource }
  | { type: 'user.retry' }
  | { type: 'user.replay' }
  | { type: 'user.resume' }
  | { type: 'user.restart' }
  | PrerollDecision
  | MediaEvent
  | ControlsCommand;

/** @public */
export interface PlayerInput {
  /** The channel's prerolls, from its settings (SPEC §3 Channel settings). */
  prerolls: PrerollSettings;
  surface: MediaSurface;
}

/** @public */
export interface PlayerContext {
  prerolls: PrerollSettings;
  surface: MediaSurface;
  source: PlayerSource | null;
  details: PlayerDetails | null;
  grant: PlaybackGrant | null;
  denial: PlayerDenial | null;
  /** The preroll chosen for this playback; null when none plays. */
  prerollUrl: string | null;
  /** Why authorizing failed (the client's classified error); null when it was not the client's. */
  failure: ClassifiedError | null;
  /** The controls of the ad or the video playing, once loaded (machines/playback-controls); null otherwise. */
  controls: AnyActorRef | null;
  /** Where the signed-in viewer stopped in this replay or library video last time (seconds); null when nowhere. */
  savedPosition: number | null;
  /** Where the content starts (seconds): the saved position when the viewer resumes; null from the start. */
  startAt: number | null;
}

/**
 * The controls' machine as `loadControls` resolves it (machines/playback-controls, `playerControlsMachine`): typed
 * loosely here, so that the player's module does not import it and the first load does not carry it.
 *
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PlayerControlsLogic = StateMachine<any, any, any, any, any, any, any, any, any, PlaybackControlsInput, any, any, any, any>;

/** The params of `reportFirstFrame`: what started to play. @public */
export interface FirstFrameParams {
  source: PlayerSource;
  details: PlayerDetails | null;
  grant: PlaybackGrant;
}

/**
 * The params of `reportViewing`: what was watched, for how long since the last report, where the playhead is and the
 * video's length (seconds; Infinity live). @public
 */
export interface ViewingParams extends FirstFrameParams {
  seconds: number;
  position: number;
  duration: number;
}

/**
 * The denial a refused playback means, or null when the failure is a real one (network, crash) that a retry may
 * fix. Reads the REST error envelope's field keys (server/domain/watch.ts) before the status, because a 403 means
 * several things.
 */
export function denialOf(error: ClassifiedError): PlayerDenial | null {
  const has = (key: string) => key in error.fieldErrors;
  if (has('geo')) return 'geoBlocked';
  if (error.kind === 'unauthenticated' || error.status === 401) return 'loginRequired';
  if (has('has_access')) return 'purchaseRequired';
  if (has('watch') || has('vod_media')) return 'notAllowed';
  if (error.kind === 'http' && error.status === 409) return 'notStarted';
  if (error.kind === 'notFound' || error.status === 404) return 'notFound';
  return null;
}
