/**
 * The viewer's language: the stored choice, else the channel's default language, else the browser's, else English
 * (resolveInitialLanguage). The switcher stores the choice; locales other than en and fr arrive as their own chunk.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n } from 'i18next';
import { switchLanguage } from '../i18n/i18n';
import { resolveInitialLanguage, SUPPORTED_LANGUAGES, toSupportedLanguage, type Language } from '../i18n/languages';
import type { ExpiringStorage } from '../adapters/storage';
import { useShell } from './flows';

export const STORED_LANGUAGE = 'language';

/** Switches to the language this viewer should see on this channel; the page's `lang` follows. */
export async function applyInitialLanguage(
  instance: i18n,
  sources: { storage: ExpiringStorage; channelDefault: string | null | undefined; browser: readonly string[] },
): Promise<Language> {
  const language = resolveInitialLanguage({
    stored: sources.storage.get(STORED_LANGUAGE),
    channelDefault: sources.channelDefault,
    browser: sources.browser,
  });
  await switchLanguage(instance, language);
  return language;
}

/** What the language switcher needs. */
export function useLanguage() {
  const { storage } = useShell();
  const { i18n: instance } = useTranslation();
  // Only the pending choice is local: i18next itself holds the current language (and re-renders on change).
  const [pending, setPending] = useState<Language | null>(null);
  const language = toSupportedLanguage(instance.resolvedLanguage ?? instance.language) ?? 'en';
  return {
    language,
    languages: SUPPORTED_LANGUAGES,
    /** The language whose chunk is loading, if any. */
    pending,
    async choose(next: Language): Promise<void> {
      setPending(next);
      // Stored first: whatever reads the viewer's choice while the chunk loads already sees it.
      const previous = storage.get(STORED_LANGUAGE);
      storage.set(STORED_LANGUAGE, next);
      try {
        await switchLanguage(instance, next);
      } catch (error) {
        if (previous === null) storage.remove(STORED_LANGUAGE);
        else storage.set(STORED_LANGUAGE, previous);
        throw error;
      } finally {
        setPending(null);
      }
    },
  };
}
