/**
 * The i18next instance and its resources, without React: the shell wraps the instance in react-i18next's provider.
 * English and French are in the main bundle; every other locale is a dynamic `import()`, so the bundler emits it as
 * its own chunk, fetched the first time a viewer picks that language.
 */
import i18next, { type i18n } from 'i18next';
import { en, type MessageKey, type Messages } from './locales/en';
import { fr } from './locales/fr';
import { DEFAULT_LANGUAGE, type Language } from '../../machines/language/languages';

const bundled = { en, fr } satisfies Partial<Record<Language, Messages>>;

const onDemand: Record<Exclude<Language, keyof typeof bundled>, () => Promise<Messages>> = {
  es: () => import('./locales/es').then((m) => m.es),
  de: () => import('./locales/de').then((m) => m.de),
  it: () => import('./locales/it').then((m) => m.it),
  pt: () => import('./locales/pt').then((m) => m.pt),
};

/** A language's messages: at once for the bundled ones, through a separate chunk for the rest. */
export async function loadLocale(language: Language): Promise<Messages> {
  return language === 'en' || language === 'fr' ? bundled[language] : onDemand[language]();
}

/** Translates a typed key; `values` fill `{{placeholders}}`. What src/format asks for, so it never needs i18next. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The typed `Translate` of an instance. */
export function translator(instance: i18n): Translate {
  return (key, values) => instance.t(key, values);
}

/**
 * A fresh, initialised i18next instance showing `language` (no global singleton, no DOM): English is the fallback
 * for anything missing, and values are not HTML-escaped because React escapes what it renders.
 */
export async function createI18n(language: Language = DEFAULT_LANGUAGE): Promise<i18n> {
  const instance = i18next.createInstance();
  const resources: Partial<Record<Language, { translation: Messages }>> = {
    en: { translation: en },
    fr: { translation: fr },
  };
  if (!(language in resources)) resources[language] = { translation: await loadLocale(language) };
  await instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: Object.keys({ ...bundled, ...onDemand }),
    resources,
    interpolation: { escapeValue: false },
    // Resources are in place before a language is switched to (switchLanguage loads the chunk first), so nothing
    // needs to suspend: a switch never blanks the page behind a Suspense fallback.
    react: { useSuspense: false },
    returnNull: false,
  });
  return instance;
}

/** What the language switcher calls: fetches the locale's chunk when it is not loaded yet, then switches. */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', await loadLocale(language));
  }
  await instance.changeLanguage(language);
}
