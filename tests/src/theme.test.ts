/**
 * White-label theme: the channel's colours become the theme contract's variables, with the opacity variants of
 * SPEC §9, for both seeded channels. Seed data is read here only; src/ never imports server/.
 */
import { describe, expect, it } from 'vitest';
import { boreal } from '../../server/seed/boreal';
import { summit } from '../../server/seed/summit';
import { applyChannelTheme } from '../../src/theme/apply-channel-theme';
import {
  COLOR_VARIANTS,
  DEFAULT_COLORS,
  MIN_TEXT_CONTRAST,
  contrastRatio,
  invalidColorFields,
  isHexColor,
  readableTextOn,
  relativeLuminance,
  resolveColors,
  themeVars,
  withOpacity,
  type ColorSettings,
} from '../../src/theme/channel-colors';
import { vars } from '../../src/theme/theme.css';

/** SPEC §9, copied by hand so that a change on either side shows up here. */
const SPEC_VARIANTS = {
  'footer-background': [20, 50, 70],
  'body-background': [10, 20, 50, 70],
  'body-text-color': [5, 10, 20, 50, 70, 95],
  'header-text-color': [50],
  'header-background': [10, 50, 70],
};

const BASE_TOKENS = [
  'headerBackground',
  'headerTextColor',
  'bodyBackground',
  'bodyTextColor',
  'footerBackground',
  'footerTextColor',
  'primaryColor',
  'secondaryColor',
  'accentColor',
  'buttonTextColor',
];

const SPEC_VARIANT_TOKENS = Object.entries(SPEC_VARIANTS).flatMap(([name, percents]) =>
  percents.map((percent) => `${name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())}${percent}`),
);

const CHANNELS = { summit: summit.colors, boreal: boreal.colors } as const;

const RGB_ALPHA = /^rgb\((\d{1,3}) (\d{1,3}) (\d{1,3}) \/ (\d{1,3})%\)$/;

function rgbOf(hex: string): number[] {
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
}

describe('SPEC §9 opacity variants', () => {
  it('lists exactly the colours and percentages of the spec', () => {
    const ours = Object.fromEntries(
      Object.entries(COLOR_VARIANTS).map(([field, percents]) => [field.replaceAll('_', '-'), [...percents]]),
    );
    expect(ours).toEqual(SPEC_VARIANTS);
  });

  it('gives every variant its own theme variable and nothing else beyond base colours and text-on tokens', () => {
    const keys = Object.keys(themeVars(summit.colors));
    expect(keys).toEqual(expect.arrayContaining([...BASE_TOKENS, ...SPEC_VARIANT_TOKENS]));
    expect(keys.filter((key) => !BASE_TOKENS.includes(key) && !SPEC_VARIANT_TOKENS.includes(key)).sort()).toEqual([
      'textOnAccent',
      'textOnPrimary',
      'textOnSecondary',
    ]);
    expect(SPEC_VARIANT_TOKENS).toHaveLength(17);
  });
});

