// The Response and Headers GraphQL Mesh itself uses: Node's own (undici's) cost more to build and Mesh reads them
// back through its own fetch API anyway (bench:load's Startup: about 8 % more requests a second).
import { Headers, Response } from '@whatwg-node/fetch';
import type { FastifyInstance } from 'fastify';

/** Statuses whose response has no body (a `Response` refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for the GraphQL layer of a process that also runs the reference API: a call to one of this process's
 * own addresses is handed to Fastify's `inject` (light-my-request) instead of going out over loopback HTTP, so it
 * skips the socket, the HTTP client and the server's parser, and still runs every route rule of the API (its hooks,
 * the contract's validation, the rate limit, the security headers) as a network call would. The peer is loopback,
 * as it was over HTTP, so the API trusts the browser's address that the GraphQL layer names in x-forwarded-for
 * (server/app.ts). Any other URL (a real channel backend) goes out through the platform's fetch.
 */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  // The addresses the server listens on, kept once it listens.
  let origins: Set<string> | null = null;
  const own = (): Set<string> => {
    if (origins) return origins;
    // A socket path (a string) has no origin a URL could name.
    const bound = new Set(
      app.addresses().flatMap((one) => (typeof one === 'string' ? [] : [`http://${one.family === 'IPv6' ? `[${one.address}]` : one.address}:${one.port}`])),
    );
    if (bound.size > 0) origins = bound;
    return bound;
  };

  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!own().has(url.origin)) return fetch(input, init);
    const headers: Record<string, string> = { host: url.host };
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const reply = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(init?.body === undefined || init.body === null ? {} : { payload: init.body as string }),
      remoteAddress: '127.0.0.1',
    });
    const answer = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) answer.append(name, String(one));
    }
    // A Buffer is a Uint8Array, which a Response takes as it is (its type names an ArrayBufferLike TypeScript refuses).
    const body = NULL_BODY.has(reply.statusCode) ? null : (reply.rawPayload as Uint8Array<ArrayBuffer>);
    return new Response(body, { status: reply.statusCode, headers: answer });
  };
}
