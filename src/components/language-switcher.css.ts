import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { visuallyHidden } from './controls.css';

export const switcher = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
});

export const globe = style({ width: '1.25rem', height: '1.25rem', flex: 'none' });

/** Read by screen readers only: the select's options, in their own languages, say what it is. */
export const label = style([visuallyHidden]);

/** Takes the colours of where it sits (the header): the text colour and a transparent fill. */
export const select = style({
  minHeight: '2.25rem',
  padding: '0.25rem 0.5rem',
  borderRadius: '0.375rem',
  border: '1px solid currentColor',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:disabled': { cursor: 'progress', opacity: 0.65 },
  },
});

// The open list is drawn apart from the header, so the options take the body's colours rather than the header's.
export const option = style({ color: vars.color.bodyTextColor, background: vars.color.bodyBackground });
