/**
 * The load balancer of a deployment with several gateways, as small as a test needs: each request goes to the next
 * gateway in turn, with the viewer's address appended to `x-forwarded-for` (the gateways trust this hop:
 * TRUSTED_PROXIES=loopback), and to the one after it when a gateway refuses the connection (it is gone). A request a
 * gateway accepted is never sent twice.
 */
import { createServer, request as forward, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Balancer {
  origin: string;
  /** Requests each gateway answered, in the order the gateways were given. */
  served: number[];
  close(): Promise<void>;
}

export async function startBalancer(gateways: readonly string[]): Promise<Balancer> {
  const served = gateways.map(() => 0);
  let next = 0;

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const viewer = incoming.socket.remoteAddress ?? '127.0.0.1';
      const sent = incoming.headers['x-forwarded-for'];
      const headers: IncomingHttpHeaders = { ...incoming.headers, 'x-forwarded-for': sent ? `${String(sent)}, ${viewer}` : viewer, connection: 'close' };
      const first = next;
      next = (next + 1) % gateways.length;
      const attempt = (tried: number): void => {
        if (tried === gateways.length) {
          outgoing.writeHead(502).end('no gateway answered');
          return;
        }
        const index = (first + tried) % gateways.length;
        const target = new URL(incoming.url ?? '/', gateways[index]);
        const call = forward(target, { method: incoming.method, headers, agent: false }, (answer) => {
          served[index] = (served[index] ?? 0) + 1;
          // The viewer's connection is the balancer's to keep open, whatever the gateway's did.
          const headers = { ...answer.headers };
          delete headers.connection;
          delete headers['keep-alive'];
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(outgoing);
        });
        call.on('error', (error: NodeJS.ErrnoException) => {
          // Refused: nothing reached that gateway, so the next one may have it. Anything else is the viewer's to see.
          if (error.code === 'ECONNREFUSED') attempt(tried + 1);
          else if (!outgoing.headersSent) outgoing.writeHead(502).end(error.message);
        });
        call.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    served,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
