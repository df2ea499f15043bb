/**
 * The viewer's language (SPEC §1 "English (default) and French; locale files for many further languages load on
 * demand", §9 default en): once startup has settled, the app switches to the viewer's stored choice, else the
 * channel's default language, else the browser's, else English; later the viewer picks another from the switcher,
 * which is stored first and loads its locale if it is not loaded yet (only English is bundled; every other locale
 * is its own chunk, and the app's start loads the stored or browser's one before its first render).
 *
 * Effects: `readPreferences` (the stored choice and the browser's languages), `switchLanguage` (load the locale and
 * switch the app to it) and the action `storeChoice`, all supplied by the app.
 */
import { assign, fromPromise, not, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { type Language, resolveInitialLanguage } from './languages';

/** Where the viewer's language may come from besides the channel. @public */
export interface LanguagePreferences {
  /** The viewer's earlier choice from the switcher, as stored. */
  stored: string | null;
  /** The browser's preferences, most preferred first. */
  browser: readonly string[];
}

/** @public */
export interface LanguageContext {
  /** The language the app shows. */
  language: Language;
  /** The channel's default language (its settings), once startup has settled. */
  channelDefault: string | null;
  /** The language being switched to (the start's, or the viewer's choice); null when none is. */
  switching: Language | null;
}

/** @public */
export type LanguageEvent =
  | { type: 'startup.settled'; channelDefault: string | null }
  | { type: 'user.choose'; language: Language };

export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as { language: Language },
    /** `choosing`: the viewer's choice is loading (the switcher shows it and waits). */
    tags: {} as 'ready' | 'busy' | 'choosing',
  },
  actors: {
    // Safe defaults: nothing stored, no browser preference; without a way to switch, the language stays.
    readPreferences: fromPromise<LanguagePreferences>(async () => ({ stored: null, browser: [] })),
    switchLanguage: fromPromise<void, Language>(notProvided('switchLanguage')),
  },
  guards: {
    isShownLanguage: ({ context, event }) => event.type === 'user.choose' && event.language === context.language,
  },
  actions: {
    useChannelDefault: assign(({ event }) => (event.type === 'startup.settled' ? { channelDefault: event.channelDefault } : {})),
    resolveStart: assign(({ context }, preferences: LanguagePreferences) => ({
      switching: resolveInitialLanguage({ ...preferences, channelDefault: context.channelDefault }),
    })),
    resolveFromChannel: assign(({ context }) => ({ switching: resolveInitialLanguage({ channelDefault: context.channelDefault }) })),
    chooseLanguage: assign(({ event }) => (event.type === 'user.choose' ? { switching: event.language } : {})),
    useSwitched: assign(({ context }) => ({ language: context.switching ?? context.language, switching: null })),
    keepLanguage: assign({ switching: null }),
    /** App effect: keep the viewer's choice for the next visit (local storage). No-op by default. */
    storeChoice: (_, _language: Language) => undefined,
  },
}).createMachine({
  id: 'language',
  description:
    "The language the app speaks. Once startup has settled it switches to the viewer's stored choice, else the " +
    "channel's default language, else the browser's, else English. The viewer may pick another at any time: the " +
    'choice is kept for the next visit, and a language whose locale is not loaded yet loads first.',
  context: ({ input }) => ({ language: input.language, channelDefault: null, switching: null }),
  initial: 'starting',
  states: {
    starting: {
      description:
        "The app is starting: the language it started in (the stored choice, else the browser's, its locale loaded before " +
        'the first render) shows until startup has settled.',
      on: {
        'startup.settled': {
          target: 'resolving',
          actions: 'useChannelDefault',
          description: "Startup settled: the channel's default language is known.",
        },
      },
    },
    resolving: {
      description: "Reading the viewer's stored choice and the browser's languages.",
      tags: ['busy'],
      invoke: {
        id: 'readPreferences',
        src: 'readPreferences',
        onDone: {
          target: 'switching',
          actions: { type: 'resolveStart', params: ({ event }) => event.output },
          description: 'The stored choice, else the channel default, else the browser, else English.',
        },
        onError: {
          target: 'switching',
          actions: 'resolveFromChannel',
          description: "Storage could not be read: the channel's default language, else English.",
        },
      },
    },
    switching: {
      description: "Switching to the start's language (its locale's chunk loads first if it is not loaded yet).",
      tags: ['busy'],
      invoke: {
        id: 'switchLanguage',
        src: 'switchLanguage',
        input: ({ context }) => context.switching ?? context.language,
        onDone: { target: 'ready', actions: 'useSwitched', description: 'The app speaks it.' },
        onError: {
          target: 'ready',
          actions: 'keepLanguage',
          description: 'Its locale could not load: the language shown stays and the app starts anyway.',
        },
      },
    },
    ready: {
      description: 'The app speaks the viewer’s language; the switcher offers the others.',
      tags: ['ready'],
      on: {
        'user.choose': {
          guard: not('isShownLanguage'),
          target: 'choosing',
          actions: ['chooseLanguage', { type: 'storeChoice', params: ({ event }) => event.language }],
          description: 'The viewer picks another language: it is stored first, then the app switches.',
        },
      },
    },
    choosing: {
      description:
        "Switching to the viewer's choice: its locale's chunk loads first if it is not loaded yet; the switcher shows it " +
        'and waits.',
      tags: ['ready', 'busy', 'choosing'],
      invoke: {
        id: 'switchToChoice',
        src: 'switchLanguage',
        input: ({ context }) => context.switching ?? context.language,
        onDone: { target: 'ready', actions: 'useSwitched', description: 'The app speaks the chosen language.' },
        onError: {
          target: 'ready',
          actions: ['keepLanguage', { type: 'storeChoice', params: ({ context }) => context.language }],
          description: 'Its locale could not load: the language stays, and so does the stored choice.',
        },
      },
    },
  },
});
