/** Contact us: the channel's details beside the form on a wide screen, above it on a phone. */
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const layout = style({
  display: 'grid',
  gap: '2rem',
  alignItems: 'start',
  margin: '2rem 0 0',
  '@media': { '(min-width: 56rem)': { gridTemplateColumns: 'minmax(14rem, 20rem) minmax(0, 36rem)' } },
});

export const heading = style({ margin: '0 0 0.75rem', fontSize: '1.25rem', color: vars.color.bodyTextColor });

export const details = style({ color: vars.color.bodyTextColor });

export const list = style({ display: 'grid', gap: '1rem', margin: 0 });

globalStyle(`${list} dt`, { fontWeight: 600, fontSize: '0.9rem', color: vars.color.bodyTextColor70 });
globalStyle(`${list} dd`, { margin: '0.15rem 0 0', overflowWrap: 'anywhere' });
globalStyle(`${list} a`, { color: vars.color.bodyTextColor, textDecorationColor: vars.color.primaryColor, textUnderlineOffset: 3 });

export const formCard = style({
  padding: '1.5rem',
  borderRadius: '0.75rem',
  background: vars.color.bodyTextColor5,
  border: `1px solid ${vars.color.bodyTextColor10}`,
});

export const policy = style({ margin: '0 0 1.25rem', color: vars.color.bodyTextColor70 });
