import { globalStyle, style } from '@vanilla-extract/css';

export const content = style({ maxWidth: '48rem', fontSize: '1.05rem' });

globalStyle(`${content} h2, ${content} h3, ${content} h4`, { margin: '1.75rem 0 0.75rem', lineHeight: 1.25 });
globalStyle(`${content} p, ${content} ul, ${content} ol`, { margin: '0 0 1rem' });
globalStyle(`${content} li + li`, { marginTop: '0.25rem' });

export const failure = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1rem' });

export const message = style({ margin: 0 });
