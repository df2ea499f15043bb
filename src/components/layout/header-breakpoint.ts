/**
 * Below this width the header's menu, language and account fold behind its Menu button. The stylesheet folds them
 * and the menu stops measuring what fits beside "More" at the same width, so both read it from here.
 */
export const HEADER_NARROW = 'screen and (max-width: 47.99rem)';
