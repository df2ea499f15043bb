/** The favourite toggle: a rounded outline with a star, filled with the channel's colour while pressed. */
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.35rem',
  maxWidth: '100%',
  borderRadius: '999px',
  border: '1px solid currentColor',
  background: 'transparent',
  color: 'inherit',
  fontWeight: 600,
  lineHeight: 1.2,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.primaryColor, borderColor: vars.color.primaryColor, color: vars.color.textOnPrimary },
    '&[aria-disabled="true"]': { cursor: 'progress', opacity: 0.7 },
    '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 },
  },
});

export const toggle = styleVariants({
  small: [base, { minHeight: '1.75rem', padding: '0.15rem 0.6rem', fontSize: '0.8rem' }],
  regular: [base, { minHeight: '2.5rem', padding: '0.35rem 0.9rem', fontSize: '0.95rem' }],
});

export const star = style({ fontSize: '1.1em', lineHeight: 1 });

/** A long name ends in an ellipsis rather than leaving its card. */
export const name = style({ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

/** A row of favourite toggles (a card's teams, the watch page's teams, school and sport). */
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.4rem', minWidth: 0, margin: 0, padding: 0, listStyle: 'none' });

globalStyle(`${row} > li`, { display: 'flex', minWidth: 0, maxWidth: '100%' });

/** The watch page's "Follow" line: its label, then the toggles. */
export const follows = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem 0.75rem' });

export const followsLabel = style({ fontWeight: 700 });
