import { fallbackVar, style, styleVariants } from '@vanilla-extract/css';
import { focusRingColor } from '../../theme/global.css';
import { vars } from '../../theme/theme.css';

/* Toasts: one at a time, at the bottom of the viewport, above everything but a dialog. */

export const toastArea = style({
  position: 'fixed',
  insetInline: 0,
  bottom: '1rem',
  zIndex: 900,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '0.5rem',
  padding: '0 1rem',
  pointerEvents: 'none',
});

const toastBase = style({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'flex-start',
  gap: '0.75rem',
  width: 'min(32rem, 100%)',
  padding: '0.75rem 0.75rem 0.75rem 1rem',
  borderRadius: '0.5rem',
  borderInlineStart: '6px solid',
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  boxShadow: `0 0.5rem 1.5rem ${vars.color.bodyTextColor20}, 0 0 0 1px ${vars.color.bodyTextColor20}`,
});

/** The kind shows as the edge colour and an icon; errors are also announced at once (role="alert"). */
export const toast = styleVariants({
  info: [toastBase, { borderInlineStartColor: vars.color.primaryColor }],
  success: [toastBase, { borderInlineStartColor: vars.color.secondaryColor }],
  error: [toastBase, { borderInlineStartColor: vars.color.accentColor }],
});

export const toastIcon = style({ fontWeight: 700, lineHeight: 1.5, minWidth: '1.25rem', textAlign: 'center' });

export const toastText = style({ flex: 1, margin: 0 });

export const closeButton = style({
  flex: 'none',
  width: '2rem',
  height: '2rem',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 0,
  borderRadius: '0.25rem',
  background: 'transparent',
  color: 'inherit',
  fontSize: '1.25rem',
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.bodyTextColor10 } },
});

/* Dialogs: a native <dialog> shown modally, in the top layer above everything; its ::backdrop dims the page. */

export const dialog = style({
  boxSizing: 'border-box',
  width: 'min(32rem, calc(100% - 2rem))',
  maxWidth: 'none',
  maxHeight: 'calc(100% - 2rem)',
  margin: 'auto',
  overflowY: 'auto',
  padding: '1.5rem',
  border: 0,
  borderRadius: '0.5rem',
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  boxShadow: `0 1rem 3rem ${vars.color.bodyTextColor20}`,
  vars: { [focusRingColor]: vars.color.bodyTextColor },
  selectors: {
    // Browsers before 2024 did not let ::backdrop inherit custom properties: then it takes the plain dimming.
    '&::backdrop': { background: fallbackVar(vars.color.bodyTextColor50, 'rgb(0 0 0 / 0.5)') },
  },
});

export const dialogTitle = style({ margin: '0 0 0.75rem', fontSize: '1.25rem', lineHeight: 1.3 });

export const dialogMessage = style({ margin: '0 0 1.5rem' });

export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: '0.75rem',
});

/* The global error banner: the accent colour with the text colour that reads on it. */

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  gap: '1rem',
  padding: '0.75rem 1rem',
  background: vars.color.accentColor,
  color: vars.color.textOnAccent,
  vars: { [focusRingColor]: vars.color.textOnAccent },
});

export const bannerText = style({ flex: 1, margin: 0, fontWeight: 600 });
