/** The VOD card and the grid of a list; rails are the catalogue's `Rail`. */
import { style } from '@vanilla-extract/css';
import { focusRingColor } from '../../theme/global.css';
import { vars } from '../../theme/theme.css';
// SPEC §9: a card is 280 to 380 px wide, in the library's grid as in the rails.
import { RAIL_CARD_MAX_PX, RAIL_CARD_MIN_PX } from '../catalogue/catalogue.css';


export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  borderRadius: '0.5rem',
  overflow: 'hidden',
  background: vars.color.bodyTextColor5,
  color: vars.color.bodyTextColor,
  transition: 'transform 120ms ease-out',
  selectors: {
    // The whole card is the title's link (see cardLink), so the card shows the link's focus.
    '&:focus-within': { outline: `3px solid ${focusRingColor}`, outlineOffset: '2px' },
    '&:hover': { transform: 'translateY(-2px)' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none', selectors: { '&:hover': { transform: 'none' } } } },
});

export const media = style({
  position: 'relative',
  // SPEC §2: video is 16/9.
  aspectRatio: '16 / 9',
  background: vars.color.bodyTextColor10,
  // The body comes first in the markup (heading before picture for screen readers); the picture shows on top.
  order: -1,
});

export const image = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' });

/** The duration over the picture's corner, in the body's colours inverted so it reads on any picture. */
export const durationBadge = style({
  position: 'absolute',
  right: '0.5rem',
  bottom: '0.5rem',
  padding: '0.1rem 0.4rem',
  borderRadius: '0.25rem',
  background: vars.color.bodyTextColor,
  color: vars.color.bodyBackground,
  fontSize: '0.8rem',
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: '0.25rem', padding: '0.75rem 0.875rem 1rem' });

export const cardTitle = style({ margin: 0, fontSize: '1rem', lineHeight: 1.35, fontWeight: 600 });

/** The title's link covers the whole card (its ::after), so the card has one link, named by the title. */
export const cardLink = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0 },
    '&:focus-visible': { outline: 'none' },
    [`${card}:hover &`]: { textDecoration: 'underline' },
  },
});

export const cardDate = style({ margin: 0, fontSize: '0.875rem', color: vars.color.bodyTextColor70 });

export const gridList = style({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fill, minmax(min(${RAIL_CARD_MIN_PX}px, 100%), ${RAIL_CARD_MAX_PX}px))`,
  gap: '1.25rem 1rem',
  margin: 0,
  padding: '0.375rem',
  listStyle: 'none',
});

export const listItem = style({ minWidth: 0, scrollSnapAlign: 'start' });
