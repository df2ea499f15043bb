import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyaddr from '@fastify/proxy-addr';

/** Whether a hop (its address, its distance from this server) may say who it forwards for. */
export type HopTrust = (address: string, hop: number) => boolean;

/**
 * The hops trusted to name the client in `x-forwarded-for`: addresses, CIDR ranges or proxy-addr's names
 * (`loopback`, `linklocal`, `uniquelocal`), as TRUSTED_PROXIES lists them. An entry that is none of these throws, so
 * a typo stops the server at start instead of trusting nobody (or everybody) quietly.
 */
export function trustedHops(proxies: readonly string[]): HopTrust {
  return proxyaddr.compile([...proxies]);
}

/**
 * The address per-address limits count a request as (the rate limit of calls without a key, the sign-in
 * throttle), or null when it cannot tell.
 *
 * Walking `x-forwarded-for` from the nearest hop back (proxy-addr, the maintained module Fastify itself uses), each
 * trusted hop's word is taken for the one before it; the first hop that is not trusted is the client. A remote
 * caller's own header is therefore never believed, or a caller could pick a fresh address for every request. A
 * trusted hop that names nobody (the GraphQL layer without a forwarded address) speaks for every browser at once:
 * it is counted as no address, because one address for every browser would let one client throttle everybody.
 */
export function clientAddress(peer: string, forwardedFor: string | string[] | undefined, trust: HopTrust): string | null {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  if (!trust(peer, 0)) return peer;
  if (header.trim() === '') return null;
  // proxy-addr reads the peer and the header from a request; these two are all it looks at.
  const request = { socket: { remoteAddress: peer }, headers: { 'x-forwarded-for': header } } as unknown as IncomingMessage;
  const address = proxyaddr(request, trust);
  return isIP(address) === 0 ? null : address;
}
