import { globalStyle, style } from '@vanilla-extract/css';
import { focusRingColor } from '../../theme/global.css';
import { vars } from '../../theme/theme.css';
import { secondaryButton } from '../controls.css';
import { HEADER_NARROW as NARROW } from './header-breakpoint';

export const shell = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
});

// At least a screen tall: until the page's content has arrived the footer stays below the fold, rather than showing
// and then being pushed away by the content (a layout shift of most of the screen on a phone).
export const main = style({ flex: 1, width: '100%', minHeight: '100vh' });

/** Off screen until focused, then on top of the header in the primary colour. */
export const skipLink = style({
  position: 'absolute',
  left: '1rem',
  top: 0,
  zIndex: 1100,
  padding: '0.75rem 1rem',
  borderRadius: '0 0 0.375rem 0.375rem',
  background: vars.color.primaryColor,
  color: vars.color.textOnPrimary,
  fontWeight: 600,
  transform: 'translateY(-110%)',
  // The ring is drawn inside the link, on its own fill: around it would be the header, of any colour.
  vars: { [focusRingColor]: vars.color.textOnPrimary },
  selectors: { '&:focus': { transform: 'none' }, '&:focus-visible': { outlineOffset: '-6px' } },
});

/* Header: the channel's header colours; the announcement sits below it on a tint of them. */

export const header = style({ vars: { [focusRingColor]: vars.color.headerTextColor } });

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.75rem 1.25rem',
  minHeight: '3.5rem',
  padding: '0.5rem 1rem',
  background: vars.color.headerBackground,
  color: vars.color.headerTextColor,
  '@media': { [NARROW]: { flexWrap: 'wrap', gap: '0.5rem 1rem' } },
});
globalStyle(`${bar} a`, { color: 'inherit' });

export const brand = style({
  display: 'inline-flex',
  flex: 'none',
  alignItems: 'center',
  gap: '0.6rem',
  minHeight: '2.75rem',
  fontSize: '1.25rem',
  fontWeight: 700,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

/** The channel's logo at a size a viewer knows it by: 40 px high, 36 on a phone. */
export const logo = style({ display: 'block', height: '2.5rem', width: 'auto', '@media': { [NARROW]: { height: '2.25rem' } } });

/** A channel without a logo: its initial on a tile of its primary colour, beside its name. */
export const monogram = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: '0.5rem',
  background: vars.color.primaryColor,
  color: vars.color.textOnPrimary,
  fontWeight: 800,
  fontSize: '1.4rem',
});

// Composed (not two classes side by side) so that its `display` comes after the button's in the stylesheet.
export const menuToggle = style([
  secondaryButton,
  {
    marginInlineStart: 'auto',
    minHeight: '2.5rem',
    padding: '0.25rem 1rem',
    display: 'none',
    '@media': { [NARROW]: { display: 'inline-flex' } },
  },
]);

/** The menu and the tools: the rest of the row on a wide screen, a folding panel under the bar on a phone. */
export const panel = style({
  display: 'flex',
  flex: '1 1 auto',
  alignItems: 'center',
  gap: '0.75rem 1.25rem',
  minWidth: 0,
  '@media': {
    [NARROW]: {
      flexBasis: '100%',
      flexDirection: 'column',
      alignItems: 'stretch',
      padding: '0.25rem 0 0.75rem',
      display: 'none',
      selectors: { '&[data-open="true"]': { display: 'flex' } },
    },
  },
});

/**
 * The channel's menu keeps to one line on a wide screen, in the room the logo and the tools leave: `flex-basis: 0`
 * makes that room independent of the links shown, which the header measures to move the rest under "More".
 */
export const nav = style({
  position: 'relative',
  flex: '1 1 0',
  minWidth: 0,
  '@media': { [NARROW]: { flex: 'none' } },
});

export const menu = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.25rem 1rem',
  fontSize: '0.95rem',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  whiteSpace: 'nowrap',
  '@media': { [NARROW]: { flexDirection: 'column', alignItems: 'stretch', whiteSpace: 'normal' } },
});

