/**
 * A message for the viewer as code carries it: a key of the app's English catalogue (src/i18n/locales/en.ts,
 * `section.key`) with the values of its `{{placeholders}}`, or, for a refusal in the server's own words that the app
 * has no key for, that text as it came (shown verbatim). The SPEC §5 validators, the client's error classifier and
 * the machines speak in these; the app's views alone turn them into words (src/i18n/messages.ts), and the reference
 * API alone writes SPEC's English (server/domain/errors.ts). Plain, serialisable data: machines keep it in context.
 */
export type Message = MessageRef | { readonly text: string };

/** A key of the English catalogue, with the values of its placeholders. */
export interface MessageRef {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}
