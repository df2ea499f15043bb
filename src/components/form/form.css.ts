/** Account forms: a centred card on the page, fields stacked with their label above and their message below. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const card = style({
  maxWidth: '28rem',
  margin: '0 auto',
  padding: '2rem 1rem 3rem',
});

export const wideCard = style([card, { maxWidth: '40rem' }]);

export const title = style({
  margin: '0 0 0.5rem',
  fontSize: 'clamp(1.6rem, 1.3rem + 1vw, 2.2rem)',
  lineHeight: 1.2,
  color: vars.color.bodyTextColor,
});

export const lead = style({
  margin: '0 0 1.5rem',
  color: vars.color.bodyTextColor70,
  lineHeight: 1.5,
});

export const form = style({
  display: 'grid',
  gap: '1rem',
});

export const section = style({
  display: 'grid',
  gap: '1rem',
  margin: '2rem 0 0',
  padding: '1.5rem 0 0',
  borderTop: `1px solid ${vars.color.bodyTextColor20}`,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: '1.2rem',
  color: vars.color.bodyTextColor,
});

export const row = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(12rem, 100%), 1fr))',
});

export const field = style({
  display: 'grid',
  gap: '0.35rem',
});

export const label = style({
  fontWeight: 600,
  color: vars.color.bodyTextColor,
});

export const input = style({
  width: '100%',
  minWidth: 0,
  boxSizing: 'border-box',
  minHeight: '2.75rem',
  padding: '0.5rem 0.75rem',
  fontSize: '1rem',
  borderRadius: '0.375rem',
  border: `1px solid ${vars.color.bodyTextColor50}`,
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: '#d93025', borderWidth: 2 },
    '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 1 },
    '&:read-only': { background: vars.color.bodyTextColor5 },
  },
});

/** A text area grows downwards only, from a few lines. */
export const textarea = style({ minHeight: '8rem', resize: 'vertical', lineHeight: 1.5, fontFamily: 'inherit' });

export const hint = style({
  margin: 0,
  fontSize: '0.9rem',
  color: vars.color.bodyTextColor70,
});

/** A field's refusal: the text keeps the body colour (it reads on every channel), the marker says it is an error. */
export const fieldError = style({
  margin: 0,
  paddingLeft: '0.6rem',
  borderLeft: '3px solid #d93025',
  fontSize: '0.95rem',
  fontWeight: 600,
  color: vars.color.bodyTextColor,
});

export const checkbox = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '0.6rem',
  color: vars.color.bodyTextColor,
  lineHeight: 1.4,
});

export const checkboxInput = style({
  width: '1.25rem',
  height: '1.25rem',
  marginTop: '0.1rem',
  flexShrink: 0,
  accentColor: vars.color.primaryColor,
});

/** The message above a form: a refusal (`data-tone="error"`) or a success. */
export const notice = style({
  margin: '0 0 1rem',
  padding: '0.85rem 1rem',
  borderRadius: '0.375rem',
  borderLeft: '4px solid',
  background: vars.color.bodyTextColor5,
  color: vars.color.bodyTextColor,
  lineHeight: 1.45,
  selectors: {
    '&[data-tone="error"]': { borderLeftColor: '#d93025' },
    '&[data-tone="success"]': { borderLeftColor: '#1e8e3e' },
    '&[data-tone="info"]': { borderLeftColor: vars.color.primaryColor },
  },
});


export const submit = style({
  width: '100%',
});

/** A submit button that keeps its own width, at the start of the form (the profile edit). */
export const submitInline = style({
  justifySelf: 'start',
  marginTop: '0.5rem',
});

export const links = style({
  display: 'grid',
  gap: '0.5rem',
  marginTop: '1.5rem',
  color: vars.color.bodyTextColor70,
});

export const link = style({
  color: vars.color.bodyTextColor,
  fontWeight: 600,
  textDecorationThickness: '1px',
  textUnderlineOffset: '0.2em',
});

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.75rem',
  margin: '1.25rem 0',
  color: vars.color.bodyTextColor70,
  fontSize: '0.9rem',
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.bodyTextColor20}` },
  },
});

export const socialButtons = style({
  display: 'grid',
  gap: '0.75rem',
});

export const socialButton = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.6rem',
  minHeight: '2.75rem',
  padding: '0.5rem 1rem',
  borderRadius: '0.375rem',
  border: `1px solid ${vars.color.bodyTextColor50}`,
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.bodyTextColor5 },
    '&[aria-disabled="true"]': { opacity: 0.65, pointerEvents: 'none' },
  },
});

export const dangerButton = style({
  minHeight: '2.75rem',
  padding: '0.5rem 1.25rem',
  borderRadius: '0.375rem',
  border: '2px solid #b3261e',
  background: '#b3261e',
  color: '#ffffff',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:disabled': { cursor: 'not-allowed', opacity: 0.65 },
  },
});
