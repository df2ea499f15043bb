/** The catalogue's cards, rails, list and controls; every colour comes from the theme contract. */
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { EVENT_CARD_RATIO } from '../../format/ratios';
import { vars } from '../../theme/theme.css';

/** SPEC §9 "Rail card width": 280 to 380 px, growing with the viewport in between. */
export const RAIL_CARD_MIN_PX = 280;
export const RAIL_CARD_MAX_PX = 380;

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  flexGrow: 1,
  height: '100%',
  borderRadius: '0.5rem',
  overflow: 'hidden',
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  border: `1px solid ${vars.color.bodyTextColor20}`,
  selectors: {
    '&:focus-within': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 },
  },
});

/** The list layout: the picture beside the text on wide screens, above it on narrow ones. */
export const cardRow = style({
  '@media': {
    'screen and (min-width: 40rem)': { flexDirection: 'row', alignItems: 'stretch' },
  },
});

export const media = style({
  position: 'relative',
  aspectRatio: String(EVENT_CARD_RATIO),
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1.5rem',
  background: vars.color.secondaryColor,
  overflow: 'hidden',
});

export const mediaRow = style({
  '@media': {
    'screen and (min-width: 40rem)': { width: RAIL_CARD_MIN_PX, flexShrink: 0 },
  },
});

export const cover = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const logo = style({
  position: 'relative',
  width: '28%',
  aspectRatio: '1',
  objectFit: 'contain',
  borderRadius: '50%',
  padding: '0.5rem',
  background: vars.color.bodyBackground,
  border: '4px solid transparent',
});

export const badge = style({
  position: 'absolute',
  top: '0.5rem',
  left: '0.5rem',
  padding: '0.15rem 0.5rem',
  borderRadius: '0.25rem',
  fontSize: '0.8rem',
  fontWeight: 700,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const badgeStatus = styleVariants({
  live: { background: vars.color.primaryColor, color: vars.color.textOnPrimary },
  upcoming: { background: vars.color.secondaryColor, color: vars.color.textOnSecondary, border: `1px solid ${vars.color.textOnSecondary}` },
  vod: { background: vars.color.bodyTextColor, color: vars.color.bodyBackground },
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.35rem',
  padding: '0.75rem 1rem 1rem',
  flexGrow: 1,
});

/** At most two lines, so that one long title does not stretch its whole rail. */
export const cardTitle = style({
  margin: 0,
  fontSize: '1.1rem',
  lineHeight: 1.3,
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
});

/** The title's link covers the whole card, so the card is one link target; the prompts sit above it. */
export const titleLink = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0 },
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: 'none' },
  },
});

export const meta = style({ margin: 0, fontSize: '0.9rem', color: vars.color.bodyTextColor });

export const price = style({ margin: 0, fontWeight: 700 });

/** A card's favourite stars: above the title link's overlay, which covers the rest of the card. */
export const cardFollows = style({ position: 'relative', zIndex: 1 });

export const prompts = style({
  position: 'relative',
  zIndex: 1,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.5rem',
  marginTop: 'auto',
  paddingTop: '0.5rem',
});

