/**
 * A Redis server of the suite's own (Debian's redis-server, which scripts/ensure-redis.ts installs), on a free port
 * on loopback, keeping nothing on disk. It can be stopped and started again on the same port, as an outage would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';

export interface RedisServer {
  url: string;
  /** The running server's process id (its memory is read from /proc by the benches). */
  pid(): number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

const BINARY = process.env['REDIS_SERVER'] || '/usr/bin/redis-server';

/**
 * A port that is free now, below Linux's ephemeral range (32768 and up), so that while the server is stopped no
 * outgoing connection of this machine is given it and it can start there again.
 */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port between 20000 and 32000');
}

export async function startRedisServer(): Promise<RedisServer> {
  try {
    accessSync(BINARY, constants.X_OK);
  } catch {
    throw new Error(`no redis-server at ${BINARY}: run "npx tsx scripts/ensure-redis.ts" (npm test does), or set REDIS_SERVER`);
  }
  const port = await freePort();
  let child: ChildProcess | null = null;

  const start = (): Promise<void> =>
    new Promise((ready, failed) => {
      const server = spawn(BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
      child = server;
      let output = '';
      const watch = (chunk: Buffer): void => {
        output += chunk.toString('utf8');
        if (!output.includes('Ready to accept connections')) return;
        server.stdout?.off('data', watch);
        ready();
      };
      server.stdout?.on('data', watch);
      server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      server.once('exit', (code) => failed(new Error(`redis-server ended (${code}) before it was ready:\n${output}`)));
    });

  await start();
  // A test process that ends without its afterAll (a crash, a timeout) leaves no server behind.
  process.once('exit', () => void (child as ChildProcess | null)?.kill('SIGKILL'));
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: () => (child as ChildProcess | null)?.pid ?? 0,
    start,
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const gone = new Promise<void>((done) => running.once('exit', () => done()));
      running.kill('SIGKILL');
      await gone;
    },
  };
}
