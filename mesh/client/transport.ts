/**
 * The app's only way to the network: typed GraphQL documents over graphql-request to Mesh, with the request rules
 * of SPEC.md §7 and the error handling of §8. Machines call it from their actors and subscribe to its events; it
 * knows nothing of React or the DOM (storage, fetch and the page URL are handed in).
 *
 * One request may carry many REST calls (Startup carries ten). Each root field settles on its own: a failed field is
 * a classified error beside the data of the others, and only the failed fields are retried.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type DocumentNode } from 'graphql';
import { ClientError, GraphQLClient } from 'graphql-request';
import {
  classify,
  classifyHttp,
  ClientRequestError,
  DEFAULT_CRASH_POLICY,
  isRetryable,
  transportError,
  type ClassifiedError,
  type CrashPolicy,
  type ErrorKind,
} from './errors';
import { createClientEvents, type ClientEvents, type ClientEventType } from './events';
import { ApiKeyDocument } from './generated/documents/ApiKey';
import { ChannelKeyDocument } from './generated/documents/ChannelKey';
import type { KeyStore } from './keys';
import { operationTraits, type OperationTraits } from './operation-rules';
import { logEntryFor } from './report';
import { untilAborted } from './until-aborted';

/** SPEC.md §9: request timeout, and one retry after 1000 ms. */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRY = { attempts: 1, delayMs: 1000 } as const;

export type Variables = Record<string, unknown>;

/**
 * How the app shell (or a test) builds the client.
 * @public
 */
export interface ChannelClientOptions {
  /** The GraphQL endpoint (`/graphql` on the serve process). */
  endpoint: string;
  /** Where the keys are kept (local storage in the browser, memory in Node). */
  keyStore: KeyStore;
  /** The viewer's bearer token, read at each request; null for an anonymous visitor. */
  getToken?: () => string | null;
  /** The build-time channel key; without it the keys file (`ChannelKey`) answers it for the browser's host. */
  channelKey?: string | null;
  /** Defaults to the platform's fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** `attempts` retries after `delayMs` for failures worth retrying (see `isRetryable`). */
  retry?: { attempts?: number; delayMs?: number };
  /** Statuses raised as crashes (global error): matching `pattern` (5xx by default) and not in `allow`. */
  crash?: Partial<CrashPolicy>;
  /**
   * Failure reports to the log service (SPEC.md §7): the reporting service's name (`web`) and the page the app is
   * on (the browser adapter reads it from the location). `false` turns reporting off.
   */
  reporting?: false | { service?: string; pageUrl?: () => string };
  /** Share an emitter (the app shell subscribes before the first request); a new one by default. */
  events?: ClientEvents;
}

/**
 * Per-call options.
 * @public
 */
export interface CallOptions {
  /** Aborting it cancels the request: the result is a `cancelled` error, with no event and no report. */
  signal?: AbortSignal;
  /**
   * Failures the caller expects and handles (the custom form's `notFound`): no event, no report, and `request()`
   * answers null for the field instead of throwing.
   */
  tolerate?: readonly ErrorKind[];
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  /**
   * Sent as the `Idempotency-Key` header with every attempt of this call, the retry included: the API answers a
   * repeat with the first answer instead of charging again. One key per intent (a purchase, its confirmation).
   */
  idempotencyKey?: string;
}

/**
 * What `execute()` answers: partial data is normal.
 * @public
 */
export interface OperationResult<TData> {
  /** What arrived; failed fields are null. Null only when nothing arrived at all. */
  data: TData | null;
  /** Every failure, classified; empty on success. */
  errors: readonly ClassifiedError[];
  /** The failure of each root field that failed, by its response key; a whole-request failure is every field's. */
  fieldErrors: Partial<Record<Extract<keyof TData, string>, ClassifiedError>>;
}

/** Variables are optional exactly when the operation has no required ones. */
type CallArgs<TVariables> = Record<string, never> extends TVariables
  ? [variables?: TVariables, options?: CallOptions]
  : [variables: TVariables, options?: CallOptions];

