/**
 * What views ask the account form (named selectors beside its guards): the mailed link read from the page's address,
 * whether a refusal is the link's, and where a reset link went. Types only from the machine's side: this module is
 * imported by the app's chunk, and runtime imports here (the client's errors) made the bundler split a chunk out of
 * the entry.
 */
import type { AccountFormContext, SignedLink } from './account-form.types';

/**
 * The mailed link's parts as the page's address carries them (`?email&expires&signature`), or null when one is
 * missing or `expires` is not a whole number of seconds: such a link cannot be right, and the machine refuses it.
 */
export function signedLinkOf(parts: { email: string | null; expires: string | null; signature: string | null }): SignedLink | null {
  const { email, expires, signature } = parts;
  if (!email || !expires || !signature || !/^\d+$/.test(expires)) return null;
  return { email, expires: Number(expires), signature };
}

/** The fields of a refusal that belong to the mailed link rather than to anything typed on the page. */
const LINK_FIELDS = ['signature', 'expires'] as const;

/**
 * Whether the refusal is the mailed link's (forged, used, expired, or cut short): it cannot be mended on the page, and
 * a new link can be asked for. For views that offer that way out only then.
 */
export function isLinkRefused(snapshot: { context: Pick<AccountFormContext, 'error'> }): boolean {
  const { error } = snapshot.context;
  return error !== null && LINK_FIELDS.some((field) => field in error.fieldErrors);
}

/** The address a reset link was asked for, as it was sent (trimmed); null for any other request. */
export function resetLinkSentTo(snapshot: { context: Pick<AccountFormContext, 'request'> }): string | null {
  const { request } = snapshot.context;
  return request?.kind === 'passwordResetRequest' ? request.email.trim() : null;
}
