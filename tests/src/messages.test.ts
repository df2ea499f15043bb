/**
 * Messages are keys, not sentences (mesh/messages.ts): every key a machine, a validator or the client's classifier
 * can emit is in the English catalogue and in every locale, and every server wording the classifier maps has a key.
 */
import { describe, expect, it } from 'vitest';
import { loadLocale } from '../../src/i18n/i18n';
import { SUPPORTED_LANGUAGES } from '../../machines/language/languages';
import { en } from '../../src/i18n/locales/en';
import { messageOfServerWords, SERVER_WORDS } from '../../mesh/client/server-words';
import { classifyHttp } from '../../mesh/client/errors';

const keysOf = (messages: object): Set<string> =>
  new Set(Object.entries(messages).flatMap(([section, texts]) => Object.keys(texts as object).map((key) => `${section}.${key}`)));

const english = keysOf(en);
const locales = await Promise.all(SUPPORTED_LANGUAGES.map(async ({ code }) => [code, keysOf(await loadLocale(code))] as const));

/** Asserts a key is in en.ts and in every locale. */
function expectKnown(key: string, where: string): void {
  expect(english.has(key), `${where}: ${key} is not in en.ts`).toBe(true);
  for (const [language, keys] of locales) expect(keys.has(key), `${where}: ${key} is not in ${language}`).toBe(true);
}

describe("the classifier's server wordings", () => {
  it.each(Object.entries(SERVER_WORDS))('maps %j to a key of every locale', (wording, key) => {
    expectKnown(key, wording);
    expect(messageOfServerWords(wording)).toEqual({ key });
  });

  it('keys the SPEC §5 length messages with their number, and leaves a wording it does not know as it came', () => {
    expect(messageOfServerWords('Field length must be less than 101')).toEqual({ key: 'validation.fieldTooLong', params: { number: 101 } });
    expect(messageOfServerWords('Field length must be greater than 7')).toEqual({ key: 'validation.fieldTooShort', params: { number: 7 } });
    expect(messageOfServerWords('You have used all 20 of your clips')).toEqual({ text: 'You have used all 20 of your clips' });
  });

  it("attaches the viewer's messages to a classified error, its fields' too", () => {
    const error = classifyHttp(
      { status: 422, body: { error: { message: 'Wrong auth data', errors: { email: ['Enter your Email'], x: ['Not ours'] } } }, headers: {} },
      { operation: 'Login', field: 'login', upstream: null, fallbackMessage: '', words: messageOfServerWords },
    );
    expect(error.message).toBe('Wrong auth data');
    expect(error.userMessage).toEqual({ key: 'server.wrongAuthData' });
    expect(error.userFieldErrors).toEqual({ email: [{ key: 'validation.emailRequired' }], x: [{ text: 'Not ours' }] });
  });
});
