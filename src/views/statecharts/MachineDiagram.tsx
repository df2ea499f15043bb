/**
 * A machine's diagram as SVG, from its ELK layout (statecharts/layout.ts): states as rounded boxes (compound and
 * parallel ones holding their children, final ones doubled, history ones a circle), a dot and arrow for each
 * initial state, and every transition labelled with its event, guard, delay or invoked actor. Each state and
 * transition is reachable with Tab and says what it does on hover or focus. The frame scrolls (drag it, or use the
 * arrow keys once it has focus); the buttons (or +, - and 0) zoom and fit.
 */
import { type CSSProperties, type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { internalLine, type LaidOutEdge, type LaidOutState, type MachineLayout } from '../../../statecharts/layout';
import { secondaryButton } from '../../components/controls.css';
import * as styles from './statecharts.css';

const MIN_ZOOM = 0.2;
const MAX_ZOOM = 2.5;
/** Below this, text is hard to read: a narrow screen scrolls the diagram rather than shrinking it further. */
const READABLE_ZOOM = 0.85;

/** What the viewer points at or focuses: its description shows under the diagram. */
type Detail = { kind: 'state'; state: LaidOutState } | { kind: 'transition'; edge: LaidOutEdge } | null;

/** What the studio lights up: a running or simulated actor's states and last transitions, and what the tests take. */
export interface DiagramOverlay {
  /** Ids of the states it is in. */
  active?: ReadonlySet<string>;
  /** Ids of the edges (LaidOutEdge.id) of the transitions just taken. */
  taken?: ReadonlySet<string>;
  /** Ids of the transitions the model-based paths take; absent: no coverage shown. */
  covered?: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

export function MachineDiagram({ name, layout, overlay = {} }: { name: string; layout: MachineLayout; overlay?: DiagramOverlay }) {
  const active = overlay.active ?? NONE;
  const taken = overlay.taken ?? NONE;
  const { covered } = overlay;
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const arrowId = useId();
  // How far the viewer zoomed (null: fitted to the frame) and what they point at: the diagram's own view, not app flow.
  const [zoom, setZoom] = useState<number | null>(null);
  const [detail, setDetail] = useState<Detail>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  /** The zoom the drawing is shown at now (when fitted, what the frame's width makes of it). */
  const shownZoom = () => zoom ?? (frame.current?.querySelector('svg')?.clientWidth ?? layout.width) / layout.width;
  const zoomBy = (factor: number) => {
    const box = frame.current;
    const before = shownZoom();
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, before * factor));
    setZoom(next);
    // Keep the frame's centre where it was.
    if (box) {
      const cx = (box.scrollLeft + box.clientWidth / 2) / before;
      const cy = (box.scrollTop + box.clientHeight / 2) / before;
      requestAnimationFrame(() => box.scrollTo(cx * next - box.clientWidth / 2, cy * next - box.clientHeight / 2));
    }
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.pointerType === 'touch') return;
    const box = event.currentTarget;
    drag.current = { x: event.clientX, y: event.clientY, left: box.scrollLeft, top: box.scrollTop };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    // Released outside the frame: the drag is over.
    if (start && event.buttons === 0) drag.current = null;
    else if (start) event.currentTarget.scrollTo(start.left - (event.clientX - start.x), start.top - (event.clientY - start.y));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = { '+': () => zoomBy(1.25), '=': () => zoomBy(1.25), '-': () => zoomBy(0.8), '0': () => setZoom(null) };
    const action = keys[event.key];
    if (action && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      action();
    }
  };
  // Fitted: as wide as the frame up to its natural size; on a phone never under the readable zoom (the frame then
  // scrolls: statecharts.css.ts reads the width from --readable-width).
  const size: CSSProperties =
    zoom === null
      ? ({ width: '100%', maxWidth: layout.width, '--readable-width': `${layout.width * READABLE_ZOOM}px` } as CSSProperties)
      : { width: layout.width * zoom, height: layout.height * zoom };

  // A diagram wider than its frame opens on where the machine starts: its initial state.
  useEffect(() => {
    const box = frame.current;
    const start = layout.initials.find((dot) => !layout.states.some((s) => s.id === dot.parent));
    if (!box || !start || box.scrollWidth <= box.clientWidth) return;
    const scale = box.scrollWidth / layout.width;
    box.scrollTo({ left: Math.max(0, start.x * scale - box.clientWidth / 2), top: Math.max(0, start.y * scale - 24) });
  }, [layout]);

  const states = [...layout.states].sort((a, b) => a.depth - b.depth);
  return (
    <div className={styles.diagramArea}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('studio.view')}>
        <button type="button" className={secondaryButton} onClick={() => zoomBy(1.25)}>
          {t('studio.zoomIn')}
        </button>
        <button type="button" className={secondaryButton} onClick={() => zoomBy(0.8)}>
          {t('studio.zoomOut')}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setZoom(null)}>
          {t('studio.fit')}
        </button>
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
        onKeyDown={onKeyDown}
        data-testid="diagram"
        data-machine={name}
      >
        <svg className={zoom === null ? `${styles.svg} ${styles.fitted}` : styles.svg} style={size} viewBox={`0 0 ${layout.width} ${layout.height}`}>
          <defs>
            <marker id={arrowId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className={styles.arrowHead} />
            </marker>
          </defs>
          <g>
            {states.map((state) => (
              <StateShape key={state.id} state={state} active={active.has(state.id)} onDetail={setDetail} />
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
                onDetail={setDetail}
              />
            ))}
          </g>
        </svg>
      </div>
      <div className={styles.detail} aria-live="polite" data-testid="diagram-detail">
        {detail === null ? (
          <p className={styles.hint}>{t('studio.hint')}</p>
        ) : detail.kind === 'state' ? (
          <>
            <p className={styles.detailTitle}>{detail.state.id}</p>
            <p>{detail.state.description ?? t('studio.noDescription')}</p>
          </>
        ) : (
          <>
            <p className={styles.detailTitle}>{detail.edge.label}</p>
            <p>
              {detail.edge.source} → {detail.edge.target}
            </p>
            <p>{detail.edge.description ?? t('studio.noDescription')}</p>
          </>
        )}
      </div>
    </div>
  );
}

