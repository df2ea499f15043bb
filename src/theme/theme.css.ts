/**
 * The theme contract: one CSS variable per colour. Nothing here has a value at build time; every channel's colours
 * arrive at run time (applyChannelTheme), so the same build serves every channel. `satisfies` keeps this list and
 * themeVars() in step at compile time; tests/src/theme.test.ts checks the same at run time.
 */
import { createThemeContract } from '@vanilla-extract/css';
import type { ColorToken } from './channel-colors';

export const vars = createThemeContract({
  color: {
    headerBackground: null,
    headerBackground10: null,
    headerBackground50: null,
    headerBackground70: null,
    headerTextColor: null,
    headerTextColor50: null,
    bodyBackground: null,
    bodyBackground10: null,
    bodyBackground20: null,
    bodyBackground50: null,
    bodyBackground70: null,
    bodyTextColor: null,
    bodyTextColor5: null,
    bodyTextColor10: null,
    bodyTextColor20: null,
    bodyTextColor50: null,
    bodyTextColor70: null,
    bodyTextColor95: null,
    footerBackground: null,
    footerBackground20: null,
    footerBackground50: null,
    footerBackground70: null,
    footerTextColor: null,
    primaryColor: null,
    secondaryColor: null,
    accentColor: null,
    buttonTextColor: null,
    textOnPrimary: null,
    textOnSecondary: null,
    textOnAccent: null,
  } satisfies Record<ColorToken, null>,
});
