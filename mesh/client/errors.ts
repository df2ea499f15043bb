/**
 * The error catalogue of SPEC.md §8 as data. Every failure the transport sees (a GraphQL error carrying the REST
 * answer in `extensions.response`, a GraphQL-layer refusal, a dropped connection, a timeout, a cancellation) becomes
 * one `ClassifiedError`: a plain, serialisable object that machines keep in their context and switch on by `kind`.
 */
import type { Message } from '../messages';

/**
 * How the viewer is told a server's wording: server-words.ts's `messageOfServerWords`, which the sender loads with the
 * first refusal (send.ts); without it the wording is shown as it came.
 */
export type ServerWords = (text: string) => Message;

const asItCame: ServerWords = (text) => ({ text });

/** What every classified error carries. */
interface ErrorBase {
  /** The REST error envelope's message when there is one, else what the GraphQL layer or the network said. */
  readonly message: string;
  /** `message` for the viewer: the key of a server wording the app knows (server-words.ts), else the text as it came. */
  readonly userMessage: Message;
  /** The REST call's HTTP status; for failures of the GraphQL request itself its HTTP status; 0 when nothing answered. */
  readonly status: number;
  /** The response key of the root field that failed (`menu` in Startup); null when the whole request failed. */
  readonly field: string | null;
  /** The GraphQL operation's name. */
  readonly operation: string | null;
  /** Messages per input field from the REST error envelope (`error.errors`), for forms. */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;
  /** `fieldErrors` for the viewer, read like `userMessage`. */
  readonly userFieldErrors: Readonly<Record<string, readonly Message[]>>;
  /** The REST response body: parsed JSON, the raw text when it was not JSON, or null. */
  readonly body: unknown;
  /** The REST request that failed, as Mesh sent it (method and URL), when one was made. */
  readonly upstream: { readonly method: string; readonly url: string } | null;
}

/** The channel key is unknown (`error.errors.channel_key`): the keys are cleared and the reload screen comes up. */
export interface ChannelKeyError extends ErrorBase {
  readonly kind: 'channelKey';
}
/** The API key is missing or unknown (`error.errors.api_key`): cleared, user reset, fetched anew and retried once. */
export interface ApiKeyError extends ErrorBase {
  readonly kind: 'apiKey';
}
/** 401 without a key problem: the bearer token is missing, invalid or expired. */
export interface UnauthenticatedError extends ErrorBase {
  readonly kind: 'unauthenticated';
}
/** 429: too many requests for this key; shown as a global error. */
export interface ThrottledError extends ErrorBase {
  readonly kind: 'throttled';
  /** The `retry-after` header in seconds, when the server sent one. */
  readonly retryAfterSeconds: number | null;
}
/** A status matching the crash pattern (5xx by default) and not on the allow list; shown as a global error. */
export interface CrashError extends ErrorBase {
  readonly kind: 'crash';
}
/** 404 (when the crash pattern does not claim it): callers such as the custom-form read may tolerate it. */
export interface NotFoundError extends ErrorBase {
  readonly kind: 'notFound';
}
/** Any other HTTP failure of a REST call (400, 403, 409, 422, an allowed 5xx...), with its REST body. */
export interface HttpError extends ErrorBase {
  readonly kind: 'http';
}
/** The GraphQL layer refused the request itself (invalid document or variables): a bug of ours, never retried. */
export interface GraphqlError extends ErrorBase {
  readonly kind: 'graphql';
}
/** No answer arrived: the connection failed, or Mesh could not reach the REST service. */
export interface NetworkError extends ErrorBase {
  readonly kind: 'network';
}
/** No answer within the timeout (30 000 ms by default). */
export interface TimeoutError extends ErrorBase {
  readonly kind: 'timeout';
  readonly timeoutMs: number;
}
/** The caller aborted the request; passed through silently (SPEC.md §8 "request cancelled (ERR_CANCELED)"). */
export interface CancelledError extends ErrorBase {
  readonly kind: 'cancelled';
}

export type ClassifiedError =
  | ChannelKeyError
  | ApiKeyError
  | UnauthenticatedError
  | ThrottledError
  | CrashError
  | NotFoundError
  | HttpError
  | GraphqlError
  | NetworkError
  | TimeoutError
  | CancelledError;

export type ErrorKind = ClassifiedError['kind'];

/** Which statuses are crashes: those matching `pattern` (5xx by default) except the `allow`ed ones. */
export interface CrashPolicy {
  pattern: RegExp;
  allow: readonly number[];
}

export const DEFAULT_CRASH_POLICY: CrashPolicy = { pattern: /^5\d\d$/, allow: [] };

/** A GraphQL error as it arrives in a response: Mesh puts the REST answer in `extensions.response`. */
export interface GraphqlErrorEntry {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: Readonly<Record<string, unknown>>;
}

/** Where an error happened: the operation, and the HTTP status of the GraphQL response that carried it. */
interface ClassifyContext {
  operation: string | null;
  /** The GraphQL response's own HTTP status (200 for field errors, 400 for bad variables). */
  httpStatus: number;
  crash?: CrashPolicy;
  words?: ServerWords | undefined;
}

/**
 * Classifies one GraphQL error entry. A REST failure (Mesh's `extensions.response`) is classified from its status
 * and body; an upstream call that got no answer is `network`; anything else is a refusal of the GraphQL layer.
 */
