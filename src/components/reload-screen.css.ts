import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const screen = style({
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '2rem 1rem',
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
});

export const card = style({
  maxWidth: '36rem',
  textAlign: 'center',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '1.5rem',
});

export const message = style({
  margin: 0,
  fontSize: 'clamp(1.25rem, 1rem + 1vw, 1.75rem)',
  lineHeight: 1.3,
  fontWeight: 600,
});

/** Wide enough for "Reload in 60 s" in every language, so the button does not jump as the seconds change. */
export const button = style({ minWidth: '12rem', fontVariantNumeric: 'tabular-nums' });
