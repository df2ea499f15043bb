/** A processed clip's actions: a row of buttons, a message above them when one failed, a note below. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const actions = style({ display: 'grid', gap: '0.75rem' });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' });

export const note = style({ margin: 0, color: vars.color.bodyTextColor70, fontSize: '0.9rem' });
