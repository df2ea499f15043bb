/**
 * The languages the app offers, in the order the language switcher lists them, each with its own name for itself.
 * English is bundled with the app; the others, French included, load on demand (see `loadLocale`).
 */
export const SUPPORTED_LANGUAGES = [
  { code: 'en', nativeName: 'English' },
  { code: 'fr', nativeName: 'Français' },
  { code: 'es', nativeName: 'Español' },
  { code: 'de', nativeName: 'Deutsch' },
  { code: 'it', nativeName: 'Italiano' },
  { code: 'pt', nativeName: 'Português' },
] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number]['code'];

/** SPEC §9: the default language is en. */
export const DEFAULT_LANGUAGE: Language = 'en';

const codes: ReadonlySet<string> = new Set(SUPPORTED_LANGUAGES.map((l) => l.code));

/**
 * The supported language a BCP 47 tag asks for, by its primary subtag: `fr-CA` and `FR_ca` are `fr`; `zh-TW`,
 * empty and missing are `null`.
 */
export function toSupportedLanguage(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return codes.has(primary) ? (primary as Language) : null;
}

export interface LanguageSources {
  /** The viewer's own earlier choice from the switcher, as stored; it wins over everything else. */
  stored?: string | null | undefined;
  /** The channel settings' `language` (SPEC.md §3). */
  channelDefault?: string | null | undefined;
  /** The browser's preferences, most preferred first (`navigator.languages`), or one tag. */
  browser?: string | readonly string[] | null | undefined;
}

/**
 * The language the app starts in: the viewer's stored choice, else the channel's default language, else the first
 * supported browser preference, else English. A value naming no supported language is skipped, never an error.
 * The channel's language comes before the browser's because a white-label channel speaks to its own audience.
 */
export function resolveInitialLanguage({ stored, channelDefault, browser }: LanguageSources): Language {
  const preferences = typeof browser === 'string' ? [browser] : (browser ?? []);
  for (const tag of [stored, channelDefault, ...preferences]) {
    const language = toSupportedLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
