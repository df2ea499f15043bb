/**
 * The player's own controls, over the video's lower edge: a time bar with the buffered ranges, then a row of 44 px
 * buttons (touch-sized on phones), menus opening upwards. They fade out while the video plays untouched.
 */
import { style } from '@vanilla-extract/css';
import { focusRingColor } from '../../theme/global.css';
import { vars } from '../../theme/theme.css';

const PHONE = '(max-width: 480px)';

/** Covers the video: takes the pointer (activity, a click plays or pauses) and the keyboard shortcuts. */
export const layer = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-end',
  vars: { [focusRingColor]: '#fff' },
  selectors: {
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});

export const idle = style({ cursor: 'none' });

export const bar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.25rem',
  padding: '1.5rem 0.5rem 0.25rem',
  background: 'linear-gradient(to top, rgba(0, 0, 0, 0.8), rgba(0, 0, 0, 0))',
  transition: 'opacity 0.25s',
  selectors: {
    [`${idle} &`]: { opacity: 0 },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
    [PHONE]: { paddingTop: '0.5rem' },
  },
});

export const row = style({ display: 'flex', alignItems: 'center', gap: '0.125rem', minWidth: 0 });

export const spacer = style({ flex: 1 });

export const button = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '2.75rem',
  height: '2.75rem',
  padding: '0 0.5rem',
  border: 0,
  borderRadius: '0.25rem',
  background: 'transparent',
  color: '#fff',
  fontWeight: 700,
  fontSize: '0.85rem',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: 'rgba(255, 255, 255, 0.15)' },
  },
});

export const icon = style({ width: '1.5rem', height: '1.5rem', fill: 'currentColor', flex: 'none' });

/** The LIVE button: red dot at the live edge, grey behind it. */
export const live = style([button, { gap: '0.4rem', letterSpacing: '0.05em' }]);
export const liveDot = style({ width: '0.6rem', height: '0.6rem', borderRadius: '50%', background: '#9e9e9e' });
export const liveDotOn = style({ background: '#e53935' });

/**
 * Gives way first on a narrow phone: the time bar's slider still says the time to screen readers. A phone shows the
 * playhead only (the length is at the time bar's end): with its five buttons, "12:38 / 2:30:00" had 18 px left.
 */
export const clock = style({
  flexShrink: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  padding: '0 0.5rem',
  fontSize: '0.85rem',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  '@media': { [PHONE]: { padding: '0 0.25rem', fontSize: '0.75rem' } },
});

export const clockLength = style({ '@media': { [PHONE]: { display: 'none' } } });

/**
 * Picture-in-picture is a desktop button: a phone's browser offers it by itself when the viewer leaves a playing video,
 * and the row of a 390 px phone has room for the clock or for it, not both.
 */
export const desktopOnly = style({ '@media': { [PHONE]: { display: 'none' } } });

/** The time bar: the buffered ranges drawn under a native range input (keyboard and screen readers for free). */
/** On phones the time bar is a 44 px touch target, as every control. */
export const timeline = style({
  position: 'relative',
  height: '1.75rem',
  display: 'flex',
  alignItems: 'center',
  margin: '0 0.5rem',
  '@media': { [PHONE]: { height: '2.75rem' } },
});

export const rail = style({
  position: 'absolute',
  left: 0,
  right: 0,
  height: '0.3rem',
  borderRadius: '0.15rem',
  background: 'rgba(255, 255, 255, 0.3)',
  overflow: 'hidden',
  pointerEvents: 'none',
});

export const bufferedRange = style({ position: 'absolute', top: 0, bottom: 0, background: 'rgba(255, 255, 255, 0.55)' });

export const slider = style({
  position: 'relative',
  width: '100%',
  height: '100%',
  margin: 0,
  background: 'transparent',
  accentColor: vars.color.primaryColor,
  cursor: 'pointer',
});

export const volume = style({
  width: '5rem',
  accentColor: '#fff',
  cursor: 'pointer',
  '@media': { [PHONE]: { display: 'none' } },
});

export const menuWrap = style({ position: 'relative' });

export const menu = style({
  position: 'absolute',
  right: 0,
  bottom: '100%',
  zIndex: 1,
  minWidth: '9rem',
  maxHeight: '17rem',
  overflowY: 'auto',
  margin: '0 0 0.25rem',
  padding: '0.25rem',
  listStyle: 'none',
  borderRadius: '0.375rem',
  background: 'rgba(20, 20, 20, 0.95)',
  '@media': { [PHONE]: { maxHeight: '8.5rem' } },
});

export const menuItem = style([
  button,
  {
    width: '100%',
    justifyContent: 'flex-start',
    fontWeight: 400,
    selectors: {
      '&[aria-checked="true"]': { fontWeight: 700, boxShadow: `inset 3px 0 0 ${vars.color.primaryColor}` },
    },
  },
]);
