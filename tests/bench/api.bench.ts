/**
 * `npm run bench:api`: throughput and latency of the reference API under load, printed as figures.
 * The API runs in its own process (fresh temporary database, rate limit off) so the load generator does not
 * share its event loop. Settings: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);

async function startServer(dir: string): Promise<{ base: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_FILE: join(dir, 'bench.sqlite'), RATE_LIMIT_MAX: '0', LOG_MAIL: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { base, stop: () => child.kill('SIGTERM') };
}

async function load(title: string, options: autocannon.Options): Promise<void> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  const errors = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(22)} ${result.requests.average.toFixed(0).padStart(7)} req/s   ` +
      `p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ` +
      `(${result.requests.total} requests, ${errors} errors)`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
const server = await startServer(dir);
try {
  const keyResponse = await fetch(`${server.base}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'summit-demo-channel-key' }),
  });
  const { api_key: key } = (await keyResponse.json()) as { api_key: string };
  console.log(`bench:api — ${connections} connections, ${seconds} s each, Node ${process.version}`);
  await load('GET /events', { url: `${server.base}/api/events?api_key=${key}&limit=20` });
  await load('POST /get_api_key', {
    url: `${server.base}/api/get_api_key`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'summit-demo-channel-key' }),
  });
} finally {
  server.stop();
  rmSync(dir, { recursive: true, force: true });
}
