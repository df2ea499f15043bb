import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const screen = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1rem',
  padding: '2rem 1rem',
  background: vars.color.bodyBackground,
  color: vars.color.bodyTextColor,
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: '50%',
  border: `4px solid ${vars.color.bodyTextColor20}`,
  borderTopColor: vars.color.primaryColor,
  animation: `${spin} 0.9s linear infinite`,
  '@media': {
    // No spinning for viewers who asked for less motion: the ring and the text still say it is loading.
    '(prefers-reduced-motion: reduce)': { animation: 'none' },
  },
});

export const text = style({ margin: 0, fontSize: '1.1rem' });
