/**
 * The player's controls' strings (src/i18n/player-controls), added to the app's i18next instance by the controls
 * themselves, as the studio adds its own (src/views/statecharts/studio-i18n.ts): they load with the controls' chunk,
 * after the first frame, never with the first load.
 */
import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../machines/language/languages';
import { playerControlsDe } from '../../i18n/player-controls/de';
import { playerControlsEn, type PlayerControlsMessages } from '../../i18n/player-controls/en';
import { playerControlsEs } from '../../i18n/player-controls/es';
import { playerControlsFr } from '../../i18n/player-controls/fr';
import { playerControlsIt } from '../../i18n/player-controls/it';
import { playerControlsPt } from '../../i18n/player-controls/pt';

const playerControlsStrings: Record<Language, PlayerControlsMessages> = {
  en: playerControlsEn,
  fr: playerControlsFr,
  de: playerControlsDe,
  es: playerControlsEs,
  it: playerControlsIt,
  pt: playerControlsPt,
};

/** Adds the strings for every language the instance has loaded (only those: see addStudioStrings); idempotent. */
function addPlayerControlsStrings(instance: i18n): void {
  for (const [language, strings] of Object.entries(playerControlsStrings)) {
    if (instance.hasResourceBundle(language, 'translation') && instance.getResource(language, 'translation', 'playerControls') === undefined) {
      instance.addResourceBundle(language, 'translation', { playerControls: strings }, true, false);
    }
  }
}

/** `useTranslation` for the controls, with their strings in place; `c('play')` reads `playerControls.play`. */
export function useControlsTranslation() {
  const translation = useTranslation();
  addPlayerControlsStrings(translation.i18n);
  const c = (key: keyof PlayerControlsMessages, options?: Record<string, string>): string => translation.t(`playerControls.${key}`, options);
  return { ...translation, c };
}
