import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { clientAddress, trustedHops } from './http/client-address';
import { inProcessFetch } from './http/in-process-fetch';
import { browserHost } from './http/public-origin';

const artifacts = resolve(import.meta.dirname, '..', 'mesh', '.mesh', 'index.mjs');

/** What a running GraphQL layer offers its host besides /graphql. */
export interface MountedGraphql {
  /** Forgets the public reads the layer keeps (mesh/.meshrc.yaml's httpCache): a test stack's reset between tests. */
  forgetCachedReads(): Promise<void>;
}

/** Mesh's key-value cache, as the HTTP-cache plugin uses it (its keys start with `http-cache-`). */
interface MeshCache {
  getKeysByPrefix(prefix: string): Promise<string[]> | string[];
  delete(key: string): Promise<boolean> | boolean;
}

/** The part of Mesh's built HTTP handler we use (a @whatwg-node server adapter). */
interface MeshHttpHandler {
  handleNodeRequestAndResponse(
    request: IncomingMessage & { body?: unknown },
    response: ServerResponse,
    serverContext: { inProcessFetch?: typeof fetch },
  ): Promise<Response> | Response;
}

/** Response headers the browser may see from Mesh; upstream REST headers (server, cookies, rate-limit details) stay inside. */
const FORWARDED_HEADERS = ['content-type', 'cache-control', 'vary'];

/**
 * Points Mesh at the services of this process unless a real channel backend is configured: REST_BASE_URL (the
 * channel API), ANALYTICS_BASE_URL and LOG_BASE_URL. Mesh reads them at request time.
 */
export function defaultServiceUrls(origin: string, prefixes: { api: string; analytics: string; logs: string }): void {
  process.env['REST_BASE_URL'] ??= `${origin}${prefixes.api}`;
  process.env['ANALYTICS_BASE_URL'] ??= `${origin}${prefixes.analytics}`;
  process.env['LOG_BASE_URL'] ??= `${origin}${prefixes.logs}`;
}

/**
 * Mounts GraphQL Mesh's built artifacts (made by scripts/build-mesh.ts) at /graphql. The browser sends its API key
 * as `x-api-key` and the viewer's token as `authorization`; mesh/plugins.js applies them to each REST call.
 */
export async function mountGraphql(
  app: FastifyInstance,
  options: { trustedProxies?: readonly string[]; inProcess?: boolean } = {},
): Promise<MountedGraphql> {
  if (!existsSync(artifacts)) {
    throw new Error(`GraphQL Mesh artifacts are missing (${artifacts}): run "npx tsx scripts/build-mesh.ts"`);
  }
  const mesh = (await import(pathToFileURL(artifacts).href)) as {
    createBuiltMeshHTTPHandler(): MeshHttpHandler;
    getBuiltMesh(): Promise<{ cache: MeshCache }>;
  };
  const handler = mesh.createBuiltMeshHTTPHandler();
  // Who may say which browser a request is for: the load balancer of a deployment (TRUSTED_PROXIES), nobody else.
  const hops = trustedHops(options.trustedProxies ?? []);
  // With the reference API in this process, the REST calls Mesh makes to it are handed to it directly
  // (server/http/in-process-fetch.ts); mesh/plugins.js picks this up from each request.
  const local = options.inProcess ? inProcessFetch(app) : null;

  // Answers are JSON, often large (Startup's is 13 KB, a rail's 29 KB, about a tenth of that compressed): compressed
  // for browsers that accept it (@fastify/compress), here only, not for the REST calls Mesh makes inside the process.
  await app.register(compress, {
    global: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/graphql',
    handler: async (request, reply) => {
      // Fastify has already read and parsed the body; the adapter takes a parsed body from `request.body`.
      const raw: IncomingMessage & { body?: unknown } = request.raw;
      raw.body = request.body;
      // The REST API counts calls without a key and sign-in failures per client address
      // (server/http/client-address.ts) and trusts this header from the GraphQL layer only: whatever the browser
      // sent is replaced by the address it came from (or the one a trusted load balancer names).
      raw.headers['x-forwarded-for'] = clientAddress(request.ip, request.headers['x-forwarded-for'], hops) ?? request.ip;
      // Likewise the host and scheme the browser asked for, from which the API builds the URLs it hands out
      // (server/http/public-origin.ts): the request's own, or what a trusted load balancer says they were.
      const browser = browserHost(request, hops);
      raw.headers['x-forwarded-proto'] = browser.protocol;
      if (browser.host) raw.headers['x-forwarded-host'] = browser.host;
      else delete raw.headers['x-forwarded-host'];
      // The server context becomes part of each operation's context, where mesh/plugins.js finds `inProcessFetch`.
      const response = await handler.handleNodeRequestAndResponse(raw, reply.raw, local ? { inProcessFetch: local } : {});
      reply.code(response.status);
      for (const name of FORWARDED_HEADERS) {
        const value = response.headers.get(name);
        if (value) reply.header(name, value);
      }
      return reply.compress(await response.text());
    },
  });
  return {
    async forgetCachedReads() {
      const { cache } = await mesh.getBuiltMesh();
      for (const key of await cache.getKeysByPrefix('http-cache-')) await cache.delete(key);
    },
  };
}

