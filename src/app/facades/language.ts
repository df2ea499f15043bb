/** Facade of the language flow (machines/language): the language shown, the one being loaded, and the choice. */
import { type Language, SUPPORTED_LANGUAGES } from '../../../machines/language/languages';
import { LanguageFlow } from '../flows';

/** What the language switcher needs. */
export function useLanguage() {
  const flow = LanguageFlow.useActor();
  const language = LanguageFlow.useSelect((s) => s.context.language);
  // The viewer's choice while its locale loads (the switcher shows it and waits).
  const pending = LanguageFlow.useSelect((s) => (s.hasTag('choosing') ? s.context.switching : null));
  return {
    language,
    languages: SUPPORTED_LANGUAGES,
    pending,
    choose: (next: Language) => flow.send({ type: 'user.choose', language: next }),
  };
}
