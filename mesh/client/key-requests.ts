/**
 * The keys a request needs (SPEC.md §1 steps 1 and 2): the channel key, then an API key for it, fetched once for
 * all the requests that wait for them; and what a refused key does to the store (SPEC.md §8).
 */
import type { OperationDocument } from './document';
import { ClientRequestError, said, type ClassifiedError } from './errors';
import type { ClientEvents } from './events';
import { ApiKeyDocument } from './generated/documents/ApiKey';
import { ChannelKeyDocument } from './generated/documents/ChannelKey';
import type { KeyStore } from './keys';
import { recovered, settled } from './marks';
import type { Report } from './reporting';
import type { Call, Outcome, Variables } from './send';

/**
 * The stored API key, or a promise of one that every caller shares while the keys are fetched. `run` sends a key
 * request with its retry; a failed one raises the key error and is reported.
 */
export function createEnsureApiKey(
  store: KeyStore,
  channelKeyOf: () => string | null,
  run: (document: OperationDocument, call: Call) => Promise<Outcome>,
  plainCall: (document: OperationDocument, variables?: Variables) => Call,
  events: ClientEvents,
  report: Report,
): () => Promise<string> {
  let keyRequest: Promise<string> | null = null;

  /** A key request failed: the reload screen's key error (SPEC.md §1, §4), reported once, then the callers' error. */
  function fail(error: ClassifiedError, variables: unknown): ClientRequestError {
    if (!settled.has(error)) {
      // An unknown channel key has already cleared the keys and raised the key error (recoverKeys).
      if (!recovered.has(error) || error.kind !== 'channelKey') events.emit('keyError', error);
      report(error, variables);
      settled.add(error);
    }
    return new ClientRequestError(error);
  }

  async function acquireKeys(): Promise<string> {
    let channelKey = channelKeyOf();
    if (!channelKey) {
      const answer = await run(ChannelKeyDocument, plainCall(ChannelKeyDocument));
      channelKey = answer.data?.['getChannelKey'] ? (answer.data['getChannelKey'] as { channel_key: string }).channel_key : null;
      if (!channelKey) throw fail(answer.errors[0] ?? missingKey('channelKey', 'ChannelKey', 'No chanel or api key found'), undefined);
      store.setChannelKey(channelKey);
    } else if (!store.getChannelKey()) {
      store.setChannelKey(channelKey);
    }
    const variables = { input: { channel_key: channelKey } };
    const answer = await run(ApiKeyDocument, plainCall(ApiKeyDocument, variables));
    const apiKey = answer.data?.['getApiKey'] ? (answer.data['getApiKey'] as { api_key: string }).api_key : null;
    if (!apiKey) throw fail(answer.errors[0] ?? missingKey('apiKey', 'ApiKey', 'no api key'), variables);
    store.setApiKey(apiKey);
    return apiKey;
  }

  return () => {
    const stored = store.getApiKey();
    if (stored) return Promise.resolve(stored);
    keyRequest ??= acquireKeys().finally(() => {
      keyRequest = null;
    });
    return keyRequest;
  };
}

/**
 * SPEC.md §8, at once after each attempt: an unknown channel key clears both keys (key error: the reload screen);
 * a refused API key is forgotten (unless another request already replaced it) and the user state reset.
 */
export function recoverKeys(outcome: Outcome, apiKeySent: string | null, store: KeyStore, events: ClientEvents): void {
  const pending = outcome.errors.filter((e) => !recovered.has(e));
  const channelKeyError = pending.find((e) => e.kind === 'channelKey');
  if (channelKeyError) {
    store.clear();
    events.emit('keyError', channelKeyError);
  }
  const apiKeyError = pending.find((e) => e.kind === 'apiKey');
  if (apiKeyError) {
    if (store.getApiKey() === apiKeySent) store.setApiKey(null);
    events.emit('userReset', apiKeyError);
  }
  for (const error of pending) recovered.add(error);
}

function missingKey(kind: 'channelKey' | 'apiKey', operation: string, message: string): ClassifiedError {
  return { kind, status: 0, field: null, operation, body: null, upstream: null, ...said(message) };
}
