/** The clip panel under the player: a folded section that opens into the form, the queue's wait, or the ready clip. */
import { style } from '@vanilla-extract/css';
import { spinner as loaderSpinner } from '../../components/loader.css';
import { vars } from '../../theme/theme.css';

export const panel = style({
  margin: '1.5rem 0 0',
  padding: '0 1.25rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  background: vars.color.bodyTextColor5,
  color: vars.color.bodyTextColor,
  maxWidth: '48rem',
});

export const summary = style({
  padding: '1rem 0',
  cursor: 'pointer',
  fontWeight: 700,
  fontSize: '1.1rem',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 } },
});

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem', margin: '0 0 1rem' });

export const range = style({ fontVariantNumeric: 'tabular-nums', color: vars.color.bodyTextColor70 });

export const note = style({ margin: '0 0 1rem', color: vars.color.bodyTextColor70 });

export const link = style({ color: vars.color.bodyTextColor, fontWeight: 600, textDecorationColor: vars.color.primaryColor, textUnderlineOffset: 3 });

export const status = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem', padding: '0 0 1.25rem' });

export const ready = style({ display: 'grid', gap: '1rem', padding: '0 0 1.25rem' });

export const waited = style({ color: vars.color.bodyTextColor70, fontVariantNumeric: 'tabular-nums' });

/** The loader's ring, small enough to sit beside a line of text. */
export const spinner = style([loaderSpinner, { width: '1.25rem', height: '1.25rem', borderWidth: 3 }]);
