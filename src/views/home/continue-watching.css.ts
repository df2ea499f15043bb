/**
 * The "Continue watching" row: cards the size of the VOD rails' (components/vod), side by side, scrolling sideways,
 * each with a bar under its picture of how far the viewer got.
 */
import { style } from '@vanilla-extract/css';
import { focusRingColor } from '../../theme/global.css';
import { vars } from '../../theme/theme.css';

export const section = style({ margin: '2rem 0' });

export const heading = style({ margin: '0 0 0.75rem', fontSize: '1.4rem', color: vars.color.bodyTextColor });

export const row = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(14rem, 18rem)',
  gap: '1rem',
  margin: 0,
  padding: '0.25rem 0.25rem 0.75rem',
  listStyle: 'none',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
});

export const card = style({ scrollSnapAlign: 'start' });

export const link = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.35rem',
  height: '100%',
  minHeight: '2.75rem',
  paddingBottom: '0.75rem',
  borderRadius: '0.5rem',
  overflow: 'hidden',
  background: vars.color.bodyTextColor5,
  color: vars.color.bodyTextColor,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `3px solid ${focusRingColor}`, outlineOffset: '2px' },
  },
});

export const picture = style({ position: 'relative', display: 'block', aspectRatio: '16 / 9', background: vars.color.bodyTextColor10 });

export const image = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' });

export const track = style({
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  height: '0.375rem',
  background: 'rgba(0, 0, 0, 0.55)',
});

export const bar = style({ display: 'block', height: '100%', background: vars.color.primaryColor });

export const title = style({ padding: '0 0.875rem', fontSize: '1rem', lineHeight: 1.35, fontWeight: 600 });

export const share = style({ padding: '0 0.875rem', fontSize: '0.875rem', color: vars.color.bodyTextColor70 });
