/**
 * The text/background pairs the shell's components draw (header, announcement, body and its links, buttons, footer,
 * the error banner) reach WCAG AA (4.5:1) with both demo channels' colours and with the default palette that shows
 * before a channel's colours arrive. Seed data is read here only; src/ never imports server/.
 */
import { describe, expect, it } from 'vitest';
import { boreal } from '../../../server/seed/boreal';
import { summit } from '../../../server/seed/summit';
import { DEFAULT_COLORS, MIN_TEXT_CONTRAST, contrastRatio, themeVars, type ColorSettings } from '../../../src/theme/channel-colors';

/** `top` at `percent` opacity over the opaque `bottom`, as `#rrggbb`. */
function over(top: string, percent: number, bottom: string): string {
  const channel = (hex: string, at: number) => Number.parseInt(hex.slice(at, at + 2), 16);
  return `#${[1, 3, 5]
    .map((at) => Math.round((channel(top, at) * percent + channel(bottom, at) * (100 - percent)) / 100))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

const PALETTES: Record<string, ColorSettings> = { summit: summit.colors, boreal: boreal.colors, default: { ...DEFAULT_COLORS } };

describe.each(Object.entries(PALETTES))('the shell on the %s palette', (_name, colors) => {
  const v = themeVars(colors);
  const pairs: [string, string, string][] = [
    ['body text', v.bodyTextColor, v.bodyBackground],
    ['body links', v.primaryColor, v.bodyBackground],
    ['primary buttons and the skip link', v.textOnPrimary, v.primaryColor],
    ['header', v.headerTextColor, v.headerBackground],
    ['header announcement', v.bodyTextColor, over(v.headerBackground, 10, v.bodyBackground)],
    ['footer', v.footerTextColor, v.footerBackground],
    ['global error banner', v.textOnAccent, v.accentColor],
  ];
  it.each(pairs)('%s read at AA', (_label, text, background) => {
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