export interface ChannelClient {
  readonly events: ClientEvents;
  /** Sends an operation and answers every field's outcome; never rejects. */
  execute<TData, TVariables extends Variables>(
    document: TypedDocumentNode<TData, TVariables>,
    ...args: CallArgs<TVariables>
  ): Promise<OperationResult<TData>>;
  /**
   * Sends an operation and answers its data, or rejects with a `ClientRequestError` holding the first failure that is
   * not tolerated. Analytics operations never reject (SPEC.md §8): their failed fields are null.
   */
  request<TData, TVariables extends Variables>(document: TypedDocumentNode<TData, TVariables>, ...args: CallArgs<TVariables>): Promise<TData>;
  /** The stored API key, fetched first (channel key, then API key) when missing. Rejects with a ClientRequestError. */
  ensureApiKey(options?: { signal?: AbortSignal }): Promise<string>;
  /** Forgets both keys and fetches new ones (logout; the reload screen's button). Rejects with a ClientRequestError. */
  renewKeys(): Promise<string>;
  /** Resolves once every failure report sent so far has been delivered or has failed. */
  whenIdle(): Promise<void>;
}

/** One call of an operation, across its attempts. */
interface Call {
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
interface Outcome {
  data: Record<string, unknown> | null;
  errors: ClassifiedError[];
}

/**
 * Builds the transport. Nothing is sent until the first call; the keys are fetched then, when an operation needs
 * one and the store has none.
 */
export function createChannelClient(options: ChannelClientOptions): ChannelClient {
  const store = options.keyStore;
  const events = options.events ?? createClientEvents();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = options.retry?.attempts ?? DEFAULT_RETRY.attempts;
  const retryDelayMs = options.retry?.delayMs ?? DEFAULT_RETRY.delayMs;
  const crash: CrashPolicy = { ...DEFAULT_CRASH_POLICY, ...options.crash };
  const reporting = options.reporting === false ? null : { service: options.reporting?.service ?? 'web', pageUrl: options.reporting?.pageUrl };
  const fetchImpl: typeof fetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  // graphql-request never parses a query (the operation name is left out), so the browser bundle needs no parser
  // (see src/adapters/graphql-slim.ts); a trusted document goes by its hash (persistedBody).
  const graphql = new GraphQLClient(options.endpoint, {
    fetch: fetchImpl,
    errorPolicy: 'all',
    excludeOperationName: true,
    requestMiddleware: persistedBody,
  });

  /** Failures whose key recovery (SPEC.md §8) has run: it runs once per failure. */
  const recovered = new WeakSet<ClassifiedError>();
  /** Failures already answered where they happened (a failed key request): no retry, no second event or report. */
  const settled = new WeakSet<ClassifiedError>();
  const reports = new Set<Promise<void>>();
  let keyRequest: Promise<string> | null = null;

  // ------------------------------------------------------------------ one HTTP request

  async function send(document: DocumentNode, variables: Variables | undefined, call: Call, apiKey: string | null, rootFields: ReadonlySet<string> | null): Promise<Outcome> {
    const operation = call.traits.name;
    if (call.signal?.aborted) return failed(transportError({ kind: 'cancelled' }, operation));
    const headers: Record<string, string> = {};
    if (apiKey) headers['x-api-key'] = apiKey;
    if (call.token) headers['authorization'] = `Bearer ${call.token}`;
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;

    const timeout = AbortSignal.timeout(call.timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    try {
      const response = await graphql.rawRequest<Record<string, unknown>>({
        query: queryOf(document, call.traits.name, rootFields),
        variables: variables ?? {},
        requestHeaders: headers,
        signal,
      });
      return {
        data: response.data ?? null,
        errors: (response.errors ?? []).map((e) => classify(e, { operation, httpStatus: response.status, crash })),
      };
    } catch (thrown) {
      // Whichever signal aborted says what happened; a caller's cancel wins over a timeout at the same moment. The
      // timeout is told by its own signal, not by a TimeoutError reason: a caller may abort with one of those too.
      if (call.signal?.aborted) return failed(transportError({ kind: 'cancelled' }, operation));
      if (timeout.aborted) return failed(transportError({ kind: 'timeout', timeoutMs: call.timeoutMs }, operation));
      if (thrown instanceof ClientError) {
        const { response } = thrown;
        if (response.errors?.length) {
          const data = (response.data ?? null) as Record<string, unknown> | null;
          return { data, errors: response.errors.map((e) => classify(e, { operation, httpStatus: response.status, crash })) };
        }
        const answer = { status: response.status, body: parseBody(response.body), headers: {} };
        return failed(classifyHttp(answer, { operation, field: null, upstream: null, fallbackMessage: `HTTP ${response.status}` }, crash));
      }
      return failed(transportError({ kind: 'network', cause: thrown }, operation));
    }
  }

  // ------------------------------------------------------------------ attempts, key handling and the retry

  /** One attempt (of some root fields only, for a retry): the API key first when the operation needs one, then the request. */
  async function attempt(document: DocumentNode, call: Call, rootFields: ReadonlySet<string> | null = null): Promise<Outcome> {
    let apiKey: string | null = null;
    if (call.traits.needsApiKey) {
      try {
        apiKey = await untilAborted(ensureApiKey(), call.signal, call.traits.name);
      } catch (thrown) {
        // The key request's failure is this request's too, as a whole; it was answered where it happened.
        if (thrown instanceof ClientRequestError) return failed(withField(thrown.error, null));
        return failed(transportError({ kind: 'cancelled' }, call.traits.name));
      }
    }
    const outcome = await send(document, call.variables, call, apiKey, rootFields);
    recoverKeys(outcome, apiKey);
    return outcome;
  }

  /**
   * SPEC.md §8, at once after each attempt: an unknown channel key clears both keys (key error: the reload screen);
   * a refused API key is forgotten (unless another request already replaced it) and the user state reset.
   */
  function recoverKeys(outcome: Outcome, apiKeySent: string | null): void {
    const pending = outcome.errors.filter((e) => !recovered.has(e));
    const channelKeyError = pending.find((e) => e.kind === 'channelKey');
    if (channelKeyError) {
      store.clear();
      events.emit('keyError', channelKeyError);
    }
    const apiKeyError = pending.find((e) => e.kind === 'apiKey');
    if (apiKeyError) {
      if (store.getApiKey() === apiKeySent) store.setApiKey(null);
      events.emit('userReset', apiKeyError);
    }
    for (const error of pending) recovered.add(error);
  }

  /** The first attempt, then the retries of what failed for a reason that may pass (SPEC.md §7, §8). */
  async function run(document: DocumentNode, call: Call): Promise<Outcome> {
    let outcome = await attempt(document, call);
    for (let retry = 0; retry < retries; retry += 1) {
      const retryable = outcome.errors.filter((e) => isRetryable(e) && !settled.has(e));
      if (retryable.length === 0) break;
      if (!(await sleep(retryDelayMs, call.signal))) {
        return { data: outcome.data, errors: [transportError({ kind: 'cancelled' }, call.traits.name)] };
      }
      const keys = retryable.some((e) => e.field === null) ? null : new Set(retryable.map((e) => e.field!));
      // Only what failed is asked again: the server cuts the trusted document down to those root fields.
      outcome = keys ? merge(outcome, await attempt(document, call, keys), keys) : await attempt(document, call);
    }
    return outcome;
  }

  /** The earlier outcome with the retried fields replaced by their new answers. */
  function merge(before: Outcome, retried: Outcome, keys: ReadonlySet<string>): Outcome {
    const data = { ...before.data };
    for (const key of keys) data[key] = retried.data?.[key] ?? null;
    // A retry that failed as a whole failed each of the retried fields.
    const retriedErrors = retried.errors.flatMap((e) => (e.field === null ? [...keys].map((field) => withField(e, field)) : [e]));
    return { data, errors: [...before.errors.filter((e) => e.field === null || !keys.has(e.field)), ...retriedErrors] };
  }

  function withField(error: ClassifiedError, field: string | null): ClassifiedError {
    const copy = { ...error, field };
    if (recovered.has(error)) recovered.add(copy);
    if (settled.has(error)) settled.add(copy);
    return copy;
  }

  // ------------------------------------------------------------------ events and reports for the final outcome

  function settle(outcome: Outcome, call: Call): void {
    // Analytics failures are swallowed and the log service's own failures never reported (SPEC.md §7, §8).
    if (call.traits.service !== 'api') return;
    const raised = new Set<ClientEventType>();
    const raise = (type: ClientEventType, error: ClassifiedError) => {
      if (!raised.has(type)) events.emit(type, error);
      raised.add(type);
    };
    for (const error of outcome.errors) {
      if (settled.has(error) || error.kind === 'cancelled' || call.tolerate.has(error.kind)) continue;
      // A 401 for a request without a token is an anonymous visitor's, not a failure: the profile read tolerates it.
      if (error.kind === 'unauthenticated') {
        if (!call.token) continue;
        raise('userReset', error);
      }
      if (error.kind === 'throttled' || error.kind === 'crash') raise('globalError', error);
      report(error, call.variables);
    }
  }

  /** Sends the failure to the log service in the background; a failing report is dropped, never reported. */
  function report(error: ClassifiedError, variables: unknown): void {
    const channel = store.getChannelKey() ?? options.channelKey ?? null;
    if (!reporting || !channel) return;
    const entry = logEntryFor({ error, variables, service: reporting.service, channel, pageUrl: reporting.pageUrl?.() ?? '', now: new Date() });
    // The document loads with the first report, not with the app's first bundle.
    const task = import('./generated/documents/ReportError')
      // One attempt, no events, no report of its own failure.
      .then(({ ReportErrorDocument }) => send(ReportErrorDocument, { entry }, plainCall(ReportErrorDocument), null, null))
      .then(
        () => undefined,
        () => undefined,
      );
    reports.add(task);
    void task.then(() => reports.delete(task));
  }

  // ------------------------------------------------------------------ keys

  function ensureApiKey(): Promise<string> {
    const stored = store.getApiKey();
    if (stored) return Promise.resolve(stored);
    keyRequest ??= acquireKeys().finally(() => {
      keyRequest = null;
    });
    return keyRequest;
  }

  /** SPEC.md §1 steps 1 and 2: the channel key (configuration, store or keys file), then an API key for it. */
  async function acquireKeys(): Promise<string> {
    let channelKey = store.getChannelKey() ?? options.channelKey ?? null;
    if (!channelKey) {
      const answer = await run(ChannelKeyDocument, plainCall(ChannelKeyDocument));
      channelKey = answer.data?.['getChannelKey'] ? (answer.data['getChannelKey'] as { channel_key: string }).channel_key : null;
      if (!channelKey) throw keyFailure(answer.errors[0] ?? missingKey('channelKey', 'ChannelKey', 'No chanel or api key found'), undefined);
      store.setChannelKey(channelKey);
    } else if (!store.getChannelKey()) {
      store.setChannelKey(channelKey);
    }
    const variables = { input: { channel_key: channelKey } };
    const answer = await run(ApiKeyDocument, plainCall(ApiKeyDocument, variables));
    const apiKey = answer.data?.['getApiKey'] ? (answer.data['getApiKey'] as { api_key: string }).api_key : null;
    if (!apiKey) throw keyFailure(answer.errors[0] ?? missingKey('apiKey', 'ApiKey', 'no api key'), variables);
    store.setApiKey(apiKey);
    return apiKey;
  }

  /** A key request failed: the reload screen's key error (SPEC.md §1, §4), reported once, then the callers' error. */
  function keyFailure(error: ClassifiedError, variables: unknown): ClientRequestError {
    if (!settled.has(error)) {
      // An unknown channel key has already cleared the keys and raised the key error (recoverKeys).
      if (!recovered.has(error) || error.kind !== 'channelKey') events.emit('keyError', error);
      report(error, variables);
      settled.add(error);
    }
    return new ClientRequestError(error);
  }

  function plainCall(document: DocumentNode, variables?: Variables): Call {
    return { traits: operationTraits(document), variables, signal: undefined, timeoutMs, token: null, tolerate: new Set(), idempotencyKey: null };
  }

  // ------------------------------------------------------------------ the public surface

  async function execute<TData>(document: TypedDocumentNode<TData, Variables>, variables: Variables | undefined, callOptions: CallOptions = {}) {
    const traits = operationTraits(document);
    const call: Call = {
      traits,
      variables,
      signal: callOptions.signal,
      timeoutMs: callOptions.timeoutMs ?? timeoutMs,
      token: traits.service === 'api' ? (options.getToken?.() ?? null) : null,
      tolerate: new Set(callOptions.tolerate ?? []),
      idempotencyKey: callOptions.idempotencyKey ?? null,
    };
    const outcome = await run(document, call);
    settle(outcome, call);
    return { outcome, call };
  }

  return {
    events,
    async execute<TData, TVariables extends Variables>(document: TypedDocumentNode<TData, TVariables>, ...args: CallArgs<TVariables>) {
      const [variables, callOptions] = args;
      const { outcome, call } = await execute(document as TypedDocumentNode<TData, Variables>, variables, callOptions);
      const fieldErrors: Partial<Record<string, ClassifiedError>> = {};
      for (const { key } of call.traits.rootFields) {
        const error = outcome.errors.find((e) => e.field === key) ?? outcome.errors.find((e) => e.field === null);
        if (error) fieldErrors[key] = error;
      }
      return {
        // The data is the server's answer to this very document, so it has the document's type.
        data: outcome.data as TData | null,
        errors: outcome.errors,
        fieldErrors: fieldErrors as OperationResult<TData>['fieldErrors'],
      };
    },
    async request<TData, TVariables extends Variables>(document: TypedDocumentNode<TData, TVariables>, ...args: CallArgs<TVariables>) {
      const [variables, callOptions] = args;
      const { outcome, call } = await execute(document as TypedDocumentNode<TData, Variables>, variables, callOptions);
      const failure = call.traits.service === 'analytics' ? undefined : outcome.errors.find((e) => !call.tolerate.has(e.kind));
      if (failure) throw new ClientRequestError(failure);
      // Every root field Mesh generates is nullable, so a field that failed quietly is null in the document's type too.
      const data: Record<string, unknown> = { ...outcome.data };
      for (const { key } of call.traits.rootFields) data[key] ??= null;
      return data as TData;
    },
    ensureApiKey(callOptions = {}) {
      return untilAborted(ensureApiKey(), callOptions.signal, 'ApiKey').catch((thrown: unknown) => {
        throw thrown instanceof ClientRequestError ? thrown : new ClientRequestError(transportError({ kind: 'cancelled' }, 'ApiKey'));
      });
    },
    renewKeys() {
      store.clear();
      return ensureApiKey();
    },
    async whenIdle() {
      while (reports.size > 0) await Promise.all([...reports]);
    },
  };
}

// -------------------------------------------------------------------- helpers

const printedDocuments = new WeakMap<DocumentNode, string>();

/** The hash codegen gave a document of mesh/operations (`__meta__.hash`, `sha256:<hex>`); null for any other. */
function documentHash(document: DocumentNode): string | null {
  const hash = (document as { __meta__?: { hash?: unknown } }).__meta__?.hash;
  return typeof hash === 'string' && hash.startsWith('sha256:') ? hash.slice('sha256:'.length) : null;
}

/** How a trusted document is handed to graphql-request, which can only send a query: see `persistedBody`. */
const PERSISTED = /^persisted:(\w*):([0-9a-f]{64})(?::([\w,]+))?$/;

/**
 * What `query` graphql-request is given: for the app's own documents a reference (`persisted:<name>:<hash>`, then
 * `:<field,field>` for a retry of some root fields) that `persistedBody` turns into the request body; the printed
 * text for any other document (a test's own, against GRAPHQL_DOCUMENTS=any), always whole.
 */
function queryOf(document: DocumentNode, name: string | null, rootFields: ReadonlySet<string> | null): string {
  const hash = documentHash(document);
  if (hash) return `persisted:${name ?? ''}:${hash}${rootFields ? `:${[...rootFields].join(',')}` : ''}`;
  let text = printedDocuments.get(document);
  if (text === undefined) {
    text = print(document);
    printedDocuments.set(document, text);
  }
  return text;
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

function failed(error: ClassifiedError): Outcome {
  return { data: null, errors: [error] };
}

function missingKey(kind: 'channelKey' | 'apiKey', operation: string, message: string): ClassifiedError {
  return { kind, message, status: 0, field: null, operation, fieldErrors: {}, body: null, upstream: null };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Waits `ms`; false when the signal aborted first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
