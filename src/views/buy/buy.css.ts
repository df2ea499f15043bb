/** /packages (offer cards by group) and the checkout (the form beside its order summary); colours from the theme. */
import { style } from '@vanilla-extract/css';
import { pill } from '../../components/controls.css';
import { vars } from '../../theme/theme.css';

export const intro = style({ margin: '0 0 1.5rem', maxWidth: '46rem', color: vars.color.bodyTextColor70, lineHeight: 1.5 });

/**
 * The offer groups: one under another on a phone, two side by side on a desktop, so that groups of one or two offers
 * fill the width rather than leave most of each row empty.
 */
export const groups = style({
  display: 'grid',
  gap: '0 2.5rem',
  alignItems: 'start',
  '@media': { 'screen and (min-width: 64rem)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const group = style({ margin: '2.5rem 0 0', minWidth: 0 });

export const groupHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '0.25rem 1rem', margin: '0 0 1rem' });

export const groupTitle = style({ margin: 0, fontSize: '1.4rem', color: vars.color.bodyTextColor });

export const groupLead = style({ margin: 0, color: vars.color.bodyTextColor70 });

export const offers = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(15rem, 100%), 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const offer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.75rem',
  height: '100%',
  boxSizing: 'border-box',
  padding: '1.25rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  selectors: { '&[data-owned="true"]': { borderColor: vars.color.primaryColor, borderWidth: 2 } },
});

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });

export const badge = pill;

export const ownedBadge = style([badge, { background: vars.color.primaryColor, color: vars.color.textOnPrimary }]);

export const offerName = style({ margin: 0, fontSize: '1.2rem', lineHeight: 1.3 });

export const price = style({ margin: 0, fontSize: '1.6rem', fontWeight: 800, lineHeight: 1.1 });

export const fine = style({ margin: 0, fontSize: '0.9rem', color: vars.color.bodyTextColor70 });

export const highlight = style({ margin: 0, fontWeight: 700, color: vars.color.bodyTextColor });

export const description = style({ margin: 0, lineHeight: 1.5, color: vars.color.bodyTextColor70, flexGrow: 1 });

export const cta = style({ marginTop: 'auto', width: '100%', boxSizing: 'border-box' });

export const checkout = style({
  display: 'grid',
  gap: '1.5rem',
  alignItems: 'start',
  '@media': { 'screen and (min-width: 56rem)': { gridTemplateColumns: 'minmax(0, 1.5fr) minmax(20rem, 1fr)', gap: '2.5rem' } },
});

export const panel = style({
  display: 'grid',
  minWidth: 0,
  margin: 0,
  gap: '1rem',
  padding: '1.25rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  background: vars.color.bodyBackground,
});

export const summary = style([panel, { '@media': { 'screen and (min-width: 56rem)': { position: 'sticky', top: '1rem' } } }]);

export const panelTitle = style({ margin: 0, fontSize: '1.15rem', fontWeight: 700, color: vars.color.bodyTextColor });

export const lines = style({ display: 'grid', gap: '0.5rem', margin: 0 });

export const line = style({ display: 'flex', justifyContent: 'space-between', gap: '1rem', margin: 0 });

export const totalLine = style([
  line,
  { paddingTop: '0.75rem', borderTop: `1px solid ${vars.color.bodyTextColor20}`, fontSize: '1.15rem', fontWeight: 800 },
]);

export const promoRow = style({ display: 'flex', gap: '0.5rem', alignItems: 'stretch' });

export const cardChoices = style({ display: 'grid', gap: '0.5rem', border: 0, margin: 0, padding: 0 });

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.75rem',
  minHeight: '2.75rem',
  padding: '0.5rem 0.75rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.primaryColor, borderWidth: 2 } },
});

export const cardRow = style({ display: 'grid', gap: '1rem', alignItems: 'end', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' });

export const status = style({ display: 'grid', gap: '1rem', justifyItems: 'start', maxWidth: '36rem' });

export const progress = style({ width: '100%', maxWidth: '24rem', height: '0.5rem', accentColor: vars.color.primaryColor });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' });
