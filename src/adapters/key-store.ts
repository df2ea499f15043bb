/**
 * The client's key store over the app's expiring local storage, so the channel key and the API key survive a
 * reload (SPEC §7: "the key is fetched first if missing").
 */
import type { KeyStore } from '../../mesh/client/keys';
import type { ExpiringStorage } from './storage';

const CHANNEL_KEY = 'channel_key';
const API_KEY = 'api_key';

export function createStorageKeyStore(storage: ExpiringStorage, pageChannelKey: string | null = null): KeyStore {
  // The key the server wrote into the page for its host counts as one the client fetched: kept until the channel
  // refuses it (the client then clears the store, SPEC §8), after which the keys file answers. A stored one wins.
  if (pageChannelKey && storage.get(CHANNEL_KEY) === null) storage.set(CHANNEL_KEY, pageChannelKey);
  return {
    getChannelKey: () => storage.get(CHANNEL_KEY),
    setChannelKey: (key) => storage.set(CHANNEL_KEY, key),
    getApiKey: () => storage.get(API_KEY),
    setApiKey: (key) => (key === null ? storage.remove(API_KEY) : storage.set(API_KEY, key)),
    clear: () => {
      storage.remove(CHANNEL_KEY);
      storage.remove(API_KEY);
    },
  };
}
