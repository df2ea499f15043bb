import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const page = style({
  maxWidth: '72rem',
  margin: '0 auto',
  padding: '2rem 1rem 3rem',
});

export const title = style({
  margin: '0 0 1rem',
  fontSize: 'clamp(1.6rem, 1.2rem + 1.5vw, 2.4rem)',
  lineHeight: 1.2,
  color: vars.color.bodyTextColor,
});

/** A page's title with its controls (the layout toggle) at the other end of the same line. */
export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.5rem 1rem',
  margin: '0 0 1rem',
});

globalStyle(`${titleRow} > h1`, { margin: 0 });

export const lead = style({
  margin: 0,
  fontSize: '1.1rem',
  color: vars.color.bodyTextColor70,
});