export function classify(entry: GraphqlErrorEntry, context: ClassifyContext): ClassifiedError {
  const extensions = entry.extensions ?? {};
  const field = typeof entry.path?.[0] === 'string' ? entry.path[0] : null;
  const upstream = upstreamOf(extensions['request']);
  const response = extensions['response'];
  if (isRecord(response) && typeof response['status'] === 'number') {
    return classifyHttp(
      { status: response['status'], body: response['body'] ?? null, headers: headersOf(response['headers']) },
      { operation: context.operation, field, upstream, fallbackMessage: entry.message, words: context.words },
      context.crash ?? DEFAULT_CRASH_POLICY,
    );
  }
  const base = { operation: context.operation, field, upstream, body: null, ...said(entry.message, {}, context.words) };
  if (upstream || extensions['code'] === 'DOWNSTREAM_SERVICE_ERROR') return { ...base, kind: 'network', status: 0 };
  return { ...base, kind: 'graphql', status: context.httpStatus };
}

/** An HTTP answer: a REST call's (through Mesh) or the GraphQL endpoint's own when it did not answer GraphQL. */
interface HttpAnswer {
  status: number;
  body: unknown;
  headers: Readonly<Record<string, string>>;
}

interface Place {
  operation: string | null;
  field: string | null;
  upstream: ErrorBase['upstream'];
  fallbackMessage: string;
  words?: ServerWords | undefined;
}

/** Classifies an HTTP failure by the rules of SPEC.md §8, in their order of precedence. */
export function classifyHttp(answer: HttpAnswer, place: Place, crash: CrashPolicy = DEFAULT_CRASH_POLICY): ClassifiedError {
  const envelope = errorEnvelopeOf(answer.body);
  const base = {
    operation: place.operation,
    field: place.field,
    upstream: place.upstream,
    status: answer.status,
    body: answer.body,
    ...said(envelope.message ?? place.fallbackMessage, envelope.fieldErrors, place.words),
  };
  if ('channel_key' in envelope.fieldErrors) return { ...base, kind: 'channelKey' };
  if ('api_key' in envelope.fieldErrors) return { ...base, kind: 'apiKey' };
  if (answer.status === 401) return { ...base, kind: 'unauthenticated' };
  if (answer.status === 429) return { ...base, kind: 'throttled', retryAfterSeconds: retryAfterOf(answer.headers) };
  if (String(answer.status).search(crash.pattern) !== -1 && !crash.allow.includes(answer.status)) return { ...base, kind: 'crash' };
  if (answer.status === 404) return { ...base, kind: 'notFound' };
  return { ...base, kind: 'http' };
}

/** A failure with no HTTP answer: cancelled by the caller, timed out, or the connection failed. */
export function transportError(
  failure: { kind: 'cancelled' } | { kind: 'timeout'; timeoutMs: number } | { kind: 'network'; cause: unknown },
  operation: string | null,
): ClassifiedError {
  const base = { operation, field: null, upstream: null, status: 0, body: null };
  switch (failure.kind) {
    case 'cancelled':
      return { ...base, kind: 'cancelled', ...said('request cancelled (ERR_CANCELED)') };
    case 'timeout':
      return { ...base, kind: 'timeout', timeoutMs: failure.timeoutMs, ...said(`timeout of ${failure.timeoutMs}ms exceeded`) };
    case 'network':
      return { ...base, kind: 'network', ...said(failure.cause instanceof Error ? failure.cause.message : String(failure.cause)) };
  }
}

/**
 * Whether a failure may go away by itself, so the request is worth one more try: no answer (network, timeout), a
 * 5xx, or a stale API key (fetched anew first). Never a cancellation, a throttle or another 4xx.
 */
export function isRetryable(error: ClassifiedError): boolean {
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'apiKey':
      return true;
    case 'crash':
    case 'http':
      return error.status >= 500;
    default:
      return false;
  }
}

/** An error's words, as the server or the network said them and as the viewer is shown them. */
export function said(
  message: string,
  fieldErrors: Readonly<Record<string, readonly string[]>> = {},
  words: ServerWords = asItCame,
): Pick<ErrorBase, 'message' | 'userMessage' | 'fieldErrors' | 'userFieldErrors'> {
  const userFieldErrors = Object.fromEntries(Object.entries(fieldErrors).map(([name, texts]) => [name, texts.map((text) => words(text))]));
  return { message, userMessage: words(message), fieldErrors, userFieldErrors };
}

function errorEnvelopeOf(body: unknown): { message: string | null; fieldErrors: Record<string, readonly string[]> } {
  const error = isRecord(body) ? body['error'] : null;
  if (!isRecord(error)) return { message: null, fieldErrors: {} };
  const fieldErrors: Record<string, readonly string[]> = {};
  if (isRecord(error['errors'])) {
    for (const [name, messages] of Object.entries(error['errors'])) {
      fieldErrors[name] = Array.isArray(messages) ? messages.map(String) : [String(messages)];
    }
  }
  return { message: typeof error['message'] === 'string' && error['message'] ? error['message'] : null, fieldErrors };
}

function retryAfterOf(headers: Readonly<Record<string, string>>): number | null {
  const value = headers['retry-after'];
  if (value === undefined || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

function upstreamOf(value: unknown): ErrorBase['upstream'] {
  if (!isRecord(value) || typeof value['url'] !== 'string') return null;
  return { method: typeof value['method'] === 'string' ? value['method'] : 'GET', url: value['url'] };
}

function headersOf(value: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (isRecord(value)) {
    for (const [name, text] of Object.entries(value)) if (typeof text === 'string') headers[name.toLowerCase()] = text;
  }
  return headers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What `request()` rejects with: an Error (for stack traces and XState's error events) carrying the classified error. */
export class ClientRequestError extends Error {
  readonly error: ClassifiedError;

  constructor(error: ClassifiedError) {
    super(error.message);
    this.name = 'ClientRequestError';
    this.error = error;
  }
}
