/** Simulate: the two choices in a row, then the player with the machine's state beside it (below on a phone). */
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import * as profileStyles from '../profile/profile.css';

export const controls = style({ display: 'flex', flexWrap: 'wrap', gap: '1rem', margin: '1.5rem 0' });

/** A labelled choice, like the profile's filters. */
export const control = profileStyles.filter;

export const select = style([profileStyles.select, { minHeight: '2.75rem', minWidth: '14rem', maxWidth: '100%' }]);

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
