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
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHECK_FIELDS, DECLINE_MESSAGES, fieldTooLong, fieldTooShort, PAYMENT_FAILED, VALIDATION_MESSAGES } from '../../mesh/validation';
import { messages as serverMessages, specWords } from '../../server/domain/errors';
import { PAYMENT_MESSAGES } from '../../machines/payment/payment.types';

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

const root = resolve(import.meta.dirname, '..', '..');

/** Every `{ key: '...' }` written in a folder's TypeScript (the machines', the client's, the app's effects). */
function keysWrittenIn(folder: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated' && entry.name !== '.mesh') visit(path);
      } else if (entry.name.endsWith('.ts')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/\bkey: '([\w]+\.[\w]+)'/g)) found.push([path.slice(root.length + 1), match[1]!]);
      }
    }
  };
  visit(join(root, folder));
  return found;
}

describe('the keys the logic emits', () => {
  const written = ['machines', 'mesh', 'src/app'].flatMap(keysWrittenIn);

  it('finds the keys written in the machines, the client and the app effects', () => {
    expect(written.length).toBeGreaterThan(30);
  });

  it.each(written)('%s: %s is in every locale', (file, key) => expectKnown(key, file));

  it('holds every message constant of the validators and the payment to the catalogue', () => {
    const constants = [
      ...Object.values(VALIDATION_MESSAGES),
      ...Object.values(DECLINE_MESSAGES),
      ...Object.values(PAYMENT_MESSAGES),
      CHECK_FIELDS,
      PAYMENT_FAILED,
      fieldTooShort(8),
      fieldTooLong(100),
    ];
    for (const message of constants) expectKnown(message.key, JSON.stringify(message));
  });
});

describe("the API's words", () => {
  it('are what the client maps back to the same message, for every SPEC §5 message and decline', () => {
    const refs = [...Object.values(VALIDATION_MESSAGES), ...Object.values(DECLINE_MESSAGES), fieldTooShort(8), fieldTooLong(100)];
    for (const ref of refs) expect(messageOfServerWords(specWords(ref)), specWords(ref)).toEqual(ref);
    expect(specWords(fieldTooLong(100))).toBe('Field length must be less than 101');
  });

  it("has a key for every SPEC §8 wording of the server's a viewer is shown", () => {
    // Left as they come: the wordings of the API's own plumbing, which no form shows.
    const plumbing = new Set(['unauthenticated', 'invalidData', 'tooManyRequests', 'notFound', 'userMustBeLoggedIn', 'idempotencyKeyReused']);
    for (const [name, wording] of Object.entries(serverMessages)) {
      if (plumbing.has(name)) continue;
      expect(messageOfServerWords(wording), `${name}: ${wording}`).toHaveProperty('key');
    }
  });
});
