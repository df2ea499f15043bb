/**
 * The app's only way to the network: typed GraphQL documents over graphql-request to Mesh, with the request rules
 * of SPEC.md §7 and the error handling of §8. Machines call it from their actors and subscribe to its events; it
 * knows nothing of React or the DOM (storage, fetch and the page URL are handed in).
 *
 * One request may carry many REST calls (Startup carries ten). Each root field settles on its own: a failed field is
 * a classified error beside the data of the others, and only the failed fields are retried.
 */
import type { OperationDocument } from './document';
import { ClientRequestError, DEFAULT_CRASH_POLICY, transportError, type ClassifiedError, type CrashPolicy, type ErrorKind } from './errors';
import { createClientEvents, type ClientEvents } from './events';
import { createEnsureApiKey, recoverKeys } from './key-requests';
import type { KeyStore } from './keys';
import { withField } from './marks';
import { operationTraits } from './operation-rules';
import { createReport, settle, type Reporting } from './reporting';
import { createRun } from './retry';
import { cancelled, createSend, failed, type Call, type Outcome, type Variables } from './send';
import { untilAborted } from './until-aborted';

/** SPEC.md §9: request timeout, and one retry after 1000 ms. */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRY = { attempts: 1, delayMs: 1000 } as const;

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
  /** Failure reports to the log service (SPEC.md §7); `false` turns them off. */
  reporting?: Reporting;
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
    document: OperationDocument<TData, TVariables>,
    ...args: CallArgs<TVariables>
  ): Promise<OperationResult<TData>>;
  /**
   * Sends an operation and answers its data, or rejects with a `ClientRequestError` holding the first failure that is
   * not tolerated. Analytics operations never reject (SPEC.md §8): their failed fields are null.
   */
  request<TData, TVariables extends Variables>(document: OperationDocument<TData, TVariables>, ...args: CallArgs<TVariables>): Promise<TData>;
  /** The stored API key, fetched first (channel key, then API key) when missing. Rejects with a ClientRequestError. */
  ensureApiKey(options?: { signal?: AbortSignal }): Promise<string>;
  /** Forgets both keys and fetches new ones (logout; the reload screen's button). Rejects with a ClientRequestError. */
  renewKeys(): Promise<string>;
  /** Resolves once every failure report sent so far has been delivered or has failed. */
  whenIdle(): Promise<void>;
}

/**
 * Builds the transport. Nothing is sent until the first call; the keys are fetched then, when an operation needs
 * one and the store has none.
 */
export function createChannelClient(options: ChannelClientOptions): ChannelClient {
  const store = options.keyStore;
  const events = options.events ?? createClientEvents();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const reports = new Set<Promise<unknown>>();
  const channelKeyOf = () => store.getChannelKey() ?? options.channelKey ?? null;
  const plainCall = (document: OperationDocument, variables?: Variables): Call => ({
    traits: operationTraits(document),
    variables,
    signal: undefined,
    timeoutMs,
    token: null,
    tolerate: new Set(),
    idempotencyKey: null,
  });
  const send = createSend(options.endpoint, options.fetch, { ...DEFAULT_CRASH_POLICY, ...options.crash });
  const report = createReport(send, plainCall, channelKeyOf, options.reporting, reports);
  const run = createRun(attempt, options.retry?.attempts ?? DEFAULT_RETRY.attempts, options.retry?.delayMs ?? DEFAULT_RETRY.delayMs);
  const ensureApiKey = createEnsureApiKey(store, channelKeyOf, run, plainCall, events, report);

  /** One attempt (of some root fields only, for a retry): the API key first when the operation needs one, then the request. */
  async function attempt(document: OperationDocument, call: Call, rootFields?: ReadonlySet<string>): Promise<Outcome> {
    let apiKey: string | null = null;
    if (call.traits.needsApiKey) {
      try {
        apiKey = await untilAborted(ensureApiKey(), call.signal, call.traits.name);
      } catch (thrown) {
        // The key request's failure is this request's too, as a whole; it was answered where it happened.
        return thrown instanceof ClientRequestError ? failed(withField(thrown.error, null)) : cancelled(call.traits.name);
      }
    }
    const outcome = await send(document, call, apiKey, rootFields);
    recoverKeys(outcome, apiKey, store, events);
    return outcome;
  }

  /** A call from its first attempt to its events and reports. */
  async function execute(document: OperationDocument, variables: Variables | undefined, callOptions: CallOptions = {}): Promise<Settled> {
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
    settle(outcome, call, events, report);
    return { outcome, call };
  }

  return {
    events,
    execute: async (document, ...[variables, callOptions]) => resultOf(await execute(document, variables, callOptions)),
    request: async (document, ...[variables, callOptions]) => dataOf(await execute(document, variables, callOptions)),
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

/** A call and its final outcome. */
interface Settled {
  outcome: Outcome;
  call: Call;
}

/** What `execute()` answers: the outcome, with each root field's failure by its response key. */
function resultOf<TData>({ outcome, call }: Settled): OperationResult<TData> {
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
}

/** What `request()` answers: the data, or a throw of the first failure not tolerated (never for analytics). */
function dataOf<TData>({ outcome, call }: Settled): TData {
  const failure = call.traits.service === 'analytics' ? undefined : outcome.errors.find((e) => !call.tolerate.has(e.kind));
  if (failure) throw new ClientRequestError(failure);
  // Every root field Mesh generates is nullable, so a field that failed quietly is null in the document's type too.
  const data: Record<string, unknown> = { ...outcome.data };
  for (const { key } of call.traits.rootFields) data[key] ??= null;
  return data as TData;
}
