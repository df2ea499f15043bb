/**
 * A machine's diagram as SVG, from its ELK layout (statecharts/layout.ts): states as rounded boxes (compound and
 * parallel ones holding their children, final ones doubled, history ones a circle), a dot and arrow for each
 * initial state, and every transition labelled with its event, guard, delay or invoked actor.
 *
 * It opens at a zoom where its smallest text is readable, scrolled to the state the actor is in (else the one the
 * machine starts in), and follows that state as it changes until the viewer scrolls by hand or turns following off
 * (statecharts/diagram-view.ts does the maths). Each state and transition is a button: a click, Enter or Space
 * selects it and the studio's panel describes it; pointing or focusing previews it there; Escape clears. The frame
 * scrolls (drag it, or use the arrow keys once it has focus); the buttons (or +, - and 0) zoom and fit.
 */
import { Fragment, type KeyboardEvent, type PointerEvent, useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useDescription, useStudioTranslation } from './studio-i18n';
import { followScroll, fitZoom, MAX_ZOOM, MIN_ZOOM, openingView, type Scroll, type Size } from '../../../statecharts/diagram-view';
import { internalLine, type LaidOutEdge, type LaidOutState, type MachineLayout } from '../../../statecharts/layout';
import { secondaryButton } from '../../components/controls.css';
import * as styles from './statecharts.css';

/** A state or a transition of the diagram, by its id (LaidOutState.id, LaidOutEdge.id). */
export type DiagramItem = { kind: 'state' | 'transition'; id: string };

/** What the studio lights up: a running or simulated actor's states and last transitions, and what the tests take. */
export interface DiagramOverlay {
  /** Ids of the states it is in. */
  active?: ReadonlySet<string>;
  /** Ids of the edges (LaidOutEdge.id) of the transitions just taken. */
  taken?: ReadonlySet<string>;
  /** Ids of the transitions the model-based paths take; absent: no coverage shown. */
  covered?: ReadonlySet<string>;
}

interface DiagramProps {
  name: string;
  layout: MachineLayout;
  overlay?: DiagramOverlay;
  /** What the panel describes: pressed on the diagram. */
  selected: DiagramItem | null;
  onSelect(item: DiagramItem | null): void;
  /** What the pointer or the focus is on (null once it leaves): the panel previews it. */
  onPreview(item: DiagramItem | null): void;
}

/** What a shape needs to be selected and previewed. */
interface Selectable {
  pressed: boolean;
  onSelect(): void;
  onPreview(on: boolean): void;
}

const NONE: ReadonlySet<string> = new Set();
/** Pointer moves shorter than this are a click, not a drag. */
const DRAG_SLOP = 4;
/** Keys that scroll the frame: pressing one is scrolling by hand. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

const sizeOf = (box: HTMLElement): Size => ({ width: box.clientWidth, height: box.clientHeight });
const scrollOf = (box: HTMLElement): Scroll => ({ left: box.scrollLeft, top: box.scrollTop });
/** Smooth, unless the viewer asked for less motion. */
const motion = (): ScrollBehavior => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

