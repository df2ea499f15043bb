/**
 * Home's hero, apart from the catalogue's styles: only home shows it, and the class names a module exports are
 * JavaScript that every page importing the module loads.
 */
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { badge } from './catalogue.css';

/** From this width the hero's words sit on its picture; below it they stack under the picture. */
const HERO_WIDE = 'screen and (min-width: 48rem)';

export const hero = style({
  position: 'relative',
  margin: '0 0 2rem',
  borderRadius: '0.75rem',
  overflow: 'hidden',
  border: `1px solid ${vars.color.bodyTextColor20}`,
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
  '@media': { [HERO_WIDE]: { border: 'none' } },
});

/** 16:9 on a phone, wider on a desktop so the rails still start in the first screen; the box is sized before the picture. */
export const heroMedia = style({
  position: 'relative',
  aspectRatio: '16 / 9',
  background: vars.color.secondaryColor,
  '@media': { [HERO_WIDE]: { aspectRatio: '21 / 8' } },
  selectors: {
    // The scrim the words are read on: dark from the left and the bottom, clear where the picture shows.
    '&::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      '@media': {
        [HERO_WIDE]: {
          background: 'linear-gradient(90deg, rgb(0 0 0 / 0.82) 0%, rgb(0 0 0 / 0.55) 45%, rgb(0 0 0 / 0) 75%), linear-gradient(0deg, rgb(0 0 0 / 0.5), rgb(0 0 0 / 0) 50%)',
        },
      },
    },
  },
});

export const heroBody = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: '0.75rem',
  padding: '1rem 1rem 1.25rem',
  '@media': {
    [HERO_WIDE]: {
      position: 'absolute',
      insetInlineStart: 0,
      bottom: 0,
      maxWidth: '34rem',
      alignItems: 'flex-start',
      padding: '2rem 2.5rem',
      color: '#ffffff',
    },
  },
});

export const heroBadge = style([badge, { position: 'static', alignSelf: 'flex-start' }]);

export const heroTitle = style({ margin: 0, fontSize: 'clamp(1.5rem, 1.1rem + 1.6vw, 2.5rem)', lineHeight: 1.15 });

export const heroText = style({ margin: 0, fontSize: '1.05rem', lineHeight: 1.45 });

/** Full width and 48 px high on a phone, its own width on a desktop. */
export const heroCta = style({ minHeight: '3rem', fontSize: '1.05rem', '@media': { [HERO_WIDE]: { paddingInline: '2rem' } } });
