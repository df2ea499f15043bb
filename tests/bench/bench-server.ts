import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

export interface BenchServer {
  /** Scheme, host and port of the server (no /api prefix). */
  base: string;
  /** The server process's id (its memory is read from /proc). */
  pid: number;
  stop: () => void;
}

/**
 * Starts `server/serve.ts` in its own process for a benchmark: ephemeral port, fresh temporary database, rate limit
 * and mail logging off. Its own process, so the load generator does not share the server's event loop.
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_FILE: join(dir, 'bench.sqlite'), RATE_LIMIT_MAX: '0', LOG_MAIL: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolveBase, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match?.[1]) resolveBase(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    base,
    pid: child.pid ?? 0,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new API key for the demo channel Summit, as a browser's first visit gets one. */
export async function apiKeyFor(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'summit-demo-channel-key' }),
  });
  return ((await answer.json()) as { api_key: string }).api_key;
}

/** The demo fan signed in on a key of its own: what a returning viewer's browser holds. */
export async function signedInFan(base: string): Promise<{ key: string; token: string }> {
  const key = await apiKeyFor(base);
  const login = await fetch(`${base}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'fan@summit.test', password: 'Password123!', api_key: key }),
  });
  return { key, token: ((await login.json()) as { token: string }).token };
}

/**
 * The body the app sends for one of its documents: its name, its variables and its hash (mesh/trusted-documents.js),
 * from the built layer's manifest (build it first: scripts/build-mesh.ts).
 */
export function trustedBody(operationName: string, variables: Record<string, unknown> = {}): string {
  const manifest = JSON.parse(readFileSync(join(root, 'mesh', 'client', 'generated', 'persisted-documents.json'), 'utf8')) as Record<string, string>;
  const id = Object.keys(manifest).find((key) => new RegExp(`^(?:fragment [^]*? )?(?:query|mutation) ${operationName}\\b`).test(manifest[key] ?? ''));
  if (!id) throw new Error(`no trusted document named ${operationName}`);
  return JSON.stringify({ operationName, variables, extensions: { persistedQuery: { version: 1, sha256Hash: id.replace('sha256:', '') } } });
}

/** Resident memory of a process, in MB (Linux). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/**
 * `connections` viewers sending `body` to `graphqlUrl` for `duration` seconds, each connection one viewer with its
 * own key and session, as the app sends it (autocannon).
 */
export function driveViewers(options: {
  graphqlUrl: string;
  body: string;
  viewers: ReadonlyArray<{ key: string; token: string }>;
  connections: number;
  duration: number;
}): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: options.graphqlUrl,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: options.body,
    connections: options.connections,
    duration: options.duration,
    timeout: 30,
    setupClient: (client) => {
      const viewer = options.viewers[next++ % options.viewers.length]!;
      client.setHeaders({ 'content-type': 'application/json', 'x-api-key': viewer.key, authorization: `Bearer ${viewer.token}` });
    },
  });
}
