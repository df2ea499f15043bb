/** The statechart studio: the machines' list, and a diagram in a scrolling frame with its toolbar and details. */
import { createVar, globalStyle, style } from '@vanilla-extract/css';
import { DIAGRAM_FONT } from '../../../statecharts/diagram-view';
import { vars } from '../../theme/theme.css';

/** A phone: the diagram and the panel share the screen (StudioLayout.tsx). */
const PHONE = 'screen and (max-width: 37.5rem)';

export const machines = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
  gap: '0.75rem',
  margin: '1.5rem 0 0',
  padding: 0,
  listStyle: 'none',
});

export const machine = style({
  display: 'grid',
  gap: '0.35rem',
  alignContent: 'start',
  padding: '1rem 1.25rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
});

export const machineLink = style({ fontWeight: 800, fontSize: '1.1rem', color: vars.color.bodyTextColor, textUnderlineOffset: 3 });

export const running = style({ margin: 0, fontSize: '0.85rem', fontWeight: 700, color: vars.color.bodyTextColor });

export const machineDescription = style({ margin: 0, fontSize: '0.9rem', lineHeight: 1.45, color: vars.color.bodyTextColor70 });

/** The diagram page uses the width of the screen: machines are wide. */
export const studio = style({ padding: '1.5rem 1rem 3rem', maxWidth: '100rem', margin: '0 auto' });

export const breadcrumb = style({ marginBottom: '0.5rem', fontWeight: 600 });

export const diagramArea = style({ display: 'grid', gap: '0.5rem' });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' });

/** The diagram's buttons: smaller on a phone, where the toolbar's height is the diagram's. */
export const toolButton = style({ '@media': { [PHONE]: { padding: '0.3rem 0.7rem', fontSize: '0.9rem' } } });

/** How big the machine is: left out on a phone, where the screen is the diagram's. */
export const figure = style({ marginInlineStart: 'auto', color: vars.color.bodyTextColor70, fontSize: '0.9rem', '@media': { [PHONE]: { display: 'none' } } });

export const followToggle = style({ display: 'inline-flex', alignItems: 'center', gap: '0.35rem', fontWeight: 600, fontSize: '0.9rem', cursor: 'pointer' });

/**
 * A fixed height, so the zoom and the scroll that centre the current state are computed for what the viewer sees:
 * on a laptop the frame ends about where the first screen does; on a phone it takes about half of it.
 */
export const frame = style({
  overflow: 'auto',
  height: 'clamp(16rem, calc(100dvh - 22rem), 48rem)',
  '@media': { [PHONE]: { height: '50dvh', minHeight: '14rem' } },
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  background: vars.color.bodyBackground,
  cursor: 'grab',
  touchAction: 'pan-x pan-y',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 } },
});

/** Centred when smaller than the frame. */
export const svg = style({ display: 'block', margin: '0 auto', fontFamily: 'system-ui, sans-serif', fontSize: DIAGRAM_FONT.name });

const focusable = style({
  outline: 'none',
  cursor: 'default',
});

export const state = style([focusable]);

export const stateBox = style({ fill: vars.color.bodyBackground, stroke: vars.color.bodyTextColor, strokeWidth: 1.5 });

export const containerBox = style({ fill: vars.color.bodyTextColor5, stroke: vars.color.bodyTextColor50, strokeWidth: 1.5 });

export const finalInner = style({ fill: 'none', stroke: vars.color.bodyTextColor, strokeWidth: 1 });

export const parallelRule = style({ stroke: vars.color.bodyTextColor50, strokeDasharray: '4 4' });

export const stateName = style({ fill: vars.color.bodyTextColor, fontWeight: 700 });

export const stateNote = style({ fill: vars.color.bodyTextColor70, fontSize: DIAGRAM_FONT.note });

export const anyState = style({ fill: vars.color.bodyTextColor10, stroke: vars.color.bodyTextColor50, strokeDasharray: '3 3' });

export const initialDot = style({ fill: vars.color.bodyTextColor });

export const transition = style([focusable]);

// What has focus or the pointer is drawn in the channel's colour, thicker: the keyboard's focus indicator.
globalStyle(`${state}:is(:focus-visible, :hover) > :is(rect, circle):first-of-type`, { stroke: vars.color.primaryColor, strokeWidth: 3 });
globalStyle(`${transition}:is(:focus-visible, :hover) > path`, { stroke: vars.color.primaryColor, strokeWidth: 2.5 });
globalStyle(`${transition}:is(:focus-visible, :hover) > rect`, { stroke: vars.color.primaryColor, strokeWidth: 2 });