describe.each(Object.entries(CHANNELS))('seeded channel %s', (_name, colors) => {
  const values = themeVars(colors);

  it('keeps its own colours as the base variables', () => {
    expect(resolveColors(colors)).toEqual(colors);
    for (const [field, hex] of Object.entries(colors)) {
      const token = field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
      expect(values[token as keyof typeof values]).toBe(hex);
    }
  });

  it('computes every variant as a valid CSS colour of the base colour at the spec percentage', () => {
    for (const [name, percents] of Object.entries(SPEC_VARIANTS)) {
      const base = colors[name.replaceAll('-', '_') as keyof ColorSettings];
      for (const percent of percents) {
        const token = `${name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())}${percent}`;
        const match = RGB_ALPHA.exec(values[token as keyof typeof values]);
        expect(match, token).not.toBeNull();
        const [, r, g, b, alpha] = match!.map(Number);
        expect([r, g, b], token).toEqual(rgbOf(base));
        expect(alpha, token).toBe(percent);
      }
    }
  });

  it('only ever produces #rrggbb or rgb(r g b / p%) values', () => {
    for (const value of Object.values(values)) expect(isHexColor(value) || RGB_ALPHA.test(value)).toBe(true);
  });

  it('reads its text on its backgrounds at WCAG AA, and text-on tokens pass AA on their fills', () => {
    expect(contrastRatio(colors.body_text_color, colors.body_background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(colors.header_text_color, colors.header_background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(colors.footer_text_color, colors.footer_background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(values.textOnPrimary, values.primaryColor)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(values.textOnSecondary, values.secondaryColor)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(values.textOnAccent, values.accentColor)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

describe('the two demo channels', () => {
  it('look different in every channel colour and every variant', () => {
    const a = themeVars(summit.colors);
    const b = themeVars(boreal.colors);
    const same = [...BASE_TOKENS, ...SPEC_VARIANT_TOKENS].filter((key) => a[key as keyof typeof a] === b[key as keyof typeof b]);
    expect(same).toEqual([]);
  });

  it('are one light and one dark theme', () => {
    expect(relativeLuminance(summit.colors.body_background)).toBeGreaterThan(0.5);
    expect(relativeLuminance(boreal.colors.body_background)).toBeLessThan(0.1);
  });
});

describe('invalid colour settings', () => {
  const bad: [string, unknown][] = [
    ['a colour name', 'red'],
    ['three hex digits', '#fff'],
    ['eight hex digits', '#112233ff'],
    ['a CSS injection', '#000000; background: url(x)'],
    ['an empty string', ''],
    ['null', null],
  ];

  it.each(bad)('fall back to the whole default palette for %s', (_label, value) => {
    const colors = { ...boreal.colors, accent_color: value } as unknown as ColorSettings;
    expect(invalidColorFields(colors)).toEqual(['accent_color']);
    expect(themeVars(colors)).toEqual(themeVars(DEFAULT_COLORS));
  });

  it('fall back when the settings are missing or incomplete', () => {
    const incomplete: Partial<ColorSettings> = { ...summit.colors };
    delete incomplete.primary_color;
    expect(themeVars(null)).toEqual(themeVars(DEFAULT_COLORS));
    expect(themeVars(undefined)).toEqual(themeVars(DEFAULT_COLORS));
    expect(themeVars(incomplete as ColorSettings)).toEqual(themeVars(DEFAULT_COLORS));
    expect(invalidColorFields(null)).toHaveLength(10);
  });

  it('accept upper-case hex and emit it in lower case', () => {
    const upper = Object.fromEntries(Object.entries(summit.colors).map(([k, v]) => [k, v.toUpperCase()])) as ColorSettings;
    expect(themeVars(upper)).toEqual(themeVars(summit.colors));
  });

  it('has a default palette that is valid and readable', () => {
    expect(invalidColorFields(DEFAULT_COLORS)).toEqual([]);
    const d = DEFAULT_COLORS;
    for (const [text, background] of [
      [d.body_text_color, d.body_background],
      [d.header_text_color, d.header_background],
      [d.footer_text_color, d.footer_background],
      [d.button_text_color, d.primary_color],
      [d.button_text_color, d.secondary_color],
      [d.button_text_color, d.accent_color],
    ] as const) {
      expect(contrastRatio(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});

describe('contrast helpers', () => {
  it('compute WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // Reference value: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('keep the preferred text colour when it passes AA', () => {
    expect(readableTextOn('#1d4ed8', '#FFFFFF')).toBe('#ffffff');
    expect(readableTextOn('#2bb3a3', '#0b1d1e')).toBe('#0b1d1e');
  });

  it('replace a preferred colour that fails AA with black or white, whichever reads better', () => {
    expect(readableTextOn('#f2a900', '#ffffff')).toBe('#000000');
    expect(readableTextOn('#0b2545', '#13315c')).toBe('#ffffff');
    expect(readableTextOn('#ffff00')).toBe('#000000');
    expect(readableTextOn('#ffffff', 'not a colour')).toBe('#000000');
  });

  it('always reach AA, whatever the fill', () => {
    for (let grey = 0; grey <= 255; grey += 5) {
      const hex = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(readableTextOn(hex, hex), hex)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it('writes opacity as rgb() with a percentage', () => {
    expect(withOpacity('#0b2545', 5)).toBe('rgb(11 37 69 / 5%)');
  });
});

describe('theme contract', () => {
  it('has exactly the variables themeVars produces, each a CSS custom property', () => {
    expect(Object.keys(vars.color).sort()).toEqual(Object.keys(themeVars(summit.colors)).sort());
    for (const value of Object.values(vars.color)) expect(value).toMatch(/^var\(--[\w-]+\)$/);
    expect(new Set(Object.values(vars.color)).size).toBe(Object.keys(vars.color).length);
  });

  it('is applied to an element as one custom property per variable', () => {
    const set = new Map<string, string>();
    applyChannelTheme({ style: { setProperty: (property, value) => set.set(property, value) } }, boreal.colors);
    const expected = themeVars(boreal.colors);
    expect(set.size).toBe(Object.keys(expected).length);
    for (const [token, value] of Object.entries(expected)) {
      const property = vars.color[token as keyof typeof vars.color].slice('var('.length, -1);
      expect(set.get(property), token).toBe(value);
    }
  });
});
