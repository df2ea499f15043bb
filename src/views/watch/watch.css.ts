/** The watch screens: the event's details under the player, and the embed's minimal frame. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/** The player and the resume offer placed over it. */
export const playerArea = style({ position: 'relative' });

export const info = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.75rem',
  marginTop: '1.25rem',
  color: vars.color.bodyTextColor,
});

export const heading = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem' });

export const title = style({
  margin: 0,
  fontSize: 'clamp(1.4rem, 1.1rem + 1.2vw, 2.1rem)',
  lineHeight: 1.2,
});

export const badge = style({
  display: 'inline-block',
  padding: '0.2rem 0.6rem',
  borderRadius: '0.25rem',
  fontSize: '0.8rem',
  fontWeight: 700,
  letterSpacing: '0.05em',
  textTransform: 'uppercase',
  border: `1px solid ${vars.color.bodyTextColor50}`,
});

export const liveBadge = style([badge, { background: '#c8102e', borderColor: '#c8102e', color: '#fff' }]);

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.25rem 1.25rem',
  margin: 0,
  color: vars.color.bodyTextColor70,
});

export const price = style({ margin: 0, fontWeight: 700, fontSize: '1.1rem' });

export const description = style({ margin: 0, lineHeight: 1.5, maxWidth: '60rem' });

export const embed = style({ display: 'flex', flexDirection: 'column', gap: '0.5rem', padding: '0.5rem' });

export const embedTitle = style({ margin: 0, fontSize: '1.1rem', color: vars.color.bodyTextColor });

export const fullGame = style({ color: vars.color.bodyTextColor, fontWeight: 600, textDecorationColor: vars.color.primaryColor, textUnderlineOffset: 3 });

/** The game's download button, with the refusal under it when there is one. */
export const download = style({ display: 'grid', gap: '0.5rem', justifyItems: 'start', marginTop: '1rem' });

/** "Add to calendar" under an upcoming game's details. */
export const calendar = style({ display: 'flex', marginTop: '1rem' });
