/**
 * `npm run bench:api`: throughput and latency of the reference API under load, printed as figures.
 * The API runs in its own process (fresh temporary database, rate limit off) so the load generator does not
 * share its event loop. Settings: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10).
 */
import autocannon from 'autocannon';
import { apiKeyFor, startBenchServer } from './bench-server';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);


async function load(title: string, options: autocannon.Options): Promise<void> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  const errors = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(22)} ${result.requests.average.toFixed(0).padStart(7)} req/s   ` +
      `p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ` +
      `(${result.requests.total} requests, ${errors} errors)`,
  );
}

const server = await startBenchServer();
try {
  const key = await apiKeyFor(server.base);
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
}
