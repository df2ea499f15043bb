/**
 * Facade of the player's controls (machines/playback-controls), for their lazily loaded view
 * (src/components/player/PlayerControls.tsx): what the controls show, read narrowly from the machine, what it allows
 * (`state.can`), and intent-named senders. Every sender also counts as activity, so the controls stay on screen.
 */
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { playbackControlsMachine } from '../../../machines/playback-controls/playback-controls.machine';
import { isAtLiveEdge, qualityLevels, seekRange } from '../../../machines/playback-controls/playback-controls.selectors';
import type { CaptionsTrack, ControlsMenu, PlaybackControlsEvent, QualityLevel, TimeRange } from '../../../machines/playback-controls/playback-controls.types';
import type { PlaybackControlsRef } from './player';

type Snapshot = SnapshotFrom<typeof playbackControlsMachine>;

const sameRanges = (a: readonly TimeRange[] | null, b: readonly TimeRange[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((range, i) => range[0] === b[i]?.[0] && range[1] === b[i]?.[1]));
const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, i) => item === b[i]);
const sameQualities = (a: readonly QualityLevel[], b: readonly QualityLevel[]) =>
  a.length === b.length && a.every((item, i) => item.level === b[i]?.level && item.height === b[i]?.height);

export function usePlaybackControls(controls: PlaybackControlsRef) {
  const useSelect = <T>(selector: (s: Snapshot) => T, compare?: (a: T, b: T) => boolean) => useSelector(controls, selector, compare);
  const send = (event: PlaybackControlsEvent) => {
    controls.send({ type: 'user.activity' });
    controls.send(event);
  };
  return {
    shown: useSelect((s) => s.hasTag('shown')),
    isAd: useSelect((s) => s.context.kind === 'preroll'),
    live: useSelect((s) => s.context.live),
    atLiveEdge: useSelect((s) => isAtLiveEdge(s.context)),
    paused: useSelect((s) => s.context.facts.paused),
    muted: useSelect((s) => s.context.facts.muted),
    volume: useSelect((s) => s.context.facts.volume),
    time: useSelect((s) => s.context.facts.time),
    /** Where the time bar runs: the video, or a live stream's window; null before it is known. */
    range: useSelect((s) => seekRange(s.context), (a, b) => sameRanges(a && [a], b && [b])),
    buffered: useSelect((s) => s.context.facts.buffered, sameRanges),
    rate: useSelect((s) => s.context.facts.rate),
    /** The heights the quality menu offers besides Auto, highest first. */
    qualities: useSelect((s) => qualityLevels(s.context), sameQualities),
    level: useSelect((s) => s.context.facts.level),
    height: useSelect((s) => s.context.facts.height),
    /** The height Auto plays, while Auto chooses (the quality menu's `Auto (360p)`); null while a height is chosen. */
    autoHeight: useSelect((s) => (s.context.facts.level === -1 ? s.context.facts.height : null)),
    tracks: useSelect((s) => s.context.facts.tracks, sameList<CaptionsTrack>),
    captions: useSelect((s) => s.context.facts.tracks[s.context.facts.track]?.language ?? null),
    fullscreen: useSelect((s) => s.context.facts.fullscreen),
    pip: useSelect((s) => s.context.facts.pip),
    menu: useSelect((s) => s.context.menu),
    canSeek: useSelect((s) => s.can({ type: 'user.seek', time: 0 })),
    canGoLive: useSelect((s) => s.can({ type: 'user.goLive' })),
    canChooseQuality: useSelect((s) => s.can({ type: 'user.setQuality', level: -1 })),
    canChooseSpeed: useSelect((s) => s.can({ type: 'user.setSpeed', rate: 1 })),
    hasCaptions: useSelect((s) => s.can({ type: 'user.toggleCaptions' })),
    canFullscreen: useSelect((s) => s.can({ type: 'user.toggleFullscreen' })),
    canPip: useSelect((s) => s.can({ type: 'user.togglePip' })),
    activity: () => controls.send({ type: 'user.activity' }),
    togglePlay: () => send({ type: 'user.togglePlay' }),
    seek: (time: number) => send({ type: 'user.seek', time }),
    skip: (seconds: number) => send({ type: 'user.skip', seconds }),
    seekToStart: () => send({ type: 'user.seekToStart' }),
    seekToEnd: () => send({ type: 'user.seekToEnd' }),
    goLive: () => send({ type: 'user.goLive' }),
    toggleMute: () => send({ type: 'user.toggleMute' }),
    setVolume: (volume: number) => send({ type: 'user.setVolume', volume }),
    setQuality: (level: number) => send({ type: 'user.setQuality', level }),
    setSpeed: (rate: number) => send({ type: 'user.setSpeed', rate }),
    setCaptions: (language: string | null) => send({ type: 'user.setCaptions', language }),
    toggleCaptions: () => send({ type: 'user.toggleCaptions' }),
    toggleFullscreen: () => send({ type: 'user.toggleFullscreen' }),
    togglePip: () => send({ type: 'user.togglePip' }),
    openMenu: (menu: ControlsMenu) => send({ type: 'user.openMenu', menu }),
    closeMenu: () => send({ type: 'user.closeMenu' }),
  };
}
