/**
 * Machines speak SPEC's English words (a refused logout is "user can't be logged out", a refused promo code "Wrong
 * promo code"); the viewer reads them in their language. This finds the message key whose English text is the
 * machine's, among the sections machines speak from.
 */
import { en, type MessageKey } from './locales/en';

const SECTIONS = ['errors', 'validation', 'server'] as const;

const keyByText = new Map<string, MessageKey>(
  SECTIONS.flatMap((section) => Object.entries(en[section]).map(([key, text]): [string, MessageKey] => [text, `${section}.${key}` as MessageKey])),
);

/**
 * SPEC §5 reasons a machine refuses with, in SPEC's words, which a viewer reads in plainer ones (the payment's
 * PAYMENT_MESSAGES; tests/src/i18n.test.ts holds them to it, without the payment's module in the first bundle).
 */
const SPEC_REASONS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ['Package is TeamPass but team not selected', 'validation.selectTeam'],
  ['id not selected', 'validation.selectProduct'],
  ['A paid event needs a single-event package id', 'errors.somethingWentWrong'],
]);

/** The key of a machine's message, or null when it is not one of ours (a server's own words: shown as they are). */
export function messageKeyOf(text: string): MessageKey | null {
  return keyByText.get(text) ?? SPEC_REASONS.get(text) ?? null;
}

/** SPEC §5 length messages carry their number: matched by pattern, translated with it. */
const LENGTH_MESSAGES: ReadonlyArray<[RegExp, MessageKey]> = [
  [/^Field length must be greater than (\d+)$/, 'validation.fieldTooShort'],
  [/^Field length must be less than (\d+)$/, 'validation.fieldTooLong'],
];

/**
 * A machine's message in the viewer's language: ours translated, a length message with its number, a server's own
 * words as they are.
 */
export function translateMessage(t: (key: MessageKey, options?: Record<string, unknown>) => string, text: string): string {
  const key = messageKeyOf(text);
  if (key) return t(key);
  for (const [pattern, lengthKey] of LENGTH_MESSAGES) {
    const match = pattern.exec(text);
    if (match) return t(lengthKey, { number: match[1] });
  }
  return text;
}
