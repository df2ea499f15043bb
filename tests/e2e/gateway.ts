/**
 * A gateway process over the worker's reference API, as docs/deployment.md's Scale section deploys the app: `npm start`'s
 * entry (server/serve.ts) run as its own process with REST_BASE_URL, ANALYTICS_BASE_URL, LOG_BASE_URL and
 * MEDIA_BASE_URL naming the reference API, so it serves only the built app, /graphql and the media it passes on.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { SERVICE_PREFIXES } from '../../server/app';
import type { TestApi } from '../server/harness';

export interface Gateway {
  /** `http://127.0.0.1:<port>` of the gateway process. */
  origin: string;
  /** The process's id (its memory is read from /proc by the benches). */
  pid: number;
  /** The gateway under a channel's host name, as a load balancer would hand it viewers of that channel. */
  originFor(channel: 'summit' | 'boreal'): string;
  close(): Promise<void>;
  /** Ends the process at once (SIGKILL), as a crashed machine would, and resolves when it is gone. */
  crash(): Promise<void>;
  /** Sends the process a signal (an orchestrator's SIGTERM, a second Ctrl-C), if it is still running. */
  signal(signal: NodeJS.Signals): void;
  /** What the process has printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code once the process has ended and its output has all been read. */
  exited: Promise<number | null>;
}

const root = resolve(import.meta.dirname, '..', '..');
const STARTED = /Sports channel app \(gateway\): (http:\/\/[^/\s]+)\//;

/** `env` adds to (or overrides) the gateway's environment: REDIS_URL, TRUSTED_PROXIES, SHUTDOWN_GRACE_SECONDS… */
export function startGateway(api: Pick<TestApi, 'origin'>, distDir: string, env: Record<string, string> = {}): Promise<Gateway> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      APP_DIR: distDir,
      REST_BASE_URL: `${api.origin}${SERVICE_PREFIXES.api}`,
      ANALYTICS_BASE_URL: `${api.origin}${SERVICE_PREFIXES.analytics}`,
      LOG_BASE_URL: `${api.origin}${SERVICE_PREFIXES.logs}`,
      MEDIA_BASE_URL: api.origin,
      GRAPHQL_DOCUMENTS: 'trusted',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // 'close', not 'exit': the output's last lines are read by then.
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  const signal = (name: NodeJS.Signals): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
  };
  return new Promise((resolveStart, reject) => {
    const onData = (): void => {
      const started = STARTED.exec(output);
      if (!started) return;
      child.stdout.off('data', onData);
      const origin = started[1]!;
      const { port } = new URL(origin);
      resolveStart({
        origin,
        pid: child.pid ?? 0,
        originFor: (channel) => `http://${channel}.localhost:${port}`,
        async close() {
          signal('SIGTERM');
          await exited;
        },
        async crash() {
          signal('SIGKILL');
          await exited;
        },
        signal,
        output: () => output,
        exited,
      });
    };
    child.stdout.on('data', onData);
    void exited.then((code) => reject(new Error(`the gateway process ended (${code}) before it listened:\n${output}`)));
  });
}