function StateShape({ state, active, onDetail }: { state: LaidOutState; active: boolean; onDetail(detail: Detail): void }) {
  const show = () => onDetail({ kind: 'state', state });
  const label = `${state.key}${state.type === 'final' ? ' (final)' : ''}${active ? ' (active)' : ''}${state.description ? `: ${state.description}` : ''}`;
  const lines = [...state.invoke.map((src) => `invoke ${src}`), ...(state.tags.length > 0 ? [`#${state.tags.join(' #')}`] : [])];
  const { x, y, width, height } = state;
  return (
    <g
      tabIndex={0}
      role="group"
      aria-label={label}
      className={state.container ? styles.state : `${styles.state} ${styles.leaf}`}
      data-state-id={state.id}
      data-type={state.type}
      data-active={active || undefined}
      onMouseEnter={show}
      onFocus={show}
    >
      <title>{label}</title>
      {state.type === 'history' ? (
        <>
          <circle cx={x + width / 2} cy={y + height / 2} r={Math.min(width, height) / 2} className={styles.stateBox} />
          <text x={x + width / 2} y={y + height / 2 + 5} textAnchor="middle" className={styles.stateName}>
            {state.history === 'deep' ? 'H*' : 'H'}
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
            <text key={line} x={state.container ? x + 12 : x + width / 2} y={y + 24 + (i + 1) * 16} textAnchor={state.container ? 'start' : 'middle'} className={styles.stateNote}>
              {line}
            </text>
          ))}
        </>
      )}
    </g>
  );
}

interface EdgeProps {
  edge: LaidOutEdge;
  marker: string;
  taken: boolean;
  /** Whether the tests take it; undefined without the coverage overlay. */
  covered: boolean | undefined;
  onDetail(detail: Detail): void;
}

function EdgeShape({ edge, marker, taken, covered, onDetail }: EdgeProps) {
  const { t } = useTranslation();
  const path = edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
  if (edge.kind === 'initial') return <path d={path} className={styles.edge} markerEnd={`url(#${marker})`} />;
  const show = () => onDetail({ kind: 'transition', edge });
  const marks = [...(taken ? [t('studio.justTaken')] : []), ...(covered === false ? [t('studio.notCovered')] : [])];
  const label = `${edge.label}: ${edge.source} → ${edge.target}${marks.length ? ` (${marks.join(', ')})` : ''}${edge.description ? `. ${edge.description}` : ''}`;
  const box = edge.labelBox;
  const group = {
    tabIndex: 0,
    role: 'group',
    'aria-label': label,
    className: styles.transition,
    'data-transition-id': edge.id,
    'data-taken': taken || undefined,
    'data-covered': covered === undefined ? undefined : String(covered),
    onMouseEnter: show,
    onFocus: show,
  };
  if (edge.internal && box) {
    // It stays in its state: a line inside the state's box.
    return (
      <g {...group}>
        <title>{label}</title>
        <text x={box.x} y={box.y + 12} className={styles.internalLine}>
          {internalLine(edge.label)}
        </text>
      </g>
    );
  }
  return (
    <g {...group}>
      <title>{label}</title>
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
