/** An IPv4 or IPv6 address as the contract spells one (IpAddress); anything else forwarded is ignored. */
const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

const isLoopback = (address: string): boolean => address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.');

/**
 * The address a per-address limit counts for a request (the sign-in throttle), or null when it cannot tell.
 *
 * A caller on this machine is a hop, not a client: the GraphQL layer that this process mounts (it calls the REST API
 * over loopback for every browser at once), or a reverse proxy. Its `x-forwarded-for` is trusted, the nearest entry
 * (the one that hop added); without one the request is counted by no address, because one address for every
 * browser would let a handful of mistyped passwords lock everybody out. A remote peer's own header is never trusted,
 * or a caller could pick a fresh address for every guess.
 */
export function clientAddress(peer: string, forwardedFor: string | string[] | undefined): string | null {
  if (!isLoopback(peer)) return peer;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const nearest = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .at(-1);
  return nearest !== undefined && ADDRESS.test(nearest) ? nearest : null;
}
