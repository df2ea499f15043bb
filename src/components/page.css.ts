import { style } from '@vanilla-extract/css';
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

export const lead = style({
  margin: 0,
  fontSize: '1.1rem',
  color: vars.color.bodyTextColor70,
});
