/**
 * The transport against the real stack: the reference API and Mesh on an ephemeral port (tests/server/harness.ts),
 * and a real `createChannelClient` pointed at it. Nothing of our API is faked: failures are forced with the API's
 * test-only fault setting, and what each REST call carried is read from its request log.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { parse } from 'graphql';
import type { OperationDocument } from '../../mesh/client/document';
import { documentMeta } from '../../mesh/document-meta';
import type { ClassifiedError } from '../../mesh/client/errors';
import type { ClientEvents, ClientEventType } from '../../mesh/client/events';
import { createMemoryKeyStore, type KeyStore } from '../../mesh/client/keys';
import { createChannelClient, type ChannelClient, type ChannelClientOptions } from '../../mesh/client/transport';
import type { TestApi } from '../server/harness';

/** The log service's read-back token the suites configure (`startTestApi({ logReadToken })`). */
export const LOG_READ_TOKEN = 'log-reader-token';

/** The text of each document a suite wrote itself, by the hash its typed document carries. */
const suiteDocuments = new Map<string, string>();

/**
 * A typed document for an operation the suite writes itself (the app's own live in mesh/operations/): its metadata
 * as codegen computes it for the app's (mesh/document-meta.ts) and a hash that no server trusts. The client sends it
 * by hash like any other; `asSentBySuite` puts its text in the request instead, which a server with
 * GRAPHQL_DOCUMENTS=any runs (the harness's default).
 */
export function typedDocument<TData, TVariables extends Record<string, unknown> = Record<string, never>>(
  source: string,
): OperationDocument<TData, TVariables> {
  const hash = `sha256:${createHash('sha256').update(source).digest('hex')}`;
  suiteDocuments.set(hash, source);
  return { __meta__: { ...documentMeta(parse(source)), hash } };
}

/**
 * A request of a suite's own document (by hash, as the client sends every document) as text instead, the way a
 * client outside the app sends its own operations: whole, with its name. Any other request is left as it is.
 */
function asSentBySuite(init: RequestInit | undefined): RequestInit | undefined {
  if (typeof init?.body !== 'string') return init;
  const sent = JSON.parse(init.body) as { operationName?: string; variables?: unknown; extensions?: { persistedQuery?: { sha256Hash?: string } } };
  const text = suiteDocuments.get(`sha256:${sent.extensions?.persistedQuery?.sha256Hash}`);
  if (text === undefined) return init;
  return { ...init, body: JSON.stringify({ query: text, variables: sent.variables, operationName: sent.operationName }) };
}

interface ClientUnderTest {
  client: ChannelClient;
  keys: KeyStore;
  /** Every event the client raised, in order. */
  events: Array<{ type: ClientEventType; error: ClassifiedError }>;
  /** The operation name of each GraphQL request that left the client (the REST calls are in `api.requestLog`). */
  sent: string[];
  /** The raw body of each failure report that left the client, before the log service saw (and redacted) it. */
  reportBodies: string[];
  token: string | null;
}

/**
 * A client for `api` with short retry delays (the default, 1000 ms, has its own test) and reporting on. `token` can
 * be changed between calls, as the session would.
 */
export function clientFor(api: TestApi, options: Partial<ChannelClientOptions> = {}): ClientUnderTest {
  const keys = options.keyStore ?? createMemoryKeyStore();
  const under: Omit<ClientUnderTest, 'client'> = { keys, events: [], sent: [], reportBodies: [], token: null };
  const { fetch: ownFetch, ...rest } = options;
  const client = createChannelClient({
    endpoint: api.graphqlUrl,
    keyStore: keys,
    getToken: () => under.token,
    retry: { delayMs: 20 },
    reporting: { service: 'web', pageUrl: () => 'http://app.test/current-page' },
    fetch: (input, init) => {
      if (ownFetch) return ownFetch(input, asSentBySuite(init));
      // Every document leaves the client by hash, with its name.
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { operationName?: string }) : {};
      const operation = body.operationName ?? '(anonymous)';
      under.sent.push(operation);
      if (operation === 'ReportError' && typeof init?.body === 'string') under.reportBodies.push(init.body);
      return fetch(input, asSentBySuite(init));
    },
    ...rest,
  });
  recordEvents(client.events, under.events);
  return Object.assign(under, { client });
}

/**
 * A client behind a load balancer on this machine: every request it sends arrives with `x-forwarded-for` set to
 * `forwardedFor`, as the balancer writes it. No retries, so each call is one request.
 */
export function clientBehindBalancer(api: TestApi, forwardedFor: string, options: Partial<ChannelClientOptions> = {}): ClientUnderTest {
  return clientFor(api, {
    retry: { attempts: 0 },
    ...options,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-for', forwardedFor);
      return fetch(input, { ...init, headers });
    },
  });
}

function recordEvents(events: ClientEvents, into: ClientUnderTest['events']): void {
  for (const type of ['keyError', 'userReset', 'globalError'] as const) events.on(type, (error) => into.push({ type, error }));
}

/** How many times the REST server was called for an operation since the log was last cleared. */
export function restCalls(api: TestApi, operationId: string): number {
  return api.requestLog.entries.filter((entry) => entry.operationId === operationId).length;
}

interface LogRecord {
  channel: string;
  date: string;
  status: number;
  service: string;
  message: string;
  request_data: string | null;
  url: string;
}

/** What the log service kept, newest first (its read-back needs the operator token). */
export async function loggedFailures(api: TestApi): Promise<LogRecord[]> {
  const answer = await api.call<{ data: LogRecord[] }>('GET', '/logs', { service: 'logs', token: LOG_READ_TOKEN, query: { no_limit: 1 } });
  if (answer.status !== 200) throw new Error(`log read-back answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** Resolves once the REST server has received a call of `operationId` (the request is in flight). */
export async function restCallArrived(api: TestApi, operationId: string): Promise<void> {
  for (let tries = 0; tries < 500; tries += 1) {
    if (restCalls(api, operationId) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${operationId} never reached the REST server`);
}

/** A GraphQL URL on a port where nothing listens any more (a connection that fails). */
export async function closedEndpoint(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}/graphql`;
}