export function MachineDiagram({ name, layout, overlay = {}, selected, onSelect, onPreview }: DiagramProps) {
  const active = overlay.active ?? NONE;
  const taken = overlay.taken ?? NONE;
  const { covered } = overlay;
  const { t } = useStudioTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const arrowId = useId();
  // The diagram's own view, not app flow: its zoom (null until the frame is measured) and whether it follows the actor.
  const [zoom, setZoom] = useState<number | null>(null);
  const [follow, setFollow] = useState(true);
  /** Where to scroll once the drawing has its new size. */
  const pending = useRef<(Scroll & { behavior?: ScrollBehavior }) | null>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number; moved: boolean } | null>(null);
  const activeKey = [...active].sort().join(' ');

  const zoomTo = (next: number, scroll: Scroll) => {
    pending.current = scroll;
    setZoom(next);
  };
  const zoomBy = (factor: number) => {
    const box = frame.current;
    if (!box || zoom === null) return;
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom * factor));
    // Keep the frame's centre where it was.
    const cx = (box.scrollLeft + box.clientWidth / 2) / zoom;
    const cy = (box.scrollTop + box.clientHeight / 2) / zoom;
    zoomTo(next, { left: cx * next - box.clientWidth / 2, top: cy * next - box.clientHeight / 2 });
  };
  const fit = () => {
    if (frame.current) zoomTo(fitZoom(layout, sizeOf(frame.current)), { left: 0, top: 0 });
  };

  // Opens readable, on the active or initial state: measured before the first paint, so it never flashes fitted.
  // An effect event: later changes of the active state are followed, not opened afresh.
  const open = useEffectEvent(() => {
    if (!frame.current) return;
    const opening = openingView(layout, sizeOf(frame.current), active);
    zoomTo(opening.zoom, opening.scroll);
  });
  useLayoutEffect(() => open(), [layout]);
  useLayoutEffect(() => {
    const box = frame.current;
    const to = pending.current;
    // Scrolled once the drawing has its new size (not in the commit that asked for it, before the first zoom).
    if (!box || !to || zoom === null) return;
    pending.current = null;
    box.scrollTo(to);
  }, [zoom]);
  // The actor moved, or following was turned on: bring its state into view.
  const moved = useEffectEvent(() => {
    const box = frame.current;
    if (!follow || !box || zoom === null) return;
    const to = followScroll(layout, active, zoom, scrollOf(box), sizeOf(box));
    if (to) box.scrollTo({ ...to, behavior: motion() });
  });
  useEffect(() => moved(), [activeKey, follow]);

  const stopFollowing = () => setFollow(false);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.pointerType === 'touch') return;
    const box = event.currentTarget;
    drag.current = { x: event.clientX, y: event.clientY, left: box.scrollLeft, top: box.scrollTop, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    // Released outside the frame: the drag is over.
    if (event.buttons === 0) {
      drag.current = null;
      return;
    }
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
    if (!start.moved) stopFollowing();
    start.moved = true;
    event.currentTarget.scrollTo(start.left - dx, start.top - dy);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (SCROLL_KEYS.has(event.key) && event.target === event.currentTarget) stopFollowing();
    const keys: Record<string, () => void> = {
      '+': () => zoomBy(1.25),
      '=': () => zoomBy(1.25),
      '-': () => zoomBy(0.8),
      '0': fit,
      Escape: () => {
        onSelect(null);
        onPreview(null);
      },
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  const selectable = (item: DiagramItem): Selectable => ({
    pressed: selected?.kind === item.kind && selected.id === item.id,
    onSelect: () => onSelect(selected?.kind === item.kind && selected.id === item.id ? null : item),
    onPreview: (on) => onPreview(on ? item : null),
  });

  const states = [...layout.states].sort((a, b) => a.depth - b.depth);
  return (
    <div className={styles.diagramArea}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('studio.view')}>
        <button type="button" className={`${secondaryButton} ${styles.toolButton}`} onClick={() => zoomBy(1.25)}>
          {t('studio.zoomIn')}
        </button>
        <button type="button" className={`${secondaryButton} ${styles.toolButton}`} onClick={() => zoomBy(0.8)}>
          {t('studio.zoomOut')}
        </button>
        <button type="button" className={`${secondaryButton} ${styles.toolButton}`} onClick={fit}>
          {t('studio.fit')}
        </button>
        <label className={styles.followToggle}>
          <input type="checkbox" checked={follow} onChange={(event) => setFollow(event.target.checked)} data-testid="follow-active" />
          {t('studio.followActive')}
        </label>
        <span className={styles.figure}>{t('studio.figure', { states: layout.states.length, transitions: layout.edges.filter((e) => e.kind !== 'initial').length })}</span>
      </div>
      <div
        ref={frame}
        className={styles.frame}
        tabIndex={0}
        role="region"
        aria-label={t('studio.diagramOf', { name })}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        // The end of a drag is no click on what it started on.
        onClickCapture={(event) => drag.current?.moved && event.stopPropagation()}
        onWheel={stopFollowing}
        onTouchMove={stopFollowing}
        onKeyDown={onKeyDown}
        data-testid="diagram"
        data-machine={name}
        data-zoom={zoom ?? undefined}
      >
        <svg
          className={styles.svg}
          style={zoom === null ? { width: '100%' } : { width: layout.width * zoom, height: layout.height * zoom }}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
        >
          <defs>
            <marker id={arrowId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className={styles.arrowHead} />
            </marker>
          </defs>
          <g>
            {states.map((state) => (
              <StateShape key={state.id} state={state} active={active.has(state.id)} {...selectable({ kind: 'state', id: state.id })} />
            ))}
            {layout.anyState && (
              <g>
                <rect x={layout.anyState.x} y={layout.anyState.y} width={layout.anyState.width} height={layout.anyState.height} rx={14} className={styles.anyState} />
                <text x={layout.anyState.x + layout.anyState.width / 2} y={layout.anyState.y + 18} textAnchor="middle" className={styles.stateNote}>
                  {t('studio.anyState')}
                </text>
              </g>
            )}
            {layout.initials.map((dot) => (
              <circle key={dot.parent} cx={dot.x + dot.width / 2} cy={dot.y + dot.height / 2} r={dot.width / 2} className={styles.initialDot} />
            ))}
            {layout.edges.map((edge) => (
              <EdgeShape
                key={edge.id}
                edge={edge}
                marker={arrowId}
                taken={taken.has(edge.id)}
                covered={covered === undefined || edge.kind === 'initial' ? undefined : covered.has(edge.transition)}
                {...selectable({ kind: 'transition', id: edge.id })}
              />
            ))}
          </g>
        </svg>
      </div>
    </div>
  );
}

/** A shape's button behaviour: a click, Enter or Space selects it; the pointer or the focus on it previews it. */
function buttonOf({ pressed, onSelect, onPreview }: Selectable) {
  return {
    tabIndex: 0,
    role: 'button',
    'aria-pressed': pressed,
    onClick: onSelect,
    onKeyDown: (event: KeyboardEvent<SVGGElement>) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      // Space would scroll the frame as well.
      event.preventDefault();
      onSelect();
    },
    onMouseEnter: () => onPreview(true),
    onMouseLeave: () => onPreview(false),
    onFocus: () => onPreview(true),
    onBlur: () => onPreview(false),
  };
}

