/** The library's search, categories, list and paging, and the item page. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const search = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '0.5rem 0.75rem', margin: '0 0 1.5rem' });

export const searchField = style({ display: 'flex', flexDirection: 'column', gap: '0.25rem', flex: '1 1 16rem', maxWidth: '32rem' });

export const searchLabel = style({ fontWeight: 600 });

export const searchInput = style({
  minHeight: '2.75rem',
  padding: '0.5rem 0.75rem',
  border: `2px solid ${vars.color.bodyTextColor50}`,
  borderRadius: '0.375rem',
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
});

export const clearSearch = style({ alignSelf: 'center' });

export const categories = style({ margin: '0 0 2rem' });

export const sectionTitle = style({ margin: '0 0 0.75rem', fontSize: '1.25rem', lineHeight: 1.3 });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', margin: 0, padding: 0, listStyle: 'none' });

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.5rem',
  padding: '0.375rem 0.875rem',
  border: `2px solid ${vars.color.bodyTextColor20}`,
  borderRadius: '999px',
  color: vars.color.bodyTextColor,
  textDecoration: 'none',
  selectors: {
    '&:hover': { borderColor: vars.color.bodyTextColor50, textDecoration: 'underline' },
    // The chosen one: filled, and named as current for screen readers (aria-current).
    '&[aria-current="page"]': { background: vars.color.primaryColor, borderColor: vars.color.primaryColor, color: vars.color.textOnPrimary },
  },
});

export const status = style({ margin: '0 0 1rem', color: vars.color.bodyTextColor70 });

export const failure = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '0.75rem', margin: '0 0 2rem' });

export const message = style({ margin: 0 });

export const pager = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', margin: '1.5rem 0 0' });

export const itemMeta = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 1rem', margin: '0 0 1rem', color: vars.color.bodyTextColor70 });

/** Where the player goes: the 16/9 frame keeps the page from jumping while it loads. */
export const playerFrame = style({
  width: '100%',
  aspectRatio: '16 / 9',
  margin: '0 0 1.25rem',
  borderRadius: '0.5rem',
  overflow: 'hidden',
  background: vars.color.bodyTextColor10,
});

export const playerSlot = style({ width: '100%', height: '100%' });

export const description = style({ maxWidth: '48rem', margin: '0 0 2.5rem', fontSize: '1.05rem' });

export const back = style({ margin: '2rem 0 0' });
