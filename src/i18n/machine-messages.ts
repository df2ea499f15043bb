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

/** The key of a machine's message, or null when it is not one of ours (a server's own words: shown as they are). */
export function messageKeyOf(text: string): MessageKey | null {
  return keyByText.get(text) ?? null;
}
