/**
 * The i18next instance and its resources, without React: the shell wraps the instance in react-i18next's provider.
 * Only English, the fallback, is in the app's chunk; every other locale, French included, is a dynamic `import()`,
 * so the bundler emits it as its own chunk and an English visitor never downloads another language's strings.
 */
import i18next, { type i18n } from 'i18next';
import { en, type MessageKey, type Messages } from './locales/en';
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '../../machines/language/languages';

const onDemand: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  fr: () => import('./locales/fr').then((m) => m.fr),
  es: () => import('./locales/es').then((m) => m.es),
  de: () => import('./locales/de').then((m) => m.de),
  it: () => import('./locales/it').then((m) => m.it),
  pt: () => import('./locales/pt').then((m) => m.pt),
};

/** A language's messages: English at once, any other through its own chunk. */
export async function loadLocale(language: Language): Promise<Messages> {
  return language === 'en' ? en : onDemand[language]();
}

/** Translates a typed key; `values` fill `{{placeholders}}`. What src/format asks for, so it never needs i18next. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The typed `Translate` of an instance. */
export function translator(instance: i18n): Translate {
  return (key, values) => instance.t(key, values);
}

/**
 * A fresh, initialised i18next instance showing `language` (no global singleton, no DOM), its locale loaded before
 * it resolves: English is the fallback for anything missing, and values are not HTML-escaped because React escapes
 * what it renders. A locale that cannot load (its chunk failed) leaves the instance in English rather than failing
 * the app's start; the language flow tries that language again once startup settled.
 */
export async function createI18n(language: Language = DEFAULT_LANGUAGE, load: typeof loadLocale = loadLocale): Promise<i18n> {
  const instance = i18next.createInstance();
  const resources: Partial<Record<Language, { translation: Messages }>> = { en: { translation: en } };
  let lng: Language = language;
  if (language !== 'en') {
    try {
      resources[language] = { translation: await load(language) };
    } catch {
      lng = DEFAULT_LANGUAGE;
    }
  }
  await instance.init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES.map((l) => l.code),
    resources,
    interpolation: { escapeValue: false },
    // Resources are in place before a language is switched to (switchLanguage loads the chunk first), so nothing
    // needs to suspend: a switch never blanks the page behind a Suspense fallback.
    react: { useSuspense: false },
    returnNull: false,
  });
  return instance;
}

/**
 * What the language flow's switch calls: fetches the locale's chunk when it is not loaded yet, then switches, so the
 * app never renders a language whose strings are not there. Rejects, leaving the language as it was, when the chunk
 * cannot load.
 */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', await loadLocale(language));
  }
  await instance.changeLanguage(language);
}
