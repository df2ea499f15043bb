/** The resume offer: a veil over the player with the two choices, in the player's white-on-dark. */
import { style } from '@vanilla-extract/css';

/** The player and what covers it: the offer is placed over the player's frame. */
export const area = style({ position: 'relative' });

export const offer = style({
  position: 'absolute',
  inset: 0,
  zIndex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1rem',
  padding: '1rem',
  textAlign: 'center',
  borderRadius: '0.375rem',
  // Opaque: the player's own loading notice under it must not show through.
  background: '#0b0b0b',
  color: '#fff',
});

export const title = style({ margin: 0, fontSize: 'clamp(1rem, 0.9rem + 0.6vw, 1.3rem)', lineHeight: 1.3 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', justifyContent: 'center' });