export const edge = style({ fill: 'none', stroke: vars.color.bodyTextColor70, strokeWidth: 1.25 });

export const arrowHead = style({ fill: vars.color.bodyTextColor70 });

export const edgeLabelBox = style({ fill: vars.color.bodyBackground, stroke: vars.color.bodyTextColor20 });

export const edgeLabel = style({ fill: vars.color.bodyTextColor, fontSize: DIAGRAM_FONT.label });

/** A transition that stays in its state, listed inside it. */
export const internalLine = style({ fill: vars.color.bodyTextColor, fontSize: DIAGRAM_FONT.label });

globalStyle(`${transition}:is(:focus-visible, :hover) > text`, { fill: vars.color.primaryColor, fontWeight: 700, textDecoration: 'underline' });
// The selected one (the panel describes it): thicker still, in the channel's colour, and it stays so.
globalStyle(`${state}[aria-pressed="true"] > :is(rect, circle):first-of-type`, { stroke: vars.color.primaryColor, strokeWidth: 5 });
globalStyle(`${transition}[aria-pressed="true"] > path`, { stroke: vars.color.primaryColor, strokeWidth: 3.5 });
globalStyle(`${transition}[aria-pressed="true"] > rect`, { stroke: vars.color.primaryColor, strokeWidth: 3 });
globalStyle(`${transition}[aria-pressed="true"] > text`, { fontWeight: 800 });

/** The panel's first section: the selected (or previewed) state or transition, else the machine. */
export const detail = style({
  display: 'grid',
  gap: '0.25rem',
  padding: '0.75rem 1rem',
  borderRadius: '0.75rem',
  background: vars.color.bodyTextColor5,
  color: vars.color.bodyTextColor,
  lineHeight: 1.45,
  overflowWrap: 'anywhere',
  selectors: { '&[data-pinned]': { boxShadow: `inset 4px 0 0 ${vars.color.primaryColor}` } },
});

export const detailHeading = style({ margin: 0, fontSize: '0.8rem', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.04em', color: vars.color.bodyTextColor70 });

export const detailTitle = style({ margin: 0, fontWeight: 800, fontSize: '1.05rem' });

export const detailKind = style({ margin: 0, fontSize: '0.9rem', color: vars.color.bodyTextColor70 });

export const detailText = style({ margin: '0.25rem 0' });

export const detailRows = style({ display: 'grid', gap: '0.2rem', margin: 0, fontSize: '0.9rem' });

globalStyle(`${detailRows} > div`, { display: 'flex', flexWrap: 'wrap', gap: '0 0.5rem' });
globalStyle(`${detailRows} dt`, { fontWeight: 700 });
globalStyle(`${detailRows} dd`, { margin: 0, fontFamily: 'ui-monospace, monospace', fontSize: '0.85rem' });

export const hint = style({ margin: 0, color: vars.color.bodyTextColor70 });

/** An atomic state (no children): lit in full when active. */
export const leaf = style({});

// The states an actor is in: a leaf filled in the channel's accent, a parent outlined in it.
globalStyle(`${state}[data-active] > :is(rect, circle):first-of-type`, { stroke: vars.color.accentColor, strokeWidth: 3.5 });
globalStyle(`${leaf}[data-active] > :is(rect, circle):first-of-type`, { fill: vars.color.accentColor });
globalStyle(`${leaf}[data-active] > text`, { fill: vars.color.textOnAccent });
// The transitions just taken, in the accent too; those no test path takes, dashed.
globalStyle(`${transition}[data-taken] > path`, { stroke: vars.color.accentColor, strokeWidth: 3 });
globalStyle(`${transition}[data-taken] > rect`, { stroke: vars.color.accentColor, strokeWidth: 2.5 });
globalStyle(`${transition}[data-taken] > text`, { fontWeight: 800 });
globalStyle(`${transition}[data-covered="false"] > path`, { strokeDasharray: '6 4' });
globalStyle(`${transition}[data-covered="false"] > rect`, { strokeDasharray: '4 3', stroke: vars.color.bodyTextColor });

/**
 * The diagram beside the views' switch and the panel; stacked on a narrower screen, the switch first so that it is
 * in the first screen, and on a phone the panel scrolls on its own under the diagram.
 */
export const workspace = style({
  display: 'grid',
  gap: '0.75rem',
  alignItems: 'start',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateAreas: '"views" "diagram" "panel" "below"',
  '@media': {
    'screen and (min-width: 64rem)': {
      gap: '0.75rem 1rem',
      gridTemplateColumns: 'minmax(0, 1fr) 24rem',
      gridTemplateRows: 'auto 1fr auto',
      gridTemplateAreas: '"diagram views" "diagram panel" "below below"',
    },
    [PHONE]: { gap: '0.5rem' },
  },
});

export const diagramColumn = style({ gridArea: 'diagram', minWidth: 0 });

/** What a view shows across the whole width under the diagram and the panel (the live view's sequence of messages). */
export const below = style({ gridArea: 'below', minWidth: 0 });

export const panel = style({
  gridArea: 'panel',
  display: 'grid',
  // One column no wider than the panel: a long option in Simulate's input list would otherwise size the column to
  // itself and push the panel, and the page, past the window's edge.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '0.75rem',
  padding: '0.75rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  minWidth: 0,
  '@media': { [PHONE]: { maxHeight: '40dvh', overflowY: 'auto' } },
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 } },
});

