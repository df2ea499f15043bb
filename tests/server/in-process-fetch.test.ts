import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessFetch } from '../../server/http/in-process-fetch';

/** A server that says what it received, and counts the connections made to it. */
async function echoServer(): Promise<{ app: FastifyInstance; origin: string; connections: () => number }> {
  const app = Fastify();
  let connections = 0;
  app.server.on('connection', () => void (connections += 1));
  app.all('/api/echo', async (request, reply) => {
    reply.header('set-cookie', ['a=1', 'b=2']).header('cache-control', 'public, max-age=60');
    return { method: request.method, url: request.url, ip: request.ip, headers: request.headers, body: request.body ?? null };
  });
  app.get('/api/empty', async (_request, reply) => reply.code(204).send());
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, origin, connections: () => connections };
}

let own: Awaited<ReturnType<typeof echoServer>>;
let other: Awaited<ReturnType<typeof echoServer>>;
beforeAll(async () => {
  own = await echoServer();
  other = await echoServer();
});
afterAll(async () => {
  await own.app.close();
  await other.app.close();
});

describe('the GraphQL layer calling the API of its own process', () => {
  it('hands a call to its own address to the API without opening a connection, as a loopback peer', async () => {
    const local = inProcessFetch(own.app);
    const response = await local(`${own.origin}/api/echo?api_key=k1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ channel_key: 'c' }),
    });
    expect(response.status).toBe(200);
    const seen = (await response.json()) as { method: string; url: string; ip: string; headers: Record<string, string>; body: unknown };
    expect(seen).toMatchObject({ method: 'POST', url: '/api/echo?api_key=k1', ip: '127.0.0.1', body: { channel_key: 'c' } });
    expect(seen.headers).toMatchObject({ host: new URL(own.origin).host, 'x-forwarded-for': '203.0.113.9' });
    // Headers come back as the API set them, repeated ones included; the public-read cache reads cache-control.
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(own.connections()).toBe(0);
  });

  it('answers a bodiless status without a body', async () => {
    const response = await inProcessFetch(own.app)(`${own.origin}/api/empty`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('fetches any other address over the network (a real channel backend)', async () => {
    const response = await inProcessFetch(own.app)(`${other.origin}/api/echo`);
    expect(response.status).toBe(200);
    expect(other.connections()).toBeGreaterThan(0);
    expect(own.connections()).toBe(0);
  });
});
