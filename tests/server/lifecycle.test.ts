/**
 * What a load balancer and an orchestrator rely on: `/healthz` and `/readyz` on both kinds of process, and a stop
 * (SIGTERM) that answers the requests in flight before it closes. The stop is tried on `npm start`'s real entry run
 * as a gateway, whose in-flight request is a media file held by a slow upstream this test controls.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../e2e/gateway';
import { startTestApi, type TestApi } from './harness';

/** The empty app folders the gateways were given. */
const appDirs: string[] = [];
afterAll(() => {
  for (const dir of appDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the reference API', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => api.close());

  it('answers /healthz, and /readyz while its database answers', async () => {
    const health = await fetch(`${api.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ status: 'ok' });

    const ready = await fetch(`${api.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready once its database is gone, and says why', async () => {
    const closed = await startTestApi();
    closed.db.close();
    try {
      const ready = await fetch(`${closed.origin}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'database' });
      // Alive all the same: restarting the process would not bring the database back.
      expect((await fetch(`${closed.origin}/healthz`)).status).toBe(200);
    } finally {
      await closed.close().catch(() => undefined);
    }
  });
});

/** An upstream whose `/media/slow` answers only when the test says so. */
interface SlowUpstream {
  origin: string;
  /** Resolves when the held request has arrived. */
  arrived: Promise<void>;
  release(): void;
  close(): Promise<void>;
}

async function slowUpstream(): Promise<SlowUpstream> {
  let arrive = (): void => {};
  const arrived = new Promise<void>((done) => (arrive = done));
  const held: ServerResponse[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url === '/media/slow') {
      held.push(response);
      arrive();
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    arrived,
    release: () => {
      for (const response of held.splice(0)) response.writeHead(200, { 'content-type': 'video/mp2t' }).end('segment');
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** `npm start`'s entry as a gateway over `upstream`, with an empty app folder. */
function startGatewayOver(upstream: string, graceSeconds: number, delaySeconds = 0): Promise<Gateway> {
  const appDir = mkdtempSync(join(tmpdir(), 'no-app-'));
  appDirs.push(appDir);
  return startGateway({ origin: upstream }, appDir, { SHUTDOWN_GRACE_SECONDS: String(graceSeconds), SHUTDOWN_DELAY_SECONDS: String(delaySeconds) });
}

describe('a gateway stopped by SIGTERM', () => {
  let upstream: SlowUpstream;
  let gateway: Gateway | null = null;
  beforeEach(async () => {
    upstream = await slowUpstream();
  });
  afterEach(async () => {
    gateway?.signal('SIGKILL');
    await gateway?.exited;
    gateway = null;
    await upstream.close();
  });

  it('turns unready, answers the request in flight, then exits cleanly', async () => {
    gateway = await startGatewayOver(upstream.origin, 30);
    const { origin } = gateway;
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);

    const inFlight = fetch(`${origin}/media/slow`);
    await upstream.arrived;
    gateway.signal('SIGTERM');
    await expect.poll(() => gateway?.output(), { timeout: 10_000 }).toMatch(/SIGTERM: finishing 1 request\(s\) in flight/);

    // Still listening, but telling the balancer to send the next viewers elsewhere.
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'stopping' });

    upstream.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('segment');
    expect(await gateway.exited).toBe(0);
    expect(gateway.output()).not.toMatch(/are cut/);
  }, 60_000);

  it('cuts what is still running after SHUTDOWN_GRACE_SECONDS, and says so', async () => {
    gateway = await startGatewayOver(upstream.origin, 1);
    const inFlight = fetch(`${gateway.origin}/media/slow`).then(
      (response) => response.status,
      () => 'cut',
    );
    await upstream.arrived;
    gateway.signal('SIGTERM');
    expect(await gateway.exited).toBe(0);
    expect(gateway.output()).toMatch(/SIGTERM: 1 request\(s\) still running after 1 s are cut/);
    expect(await inFlight).not.toBe(200);
  }, 60_000);

  it('keeps answering, unready, for SHUTDOWN_DELAY_SECONDS, and a second signal stops it at once', async () => {
    gateway = await startGatewayOver(upstream.origin, 30, 60);
    gateway.signal('SIGTERM');
    await expect.poll(() => gateway?.output(), { timeout: 10_000 }).toMatch(/SIGTERM: unready; answering for 60 s/);
    // The balancer's probe sees it leave while viewers it already sent are still answered.
    const ready = await fetch(`${gateway.origin}/readyz`);
    expect(ready.status).toBe(503);
    expect((await fetch(`${gateway.origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${gateway.origin}/media/none`)).status).toBe(404);

    gateway.signal('SIGINT');
    expect(await gateway.exited).toBe(1);
  }, 60_000);
});