function StateShape({ state, active, ...selectable }: { state: LaidOutState; active: boolean } & Selectable) {
  const describe = useDescription();
  const lines = [...state.invoke.map((src) => `invoke ${src}`), ...(state.tags.length > 0 ? [`#${state.tags.join(' #')}`] : [])];
  const mark = state.history === 'deep' ? 'H*' : 'H';
  // A button's name starts with the text it shows (WCAG 2.5.3, label in name): a voice user says what they see.
  const shown = state.type === 'history' ? `${mark} ${state.key}` : [state.key, ...lines].join(' ');
  const label = `${shown}${state.type === 'final' ? ' (final)' : ''}${active ? ' (active)' : ''}${state.description ? `: ${describe(state.description)}` : ''}`;
  const { x, y, width, height } = state;
  return (
    <g
      {...buttonOf(selectable)}
      aria-label={label}
      className={state.container ? styles.state : `${styles.state} ${styles.leaf}`}
      data-state-id={state.id}
      data-type={state.type}
      data-active={active || undefined}
      data-initial={state.initial || undefined}
    >
      {state.type === 'history' ? (
        <>
          <circle cx={x + width / 2} cy={y + height / 2} r={Math.min(width, height) / 2} className={styles.stateBox} />
          <text x={x + width / 2} y={y + height / 2 + 5} textAnchor="middle" className={styles.stateName}>
            {mark}
          </text>
        </>
      ) : (
        <>
          <rect x={x} y={y} width={width} height={height} rx={10} className={state.container ? styles.containerBox : styles.stateBox} />
          {state.type === 'final' && <rect x={x + 4} y={y + 4} width={width - 8} height={height - 8} rx={7} className={styles.finalInner} />}
          {state.type === 'parallel' && <line x1={x} y1={y + 30} x2={x + width} y2={y + 30} className={styles.parallelRule} />}
          <text x={state.container ? x + 12 : x + width / 2} y={y + 24} textAnchor={state.container ? 'start' : 'middle'} className={styles.stateName}>
            {state.key}
          </text>
          {lines.map((line, i) => (
            // The space between lines is not drawn (SVG draws text in <text> only), but the box's text reads as
            // words ("queued invoke pollClip", not "queuedinvoke pollClip") to whatever reads it, checkers included.
            <Fragment key={line}>
              {' '}
              <text x={state.container ? x + 12 : x + width / 2} y={y + 24 + (i + 1) * 16} textAnchor={state.container ? 'start' : 'middle'} className={styles.stateNote}>
                {line}
              </text>
            </Fragment>
          ))}
        </>
      )}
    </g>
  );
}

interface EdgeProps extends Selectable {
  edge: LaidOutEdge;
  marker: string;
  taken: boolean;
  /** Whether the tests take it; undefined without the coverage overlay. */
  covered: boolean | undefined;
}

function EdgeShape({ edge, marker, taken, covered, ...selectable }: EdgeProps) {
  const { t } = useStudioTranslation();
  const describe = useDescription();
  const path = edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
  if (edge.kind === 'initial') return <path d={path} className={styles.edge} markerEnd={`url(#${marker})`} />;
  const marks = [...(taken ? [t('studio.justTaken')] : []), ...(covered === false ? [t('studio.notCovered')] : [])];
  const label = `${edge.label}: ${edge.source} → ${edge.target}${marks.length ? ` (${marks.join(', ')})` : ''}${edge.description ? `. ${describe(edge.description)}` : ''}`;
  const box = edge.labelBox;
  const group = {
    ...buttonOf(selectable),
    'aria-label': label,
    className: styles.transition,
    'data-transition-id': edge.id,
    'data-taken': taken || undefined,
    'data-covered': covered === undefined ? undefined : String(covered),
  };
  if (edge.internal && box) {
    // It stays in its state: a line inside the state's box.
    return (
      <g {...group}>
        <text x={box.x} y={box.y + 12} className={styles.internalLine}>
          {internalLine(edge.label)}
        </text>
      </g>
    );
  }
  return (
    <g {...group}>
      <path d={path} className={styles.edge} markerEnd={`url(#${marker})`} />
      {box && (
        <>
          <rect x={box.x - 3} y={box.y - 1} width={box.width + 6} height={box.height + 2} rx={4} className={styles.edgeLabelBox} />
          <text x={box.x} y={box.y + 12} className={styles.edgeLabel}>
            {edge.label}
          </text>
        </>
      )}
    </g>
  );
}
