/**
 * The app's own secret for a social sign-in, against login CSRF: made when the viewer is sent to the provider, passed
 * to its consent page as `nonce`, and sent back with the code the provider hands to /login (auth/add_session). The API
 * trades a code only with the nonce its sign-in started with, so a link to /login?code= that someone else made signs
 * nobody in here. It lives in this browser's storage only, and is forgotten as soon as a code is tried with it.
 */
import type { ExpiringStorage } from '../../adapters/storage';

const STORED_SOCIAL_NONCE = 'socialNonce';
/** Long enough to linger on the login page and then at the provider; a sign-in forgets it sooner. */
const SOCIAL_NONCE_LIFETIME_MS = 24 * 60 * 60 * 1000;
const NONCE_BYTES = 32;

export interface SocialNonce {
  /** The nonce a sign-in starting now carries: the one kept, or a new one, kept. */
  current(): string;
  /** The kept nonce, forgotten at once (a code is tried with it once); null when this browser started no sign-in. */
  take(): string | null;
}

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * The nonce over the app's storage. The links to the providers read `current()` each time they render, so it is kept
 * rather than made anew; storage that refuses writes (a private window) keeps nothing, and a sign-in there fails
 * safe: no code is sent without the nonce.
 */
export function createSocialNonce(storage: ExpiringStorage, randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n))): SocialNonce {
  return {
    current() {
      const kept = storage.get(STORED_SOCIAL_NONCE);
      if (kept) return kept;
      const made = base64url(randomBytes(NONCE_BYTES));
      storage.set(STORED_SOCIAL_NONCE, made, SOCIAL_NONCE_LIFETIME_MS);
      return made;
    },
    take() {
      const kept = storage.get(STORED_SOCIAL_NONCE);
      storage.remove(STORED_SOCIAL_NONCE);
      return kept;
    },
  };
}
