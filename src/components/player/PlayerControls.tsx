/**
 * The player's own controls (issue 30), loaded after the first frame (Player.tsx lazy-loads this module): play and
 * pause, the time bar (seek, buffered ranges, Home and End to its ends; on a live stream its window, with the LIVE
 * button back to the edge), volume and mute, subtitles, speed on replays, quality (Auto and the stream's heights,
 * highest first), picture-in-picture and fullscreen, and the keyboard on the player: space or k play-pause, j and l
 * 10 s back and ahead, ← and → 5 s, f fullscreen, m mute, c subtitles. An ad gets no time bar, speed or quality (the
 * machine refuses them, and the view asks it with `state.can`).
 *
 * What shows and what is allowed is the controls machine's (machines/playback-controls, through
 * src/app/facades/playback-controls.ts); this view only renders it and sends the viewer's intents.
 */
import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from 'react';
import { SPEEDS } from '../../../machines/playback-controls/playback-controls.selectors';
import type { ControlsMenu } from '../../../machines/playback-controls/playback-controls.types';
import { usePlaybackControls } from '../../app/facades/playback-controls';
import type { PlaybackControlsRef } from '../../app/facades/player';
import { useControlsTranslation } from './controls-i18n';
import { formatClock } from '../../format/clock';
import * as styles from './player-controls.css';

type Controls = ReturnType<typeof usePlaybackControls>;
type Translate = ReturnType<typeof useControlsTranslation>['c'];

const PATHS = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  volume: 'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z',
  muted: 'M3 9v6h4l5 5V4L7 9H3zm13.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z',
  captions: 'M19 4H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm-8 7H9.5v-.5h-2v3h2V13H11v1a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v1zm7 0h-1.5v-.5h-2v3h2V13H18v1a1 1 0 0 1-1 1h-3a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v1z',
  quality: 'M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.3 7.3 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.3 7.3 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.3 7.3 0 0 0 1.7 1L11 21h4l.4-2.9a7.3 7.3 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z',
  pip: 'M19 11h-8v6h8v-6zm4 8V5a2 2 0 0 0-2-2H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2zm-2 0H3V5h18v14z',
  fullscreen: 'M7 14H5v5h5v-2H7v-3zm-2-4h2V7h3V5H5v5zm12 7h-3v2h5v-5h-2v3zM14 5v2h3v3h2V5h-5z',
  exitFullscreen: 'M5 16h3v3h2v-5H5v2zm3-8H5v2h5V5H8v3zm6 11h2v-3h3v-2h-5v5zm2-11V5h-2v5h5V8h-3z',
} as const;

function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}

