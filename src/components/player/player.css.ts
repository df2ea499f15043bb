/** The player: a 16/9 video area (SPEC §2, §9) with its overlays laid over the video. */
import { keyframes, style } from '@vanilla-extract/css';
import { VIDEO_ASPECT_RATIO } from '../../format/ratios';
import { vars } from '../../theme/theme.css';

/**
 * On a phone a refusal (its reason and two or three ways out) does not fit in a 16/9 box a few hundred pixels wide:
 * laid over the video it was clipped and crowded. There, a refused player grows to hold it, as streaming apps put
 * the lock screen's words and buttons in a box of their own; nothing plays, so the video is not shown.
 */
const NARROW = 'screen and (max-width: 40rem)';
const DENIED = '[data-status="denied"]';

export const frame = style({
  position: 'relative',
  width: '100%',
  aspectRatio: String(VIDEO_ASPECT_RATIO),
  background: '#000',
  color: '#fff',
  overflow: 'hidden',
  borderRadius: '0.375rem',
  '@media': { [NARROW]: { selectors: { [`&${DENIED}`]: { aspectRatio: 'auto', minHeight: `calc(100vw / ${VIDEO_ASPECT_RATIO})` } } } },
});

export const video = style({
  display: 'block',
  width: '100%',
  height: '100%',
  background: '#000',
  '@media': { [NARROW]: { selectors: { [`${frame}${DENIED} &`]: { display: 'none' } } } },
});

/** Covers the video: messages, buttons and links, centred, on a dark veil that white text reads on. */
export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1rem',
  padding: '1.5rem',
  textAlign: 'center',
  background: 'rgba(0, 0, 0, 0.78)',
  '@media': { [NARROW]: { selectors: { [`${frame}${DENIED} &`]: { position: 'static', minHeight: 'inherit', padding: '1.5rem 1rem' } } } },
});

/** Over a playing or loading video: lets clicks through to the native controls. */
export const passiveOverlay = style([overlay, { background: 'rgba(0, 0, 0, 0.35)', pointerEvents: 'none' }]);

export const message = style({ margin: 0, maxWidth: '36rem', fontSize: '1.1rem', lineHeight: 1.4 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', justifyContent: 'center' });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: '50%',
  border: '4px solid rgba(255, 255, 255, 0.3)',
  borderTopColor: vars.color.primaryColor,
  animation: `${spin} 0.9s linear infinite`,
  '@media': {
    '(prefers-reduced-motion: reduce)': { animation: 'none' },
  },
});

/** The "Ad" label in the corner while the preroll plays. */
export const adLabel = style({
  position: 'absolute',
  top: '0.75rem',
  left: '0.75rem',
  padding: '0.2rem 0.6rem',
  borderRadius: '0.25rem',
  background: '#ffd400',
  color: '#000',
  fontWeight: 700,
  fontSize: '0.85rem',
  letterSpacing: '0.05em',
  pointerEvents: 'none',
});
