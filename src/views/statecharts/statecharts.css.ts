/** The statechart studio: the machines' list, and a diagram in a scrolling frame with its toolbar and details. */
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

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

export const machineDescription = style({ margin: 0, fontSize: '0.9rem', lineHeight: 1.45, color: vars.color.bodyTextColor70 });

/** The diagram page uses the width of the screen: machines are wide. */
export const studio = style({ padding: '1.5rem 1rem 3rem', maxWidth: '100rem', margin: '0 auto' });

export const breadcrumb = style({ marginBottom: '0.5rem', fontWeight: 600 });

export const lead = style({ margin: '0 0 1rem', maxWidth: '60rem', lineHeight: 1.5, color: vars.color.bodyTextColor });

export const diagramArea = style({ display: 'grid', gap: '0.75rem' });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' });

export const figure = style({ marginInlineStart: 'auto', color: vars.color.bodyTextColor70, fontSize: '0.9rem' });

export const frame = style({
  overflow: 'auto',
  maxHeight: '70vh',
  minHeight: '16rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  background: vars.color.bodyBackground,
  cursor: 'grab',
  touchAction: 'pan-x pan-y',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 } },
});

export const svg = style({ display: 'block', fontFamily: 'system-ui, sans-serif', fontSize: 13 });

/** Fitted to the frame; on a phone no narrower than a readable zoom (the frame scrolls). */
export const fitted = style({ '@media': { 'screen and (max-width: 47.99rem)': { minWidth: 'var(--readable-width)' } } });

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

export const stateNote = style({ fill: vars.color.bodyTextColor70, fontSize: 12 });

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

export const edgeLabel = style({ fill: vars.color.bodyTextColor, fontSize: 12 });

/** A transition that stays in its state, listed inside it. */
export const internalLine = style({ fill: vars.color.bodyTextColor, fontSize: 12 });

globalStyle(`${transition}:is(:focus-visible, :hover) > text`, { fill: vars.color.primaryColor, fontWeight: 700, textDecoration: 'underline' });

/** What the viewer points at: the highlighted state or transition. */
export const detail = style({
  minHeight: '5rem',
  padding: '0.75rem 1rem',
  borderRadius: '0.75rem',
  background: vars.color.bodyTextColor5,
  color: vars.color.bodyTextColor,
  lineHeight: 1.45,
});

export const detailTitle = style({ margin: '0 0 0.25rem', fontWeight: 800 });

export const hint = style({ margin: 0, color: vars.color.bodyTextColor70 });
