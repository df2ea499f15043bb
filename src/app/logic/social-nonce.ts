/**
 * The app's own secret for a social sign-in, against login CSRF: made when the viewer is sent to the provider
 * (social-link.ts), passed to its consent page as `nonce`, and sent back with the code the provider hands to /login
 * (auth/add_session). The API trades a code only with the nonce its sign-in started with, so a link to /login?code=
 * that someone else made signs nobody in here. It lives in this browser's storage only, and is forgotten as soon as a
 * code is tried with it.
 *
 * This half is what the session needs at startup (the initial bundle); making a nonce loads with the links.
 */
import type { ExpiringStorage } from '../../adapters/storage';

export const STORED_SOCIAL_NONCE = 'socialNonce';

/** The kept nonce, forgotten at once (a code is tried with it once); null when this browser started no sign-in. */
export function takeSocialNonce(storage: ExpiringStorage): string | null {
  const kept = storage.get(STORED_SOCIAL_NONCE);
  storage.remove(STORED_SOCIAL_NONCE);
  return kept;
}
