/** Styles shared by the shell's components: buttons, status pills and text that only screen readers read. */
import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** Read by screen readers, not shown. */
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5rem',
  minHeight: '2.75rem',
  padding: '0.5rem 1.25rem',
  borderRadius: '0.375rem',
  fontWeight: 600,
  lineHeight: 1.2,
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: {
    '&:disabled': { cursor: 'not-allowed', opacity: 0.65 },
  },
});

/** The main action: the channel's primary colour with the text colour that reads on it. */
export const primaryButton = style([
  buttonBase,
  {
    border: '2px solid transparent',
    background: vars.color.primaryColor,
    color: vars.color.textOnPrimary,
    selectors: {
      '&:hover:not(:disabled)': { filter: 'brightness(1.1)' },
    },
  },
]);

/** A secondary action: the surrounding text colour, outlined, on the surrounding background. */
export const secondaryButton = style([
  buttonBase,
  {
    border: '2px solid currentColor',
    background: 'transparent',
    color: 'inherit',
    selectors: {
      '&:hover:not(:disabled)': { textDecoration: 'underline' },
    },
  },
]);

/** A small rounded label of a state or kind ("Paid", "Auto-Renewal", "Season pass"). */
export const pill = style({
  padding: '0.15rem 0.6rem',
  borderRadius: '999px',
  fontSize: '0.8rem',
  fontWeight: 700,
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
  background: vars.color.bodyTextColor10,
  color: vars.color.bodyTextColor,
});