export const views = style({
  gridArea: 'views',
  display: 'flex',
  gap: '0.25rem',
  padding: '0.25rem',
  borderRadius: '0.6rem',
  background: vars.color.bodyTextColor5,
});

export const viewLink = style({
  flex: '1 1 0',
  textAlign: 'center',
  padding: '0.5rem 0.5rem',
  borderRadius: '0.45rem',
  fontWeight: 700,
  fontSize: '0.9rem',
  color: vars.color.bodyTextColor,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': { background: vars.color.primaryColor, color: vars.color.textOnPrimary },
    '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 },
  },
});

export const panelBody = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '0.75rem', minWidth: 0 });

export const panelTitle = style({ margin: 0, fontSize: '1.05rem', fontWeight: 800 });

export const panelSubtitle = style({ margin: 0, fontSize: '0.95rem', fontWeight: 800 });

export const actorList = style({ display: 'grid', gap: '0.35rem', margin: 0, padding: 0, listStyle: 'none', maxHeight: '12rem', overflowY: 'auto' });

export const actorButton = style({
  display: 'grid',
  gap: '0.1rem',
  width: '100%',
  textAlign: 'start',
  padding: '0.5rem 0.75rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  cursor: 'pointer',
  font: 'inherit',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.accentColor, boxShadow: `inset 4px 0 0 ${vars.color.accentColor}` },
    '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 },
  },
});

export const actorName = style({ fontWeight: 700, overflowWrap: 'anywhere' });

export const actorWhere = style({ fontSize: '0.85rem', color: vars.color.bodyTextColor70, overflowWrap: 'anywhere' });

export const current = style({ margin: 0, overflowWrap: 'anywhere' });

export const log = style({
  display: 'grid',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  maxHeight: '24rem',
  overflowY: 'auto',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  fontSize: '0.85rem',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 } },
});

export const logEntry = style({ borderBottom: `1px solid ${vars.color.bodyTextColor10}`, overflowWrap: 'break-word', minWidth: 0 });

/** A log entry's line: the whole of it opens the entry on its payload and the context it left. */
export const logButton = style({
  display: 'block',
  width: '100%',
  padding: '0.4rem 0.6rem',
  border: 'none',
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { background: vars.color.bodyTextColor5 },
    '&[aria-expanded="true"]': { background: vars.color.bodyTextColor5, boxShadow: `inset 4px 0 0 ${vars.color.accentColor}` },
    '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: -3 },
  },
});

/** An open entry: its payload, then the context it left. */
export const stepDetail = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '0.35rem', padding: '0 0.6rem 0.6rem' });

export const detailLabel = style({ margin: 0, fontWeight: 700, fontSize: '0.8rem' });

/** A payload or a context: wrapped rather than wider than a phone, scrolling in its own box when long. */
export const json = style({
  margin: 0,
  maxHeight: '14rem',
  overflow: 'auto',
  padding: '0.5rem',
  borderRadius: '0.4rem',
  background: vars.color.bodyTextColor5,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: '0.8rem',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 } },
});

