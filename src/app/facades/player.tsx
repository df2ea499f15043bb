/**
 * Facade of the player flow (machines/player): `<PlayerScope source>` starts a player for the components below
 * (its effects come from the app logic: the client, the preroll child, hls.js, analytics) and opens the source;
 * `usePlayer()` reads it.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { playbackControlsMachine } from '../../../machines/playback-controls/playback-controls.machine';
import { prerollSettingsFrom } from '../../../machines/preroll/preroll.actors';
import type { PlayerDenial, PlayerDetails, PlayerSource } from '../../../machines/player/player.types';
import { preloadHls } from '../../adapters/hls-player';
import { PlayerFlow } from '../flows';
import { useStartupPart } from './app-load';

/** What the player shows. */
export type PlayerStatus = 'loading' | 'buffering' | 'playing' | 'ended' | 'error' | 'denied';

export interface PlayerHandle {
  status: PlayerStatus;
  denial: PlayerDenial | null;
  details: PlayerDetails | null;
  /** The preroll (an ad) plays, not the video. */
  isPreroll: boolean;
  retry(): void;
  replay(): void;
  /** For the `<video>` element the stream plays on. */
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The controls of the ad or the video playing (machines/playback-controls); null when nothing plays. */
  controls: PlaybackControlsRef | null;
}

/** The player's controls actor, for their facade (src/app/facades/playback-controls.ts). */
export type PlaybackControlsRef = ActorRefFrom<typeof playbackControlsMachine>;

/** Starts a player for `children` on the channel's prerolls, and opens `source` (again whenever it changes). */
export function PlayerScope({ source, children }: { source: PlayerSource; children: ReactNode }) {
  const video = useRef<HTMLVideoElement | null>(null);
  const prerolls = prerollSettingsFrom(useStartupPart('settings'));
  return (
    <PlayerFlow.Scope input={{ prerolls, surface: video }}>
      <OpenSource source={source} />
      {children}
    </PlayerFlow.Scope>
  );
}

function OpenSource({ source }: { source: PlayerSource }) {
  const player = PlayerFlow.useActor();
  // By value: a parent may pass a new object with the same source on every render.
  const key = JSON.stringify(source);
  useEffect(() => {
    player.send({ type: 'player.open', source: JSON.parse(key) as PlayerSource });
    // hls.js (180 kB gzip) compiles on the main thread: the request for the grant goes out first, and the library
    // loads while it is answered.
    const timer = setTimeout(preloadHls, 0);
    return () => clearTimeout(timer);
  }, [player, key]);
  return null;
}

export function usePlayer(): PlayerHandle {
  const player = PlayerFlow.useActor();
  const status = PlayerFlow.useSelect((s): PlayerStatus => {
    if (s.hasTag('denied')) return 'denied';
    if (s.hasTag('failed')) return 'error';
    if (s.hasTag('ended')) return 'ended';
    if (s.hasTag('buffering')) return 'buffering';
    if (s.hasTag('playing')) return 'playing';
    // Nothing opened yet, authorizing, choosing the preroll, or the first frame on its way.
    return 'loading';
  });
  const denial = PlayerFlow.useSelect((s) => s.context.denial);
  const details = PlayerFlow.useSelect((s) => s.context.details);
  const isPreroll = PlayerFlow.useSelect((s) => s.hasTag('preroll'));
  // The surface is the ref PlayerScope handed in: the video element's.
  const videoRef = PlayerFlow.useSelect((s) => s.context.surface) as RefObject<HTMLVideoElement | null>;
  const controls = PlayerFlow.useSelect((s) => s.context.controls as PlaybackControlsRef | null);
  return {
    status,
    denial,
    details,
    isPreroll,
    retry: () => player.send({ type: 'user.retry' }),
    replay: () => player.send({ type: 'user.replay' }),
    videoRef,
    controls,
  };
}

/** What the simulate page shows of the player machine: its state as the statechart names it, and the grant's type. */
export function usePlayerInternals(): { state: string; streamType: 'live' | 'vod' | null; prerollUrl: string | null } {
  const state = PlayerFlow.useSelect((s) => stateName(s.value));
  const streamType = PlayerFlow.useSelect((s) => s.context.grant?.streamType ?? null);
  const prerollUrl = PlayerFlow.useSelect((s) => s.context.prerollUrl);
  return { state, streamType, prerollUrl };
}

/** `{ content: 'playing' }` → `content.playing`. */
function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [entry] = Object.entries(value as Record<string, unknown>);
  return entry ? `${entry[0]}.${stateName(entry[1])}` : '';
}
