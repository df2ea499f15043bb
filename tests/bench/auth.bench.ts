/**
 * `npm run bench:auth`: what signing in costs, as one viewer waits for it. Each case is N sequential calls (one at a
 * time, so the figure is a latency, not a throughput), printed as median and p95 in milliseconds. The API runs in its
 * own process (fresh temporary database, rate limit off), as for bench:api. Setting: BENCH_RUNS (default 50).
 *
 * The refused and unknown-address cases should cost about what a sign-in costs (one password check each), and the
 * two password-reset cases about the same as each other: a difference would tell an attacker which addresses have
 * accounts. A throttled refusal checks no password, so it is cheap.
 */
import { performance } from 'node:perf_hooks';
import { startBenchServer } from './bench-server';

const runs = Number(process.env['BENCH_RUNS'] ?? 50);
const PASSWORD = 'Password123!';

interface Answer {
  status: number;
}

/** The value at a percentile of sorted samples (nearest rank). */
const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const server = await startBenchServer();
try {
  const post = async (path: string, body: Record<string, unknown>, from?: string): Promise<Answer> => {
    const response = await fetch(`${server.base}/api${path}`, {
      method: 'POST',
      // As the GraphQL layer or a proxy on the API's machine would name the browser's address.
      headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return { status: response.status };
  };

  const { api_key: key } = (await (
    await fetch(`${server.base}/api/get_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel_key: 'summit-demo-channel-key' }),
    })
  ).json()) as { api_key: string };

  /** Times `runs` calls made by `call(i)`; every answer must have the `expected` status. */
  async function measure(title: string, expected: number, call: (i: number) => Promise<Answer>): Promise<void> {
    const samples: number[] = [];
    let unexpected = 0;
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      const answer = await call(i);
      samples.push(performance.now() - started);
      if (answer.status !== expected) unexpected += 1;
    }
    samples.sort((a, b) => a - b);
    console.log(
      `${title.padEnd(46)} ${String(expected).padStart(3)}   median ${percentile(samples, 50).toFixed(1).padStart(6)} ms   ` +
        `p95 ${percentile(samples, 95).toFixed(1).padStart(6)} ms${unexpected > 0 ? `   (${unexpected} other statuses!)` : ''}`,
    );
  }

  // Accounts for the wrong-password case: each takes fewer failures than lock it (5), so none is throttled.
  const perAccount = 4;
  const accounts: string[] = [];
  for (let i = 0; i < Math.ceil(runs / perAccount); i += 1) {
    const email = `bench-auth-${i}@summit.test`;
    const registered = await post('/v2/auth/register', {
      api_key: key,
      first_name: 'Bench',
      last_name: 'Viewer',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms: true,
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    accounts.push(email);
  }
  // One address per call, so no address is throttled either; each call still counts against its address.
  const address = (block: number, i: number): string => `198.51.${block}.${i + 1}`;

  console.log(`bench:auth — ${runs} sequential calls each, Node ${process.version}`);
  await measure('POST /v2/auth/login  signed in', 200, (i) => post('/v2/auth/login', { api_key: key, email: 'fan@summit.test', password: PASSWORD }, address(100, i)));
  await measure('POST /v2/auth/login  wrong password', 422, (i) =>
    post('/v2/auth/login', { api_key: key, email: accounts[Math.floor(i / perAccount)], password: 'Wrong-password-1' }, address(101, i)),
  );
  await measure('POST /v2/auth/login  unknown email', 422, (i) =>
    post('/v2/auth/login', { api_key: key, email: `bench-nobody-${i}@summit.test`, password: 'Wrong-password-1' }, address(102, i)),
  );

  const locked = accounts.at(-1) ?? '';
  for (let i = 0; i < 5; i += 1) await post('/v2/auth/login', { api_key: key, email: locked, password: 'Wrong-password-1' });
  // The first lock lasts 60 s: long enough for every call here, so each is refused without a password check.
  await measure('POST /v2/auth/login  throttled (429)', 429, () => post('/v2/auth/login', { api_key: key, email: locked, password: PASSWORD }));

  await measure('POST auth/password-reset-request  account', 200, () => post('/auth/password-reset-request', { api_key: key, email: 'fan@summit.test' }));
  await measure('POST auth/password-reset-request  no account', 200, (i) =>
    post('/auth/password-reset-request', { api_key: key, email: `bench-nobody-reset-${i}@summit.test` }),
  );
} finally {
  server.stop();
}
