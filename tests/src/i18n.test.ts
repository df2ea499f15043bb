import { describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { fileURLToPath } from 'node:url';
import { createI18n, loadLocale, switchLanguage, translator } from '../../src/i18n/i18n';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  resolveInitialLanguage,
  toSupportedLanguage,
} from '../../machines/language/languages';
import { en, type MessageKey, type Messages } from '../../src/i18n/locales/en';
import { fr } from '../../src/i18n/locales/fr';
import { studioEn } from '../../src/i18n/studio/en';
import { addStudioStrings, studioStrings } from '../../src/views/statecharts/studio-i18n';

// Compile-time checks (tsc runs over tests): a locale with a missing or an extra key is a type error.
// @ts-expect-error a missing key does not compile
const missingKey: Messages = { ...en, gender: { male: 'Men' } };
// @ts-expect-error an extra key does not compile
const extraKey: Messages = { ...en, gender: { male: 'Men', female: 'Women', mixed: 'Mixed' } };
// @ts-expect-error a key outside the catalogue is not a MessageKey
const unknownKey: MessageKey = 'gender.mixed';
void [missingKey, extraKey, unknownKey];

const languages = SUPPORTED_LANGUAGES.map((l) => l.code);
const extraLanguages = languages.filter((l) => l !== 'en' && l !== 'fr');
/** Every language but English, the fallback bundled with the app: each is its own chunk, fetched when asked for. */
const onDemandLanguages = languages.filter((l) => l !== 'en');

