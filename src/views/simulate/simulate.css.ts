/** Simulate: the two choices in a row, then the player with the machine's state beside it (below on a phone). */
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const controls = style({ display: 'flex', flexWrap: 'wrap', gap: '1rem', margin: '1.5rem 0' });

export const control = style({ display: 'grid', gap: '0.25rem', fontWeight: 600, fontSize: '0.9rem', color: vars.color.bodyTextColor });

export const select = style({
  minHeight: '2.75rem',
  minWidth: '14rem',
  maxWidth: '100%',
  padding: '0.25rem 0.5rem',
  borderRadius: '0.375rem',
  border: `1px solid ${vars.color.bodyTextColor50}`,
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  fontSize: '1rem',
});

export const layout = style({
  display: 'grid',
  gap: '1.5rem',
  alignItems: 'start',
  '@media': { '(min-width: 64rem)': { gridTemplateColumns: 'minmax(0, 1fr) 18rem' } },
});

export const state = style({
  padding: '1rem 1.25rem',
  borderRadius: '0.75rem',
  background: vars.color.bodyTextColor5,
  border: `1px solid ${vars.color.bodyTextColor10}`,
  color: vars.color.bodyTextColor,
});

export const stateTitle = style({ margin: '0 0 0.75rem', fontSize: '1.1rem' });

export const stateList = style({ display: 'grid', gap: '0.75rem', margin: 0 });

globalStyle(`${stateList} dt`, { fontSize: '0.85rem', fontWeight: 600, color: vars.color.bodyTextColor70 });
globalStyle(`${stateList} dd`, { margin: '0.15rem 0 0', overflowWrap: 'anywhere' });

export const empty = style({ color: vars.color.bodyTextColor70 });
