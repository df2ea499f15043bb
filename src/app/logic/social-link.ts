/**
 * The link that sends the viewer to a social provider (SPEC §7: `{api}/auth/login/{provider}` with the API key as
 * `state`), carrying the nonce the session trades the returning code with (social-nonce.ts).
 */
import type { ExpiringStorage } from '../../adapters/storage';
import { STORED_SOCIAL_NONCE } from './social-nonce';

/** Long enough to linger on the login page and then at the provider; a sign-in forgets it sooner. */
const SOCIAL_NONCE_LIFETIME_MS = 24 * 60 * 60 * 1000;
const NONCE_BYTES = 32;

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * The nonce a sign-in starting now carries: the one kept, or a new one, kept. The links to the providers read it each
 * time they render, so it is kept rather than made anew; storage that refuses writes (a private window) keeps nothing,
 * and a sign-in there fails safe: no code is sent without the nonce.
 */
export function keepSocialNonce(storage: ExpiringStorage, randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n))): string {
  const kept = storage.get(STORED_SOCIAL_NONCE);
  if (kept) return kept;
  const made = base64url(randomBytes(NONCE_BYTES));
  storage.set(STORED_SOCIAL_NONCE, made, SOCIAL_NONCE_LIFETIME_MS);
  return made;
}

/** The provider's consent page for this channel's API key, or null before the app has a key. */
export function socialLoginUrl(apiBase: string, provider: string, apiKey: string | null, storage: ExpiringStorage): string | null {
  if (apiKey === null) return null;
  return `${apiBase}/auth/login/${provider}?${new URLSearchParams({ state: apiKey, nonce: keepSocialNonce(storage) }).toString()}`;
}
