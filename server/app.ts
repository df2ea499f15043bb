import type { Redis } from 'ioredis';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { PUBLIC_CACHE_SECONDS, type ServerConfig } from './config';
import { type Db, databaseAnswers, inTransaction } from './db/database';
import { DomainError, messages } from './domain/errors';
import { viewerOfSession } from './domain/sessions';
import { channelMediaOrigins, channelServingHost } from './domain/channels';
import { registerBoundedFormParser, registerBoundedJsonParser } from './http/body-limits';
import { ApiError, fromDomainError } from './http/errors';
import { idempotently } from './http/idempotency';
import { declaredCookies } from './http/cookies';
import { type Handlers, type RequestContext, Reply, type Services } from './http/context';
import { type Clock, systemClock } from './lib/clock';
import { clientAddress, trustedHops } from './http/client-address';
import { resolveChannel } from './http/identity';
import { browserHost, mediaOriginOf, publicOrigin } from './http/public-origin';
import { registerRequestLimits } from './http/rate-limit';
import { registerLifecycle } from './http/lifecycle';
import type { FaultInjector, RequestLog } from './http/test-hooks';
import { registerSecurity } from './http/security';
import { registerManifest } from './http/manifest';
import { registerStaticApp, type StaticAppOptions } from './http/static-app';
import { registerPaymentJobs } from './jobs/payment-jobs';
import { registerPreviews } from './seo/routes';
import { Scheduler } from './jobs/scheduler';
import { type Contract, loadContract, type Operation, type Service } from './openapi/contract';
import { compileValidators, fieldErrors, type OperationValidators } from './openapi/validation';
import { registerMedia } from './media/routes';
import { analyticsIngestHandlers } from './routes/analytics-ingest';
import { analyticsReadBackHandlers } from './routes/analytics-read-back';
import { authLinkHandlers } from './routes/auth-links';
import { authSessionHandlers } from './routes/auth-sessions';
import { authSocialHandlers } from './routes/auth-social';
import { catalogueHandlers } from './routes/catalogue';
import { channelHandlers } from './routes/channel';
import { clipHandlers } from './routes/clips';
import { favoriteHandlers } from './routes/favorites';
import { watchProgressHandlers } from './routes/watch-progress';
import { playbackHandlers } from './routes/playback';
import { paymentHandlers } from './routes/payments';
import { logHandlers } from './routes/logs';
import { vodHandlers } from './routes/vod';

interface AppOptions {
  db: Db;
  config: ServerConfig;
  clock?: Clock;
  contract?: Contract;
  /** Background jobs; the caller decides whether they poll (`start()`) or are run by hand (`runDue()`). */
  jobs?: Scheduler;
  /** Test-only: failures and delays forced on operations. server/serve.ts passes it only when TEST_FAULTS is set. */
  faults?: FaultInjector;
  /** Test-only: a record of what each call carried. Never passed by server/serve.ts. */
  requestLog?: RequestLog;
  logger?: boolean;
  /** The deployment's shared store (REDIS_URL): the rate-limit windows are counted there instead of in memory. */
  redis?: Redis | null;
  /** Also serve the built web app (vite build's output) at `/`, with index.html for every page the app routes. */
  app?: StaticAppOptions;
}

export const API_PREFIX = '/api';
/** Mounted by server/graphql.ts; named here so the web app's page fallback leaves it alone. */
const GRAPHQL_PATH = '/graphql';
const MEDIA_PREFIX = '/media';

/** Where each service is mounted. In production the analytics and log services are separate hosts. */
export const SERVICE_PREFIXES: Record<Service, string> = {
  api: API_PREFIX,
  analytics: '/analytics',
  logs: '/log-service',
};

const handlers: Handlers = {
  ...authSessionHandlers,
  ...authLinkHandlers,
  ...authSocialHandlers,
  ...channelHandlers,
  ...catalogueHandlers,
  ...vodHandlers,
  ...favoriteHandlers,
  ...watchProgressHandlers,
  ...clipHandlers,
  ...playbackHandlers,
  ...paymentHandlers,
  ...analyticsIngestHandlers,
  ...analyticsReadBackHandlers,
  ...logHandlers,
};

