import proxy from '@fastify/http-proxy';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { messages } from './domain/errors';
import { ApiError } from './http/errors';
import { registerSecurity } from './http/security';
import { registerLifecycle } from './http/lifecycle';
import { registerStaticApp } from './http/static-app';
import { clientAddress, trustedHops } from './http/client-address';
import { browserHost } from './http/public-origin';

/** The backend's social provider pages, which a browser visits itself (SPEC §7: `{api}/auth/login/{provider}`). */
const SOCIAL_SIGN_IN = '/api/auth/login';

/** The REST services a gateway needs to be told about: nothing of the reference API runs in its process. */
const GATEWAY_SERVICES = ['REST_BASE_URL', 'ANALYTICS_BASE_URL', 'LOG_BASE_URL'] as const;

/**
 * The serve process without the reference API: the built web app and /graphql (mounted by the caller with
 * `mountGraphql`) over a channel's own REST backend. It keeps nothing between requests but the public reads' 60 s
 * cache, so any number of these run side by side behind a load balancer (docs/deployment.md, "Scale").
 */
export function buildGateway(config: ServerConfig, options: { mediaBaseUrl?: string | null; restBaseUrl?: string | null } = {}): FastifyInstance {
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 256 * 1024 });
  registerLifecycle(app);
  registerSecurity(app, { corsOrigins: config.corsOrigins ?? [], embedAncestors: config.embedAncestors ?? ['*'] });
  // The reference API answers its images and streams as paths on itself (/media/...), a channel backend as absolute
  // URLs on its CDN: MEDIA_BASE_URL names where such paths live, and the gateway passes them on (@fastify/http-proxy).
  if (options.mediaBaseUrl) app.register(proxy, { upstream: options.mediaBaseUrl, prefix: '/media', rewritePrefix: '/media' });
  // The social sign-in is a browser's own visit to the backend's provider pages, at `{public origin}/api/auth/login/...`
  // (the app's apiBase, and the URLs the backend builds): passed on with the viewer's host, scheme and address, which
  // the backend believes from this hop only, as it does from the GraphQL layer.
  if (options.restBaseUrl) {
    const rest = new URL(options.restBaseUrl);
    const hops = trustedHops(config.trustedProxies ?? []);
    app.register(proxy, {
      upstream: rest.origin,
      prefix: SOCIAL_SIGN_IN,
      rewritePrefix: `${rest.pathname.replace(/\/$/, '')}/auth/login`,
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => {
          const browser = browserHost(request, hops);
          return {
            ...headers,
            'x-forwarded-for': clientAddress(request.ip, request.headers['x-forwarded-for'], hops) ?? request.ip,
            'x-forwarded-proto': browser.protocol,
            ...(browser.host ? { 'x-forwarded-host': browser.host } : {}),
          };
        },
      },
    });
  }
  const staticApp = config.appDir ? registerStaticApp(app, { distDir: config.appDir, reserved: ['/graphql', '/media', SOCIAL_SIGN_IN] }) : null;
  app.setNotFoundHandler((request, reply) => {
    const fallback = staticApp?.fallback(request, reply);
    if (fallback) return fallback;
    const error = new ApiError(404, messages.notFound, { path: [`Nothing at ${request.method} ${request.url.split('?')[0]}`] });
    return reply.code(error.status).send(error.toBody());
  });
  return app;
}

/** The services a gateway was not told about, by their variable's name: it cannot start without them. */
export function missingServices(env: NodeJS.ProcessEnv): string[] {
  return GATEWAY_SERVICES.filter((name) => !env[name]);
}
