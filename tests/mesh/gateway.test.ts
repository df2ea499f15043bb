/**
 * The serve process as a gateway (REST_BASE_URL set): the app and /graphql over a channel backend that runs
 * elsewhere, here the reference API started on its own port as a channel's backend would be. Nothing of the
 * reference API is mounted in the gateway; the backend counts each viewer the gateway names, not the gateway.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaqDocument } from '../../mesh/client/generated/documents/Faq';
import { StartupDocument } from '../../mesh/client/generated/documents/Startup';
import { SERVICE_PREFIXES } from '../../server/app';
import { buildGateway, missingServices } from '../../server/gateway';
import { mountGraphql } from '../../server/graphql';
import { startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { clientBehindBalancer } from './client-harness';

/** Calls without a key one address may make a minute: more than one viewer's Startup (seven). */
const LIMIT = 12;

let backend: TestApi;
let gateway: FastifyInstance;
let gatewayUrl: string;

beforeAll(async () => {
  backend = await startTestApi({ rateLimit: { max: LIMIT, windowSeconds: 60 } });
  process.env['REST_BASE_URL'] = `${backend.origin}${SERVICE_PREFIXES.api}`;
  process.env['ANALYTICS_BASE_URL'] = `${backend.origin}${SERVICE_PREFIXES.analytics}`;
  process.env['LOG_BASE_URL'] = `${backend.origin}${SERVICE_PREFIXES.logs}`;
  process.env['GRAPHQL_DOCUMENTS'] = 'trusted';
  const config = { host: '127.0.0.1', port: 0, databaseFile: ':memory:', defaultChannel: null, appOrigin: null, rateLimit: { max: 0, windowSeconds: 60 }, logMail: false, appDir: null };
  gateway = buildGateway(config, { mediaBaseUrl: backend.origin, restBaseUrl: process.env['REST_BASE_URL'] });
  // A load balancer on this machine names the viewers.
  await mountGraphql(gateway, { trustedProxies: ['loopback'] });
  gatewayUrl = `${await gateway.listen({ host: '127.0.0.1', port: 0 })}/graphql`;
});
afterAll(async () => {
  await gateway.close();
  await backend.close();
});

/** A viewer behind the balancer in front of the gateway. */
const viewerAt = (address: string) => clientBehindBalancer(backend, address, { endpoint: gatewayUrl, channelKey: SUMMIT.channelKey });

describe('a gateway over a channel backend', () => {
  it('answers Startup from the backend, and serves no REST API of its own', async () => {
    const viewer = viewerAt('198.51.100.30');
    const answer = await viewer.client.execute(StartupDocument);
    expect(answer.data?.settings?.channel.name).toBe(SUMMIT.name);
    expect(backend.requestLog.entries.some((entry) => entry.operationId === 'getSettings')).toBe(true);
    const rest = await fetch(gatewayUrl.replace('/graphql', '/api/settings'));
    expect(rest.status).toBe(404);
  });

  it('passes the backend\'s media paths on to it (MEDIA_BASE_URL)', async () => {
    const logo = (await viewerAt('198.51.100.33').client.execute(StartupDocument)).data?.settings?.channel.logo;
    expect(logo).toMatch(/^\/media\//);
    const viaGateway = await fetch(gatewayUrl.replace('/graphql', logo!));
    expect(viaGateway.status).toBe(200);
    expect(Buffer.from(await viaGateway.arrayBuffer())).toEqual(Buffer.from(await (await fetch(`${backend.origin}${logo!}`)).arrayBuffer()));
  });

  it('passes each viewer on to the backend, whose rate limit counts them apart', async () => {
    const first = viewerAt('198.51.100.31');
    // The API key, then FAQ reads up to the backend's limit.
    await first.client.ensureApiKey();
    for (let i = 1; i < LIMIT; i += 1) expect((await first.client.execute(FaqDocument)).errors).toEqual([]);
    expect((await first.client.execute(FaqDocument)).fieldErrors.faq).toMatchObject({ kind: 'throttled', status: 429 });
    expect((await viewerAt('198.51.100.32').client.execute(FaqDocument)).errors).toEqual([]);
  });

  it('passes the social provider\'s pages on, and the backend builds their URLs on the gateway\'s origin', async () => {
    const key = await backend.apiKey();
    const gatewayOrigin = new URL(gatewayUrl).origin;
    const page = await fetch(`${gatewayOrigin}/api/auth/login/google?${new URLSearchParams({ state: key, nonce: 'n'.repeat(32) }).toString()}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The form posts back through the gateway, never to the backend's own address.
    expect(html).toContain(`action="${gatewayOrigin}/api/auth/login/google"`);
    expect(html).not.toContain(backend.origin);
  });

  it('will not start without the three services it calls', () => {
    expect(missingServices({ REST_BASE_URL: 'http://backend/api' })).toEqual(['ANALYTICS_BASE_URL', 'LOG_BASE_URL']);
  });
});