/** The "Context" disclosure above the log. */
export const disclosure = style({
  padding: '0.25rem 0',
  border: 'none',
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  fontWeight: 700,
  cursor: 'pointer',
  selectors: {
    '&::before': { content: '"▸ " / ""' },
    '&[aria-expanded="true"]::before': { content: '"▾ " / ""' },
    '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 },
  },
});

export const time = style({ fontVariantNumeric: 'tabular-nums', color: vars.color.bodyTextColor70 });

export const eventType = style({ fontWeight: 700, wordBreak: 'break-word' });

export const payload = style({ display: 'block', color: vars.color.bodyTextColor70, fontSize: '0.8rem', wordBreak: 'break-all' });

export const then = style({ display: 'block', fontWeight: 600 });

export const pathList = style({ display: 'grid', gap: '0.25rem', margin: 0, padding: 0, listStyle: 'none', maxHeight: '28rem', overflowY: 'auto' });

export const steps = style({
  display: 'grid',
  gap: '0.25rem',
  margin: 0,
  paddingInlineStart: '1.5rem',
  maxHeight: '28rem',
  overflowY: 'auto',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 } },
});

export const stepItem = style({
  borderRadius: '0.4rem',
  selectors: { '&[aria-current="step"]': { background: vars.color.bodyTextColor10, boxShadow: `inset 4px 0 0 ${vars.color.accentColor}` } },
});

export const stepButton = style({
  width: '100%',
  textAlign: 'start',
  padding: '0.4rem 0.6rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  borderRadius: '0.4rem',
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  font: 'inherit',
  fontSize: '0.9rem',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.bodyTextColor5, borderColor: vars.color.bodyTextColor50 },
    '&:disabled': { cursor: 'progress' },
    '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: -3 },
  },
});

export const error = style({ margin: 0, padding: '0.5rem 0.75rem', borderRadius: '0.5rem', border: `2px solid ${vars.color.bodyTextColor}`, overflowWrap: 'anywhere' });

export const noticeText = style({ margin: 0, fontWeight: 700 });

/** The simulator's own words for why a link's step failed: for QA, under the notice. */
export const noticeReason = style({ margin: '0.25rem 0 0', fontSize: '0.85rem', color: vars.color.bodyTextColor70 });

export const tags = style({ color: vars.color.bodyTextColor70 });

export const details = style({ fontSize: '0.9rem' });

globalStyle(`${details} > summary`, { cursor: 'pointer', fontWeight: 700, padding: '0.25rem 0' });

export const context = style({
  margin: 0,
  maxHeight: '16rem',
  overflow: 'auto',
  padding: '0.5rem',
  borderRadius: '0.4rem',
  background: vars.color.bodyTextColor5,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  fontSize: '0.8rem',
});

/** Simulate's choice of input and of an event's payload variant: a label over its field. */
export const field = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '0.25rem', fontWeight: 600, fontSize: '0.9rem' });

export const fieldControl = style({
  font: 'inherit',
  fontWeight: 400,
  padding: '0.4rem 0.5rem',
  border: `1px solid ${vars.color.bodyTextColor50}`,
  borderRadius: '0.4rem',
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  maxWidth: '100%',
});

/** The payload being edited: as tall as the JSON shown before it, in the same monospace. */
export const payloadEditor = style([fieldControl, { fontFamily: 'monospace', fontSize: '0.8rem', minHeight: '8rem', resize: 'vertical' }]);

/** One event type with several payload variants: the choice, the payload and its buttons, set apart from the rest. */
export const variantSend = style({ display: 'grid', gap: '0.5rem', margin: 0, padding: '0.5rem 0.6rem', border: `1px solid ${vars.color.bodyTextColor20}`, borderRadius: '0.4rem', minWidth: 0 });

/**
 * The sequence view (LiveSequence.tsx): the time, then one column per lane, each at least wide enough for an actor's
 * name and an event type over its arrow. How many lanes there are, and which a message's arrow spans, come from the
 * data: set on the element as variables.
 */
export const seqLaneCount = createVar();
export const seqArrowStart = createVar();
export const seqArrowSpan = createVar();

const SEQ_TIME_REM = 5.75;
const SEQ_LANE_REM = 7.5;
const seqColumns = `${SEQ_TIME_REM}rem repeat(${seqLaneCount}, minmax(${SEQ_LANE_REM}rem, 1fr))`;
const seqLine = vars.color.bodyTextColor70;