export const menuLink = style({
  display: 'inline-block',
  padding: '0.5rem 0',
  textDecoration: 'none',
  selectors: {
    '&:hover, &[aria-current="page"]': { textDecoration: 'underline', textDecorationThickness: '2px' },
  },
});

/** Spans the menu's room, zero high: its width is what the row may use, whatever the row holds. */
export const menuRoom = style({ position: 'absolute', insetInline: 0, top: 0, height: 0, visibility: 'hidden' });

// Fixed, so that it adds nothing to any box's scrollable overflow, however wide the whole menu is.
/** An unseen copy of the whole row (every link, then "More"), whose boxes give each one's width. */
export const menuCopy = style({
  position: 'fixed',
  top: 0,
  left: 0,
  width: 'max-content',
  visibility: 'hidden',
  pointerEvents: 'none',
});

export const more = style({ position: 'relative' });

/** Drawn like a menu link (the copy measures a span with the same class), with a chevron that turns when open. */
export const moreButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.3rem',
  padding: '0.5rem 0',
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover, &[data-current]': { textDecoration: 'underline', textDecorationThickness: '2px' },
  },
});

export const moreChevron = style({
  width: '0.75em',
  height: '0.75em',
  flex: 'none',
  selectors: { [`${moreButton}[aria-expanded="true"] &`]: { transform: 'rotate(180deg)' } },
});

/** The links that did not fit: a list under the button, on the header's colours, wrapping a long label. */
export const moreList = style({
  position: 'absolute',
  top: 'calc(100% + 0.25rem)',
  zIndex: 20,
  width: 'max-content',
  minWidth: '12rem',
  // At most 45% of the window, opening towards its wider side: always on screen (see MoreMenu).
  maxWidth: 'min(20rem, 45vw)',
  margin: 0,
  padding: '0.375rem 0',
  listStyle: 'none',
  whiteSpace: 'normal',
  background: vars.color.headerBackground,
  color: vars.color.headerTextColor,
  border: `1px solid ${vars.color.headerTextColor50}`,
  borderRadius: '0.5rem',
  boxShadow: '0 0.5rem 1.5rem rgb(0 0 0 / 0.35)',
  selectors: {
    '&[data-side="left"]': { left: 0 },
    '&[data-side="right"]': { right: 0 },
    '&[hidden]': { display: 'none' },
  },
});
globalStyle(`${moreList} a`, { display: 'block', padding: '0.6rem 1rem', overflowWrap: 'anywhere' });

export const tools = style({
  display: 'flex',
  flex: 'none',
  alignItems: 'center',
  gap: '0.75rem 1rem',
  marginInlineStart: 'auto',
  '@media': { [NARROW]: { flexWrap: 'wrap', marginInlineStart: 0 } },
});

export const account = style({ display: 'flex', alignItems: 'center', gap: '0.5rem 1rem', whiteSpace: 'nowrap' });

export const accountLink = style({ fontWeight: 600 });

/** Log out: a button like the others, sized to sit in the bar. */
export const accountButton = style([secondaryButton, { minHeight: '2.25rem', padding: '0.25rem 0.9rem' }]);

export const announcement = style({
  margin: 0,
  padding: '0.5rem 1rem',
  background: vars.color.headerBackground10,
  color: vars.color.bodyTextColor,
  textAlign: 'center',
});

/* Footer: the channel's footer colours. */

export const footer = style({
  background: vars.color.footerBackground,
  color: vars.color.footerTextColor,
  vars: { [focusRingColor]: vars.color.footerTextColor },
});
globalStyle(`${footer} a`, { color: 'inherit' });

export const footerInner = style({
  maxWidth: '72rem',
  margin: '0 auto',
  padding: '2rem 1rem',
  display: 'flex',
  flexDirection: 'column',
  gap: '1.25rem',
});

export const footerAbout = style({ margin: 0, maxWidth: '48rem' });

export const footerLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.5rem 1.5rem',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const footerLink = style({ display: 'inline-block', padding: '0.25rem 0' });

export const footerSmall = style({ margin: 0, fontSize: '0.9rem' });
