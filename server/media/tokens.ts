import { ApiError } from '../http/errors';
import { sign, signaturesMatch } from '../lib/crypto';

/** How long a download link works (a playback grant lasts as long as its stream: domain/playback.ts). */
export const DOWNLOAD_LINK_SECONDS = 3600;

/** What a signed media link lets its holder do: play a stream, or fetch a whole file. */
type MediaScope = 'play' | 'download';

const TOKEN = /^(\d{1,12})-([0-9a-f]{64})$/;

/**
 * A media link's token, `<expires>-<hmac>`: an HMAC with the channel's secret over the scope, the subject
 * (`event:12`, `vod:3`, `clip:<uuid>`) and the expiry. It travels in the URL's path, so the relative segment
 * URIs of a playlist inherit it and hls.js needs no extra query handling.
 */
export function mediaToken(secret: string, scope: MediaScope, subject: string, expiresAt: number): string {
  return `${expiresAt}-${sign(secret, 'media', scope, subject, expiresAt)}`;
}

/** Refuses (403) a token that is malformed, signed for something else, or expired at `now`. */
export function checkMediaToken(secret: string, scope: MediaScope, subject: string, token: string, now: number): void {
  const match = TOKEN.exec(token);
  const expiresAt = Number(match?.[1]);
  if (!match || !signaturesMatch(match[2] ?? '', sign(secret, 'media', scope, subject, expiresAt))) {
    throw new ApiError(403, 'This media link is not valid', { token: ['The link is not signed for this media'] });
  }
  if (expiresAt <= now) {
    throw new ApiError(403, 'This media link has expired', { token: ['The link has expired: ask for a new one'] });
  }
}
