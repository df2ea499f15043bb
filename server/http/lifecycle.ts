import type { FastifyInstance } from 'fastify';

/** Where a balancer asks whether the process is alive, and whether it should be sent requests. */
const HEALTH_PATH = '/healthz';
const READY_PATH = '/readyz';

/** Unless SHUTDOWN_GRACE_SECONDS says otherwise, how long a stopping process waits for its requests in flight. */
export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 10;

declare module 'fastify' {
  interface FastifyInstance {
    /** The probes' state and the graceful stop (server/http/lifecycle.ts). */
    lifecycle: Lifecycle;
  }
}

export interface Lifecycle {
  /** Requests being answered now (the probes excepted). */
  inFlight(): number;
  /** `/readyz` answers 503 from now on ('stopping'); everything else is still answered. */
  unready(): void;
  /**
   * Stops taking part: `/readyz` answers 503 from now on and every answer asks its client to reconnect
   * (`connection: close`), so a balancer sends the next requests elsewhere. Resolves once the requests in flight
   * have been answered, or after `graceMs`, whichever comes first, with how many were still running.
   */
  drain(graceMs: number): Promise<number>;
}

/**
 * The two probes a load balancer or an orchestrator needs, and the drain a graceful stop runs before closing:
 * `/healthz` says the process answers at all (restart it otherwise); `/readyz` says it can serve now (`ready()`
 * names what is missing, for instance the database) and is not stopping. Both are plain JSON, never cached, outside
 * the API's rate limits and key rules.
 */
export function registerLifecycle(app: FastifyInstance, options: { ready?: () => string | null } = {}): void {
  let inFlight = 0;
  let draining = false;
  let settled: (() => void) | null = null;
  const probes = new Set([HEALTH_PATH, READY_PATH]);

  app.addHook('onRequest', async (request, reply) => {
    if (probes.has(request.url.split('?')[0] ?? '')) return;
    inFlight += 1;
    // 'close' comes once the answer is sent or the client went away: either way the request no longer holds the stop.
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) settled?.();
    });
    if (draining) reply.header('connection', 'close');
  });

  const noStore = { 'cache-control': 'no-store' };
  app.get(HEALTH_PATH, async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
  app.get(READY_PATH, async (_request, reply) => {
    const missing = draining ? 'stopping' : (options.ready?.() ?? null);
    if (missing) return reply.code(503).headers(noStore).send({ status: 'unavailable', reason: missing });
    return reply.headers(noStore).send({ status: 'ready' });
  });

  app.decorate('lifecycle', {
    inFlight: () => inFlight,
    unready: () => {
      draining = true;
    },
    drain(graceMs) {
      draining = true;
      if (inFlight === 0) return Promise.resolve(0);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(inFlight), graceMs);
        settled = () => {
          clearTimeout(timer);
          resolve(0);
        };
      });
    },
  } satisfies Lifecycle);
}
