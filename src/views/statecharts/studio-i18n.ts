/**
 * The studio's strings (src/i18n/studio), added to the app's i18next instance by the studio's own views: they load
 * with the studio's chunk, never with a viewer's first load. Every studio view translates through
 * `useStudioTranslation`, so whichever renders first puts them in place before any `studio.` key is read.
 */
import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../machines/language/languages';
import { studioDe } from '../../i18n/studio/de';
import { studioEn, type StudioMessages } from '../../i18n/studio/en';
import { studioEs } from '../../i18n/studio/es';
import { studioFr } from '../../i18n/studio/fr';
import { studioIt } from '../../i18n/studio/it';
import { studioPt } from '../../i18n/studio/pt';
import { descriptionsFr } from '../../i18n/studio/descriptions-fr';

export const studioStrings: Record<Language, StudioMessages> = {
  en: studioEn,
  fr: studioFr,
  de: studioDe,
  es: studioEs,
  it: studioIt,
  pt: studioPt,
};

/**
 * Adds the studio's strings for every language whose locale the instance has loaded (and only those: adding to a
 * language not loaded yet would make its bundle look loaded, and switchLanguage would then never fetch the rest).
 * Cheap and idempotent, so it runs on every render: a language switched to later gets its strings on the render the
 * switch causes.
 */
export function addStudioStrings(instance: i18n): void {
  for (const [language, strings] of Object.entries(studioStrings)) {
    if (instance.hasResourceBundle(language, 'translation') && instance.getResource(language, 'translation', 'studio') === undefined) {
      instance.addResourceBundle(language, 'translation', { studio: strings }, true, false);
    }
  }
}

/** `useTranslation` for the studio's views, with its strings in place. */
export function useStudioTranslation() {
  const translation = useTranslation();
  addStudioStrings(translation.i18n);
  return translation;
}

/** The machines' descriptions translated, by language; a language without them reads them as written (English). */
const DESCRIPTIONS: Partial<Record<Language, Readonly<Record<string, string>>>> = { fr: descriptionsFr };

/**
 * A machine's, state's or transition's description in the studio's language: the machines are described in English
 * where they are written, and French (the language of a French-speaking channel) has them all.
 */
export function useDescription(): (written: string) => string {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;
  const translated = DESCRIPTIONS[language];
  return (written) => translated?.[written] ?? written;
}