export const promptLink = style({
  padding: '0.35rem 0.75rem',
  borderRadius: '0.25rem',
  fontSize: '0.8rem',
  fontWeight: 700,
  textDecoration: 'none',
  background: vars.color.primaryColor,
  color: vars.color.textOnPrimary,
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const promptLinkSecondary = style({
  padding: '0.35rem 0.75rem',
  borderRadius: '0.25rem',
  fontSize: '0.8rem',
  fontWeight: 700,
  textDecoration: 'none',
  color: vars.color.bodyTextColor,
  border: `2px solid ${vars.color.bodyTextColor}`,
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

// ---------------------------------------------------------------- collections

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${RAIL_CARD_MIN_PX}px), 1fr))`,
});

export const rows = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.75rem',
});

export const rail = style({ margin: '2rem 0' });

export const railHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '1rem',
  marginBottom: '0.75rem',
});

export const sectionTitle = style({ margin: 0, fontSize: '1.4rem', color: vars.color.bodyTextColor });

export const railButtons = style({ display: 'flex', gap: '0.5rem' });

export const railButton = style({
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  borderRadius: '50%',
  border: `2px solid ${vars.color.bodyTextColor}`,
  background: 'transparent',
  color: vars.color.bodyTextColor,
  fontSize: '1.2rem',
  cursor: 'pointer',
});

export const track = style({
  listStyle: 'none',
  margin: 0,
  padding: '0.25rem 0.25rem 0.75rem',
  display: 'flex',
  gap: '1rem',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  '@media': { '(prefers-reduced-motion: no-preference)': { scrollBehavior: 'smooth' } },
});

/** A flex box, so that its card fills it: every card of a rail is as tall as the tallest. */
export const trackItem = style({
  display: 'flex',
  flexDirection: 'column',
  flex: `0 0 clamp(${RAIL_CARD_MIN_PX}px, 30vw, ${RAIL_CARD_MAX_PX}px)`,
  maxWidth: '85vw',
  scrollSnapAlign: 'start',
});

// ---------------------------------------------------------------- slides and media cards

export const slideMedia = style({
  position: 'relative',
  aspectRatio: String(EVENT_CARD_RATIO),
  background: vars.color.secondaryColor,
  overflow: 'hidden',
});

// ---------------------------------------------------------------- controls

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '1rem',
  margin: '1rem 0',
});

export const toggle = style({
  display: 'inline-flex',
  border: `2px solid ${vars.color.bodyTextColor}`,
  borderRadius: '0.375rem',
  overflow: 'hidden',
  margin: 0,
  padding: 0,
});

export const toggleButton = style({
  minHeight: '2.5rem',
  padding: '0.25rem 1rem',
  border: 'none',
  background: 'transparent',
  color: vars.color.bodyTextColor,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.bodyTextColor, color: vars.color.bodyBackground },
  },
});

/**
 * The status tabs: they wrap rather than scroll, so every tab shows whole at any width and in any language (a row
 * that scrolls would hide the last ones past the screen's edge).
 */
export const tabs = style({
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.5rem',
  margin: 0,
  padding: 0,
});

export const tab = style({
  display: 'inline-block',
  whiteSpace: 'nowrap',
  padding: '0.5rem 1rem',
  borderRadius: '999px',
  border: `2px solid ${vars.color.bodyTextColor}`,
  color: vars.color.bodyTextColor,
  fontWeight: 600,
  textDecoration: 'none',
  // Narrower on a phone, so the four usually fit in one line there too.
  '@media': { 'screen and (max-width: 29.99rem)': { padding: '0.45rem 0.8rem' } },
  selectors: {
    '&[aria-current="page"]': { background: vars.color.bodyTextColor, color: vars.color.bodyBackground },
  },
});

/** Below this width the events list's filters fold behind their button. */
const PHONE = 'screen and (max-width: 47.99rem)';

export const filters = style({
  display: 'grid',
  gap: '0.75rem 1rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 11rem), 1fr))',
  alignItems: 'end',
  margin: '1rem 0',
  padding: '1rem',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  borderRadius: '0.5rem',
  '@media': {
    [PHONE]: {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      display: 'none',
      selectors: { '&[data-open="true"]': { display: 'grid' } },
    },
  },
});

/** The button that unfolds the filters on a phone (on a wide screen they are always shown, and it is not). */
export const filtersToggle = style({
  display: 'none',
  alignItems: 'center',
  gap: '0.5rem',
  margin: '1rem 0 0',
  minHeight: '2.75rem',
  padding: '0.5rem 1rem',
  borderRadius: '999px',
  border: `1px solid ${vars.color.bodyTextColor}`,
  background: 'transparent',
  color: vars.color.bodyTextColor,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  '@media': { [PHONE]: { display: 'inline-flex' } },
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: '0.25rem', fontWeight: 600 });

export const control = style({
  minHeight: '2.5rem',
  padding: '0.25rem 0.5rem',
  border: `1px solid ${vars.color.bodyTextColor70}`,
  borderRadius: '0.25rem',
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  font: 'inherit',
  fontWeight: 400,
});

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', listStyle: 'none', margin: 0, padding: 0 });

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  padding: '0.25rem 0.25rem 0.25rem 0.75rem',
  borderRadius: '999px',
  border: `1px solid ${vars.color.bodyTextColor}`,
});

export const chipButton = style({
  minWidth: '1.75rem',
  minHeight: '1.75rem',
  borderRadius: '50%',
  border: 'none',
  background: vars.color.bodyTextColor,
  color: vars.color.bodyBackground,
  cursor: 'pointer',
});

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1rem',
  margin: '2rem 0 0',
});

export const notice = style({ margin: '1rem 0', fontSize: '1.05rem' });

globalStyle(`${card} img`, { display: 'block' });
