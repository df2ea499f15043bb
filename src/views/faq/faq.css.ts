/** The FAQ accordion: one bordered list, a question per row with a turning chevron, the answer below it. */
import { globalStyle, style } from '@vanilla-extract/css';
import { page as basePage } from '../../components/page.css';
import { vars } from '../../theme/theme.css';

/** From this width the page is two columns: the title and the way to ask beside the questions. */
const WIDE = 'screen and (min-width: 56rem)';

/**
 * The page's full width, as every other page: on a phone one column (title, questions, the way to ask); on a wide
 * screen the title and the way to ask stay beside the questions, whose column keeps the answers' lines of reading
 * length (as the help centres of streaming services lay out their FAQ).
 */
export const page = style([
  basePage,
  {
    display: 'grid',
    gridTemplateAreas: '"intro" "body" "more"',
    '@media': {
      [WIDE]: {
        gridTemplateColumns: 'minmax(15rem, 1fr) minmax(0, 46rem)',
        gridTemplateAreas: '"intro body" "more body"',
        gridTemplateRows: 'auto 1fr',
        columnGap: '4rem',
        alignItems: 'start',
      },
    },
  },
]);

export const intro = style({ gridArea: 'intro' });

export const body = style({
  gridArea: 'body',
  minWidth: 0,
  '@media': { [WIDE]: { paddingTop: '0.5rem' } },
});

export const list = style({
  margin: '1.5rem 0 0',
  borderTop: `1px solid ${vars.color.bodyTextColor20}`,
  '@media': { [WIDE]: { marginTop: 0 } },
});

export const item = style({ borderBottom: `1px solid ${vars.color.bodyTextColor20}` });

export const question = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '1rem',
  minHeight: '3rem',
  padding: '1rem 0.25rem',
  cursor: 'pointer',
  listStyle: 'none',
  fontSize: '1.1rem',
  fontWeight: 600,
  color: vars.color.bodyTextColor,
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    '&::after': { content: '"+"', flex: '0 0 auto', fontSize: '1.5rem', lineHeight: 1, color: vars.color.primaryColor },
    [`${item}[open] > &::after`]: { content: '"−"' },
    '&:focus-visible': { outline: `3px solid ${vars.color.primaryColor}`, outlineOffset: 2 },
  },
});

export const answer = style({ padding: '0 0.25rem 1.25rem', color: vars.color.bodyTextColor70, fontSize: '1.05rem', lineHeight: 1.6 });

globalStyle(`${answer} p`, { margin: '0 0 0.75rem' });

export const status = style({ margin: '1.5rem 0 0', color: vars.color.bodyTextColor70 });

export const more = style({
  gridArea: 'more',
  margin: '2rem 0 0',
  color: vars.color.bodyTextColor,
  '@media': { [WIDE]: { margin: '1rem 0 0' } },
});

export const link = style({ color: vars.color.bodyTextColor, fontWeight: 600, textDecorationColor: vars.color.primaryColor, textUnderlineOffset: 3 });
