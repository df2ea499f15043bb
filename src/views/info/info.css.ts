import { style } from '@vanilla-extract/css';
import { primaryButton } from '../../components/controls.css';
import { vars } from '../../theme/theme.css';

export const link = style({ color: vars.color.bodyTextColor, fontWeight: 600, textDecorationColor: vars.color.primaryColor, textUnderlineOffset: 3 });

/** The page's call to action, under its content and aligned with it. */
export const more = style({ maxWidth: '72rem', margin: '-1.5rem auto 0', padding: '0 1rem 3rem' });

export const button = style([primaryButton, { textDecoration: 'none' }]);