/** Every `section.key` of a locale with its text. */
function flatten(messages: Messages): Map<string, string> {
  return new Map(
    Object.entries(messages).flatMap(([section, texts]) =>
      Object.entries(texts as Record<string, string>).map(([key, text]) => [`${section}.${key}`, text] as const),
    ),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const locales = await Promise.all(languages.map(async (l) => [l, flatten(await loadLocale(l))] as const));
const english = flatten(en);

describe('locales', () => {
  it.each(locales)('%s has exactly the keys of en, none empty, with the same placeholders', (_language, texts) => {
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of texts) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  /** Words these languages take from English as they are ("OK", "Video", "Clip"); anything else must be translated. */
  const loanwords: Record<string, readonly string[]> = {
    es: ['pages.watchLibrary', 'simulate.statusError'],
    de: ['shell.ok', 'pages.vodItem', 'pages.watchLibrary', 'favourites.teams'],
    it: ['shell.ok', 'pages.home', 'pages.vodItem', 'pages.watchLibrary', 'simulate.statusBuffering'],
    pt: ['shell.ok', 'pages.passes'],
  };

  it.each(locales.filter(([l]) => l !== 'en' && l !== 'fr'))('%s is translated, not a copy of English', (language, texts) => {
    const copied = [...texts].filter(([key, text]) => text === english.get(key)).map(([key]) => key);
    expect(copied.sort()).toEqual([...(loanwords[language] ?? [])].sort());
  });

  it('keeps placeholders in i18next syntax only (no single-brace {number} left over)', () => {
    for (const [language, texts] of locales) {
      for (const [key, text] of texts) expect(text, `${language} ${key}`).not.toMatch(/(?<!\{)\{\w+\}(?!\})/);
    }
  });
});

/** SPEC.md §5, §6 and §8 as written there ({number} is i18next's {{number}}). */
const specMessages = {
  '§5': [
    'Enter your first name',
    'Enter your last name',
    'Enter your Email',
    'A valid email address is required',
    'The password is too short',
    'The password and password confirmation do not match',
    "PASSWORDS DON'T MATCH",
    'Field is required',
    'Field length must be greater than {number}',
    'Field length must be less than {number}',
    'Please accept terms & conditions',
    'Please fill in the input field',
    'Please select tag',
    'Your clip duration is longer than the end time',
    'Please select one of your saved cards or enter new one',
    'Promo code is invalid',
    'Wrong promo code',
  ],
  '§6': ['LOGIN TO WATCH', 'REGISTER TO WATCH', "We're sorry, but this content is not available in your region."],
  '§8 server': [
    'The email address you have entered is already registered',
    'Wrong auth data',
    'You are already logged in',
    'Verification failed',
    'Email already verified',
    'User not found',
    'Reset password key expired',
    'Reset password failed',
    'Google recaptcha token required',
    'Google recaptcha token is invalid or you look like a robot',
    'Something went wrong',
  ],
  '§8 user': [
    'Invalid email or password. Please try again.',
    'Verification your email address failed.',
    'Your email already verified.',
    'Something went wrong. Please try again or contact technical support',
    'Apologies! Our service is currently experiencing technical difficulties. Please refresh the page',
    'Oops! We are currently experiencing technical difficulties',
    'Undefined error',
    'Hmm... Looks like we lose this page.',
  ],
  '§3 and §9 labels': [
    'New subscription',
    'Subscription Renewal',
    'Auto-Renewal Cancelled',
    'Auto-Renewal',
    'All sales are final, with no refunds.',
    'Contact requests are reviewed within 5 business days.',
    'Men',
    'Women',
  ],
};

describe("the studio's strings (src/i18n/studio)", () => {
  const studioEnglish = new Map(Object.entries(studioEn));
  /** Words these languages take from English as they are. */
  const studioLoanwords: Record<string, readonly string[]> = { de: ['breadcrumb'], it: ['breadcrumb'] };

  it.each(Object.entries(studioStrings))('%s has exactly the keys of English, none empty, with the same placeholders', (language, strings) => {
    const texts = new Map(Object.entries(strings));
    expect([...texts.keys()].sort()).toEqual([...studioEnglish.keys()].sort());
    for (const [key, text] of texts) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(studioEnglish.get(key) ?? ''));
    }
  });

  it.each(extraLanguages)('%s is translated, not a copy of English', (language) => {
    const copied = Object.entries(studioStrings[language]).filter(([key, text]) => text === studioEnglish.get(key)).map(([key]) => key);
    expect(copied.sort()).toEqual([...(studioLoanwords[language] ?? [])].sort());
  });

  it('are not in any app locale, so no first load carries them', async () => {
    for (const language of languages) expect(Object.keys(await loadLocale(language))).not.toContain('studio');
  });

  it('are added for the languages an instance has loaded, and a language loaded later gets them on the next call', async () => {
    const instance = await createI18n('en');
    addStudioStrings(instance);
    expect(instance.t('studio.title')).toBe(studioEn.title);
    expect(instance.hasResourceBundle('fr', 'translation')).toBe(false);
    await switchLanguage(instance, 'fr');
    // French loaded whole (a studio-only bundle would have stopped switchLanguage from fetching it).
    expect(instance.t('shell.ok')).toBe(fr.shell.ok);
    addStudioStrings(instance);
    expect(instance.t('studio.title')).toBe(studioStrings.fr.title);
  });
});

describe('SPEC messages', () => {
  const french = flatten(fr);
  const specCases = Object.entries(specMessages).flatMap(([section, texts]) => texts.map((t) => [section, t] as const));

  it.each(specCases)('%s: en has %j verbatim, and fr its own translation', (_section, text) => {
    const wanted = text.replaceAll('{number}', '{{number}}');
    const key = [...english].find(([, value]) => value === wanted)?.[0];
    expect(key, `no en message reads ${JSON.stringify(text)}`).toBeDefined();
    const translated = french.get(key ?? '');
    expect(translated?.trim()).toBeTruthy();
    expect(translated).not.toBe(wanted);
  });

  it('names the basic pass season 2023-24 in every language', () => {
    for (const [language, texts] of locales) expect(texts.get('passes.basicPassSeason'), language).toMatch(/2023[-/]24/);
  });

  it('fills placeholders: "Field length must be greater than 3"', async () => {
    const t = translator(await createI18n('en'));
    expect(t('validation.fieldTooShort', { number: 3 })).toBe('Field length must be greater than 3');
    expect(t('validation.fieldTooLong', { number: 255 })).toBe('Field length must be less than 255');
    // React escapes what it renders; i18next must not escape a second time.
    expect(t('price.perMonth', { price: '<b>&</b>' })).toBe('<b>&</b> / month');
  });
});

describe('SUPPORTED_LANGUAGES', () => {
  it('lists en and fr first, then at least four more, each named in its own language', () => {
    expect(languages.slice(0, 2)).toEqual(['en', 'fr']);
    expect(extraLanguages).toEqual(expect.arrayContaining(['es', 'de', 'it', 'pt']));
    expect(new Set(languages).size).toBe(languages.length);
    expect(Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l.code, l.nativeName]))).toMatchObject({
      en: 'English',
      fr: 'Français',
      es: 'Español',
      de: 'Deutsch',
      it: 'Italiano',
      pt: 'Português',
    });
  });

  it('defaults to en (SPEC §9)', () => {
    expect(DEFAULT_LANGUAGE).toBe('en');
  });
});

