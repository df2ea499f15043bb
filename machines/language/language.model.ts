/**
 * Model of the viewer's language (machines/language): the channel's default or none, what storage and the browser
 * say, a locale that loads or not, and the viewer's choices of another language or the one shown.
 */
import { languageMachine, type LanguagePreferences } from './language.machine';
import { defineModel } from '../shared/machine-model';

const preferences: LanguagePreferences[] = [
  { stored: null, browser: ['de-DE', 'en'] },
  { stored: 'es', browser: [] },
];

export const languageModel = defineModel({
  machine: languageMachine,
  input: { language: 'en' },
  events: {
    'startup.settled': [
      { type: 'startup.settled', channelDefault: 'fr' },
      { type: 'startup.settled', channelDefault: null },
    ],
    'user.choose': [
      { type: 'user.choose', language: 'fr' },
      { type: 'user.choose', language: 'en' },
    ],
  },
  outputs: { readPreferences: preferences, switchLanguage: [undefined], switchToChoice: [undefined] },
  check: (snapshot) => {
    const { switching } = snapshot.context;
    if (snapshot.hasTag('busy') !== (snapshot.matches('resolving') || snapshot.matches('switching') || snapshot.matches('choosing'))) {
      throw new Error(`busy in ${JSON.stringify(snapshot.value)}`);
    }
    if ((snapshot.matches('switching') || snapshot.matches('choosing')) && switching === null) throw new Error('switching to nothing');
    if (snapshot.matches('ready') && switching !== null) throw new Error('ready while still switching');
  },
});
