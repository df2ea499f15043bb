/**
 * The language flow's effects: the stored choice and the browser's languages, and the i18next instance the app
 * renders with (handed over once created: the app's chunk and the tests create it after the flows start).
 */
import type { i18n } from 'i18next';
import { fromPromise } from 'xstate';
import { type LanguagePreferences, languageMachine } from '../../../machines/language/language.machine';
import type { Language } from '../../../machines/language/languages';
import { languageStore } from '../../adapters/stores';
import { switchLanguage } from '../../i18n/i18n';
import type { CoreActors } from './core-logic';

export function provideLanguage(core: Pick<CoreActors, 'storage'>, instance: () => i18n | null): typeof languageMachine {
  const stored = languageStore(core.storage);
  return languageMachine.provide({
    actors: {
      readPreferences: fromPromise<LanguagePreferences>(async () => ({
        stored: stored.read(),
        browser: globalThis.navigator?.languages ?? [],
      })),
      switchLanguage: fromPromise<void, Language>(async ({ input }) => {
        const current = instance();
        if (!current) throw new Error('no i18next instance to switch');
        await switchLanguage(current, input);
      }),
    },
    actions: { storeChoice: (_, language) => stored.write(language) },
  });
}