describe('toSupportedLanguage', () => {
  it.each([
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['FR_ca', 'fr'],
    [' de-AT ', 'de'],
    ['pt-BR', 'pt'],
    ['zh-TW', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j is %j', (tag, language) => {
    expect(toSupportedLanguage(tag)).toBe(language);
  });
});

describe('resolveInitialLanguage', () => {
  it("respects the channel's default language over the browser's", () => {
    expect(resolveInitialLanguage({ channelDefault: 'fr', browser: ['en-US', 'en'] })).toBe('fr');
  });

  it("lets the viewer's stored choice win over the channel and the browser", () => {
    expect(resolveInitialLanguage({ stored: 'de', channelDefault: 'fr', browser: 'es' })).toBe('de');
  });

  it('skips values naming no supported language', () => {
    expect(resolveInitialLanguage({ stored: 'klingon', channelDefault: 'fr-CA' })).toBe('fr');
    expect(resolveInitialLanguage({ stored: null, channelDefault: 'ja', browser: ['zh-TW', 'it-CH'] })).toBe('it');
  });

  it('uses the browser only when the channel names no supported language', () => {
    expect(resolveInitialLanguage({ browser: 'pt-BR' })).toBe('pt');
  });

  it('falls back to en', () => {
    expect(resolveInitialLanguage({})).toBe('en');
    expect(resolveInitialLanguage({ stored: 'xx', channelDefault: '', browser: [] })).toBe('en');
  });
});

describe('createI18n and switchLanguage', () => {
  it('makes independent instances in the requested language', async () => {
    const [english, french] = await Promise.all([createI18n('en'), createI18n('fr')]);
    expect(english.t('gender.male')).toBe('Men');
    expect(french.t('gender.male')).toBe('Hommes');
    expect(english.language).toBe('en');
  });

  it('starts in an on-demand language by loading it first', async () => {
    const german = await createI18n('de');
    expect(german.language).toBe('de');
    expect(german.t('prompts.loginToWatch')).toBe('ZUM ANSEHEN ANMELDEN');
  });

  it('starts in English, with only English loaded, when the locale asked for cannot load', async () => {
    const asked: string[] = [];
    const instance = await createI18n('fr', async (language) => {
      asked.push(language);
      throw new Error('the chunk could not be fetched');
    });
    expect(asked).toEqual(['fr']);
    expect(instance.language).toBe('en');
    expect(instance.hasResourceBundle('fr', 'translation')).toBe(false);
    expect(instance.t('gender.male')).toBe('Men');
  });

  it('loads nothing to start in English', async () => {
    const asked: string[] = [];
    const instance = await createI18n('en', async (language) => {
      asked.push(language);
      return en;
    });
    expect(asked).toEqual([]);
    expect(instance.t('gender.male')).toBe('Men');
  });

  it.each(onDemandLanguages)('switches to %s, loading its messages once', async (language) => {
    const instance = await createI18n('en');
    expect(instance.hasResourceBundle(language, 'translation')).toBe(false);
    await switchLanguage(instance, language);
    expect(instance.language).toBe(language);
    expect(instance.t('geo.blocked')).toBe((await loadLocale(language)).geo.blocked);
    await switchLanguage(instance, 'en');
    expect(instance.t('geo.blocked')).toBe(en.geo.blocked);
  });
});

describe('bundling', () => {
  it('puts en, and en only, in the entry chunk and each other locale, fr included, in a chunk of its own', async () => {
    const entry = fileURLToPath(new URL('../../src/i18n/i18n.ts', import.meta.url));
    const result = await build({
      configFile: false,
      logLevel: 'silent',
      // An app build drops an entry's unused exports; keep them, as the shell will use them.
      build: { write: false, minify: false, rolldownOptions: { input: entry, preserveEntrySignatures: 'exports-only' } },
    });
    const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
    const chunks = output.output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
    const main = chunks.find((c) => c.isEntry);
    expect(main?.code).toContain(en.geo.blocked);
    // An English visitor's first load carries English only (issue 28).
    expect(main?.code).not.toContain(fr.gender.male);
    expect(main?.code).not.toContain(fr.geo.blocked);
    for (const language of onDemandLanguages) {
      const messages = await loadLocale(language);
      const own = chunks.filter((c) => c.code.includes(messages.geo.blocked));
      expect(own, language).toHaveLength(1);
      expect(own[0]?.isEntry, language).toBe(false);
      expect(own[0]?.isDynamicEntry, language).toBe(true);
      expect(own[0]?.facadeModuleId, language).toMatch(new RegExp(`locales/${language}\\.ts$`));
    }
  }, 60_000);
});
