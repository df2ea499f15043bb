/**
 * Page-wide styles. The default palette is assigned on :root so that the loader and the reload screen, which show
 * before the channel's colours arrive, are already readable; applyChannelTheme then sets the channel's colours
 * inline on the same element, which wins over this rule.
 */
import { assignVars, createVar, globalStyle } from '@vanilla-extract/css';
import { DEFAULT_COLORS, themeVars } from './channel-colors';
import { vars } from './theme.css';

/**
 * The focus ring's colour: each region (header, body, footer, banner) sets it to its own text colour, so the ring
 * always contrasts with the background it is drawn on.
 */
export const focusRingColor = createVar();

globalStyle(':root', {
  vars: { ...assignVars(vars, { color: themeVars(DEFAULT_COLORS) }), [focusRingColor]: vars.color.bodyTextColor },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  fontSize: '1rem',
  lineHeight: 1.5,
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
});

// Body links take the channel's primary colour (it reads at AA on both demo channels' backgrounds) and keep their
// underline, so they never rely on colour alone.
globalStyle('a', {
  color: vars.color.primaryColor,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
});

globalStyle('a:hover', { textDecorationThickness: '2px' });

globalStyle(':focus-visible', {
  outline: `3px solid ${focusRingColor}`,
  outlineOffset: '2px',
});

// The main region takes focus from the skip link; it is not a control, so it gets no ring.
globalStyle('main:focus', { outline: 'none' });

globalStyle('img', { maxWidth: '100%', height: 'auto' });

globalStyle('button, input, select, textarea', { font: 'inherit' });
