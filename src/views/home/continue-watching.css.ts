/** The bar under a "Continue watching" card's picture: how far the viewer got. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const track = style({
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  height: '0.375rem',
  background: 'rgba(0, 0, 0, 0.55)',
});

export const bar = style({ height: '100%', background: vars.color.primaryColor });
