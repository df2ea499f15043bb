/** The account's pages: tabs, the filters row, and lists of rows (orders, transactions, clips). */
import { style } from '@vanilla-extract/css';
import { pill } from '../../components/controls.css';
import { vars } from '../../theme/theme.css';

// The tabs wrap rather than scroll: on a phone the last ones would otherwise sit past the screen's edge, unseen.
export const tabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.25rem',
  margin: '0 0 1.5rem',
  borderBottom: `1px solid ${vars.color.bodyTextColor20}`,
});

export const tab = style({
  flex: '0 0 auto',
  padding: '0.75rem 1rem',
  color: vars.color.bodyTextColor70,
  fontWeight: 600,
  textDecoration: 'none',
  borderBottom: '3px solid transparent',
  selectors: {
    '&[aria-current="page"]': { color: vars.color.bodyTextColor, borderBottomColor: vars.color.primaryColor },
    '&:hover': { color: vars.color.bodyTextColor },
    '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: -3 },
  },
});

export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem 1rem', margin: '0 0 1.25rem' });

export const filter = style({ display: 'grid', gap: '0.25rem', fontWeight: 600, fontSize: '0.9rem', color: vars.color.bodyTextColor });

export const select = style({
  minHeight: '2.5rem',
  minWidth: '10rem',
  padding: '0.25rem 0.5rem',
  borderRadius: '0.375rem',
  border: `1px solid ${vars.color.bodyTextColor50}`,
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  fontSize: '1rem',
});

export const list = style({ display: 'grid', gap: '0.75rem', listStyle: 'none', margin: 0, padding: 0 });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '0.75rem 1.5rem',
  padding: '1rem 1.25rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  background: vars.color.bodyBackground,
});

export const main = style({ display: 'grid', gap: '0.25rem', minWidth: 0, flex: '1 1 16rem' });

export const name = style({ margin: 0, fontWeight: 700, fontSize: '1.05rem', color: vars.color.bodyTextColor });

export const nameLink = style([name, { textDecoration: 'underline', textUnderlineOffset: '0.2em' }]);

export const meta = style({ margin: 0, fontSize: '0.9rem', color: vars.color.bodyTextColor70 });

/** A row's actions, on a line of their own under what the row says. */
export const rowActions = style({ flex: '1 1 100%' });

export const side = style({ display: 'flex', alignItems: 'center', gap: '1rem' });

export const badge = style([
  pill,
  {
    selectors: {
      '&[data-label="active"], &[data-label="paid"], &[data-label="processed"]': { background: vars.color.primaryColor, color: vars.color.textOnPrimary },
    },
  },
]);

export const amount = style({ fontWeight: 800, fontSize: '1.05rem', color: vars.color.bodyTextColor, minWidth: '5rem', textAlign: 'right' });

export const empty = style({ display: 'grid', gap: '1rem', justifyItems: 'start', padding: '1rem 0' });

/** A kind of favourites (teams, schools, sports) under its heading. */
export const group = style({ display: 'grid', gap: '0.75rem', margin: '1.5rem 0 0' });

export const groupTitle = style({ margin: 0, fontSize: '1.15rem', color: vars.color.bodyTextColor });

export const favourites = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', listStyle: 'none', margin: 0, padding: 0 });

export const favourite = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.6rem',
  padding: '0.5rem 0.75rem 0.5rem 0.5rem',
  borderRadius: '999px',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  color: vars.color.bodyTextColor,
});

export const favouriteImage = style({ width: '2.25rem', height: '2.25rem', borderRadius: '50%', objectFit: 'cover', background: vars.color.bodyTextColor10 });
