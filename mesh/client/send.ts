/**
 * One HTTP request to /graphql and what it answered, classified: no keys, no retry, no events. Documents go by hash
 * (trusted documents); a retry names the root fields it asks again.
 */
import { ClientError, GraphQLClient } from 'graphql-request';
import type { OperationDocument } from './document';
import {
  classify,
  classifyHttp,
  transportError,
  type ClassifiedError,
  type CrashPolicy,
  type ErrorKind,
  type GraphqlErrorEntry,
  type ServerWords,
} from './errors';
import type { OperationTraits } from './operation-rules';

export type Variables = Record<string, unknown>;

/** One call of an operation, across its attempts. */
export interface Call {
  traits: OperationTraits;
  variables: Variables | undefined;
  signal: AbortSignal | undefined;
  timeoutMs: number;
  /** The bearer token sent with it (channel API operations only). */
  token: string | null;
  tolerate: ReadonlySet<ErrorKind>;
  idempotencyKey: string | null;
}

/** The outcome of one or more attempts: data by response key and the classified failures. */
export interface Outcome {
  data: Record<string, unknown> | null;
  errors: ClassifiedError[];
}

/** Sends `document` once, with the API key when given, for all its root fields or only `rootFields`; never rejects. */
export type Send = (document: OperationDocument, call: Call, apiKey: string | null, rootFields?: ReadonlySet<string>) => Promise<Outcome>;

/** The request sender over graphql-request; `fetchImpl` defaults to the platform's fetch. */
export function createSend(endpoint: string, fetchImpl: typeof fetch | undefined, crash: CrashPolicy): Send {
  // graphql-request is given a string it never parses (the operation name is left out), so the browser bundle needs
  // no parser (see src/adapters/graphql-slim.ts); persistedBody turns the string into a body with the hash.
  const graphql = new GraphQLClient(endpoint, {
    fetch: fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args)),
    errorPolicy: 'all',
    excludeOperationName: true,
    requestMiddleware: persistedBody,
  });

  return async (document, call, apiKey, rootFields) => {
    const operation = call.traits.name;
    const answered = async (response: { data?: unknown; errors?: GraphqlErrorEntry[]; status: number }): Promise<Outcome> => {
      const words = response.errors?.length ? await serverWords() : undefined;
      return {
        data: (response.data ?? null) as Outcome['data'],
        errors: (response.errors ?? []).map((e) => classify(e, { operation, httpStatus: response.status, crash, words })),
      };
    };
    if (call.signal?.aborted) return cancelled(operation);
    const headers: Record<string, string> = {};
    if (apiKey) headers['x-api-key'] = apiKey;
    if (call.token) headers['authorization'] = `Bearer ${call.token}`;
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;

    const timeout = AbortSignal.timeout(call.timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    try {
      const response = await graphql.rawRequest<Record<string, unknown>>({
        query: queryOf(document, rootFields),
        variables: call.variables ?? {},
        requestHeaders: headers,
        signal,
      });
      return answered(response);
    } catch (thrown) {
      // Whichever signal aborted says what happened; a caller's cancel wins over a timeout at the same moment. The
      // timeout is told by its own signal, not by a TimeoutError reason: a caller may abort with one of those too.
      if (call.signal?.aborted) return cancelled(operation);
      if (timeout.aborted) return failed(transportError({ kind: 'timeout', timeoutMs: call.timeoutMs }, operation));
      if (!(thrown instanceof ClientError)) return failed(transportError({ kind: 'network', cause: thrown }, operation));
      const { response } = thrown;
      if (response.errors?.length) return answered(response);
      const answer = { status: response.status, body: parseBody(response.body), headers: {} };
      const place = { operation, field: null, upstream: null, fallbackMessage: `HTTP ${response.status}`, words: await serverWords() };
      return failed(classifyHttp(answer, place, crash));
    }
  };
}

/**
 * The table of the server's wordings the viewer reads in their words (server-words.ts), loaded with the first answer
 * that refuses something: the entry, which starts the first requests, stays without it. A table that cannot be
 * loaded leaves the wordings as they came.
 */
function serverWords(): Promise<ServerWords | undefined> {
  return import('./server-words').then(
    (table) => table.messageOfServerWords,
    () => undefined,
  );
}

export function failed(error: ClassifiedError): Outcome {
  return { data: null, errors: [error] };
}

/** The outcome of a call its caller cancelled. */
export function cancelled(operation: string | null): Outcome {
  return failed(transportError({ kind: 'cancelled' }, operation));
}

/** How a document is handed to graphql-request, which can only send a query: see `persistedBody`. */
const PERSISTED = /^persisted:(\w*):([0-9a-f]{64})(?::([\w,]+))?$/;

/**
 * What `query` graphql-request is given: a reference to the document (`persisted:<name>:<hash>`, then `:<field,field>`
 * for a retry of some root fields) that `persistedBody` turns into the request body. The browser holds no document's
 * text: /graphql looks it up by the hash.
 */
function queryOf(document: OperationDocument, rootFields: ReadonlySet<string> | undefined): string {
  const { name, hash } = document.__meta__;
  return `persisted:${name}:${hash.slice('sha256:'.length)}${rootFields ? `:${[...rootFields].join(',')}` : ''}`;
}

/**
 * graphql-request's request middleware: a reference from `queryOf` becomes the body /graphql expects of a trusted
 * document (mesh/trusted-documents.js): no text, the hash in the standard `extensions.persistedQuery`, the root
 * fields of a retry in `extensions.rootFields`, and the operation name for logs and tests.
 */
function persistedBody<T extends { body?: unknown }>(request: T): T {
  if (typeof request.body !== 'string') return request;
  const sent = JSON.parse(request.body) as { query?: unknown; variables?: unknown };
  const reference = typeof sent.query === 'string' ? PERSISTED.exec(sent.query) : null;
  if (!reference) return request;
  const [, name, hash, fields] = reference;
  const extensions = { persistedQuery: { version: 1, sha256Hash: hash }, ...(fields ? { rootFields: fields.split(',') } : {}) };
  return { ...request, body: JSON.stringify({ ...(name ? { operationName: name } : {}), variables: sent.variables, extensions }) };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
