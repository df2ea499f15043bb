import { messages } from '../domain/errors';
import { sha256, signaturesMatch } from '../lib/crypto';
import type { RequestContext } from './context';
import { ApiError } from './errors';

/**
 * The gate of the analytics and log services' read-back operations: an operator's bearer token from the server's
 * configuration. Not configured: read-back is disabled (403). Missing or wrong: 401 with `error.errors.auth`.
 */
export function requireReadToken(ctx: RequestContext, configured: string | null | undefined, setting: string): void {
  if (!configured) {
    throw new ApiError(403, 'Read-back is disabled', { auth: [`Read-back is disabled until ${setting} is configured`] });
  }
  // Digests have one length, so the comparison takes the same time whatever was sent.
  if (!ctx.token || !signaturesMatch(sha256(ctx.token), sha256(configured))) {
    throw new ApiError(401, messages.unauthenticated, { auth: [`A valid read-back token (${setting}) is required`] });
  }
}