/**
 * Builds the reference channel API: every operation of `mesh/openapi.yaml` is routed under `/api`, with the
 * request rules of SPEC.md §7 and §8 applied before its handler runs.
 */
export function buildApp(options: AppOptions): FastifyInstance {
  const contract = options.contract ?? loadContract();
  const clock = options.clock ?? systemClock;
  const services: Services = {
    db: options.db,
    config: options.config,
    clock,
    jobs: options.jobs ?? new Scheduler(options.db, clock),
  };
  registerPaymentJobs(services);
  const validators = compileValidators(contract);
  const publicCacheSeconds = options.config.publicCacheSeconds ?? PUBLIC_CACHE_SECONDS;
  // The GraphQL layer of this process calls over loopback, and names the browser in x-forwarded-for
  // (server/graphql.ts); TRUSTED_PROXIES adds the hops of a deployment (a GraphQL layer on other hosts).
  const hops = trustedHops(['loopback', ...(options.config.trustedProxies ?? [])]);
  const app = Fastify({
    logger: options.logger ?? false,
    // Closing ends every connection, not only idle ones: a request the browser aborted half-way (a viewer navigating
    // away) otherwise held the close back for seconds, and a stack start and stop per test suite added that up.
    forceCloseConnections: true,
    bodyLimit: 256 * 1024,
    // The contract allows path values (page aliases) up to 120 characters.
    routerOptions: { maxParamLength: 200 },
    // The router's own refusals (a path that does not decode, a path parameter over its length limit) answer the
    // error envelope too, not Fastify's default body.
    frameworkErrors: (error, _request, reply) => {
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The path is not a valid URL';
      return sendError(reply, new ApiError(error.statusCode ?? 400, message, { path: [message] }));
    },
  });

  // First, so the drain counts every request the process answers.
  registerLifecycle(app, { ready: () => (databaseAnswers(options.db) ? null : 'database') });
  const limits = registerRequestLimits(app, options.config.rateLimit, clock, options.redis ?? null);
  registerSecurity(app, {
    corsOrigins: options.config.corsOrigins ?? [],
    embedAncestors: options.config.embedAncestors ?? ['*'],
    // Without its database the process still answers /readyz (with why it is not ready), under the strictest policy.
    mediaOrigins: () => {
      try {
        return channelMediaOrigins(options.db);
      } catch {
        return [];
      }
    },
  });
  registerMedia(app, services);

  registerBoundedFormParser(app);

  app.setErrorHandler((error: { statusCode?: number; message: string; code?: string }, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    if (error instanceof DomainError) return sendError(reply, fromDomainError(error));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own request errors: unparseable JSON, wrong content type, body too large.
      return sendError(reply, new ApiError(status, error.message, { body: [error.message] }));
    }
    request.log.error(error);
    return sendError(reply, new ApiError(500, messages.somethingWentWrong));
  });

  // Each channel's host is an installable app of its own (its manifest and icons).
  registerManifest(app, { db: options.db, channelOf: (request) => channelServingHost(options.db, browserHost(request, hops).host, options.config.defaultChannel) });

  const staticApp = options.app
    ? registerStaticApp(app, {
        ...options.app,
        reserved: [...Object.values(SERVICE_PREFIXES), GRAPHQL_PATH, MEDIA_PREFIX],
        // The page names the channel of the host it is served on, as GET /keys would (SPEC §1 step 1), and carries
        // the page's link preview; robots.txt and sitemap.xml come per channel too.
        facts: registerPreviews(app, { db: options.db, config: options.config, clock, hops }),
      })
    : null;

  app.setNotFoundHandler(
    (request, reply) =>
      staticApp?.fallback(request, reply) ??
      sendError(reply, new ApiError(404, messages.notFound, { path: [`No operation ${request.method} ${request.url.split('?')[0]}`] })),
  );

  for (const [service, prefix] of Object.entries(SERVICE_PREFIXES) as Array<[Service, string]>) {
    app.register(
      async (scope) => {
        registerBoundedJsonParser(scope);
        // An answer that does not say otherwise is for its caller only: no cache on the way (the GraphQL layer's
        // included) may keep it. Public reads say so themselves (see runOperation).
        scope.addHook('onSend', async (_request, reply, payload) => {
          if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
          return payload;
        });
        for (const op of contract.operations.filter((o) => o.service === service)) {
          const handler = handlers[op.operationId];
          if (!handler) throw new Error(`No handler for operation ${op.operationId}`);
          scope.route({
            method: op.method,
            url: op.routePath,
            handler: async (request, reply) => {
              options.requestLog?.record(describeRequest(op, request));
              const fault = options.faults?.take(op.operationId);
              if (fault && (await options.faults?.delay(fault)) === 'cut') {
                return sendError(reply, new ApiError(503, messages.somethingWentWrong, { fault: ['A held request ended by the test'] }));
              }
              if (fault?.status) {
                const headers: Record<string, string> = fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
                return sendError(reply, new ApiError(fault.status, messages.somethingWentWrong, { fault: [`${fault.status} forced by a test`] }, headers));
              }
              return await runOperation(op, handler, request, reply);
            },
          });
        }
      },
      { prefix },
    );
  }

  async function runOperation(
    op: Operation,
    handler: Handlers[string],
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const query = { ...(request.query as Record<string, unknown>) };
    const rawBody = request.body;
    const sentType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (rawBody !== undefined && sentType && op.bodyContentType && sentType !== op.bodyContentType) {
      throw new ApiError(415, `This operation takes ${op.bodyContentType}`, { body: [`Send the body as ${op.bodyContentType}`] });
    }
    const body: Record<string, unknown> = isObject(rawBody) ? { ...rawBody } : {};

    // SPEC.md §7: the key travels in the query for GET and DELETE, in the body otherwise.
    const keyInQuery = op.method === 'GET' || op.method === 'DELETE';
    const apiKey = keyInQuery ? query['api_key'] : body['api_key'];
    delete query['api_key'];
    delete body['api_key'];
    // What an idempotency key's repeat is compared with: the body as sent, before validation fills in defaults.
    const sentBody = op.idempotencyHeader ? structuredClone(body) : body;

    const channel = resolveChannel(services, {
      apiKey: typeof apiKey === 'string' ? apiKey : null,
      exempt: op.apiKeyExempt,
      // Behind the GraphQL layer the browser's host arrives as x-forwarded-host (mesh/plugins.js).
      host: forwardedHost(request) ?? request.hostname,
    });
    // A call with a key counts against its key; one without (the key-exempt reads every viewer's startup makes)
    // against the viewer's own address, not the GraphQL layer's, which would be one bucket for every viewer. Every
    // call counts against that address too, so a new key (free to take) does not reset what the viewer may do.
    const address = clientAddress(request.ip, request.headers['x-forwarded-for'], hops);
    await limits.count(request, { operationId: op.operationId, apiKey: typeof apiKey === 'string' && !op.apiKeyExempt ? apiKey : null, address, peer: request.ip });

    const token = bearerToken(request.headers.authorization);
    const viewer = token ? viewerOfSession(services.db, channel.id, token, services.clock.now()) : null;
    if (op.viewer !== 'none' && token && !viewer) throw new ApiError(401, messages.unauthenticated, { auth: ['The session has ended or the token is invalid'] });
    if (op.viewer === 'required' && !viewer) throw new ApiError(401, messages.unauthenticated, { auth: ['A valid bearer token is required'] });

    const checked = validateRequest(validators.get(op.operationId), op, {
      params: { ...(request.params as Record<string, unknown>) },
      query,
      headers: declaredHeaders(op, request),
      body: rawBody === undefined || rawBody === null ? undefined : isObject(rawBody) ? body : rawBody,
    });

    // Every absolute URL a handler hands out starts here: the channel's public origin, never this server's own.
    const origin = publicOrigin(services.db, options.config, channel, browserHost(request, hops), request.socket.localPort ?? options.config.port);
    const ctx: RequestContext = {
      services,
      channel,
      viewer,
      params: checked.params,
      query: checked.query,
      body: checked.body,
      token,
      cookies: declaredCookies(request.headers.cookie, op.cookies),
      ip: request.ip,
      clientAddress: address,
      now: services.clock.now(),
      appOrigin: origin,
      apiBase: `${origin}${API_PREFIX}`,
      mediaOrigin: mediaOriginOf(channel, origin),
    };
    // A request either completes or leaves nothing behind, whatever its verb (a GET writes too: a download counts a
    // use, the consent page starts a flow): the handler runs in one SQLite transaction, with the idempotency key's
    // check and the storing of its answer when the request has a key. The domain's own transactions nest in it.
    const idempotencyKey = op.idempotencyHeader ? checked.headers[op.idempotencyHeader] : undefined;
    const keyed =
      typeof idempotencyKey === 'string' && viewer ? { userId: viewer.id, key: idempotencyKey, operationId: op.operationId, body: sentBody, secret: channel.secret } : null;
    const result = inTransaction(services.db, () => (keyed ? idempotently(services.db, keyed, ctx.now, () => handler(ctx)) : handler(ctx)));
    if (op.publicCache && op.method === 'GET' && publicCacheSeconds > 0) {
      // The same for every viewer of the channel (x-cache: public): the GraphQL layer keeps it per channel, which a
      // key-exempt call takes from the browser's host (mesh/plugins.js sends it as x-forwarded-host).
      reply.header('cache-control', `public, max-age=${publicCacheSeconds}`);
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, X-Forwarded-Host` : 'X-Forwarded-Host');
    }
    if (result instanceof Reply) {
      reply.code(result.status).headers(result.headers);
      return result.body === null ? reply.send() : reply.send(result.body);
    }
    return reply.code(200).send(result);
  }

  return app;
}

type Inputs = Record<string, unknown>;

function validateRequest(
  validators: OperationValidators | undefined,
  op: Operation,
  input: { params: Inputs; query: Inputs; headers: Inputs; body: unknown },
): { params: Inputs; query: Inputs; headers: Inputs; body: Inputs } {
  const errors: Record<string, string[]> = {};
  if (validators?.params && !validators.params(input.params)) Object.assign(errors, fieldErrors(validators.params.errors));
  if (validators?.query && !validators.query(input.query)) Object.assign(errors, fieldErrors(validators.query.errors));
  if (validators?.headers && !validators.headers(input.headers)) Object.assign(errors, fieldErrors(validators.headers.errors));
  let body: Record<string, unknown> = {};
  if (validators?.body) {
    if (input.body === undefined) {
      if (op.bodyRequired) errors['body'] = ['A JSON object body is required'];
    } else if (!isObject(input.body)) {
      errors['body'] = ['The body must be a JSON object'];
    } else {
      if (!validators.body(input.body)) Object.assign(errors, fieldErrors(validators.body.errors));
      // The contract leaves `_method` optional for GraphQL callers (mesh/plugins.js fills it in); REST callers must say it.
      if (op.patchOverride && input.body['_method'] === undefined) errors['_method'] = ['Field is required'];
      body = input.body;
    }
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, messages.invalidData, errors);
  return { params: input.params, query: input.query, headers: input.headers, body };
}

/**
 * The header parameters the operation declares, by their declared names (errors name `Idempotency-Key`, not Node's
 * lower case); headers it does not declare are not its input.
 */
function declaredHeaders(op: Operation, request: FastifyRequest): Inputs {
  const names = Object.keys((op.headerParams?.['properties'] as Inputs | undefined) ?? {});
  const headers: Inputs = {};
  for (const name of names) {
    const value = request.headers[name.toLowerCase()];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value[0] : value;
  }
  return headers;
}

function describeRequest(op: Operation, request: FastifyRequest) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = isObject(request.body) ? request.body : {};
  return {
    operationId: op.operationId,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    queryKeys: Object.keys(query).sort(),
    bodyKeys: Object.keys(body).sort(),
    apiKeyIn: 'api_key' in query ? ('query' as const) : 'api_key' in body ? ('body' as const) : ('none' as const),
    forwardedHost: forwardedHost(request),
  };
}

function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).headers(error.headers).send(error.toBody());
}

/** The host the browser asked for when a proxy (the GraphQL layer) forwards the call; only picks public channel data. */
function forwardedHost(request: FastifyRequest): string | null {
  const value = request.headers['x-forwarded-host'];
  const host = (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  return host ? host : null;
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
