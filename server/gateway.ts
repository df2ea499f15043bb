import proxy from '@fastify/http-proxy';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { messages } from './domain/errors';
import { ApiError } from './http/errors';
import { registerSecurity } from './http/security';
import { registerStaticApp } from './http/static-app';

/** The REST services a gateway needs to be told about: nothing of the reference API runs in its process. */
const GATEWAY_SERVICES = ['REST_BASE_URL', 'ANALYTICS_BASE_URL', 'LOG_BASE_URL'] as const;

/**
 * The serve process without the reference API: the built web app and /graphql (mounted by the caller with
 * `mountGraphql`) over a channel's own REST backend. It keeps nothing between requests but the public reads' 60 s
 * cache, so any number of these run side by side behind a load balancer (README, "Scale").
 */
export function buildGateway(config: ServerConfig, options: { mediaBaseUrl?: string | null } = {}): FastifyInstance {
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 256 * 1024 });
  registerSecurity(app, { corsOrigins: config.corsOrigins ?? [], embedAncestors: config.embedAncestors ?? ['*'] });
  // The reference API answers its images and streams as paths on itself (/media/...), a channel backend as absolute
  // URLs on its CDN: MEDIA_BASE_URL names where such paths live, and the gateway passes them on (@fastify/http-proxy).
  if (options.mediaBaseUrl) app.register(proxy, { upstream: options.mediaBaseUrl, prefix: '/media', rewritePrefix: '/media' });
  const staticApp = config.appDir ? registerStaticApp(app, { distDir: config.appDir, reserved: ['/graphql', '/media'] }) : null;
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
