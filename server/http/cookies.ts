/**
 * The few cookies the API sets: only the browser pages of the reference social provider use one (its sign-in flow,
 * server/domain/social.ts). Every other call is authorised by its API key and bearer token, never by a cookie, so
 * nothing else can be ridden by a cross-site request.
 */

/** The cookies of a `Cookie` header that an operation declares (`in: cookie` in the contract), by name. */
export function declaredCookies(header: string | undefined, names: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  if (!header || names.length === 0) return found;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    // The first of two cookies of the same name is the one with the longest path (RFC 6265 §5.4): the flow's own.
    if (!names.includes(name) || name in found) continue;
    try {
      found[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // A value that does not decode is no value.
    }
  }
  return found;
}

interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  /** Only over https; a local run over http would otherwise never get the cookie back. */
  secure: boolean;
}

/**
 * A `Set-Cookie` value that scripts cannot read (HttpOnly) and that the browser sends back only with requests started
 * from the same site or by following a link to it (SameSite=Lax): a form another site posts arrives without it.
 */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