export const sequence = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '0.5rem', minWidth: 0 });

export const seqOptions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 1rem' });

/** The box the hint measures: a container, so the hint shows exactly when the lanes are wider than it. */
export const seqFrame = style({ containerType: 'inline-size', display: 'grid', gap: '0.35rem', minWidth: 0 });

/** Lane counts up to this have their own rule; more than this are wider than any box the studio has. */
const SEQ_HINTED_LANES = 12;

export const seqScrollHint = style({
  display: 'none',
  margin: 0,
  fontSize: '0.85rem',
  color: vars.color.bodyTextColor70,
  selectors: { '&[data-lanes="many"]': { display: 'block' } },
  '@container': Object.fromEntries(
    Array.from({ length: SEQ_HINTED_LANES }, (_, i) => [
      // The lanes' least width, and the box's two 1px borders.
      `(max-width: calc(${SEQ_TIME_REM + (i + 1) * SEQ_LANE_REM}rem + 2px))`,
      { selectors: { [`&[data-lanes="${i + 1}"]`]: { display: 'block' } } },
    ]),
  ),
});

/**
 * Scrolls both ways inside its own box, never the page: the lanes are wider than a phone, and a minute of messages is
 * taller than the panel. Shadows at an edge with more beyond it (Lea Verou's scrolling shadows: the covers scroll with
 * the content, the shadows stay) show there is more.
 */
export const seqScroll = style({
  overflow: 'auto',
  maxHeight: '28rem',
  overscrollBehavior: 'contain',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  backgroundColor: vars.color.bodyBackground,
  backgroundImage: [
    `linear-gradient(to right, ${vars.color.bodyBackground}, transparent)`,
    `linear-gradient(to left, ${vars.color.bodyBackground}, transparent)`,
    `radial-gradient(farthest-side at 0 50%, ${vars.color.bodyTextColor20}, transparent)`,
    `radial-gradient(farthest-side at 100% 50%, ${vars.color.bodyTextColor20}, transparent)`,
  ].join(', '),
  backgroundPosition: 'left center, right center, left center, right center',
  backgroundRepeat: 'no-repeat',
  backgroundSize: '2.5rem 100%, 2.5rem 100%, 0.9rem 100%, 0.9rem 100%',
  backgroundAttachment: 'local, local, scroll, scroll',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 } },
});

export const seqGrid = style({ minWidth: `calc(${SEQ_TIME_REM}rem + ${seqLaneCount} * ${SEQ_LANE_REM}rem)`, fontSize: '0.85rem' });

/** The lanes' names stay in sight as the messages scroll under them. */
export const seqHeader = style({
  position: 'sticky',
  top: 0,
  zIndex: 2,
  display: 'grid',
  gridTemplateColumns: seqColumns,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  background: vars.color.bodyBackground,
  borderBottom: `1px solid ${vars.color.bodyTextColor20}`,
  // The time column's corner: a grid item of its own that covers the names scrolled sideways under it.
  '::before': { content: '""', position: 'sticky', left: 0, background: vars.color.bodyBackground },
});

export const seqLane = style({ display: 'grid', alignContent: 'start', gap: '0.1rem', padding: '0.4rem 0.35rem', textAlign: 'center', overflowWrap: 'anywhere' });

export const seqLaneName = style({ fontWeight: 800 });

export const seqLaneState = style({ fontSize: '0.75rem', color: vars.color.bodyTextColor70 });

export const seqRows = style({ margin: 0, padding: 0, listStyle: 'none' });

/**
 * A message: a button the width of the lanes, its arrow placed over the lanes it joins. The lanes' lifelines are the
 * row's background, one line in the middle of each lane.
 */