export function PlayerControls({ controls: ref }: { controls: PlaybackControlsRef }) {
  const controls = usePlaybackControls(ref);
  const { c } = useControlsTranslation();
  const { shown, paused, muted, fullscreen, pip } = controls;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    // A slider and a menu keep their own keys; a focused button its space.
    const ownArrows = target instanceof HTMLInputElement || target.getAttribute('role') === 'menuitemradio';
    const ownSpace = ownArrows || target instanceof HTMLButtonElement;
    const shortcuts: Record<string, (() => void) | undefined> = {
      ' ': ownSpace ? undefined : controls.togglePlay,
      k: controls.togglePlay,
      j: () => controls.skip(-10),
      l: () => controls.skip(10),
      ArrowLeft: ownArrows ? undefined : () => controls.skip(-5),
      ArrowRight: ownArrows ? undefined : () => controls.skip(5),
      f: controls.toggleFullscreen,
      m: controls.toggleMute,
      c: controls.toggleCaptions,
    };
    const action = shortcuts[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (action) {
      event.preventDefault();
      action();
    } else {
      controls.activity();
    }
  };
  // A click on the picture (not on a control) plays or pauses, as in most players.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) controls.togglePlay();
  };

  return (
    // The group takes the keyboard shortcuts; its buttons are each reachable and labelled on their own.
    <div
      className={shown ? styles.layer : `${styles.layer} ${styles.idle}`}
      role="group"
      aria-label={c('controls')}
      tabIndex={0}
      data-testid="player-controls"
      data-status={shown ? 'shown' : 'hidden'}
      data-paused={paused}
      data-muted={muted}
      data-fullscreen={fullscreen}
      data-height={controls.height ?? undefined}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onPointerMove={controls.activity}
      onFocus={controls.activity}
    >
      <div className={styles.bar}>
        {controls.canSeek && <TimeBar controls={controls} c={c} />}
        <div className={styles.row}>
          <button type="button" className={styles.button} aria-label={paused ? c('play') : c('pause')} onClick={controls.togglePlay}>
            <Icon name={paused ? 'play' : 'pause'} />
          </button>
          <button type="button" className={styles.button} aria-label={c('mute')} aria-pressed={muted} onClick={controls.toggleMute}>
            <Icon name={muted ? 'muted' : 'volume'} />
          </button>
          <input
            type="range"
            className={styles.volume}
            aria-label={c('volume')}
            min={0}
            max={1}
            step={0.05}
            value={muted ? 0 : controls.volume}
            onChange={(event) => controls.setVolume(Number(event.target.value))}
          />
          {controls.live && !controls.isAd ? <LiveButton controls={controls} c={c} /> : <Clock controls={controls} />}
          <span className={styles.spacer} />
          {controls.hasCaptions && (
            <Menu
              controls={controls}
              menu="captions"
              label={c('captions')}
              icon="captions"
              items={[
                { value: null, label: c('captionsOff') },
                ...controls.tracks.map((track) => ({ value: track.language, label: track.name || track.language })),
              ]}
              selected={controls.captions}
              onSelect={controls.setCaptions}
            />
          )}
          {controls.canChooseSpeed && (
            <Menu
              controls={controls}
              menu="speed"
              label={c('speed')}
              text={`${controls.rate}×`}
              items={SPEEDS.map((rate) => ({ value: rate, label: rate === 1 ? c('speedNormal') : `${rate}×` }))}
              selected={controls.rate}
              onSelect={controls.setSpeed}
            />
          )}
          {controls.canChooseQuality && controls.qualities.length > 0 && (
            <Menu
              controls={controls}
              menu="quality"
              label={c('quality')}
              icon="quality"
              items={[
                { value: -1, label: controls.autoHeight ? c('qualityAutoPlaying', { height: `${controls.autoHeight}p` }) : c('qualityAuto') },
                ...controls.qualities.map(({ level, height }) => ({ value: level, label: `${height || controls.height || '?'}p` })),
              ]}
              selected={controls.level}
              onSelect={controls.setQuality}
            />
          )}
          {controls.canPip && (
            <button type="button" className={`${styles.button} ${styles.desktopOnly}`} aria-label={c('pip')} aria-pressed={pip} onClick={controls.togglePip}>
              <Icon name="pip" />
            </button>
          )}
          {controls.canFullscreen && (
            <button type="button" className={styles.button} aria-label={c('fullscreen')} aria-pressed={fullscreen} onClick={controls.toggleFullscreen}>
              <Icon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

function TimeBar({ controls, c }: { controls: Controls; c: Translate }) {
  const { range, time, buffered, live } = controls;
  if (range === null) return null;
  const [start, end] = range;
  const span = Math.max(end - start, 1);
  const percent = (value: number) => `${((Math.min(Math.max(value, start), end) - start) / span) * 100}%`;
  // Home and End go to the ends of the bar (WAI-ARIA slider), as the machine finds them when it gets the key: the
  // browser's own would step to the bounds last rendered (a live window moves on) and End to the last whole step.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const to = { Home: controls.seekToStart, End: controls.seekToEnd }[event.key];
    if (to) {
      event.preventDefault();
      to();
    }
  };
  const valueText = live
    ? c('behindLive', { time: formatClock(end - time) })
    : c('timeOf', { time: formatClock(time - start), duration: formatClock(span) });
  return (
    <div className={styles.timeline}>
      <div className={styles.rail}>
        {buffered.map(([from, to]) => (
          <span key={from} className={styles.bufferedRange} data-testid="player-buffered" style={{ left: percent(from), width: `calc(${percent(to)} - ${percent(from)})` }} />
        ))}
      </div>
      <input
        type="range"
        className={styles.slider}
        aria-label={live ? c('seekLive') : c('seek')}
        aria-valuetext={valueText}
        min={start}
        max={end}
        step={1}
        value={Math.min(Math.max(time, start), end)}
        onChange={(event) => controls.seek(Number(event.target.value))}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

function Clock({ controls }: { controls: Controls }) {
  const { range, time } = controls;
  if (range === null) return null;
  return (
    <span className={styles.clock}>
      {formatClock(time)}
      <span className={styles.clockLength}> / {formatClock(range[1])}</span>
    </span>
  );
}

function LiveButton({ controls, c }: { controls: Controls; c: Translate }) {
  const { atLiveEdge } = controls;
  return (
    <button
      type="button"
      className={styles.live}
      aria-label={atLiveEdge ? c('atLive') : c('goLive')}
      data-testid="player-live"
      data-at-edge={atLiveEdge}
      onClick={controls.goLive}
    >
      <span className={atLiveEdge ? `${styles.liveDot} ${styles.liveDotOn}` : styles.liveDot} aria-hidden="true" />
      <span aria-hidden="true">{c('live')}</span>
    </button>
  );
}

interface MenuProps<T> {
  controls: Controls;
  menu: ControlsMenu;
  label: string;
  icon?: keyof typeof PATHS;
  text?: string;
  items: ReadonlyArray<{ value: T; label: string }>;
  selected: T;
  onSelect(value: T): void;
}

/** A menu button with its radio items (WAI-ARIA menu button): ↑ ↓ move, Escape closes back to the button. */
function Menu<T>({ controls, menu, label, icon, text, items, selected, onSelect }: MenuProps<T>) {
  const open = controls.menu === menu;
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = `player-menu-${menu}`;
  // The checked item takes the focus as the menu opens.
  useEffect(() => {
    if (open) list.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
  }, [open]);
  const close = () => {
    controls.closeMenu();
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]'));
    const at = entries.indexOf(event.target as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: entries.length - 1 }[event.key];
    if (next !== undefined) {
      event.preventDefault();
      entries[(next + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.stopPropagation();
      close();
    }
  };
  return (
    <div className={styles.menuWrap}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        // A button that shows its value (`1.5×`) names it after its label.
        aria-label={text ? `${label} ${text}` : label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? controls.closeMenu() : controls.openMenu(menu))}
      >
        {icon ? <Icon name={icon} /> : text}
      </button>
      {open && (
        <ul ref={list} id={id} className={styles.menu} role="menu" aria-label={label} onKeyDown={onKeyDown}>
          {items.map((item) => (
            <li key={String(item.value)} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={item.value === selected}
                className={styles.menuItem}
                onClick={() => {
                  onSelect(item.value);
                  button.current?.focus();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
