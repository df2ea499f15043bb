/**
 * The channel's colour settings turned into the values of the theme contract (theme.css.ts): the ten colours of
 * `ColorSettings`, the opacity variants of SPEC §9 and a readable text colour for each brand fill.
 * Pure: no DOM, no vanilla-extract runtime; applyChannelTheme (apply-channel-theme.ts) does the assignment.
 */
import type { StartupQuery } from '../../mesh/client/generated/graphql';

/** The colours of `GET /color-settings/web` (mesh/openapi.yaml `ColorSettings`), every one `#rrggbb`. */
export type ColorSettings = NonNullable<StartupQuery['colors']>;

type ColorField = keyof ColorSettings;

/** SPEC §9: the opacity percentages at which variants of these colours are created. */
export const COLOR_VARIANTS = {
  footer_background: [20, 50, 70],
  body_background: [10, 20, 50, 70],
  body_text_color: [5, 10, 20, 50, 70, 95],
  header_text_color: [50],
  header_background: [10, 50, 70],
} as const satisfies Partial<Record<ColorField, readonly number[]>>;

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
type VariantField = keyof typeof COLOR_VARIANTS;
type VariantToken = { [F in VariantField]: `${CamelCase<F>}${(typeof COLOR_VARIANTS)[F][number]}` }[VariantField];

/** Fills that carry text (buttons, badges, links on accent): each gets a `textOn…` token that passes WCAG AA. */
const TEXT_ON = { textOnPrimary: 'primary_color', textOnSecondary: 'secondary_color', textOnAccent: 'accent_color' } as const;

/** Every colour variable of the theme: `headerBackground`, `footerBackground20`, `textOnPrimary`… */
export type ColorToken = CamelCase<ColorField> | VariantToken | keyof typeof TEXT_ON;

/**
 * Used whole when the channel's settings are missing or any colour in them is not `#rrggbb`. Mixing the channel's
 * colours with defaults field by field could put light default text on a dark channel background, so one bad value
 * gives the whole neutral palette (every text/fill pair below passes WCAG AA).
 */
export const DEFAULT_COLORS: Readonly<ColorSettings> = Object.freeze({
  header_background: '#1f2937',
  header_text_color: '#ffffff',
  body_background: '#ffffff',
  body_text_color: '#111827',
  footer_background: '#111827',
  footer_text_color: '#e5e7eb',
  primary_color: '#2563eb',
  secondary_color: '#4b5563',
  accent_color: '#b45309',
  button_text_color: '#ffffff',
});

const COLOR_FIELDS = Object.keys(DEFAULT_COLORS) as ColorField[];

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Whether `value` is a colour as the API contract defines it (`HexColor`: `#` and six hex digits). */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/** The fields of `colors` that are not `#rrggbb` (all of them when `colors` is missing), for logging. */
export function invalidColorFields(colors: ColorSettings | null | undefined): ColorField[] {
  return COLOR_FIELDS.filter((field) => !isHexColor(colors?.[field]));
}

/** The channel's colours in lower case, or DEFAULT_COLORS when any of them is missing or invalid. */
export function resolveColors(colors: ColorSettings | null | undefined): ColorSettings {
  if (!colors || invalidColorFields(colors).length > 0) return { ...DEFAULT_COLORS };
  return Object.fromEntries(COLOR_FIELDS.map((field) => [field, colors[field].toLowerCase()])) as ColorSettings;
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

/**
 * `rgb(r g b / p%)` (CSS Color 4): the percentage reads exactly as SPEC §9 writes it, and every browser the Vite 8
 * default target supports parses it; `rgba()` with a 0–1 alpha would need rounding (0.05, 0.95) for no gain.
 */
export function withOpacity(hex: string, percent: number): string {
  const [r, g, b] = channels(hex);
  return `rgb(${r} ${g} ${b} / ${percent}%)`;
}

/** WCAG 2.x relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * A text colour for `background` that reaches WCAG AA (4.5:1): `preferred` when it does, otherwise black or white,
 * whichever contrasts more. One of those two always reaches at least 4.58:1, so the result never fails AA.
 */
export function readableTextOn(background: string, preferred?: string): string {
  if (preferred !== undefined && isHexColor(preferred) && contrastRatio(preferred, background) >= MIN_TEXT_CONTRAST) {
    return preferred.toLowerCase();
  }
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

function camelCase<F extends string>(field: F): CamelCase<F> {
  return field.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()) as CamelCase<F>;
}

/**
 * The value of every theme variable for a channel, keyed like the contract in theme.css.ts. Base colours stay
 * `#rrggbb`; SPEC §9 variants are `rgb(r g b / p%)`; `textOn…` come from readableTextOn with the channel's button
 * text colour preferred. Invalid or missing settings give DEFAULT_COLORS' values (see resolveColors).
 */
export function themeVars(colors: ColorSettings | null | undefined): Record<ColorToken, string> {
  const resolved = resolveColors(colors);
  const entries: [string, string][] = COLOR_FIELDS.map((field) => [camelCase(field), resolved[field]]);
  for (const [field, percents] of Object.entries(COLOR_VARIANTS) as [VariantField, readonly number[]][]) {
    for (const percent of percents) entries.push([`${camelCase(field)}${percent}`, withOpacity(resolved[field], percent)]);
  }
  for (const [token, field] of Object.entries(TEXT_ON)) {
    entries.push([token, readableTextOn(resolved[field], resolved.button_text_color)]);
  }
  return Object.fromEntries(entries) as Record<ColorToken, string>;
}