export const seqRow = style({
  display: 'grid',
  gridTemplateColumns: seqColumns,
  alignItems: 'end',
  width: '100%',
  minHeight: '2.75rem',
  padding: 0,
  border: 0,
  borderBottom: `1px solid ${vars.color.bodyTextColor5}`,
  color: vars.color.bodyTextColor,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  backgroundColor: 'transparent',
  backgroundImage: `linear-gradient(to right, transparent calc(50% - 0.5px), ${vars.color.bodyTextColor20} calc(50% - 0.5px), ${vars.color.bodyTextColor20} calc(50% + 0.5px), transparent calc(50% + 0.5px))`,
  backgroundPosition: `${SEQ_TIME_REM}rem 0`,
  backgroundSize: `calc((100% - ${SEQ_TIME_REM}rem) / ${seqLaneCount}) 100%`,
  backgroundRepeat: 'repeat-x',
  selectors: {
    '&:hover': { backgroundColor: vars.color.bodyTextColor5 },
    '&[aria-pressed="true"]': { backgroundColor: vars.color.bodyTextColor10 },
    '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: -3 },
  },
});

/** The time stays at the left as the lanes scroll sideways. */
export const seqTime = style({
  gridColumn: 1,
  gridRow: 1,
  alignSelf: 'stretch',
  position: 'sticky',
  left: 0,
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  padding: '0 0.4rem',
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor70,
  fontSize: '0.75rem',
  fontVariantNumeric: 'tabular-nums',
  selectors: { [`${seqRow}[aria-pressed="true"] &`]: { boxShadow: `inset 4px 0 0 ${vars.color.accentColor}` } },
});

/** From the middle of the sender's lane to the middle of the receiver's: half a lane in from each end of its span. */
export const seqArrow = style({
  gridRow: 1,
  gridColumn: `${seqArrowStart} / span ${seqArrowSpan}`,
  marginInline: `calc(100% / (2 * ${seqArrowSpan}))`,
  // Its lanes' width, whatever its label: a message to itself writes past its loop.
  minWidth: 0,
  display: 'grid',
  gap: '0.15rem',
  paddingBottom: '0.6rem',
  color: seqLine,
  selectors: {
    '&[data-direction="self"]': { marginInline: '50% 8%' },
    // What the receiver's state ignored: drawn fainter, and the label says so.
    '&[data-taken="false"]': { color: vars.color.bodyTextColor50 },
  },
});

export const seqArrowLabel = style({
  // At the arrow's left end, and kept in view while the lanes scroll sideways (past the sticky time column): an
  // arrow wider than the box, on a phone, otherwise showed no word of its message.
  justifySelf: 'start',
  position: 'sticky',
  left: `${SEQ_TIME_REM + 0.25}rem`,
  maxWidth: '100%',
  padding: '0 0.25rem',
  color: vars.color.bodyTextColor,
  fontSize: '0.75rem',
  fontWeight: 700,
  lineHeight: 1.2,
  textAlign: 'start',
  // At its dots first (LiveSequence.tsx marks them), anywhere only when a part is wider than the lanes; and never
  // wider than its lanes, or the arrow would grow past the receiver's lifeline.
  overflowWrap: 'anywhere',
  selectors: {
    // Half a lane is narrow: a message to itself writes its label past the loop, as wide as it needs.
    [`${seqArrow}[data-direction="self"] &`]: { justifySelf: 'start', width: 'max-content', maxWidth: `${SEQ_LANE_REM * 1.5}rem`, textAlign: 'start' },
    [`${seqArrow}[data-taken="false"] &`]: { fontWeight: 400, color: vars.color.bodyTextColor70 },
  },
});

/** The arrow's line and its head; an invoked child's answer is dashed, as a sequence diagram draws a return. */
export const seqArrowLine = style({
  position: 'relative',
  borderBottom: '2px solid currentColor',
  selectors: {
    [`${seqArrow}[data-kind="reply"] &`]: { borderBottomStyle: 'dashed' },
    [`${seqArrow}[data-direction="self"] &`]: { height: '0.7rem', border: '2px solid currentColor', borderLeft: 0, borderRadius: '0 0.4rem 0.4rem 0' },
    '&::after': { content: '""', position: 'absolute', bottom: -6, borderStyle: 'solid', borderColor: 'transparent' },
    [`${seqArrow}[data-direction="right"] &::after`]: { right: -2, borderWidth: '5px 0 5px 8px', borderLeftColor: 'currentColor' },
    [`${seqArrow}:is([data-direction="left"], [data-direction="self"]) &::after`]: { left: -2, borderWidth: '5px 8px 5px 0', borderRightColor: 'currentColor' },
  },
});

export const seqEarlier = style({ margin: 0, padding: '0.35rem 0.6rem', fontSize: '0.8rem', color: vars.color.bodyTextColor70 });
