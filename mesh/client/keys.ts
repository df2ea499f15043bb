/**
 * Where the channel key and the API key live between requests. Storage is a browser effect (local storage, with
 * the product's prefix and lifetime), so the app hands in an adapter; the in-memory store serves Node and tests.
 */
export interface KeyStore {
  getChannelKey(): string | null;
  setChannelKey(key: string): void;
  getApiKey(): string | null;
  /** `null` forgets the API key alone (the channel key stays). */
  setApiKey(key: string | null): void;
  /** Forgets both keys (SPEC.md §8 channel-key error, §4 logout). */
  clear(): void;
}

/** A key store that keeps the keys in memory for the life of the client. */
export function createMemoryKeyStore(initial: { channelKey?: string | null; apiKey?: string | null } = {}): KeyStore {
  let channelKey = initial.channelKey ?? null;
  let apiKey = initial.apiKey ?? null;
  return {
    getChannelKey: () => channelKey,
    setChannelKey: (key) => void (channelKey = key),
    getApiKey: () => apiKey,
    setApiKey: (key) => void (apiKey = key),
    clear: () => {
      channelKey = null;
      apiKey = null;
    },
  };
}
