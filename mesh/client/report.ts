/**
 * The log-service entry of SPEC.md §7 for one failure: date, status, service, channel, message, request_data and
 * url. `request_data` describes the failed request without its secrets: the API key travels in headers and in the
 * REST URL Mesh built, tokens in headers, passwords and card data in variables; all of them are removed here (the
 * log service redacts again, but a secret should not leave the browser in a log entry at all).
 */
import type { ClassifiedError } from './errors';
import type { LogEntry_Input } from './generated/graphql';

/** Variable names whose values are never reported. */
const SECRET_NAME = /password|api_?key|token|secret|authori[sz]ation|card|cvc|cvv|signature|^code$/i;

/** Limits of the LogEntry schema (mesh/openapi.yaml). */
const LIMITS = { message: 2000, requestData: 20000, url: 2000 };

interface ReportInput {
  error: ClassifiedError;
  variables: unknown;
  /** The reporting service's name (`web`). */
  service: string;
  channel: string;
  /** The page the app was on. */
  pageUrl: string;
  now: Date;
}

/** The log entry for one failure; pure, so what is reported can be read off a test. */
export function logEntryFor(input: ReportInput): LogEntry_Input {
  const { error } = input;
  const requestData = {
    operation: error.operation,
    field: error.field,
    kind: error.kind,
    variables: redact(input.variables),
    upstream: error.upstream ? { method: error.upstream.method, url: withoutApiKey(error.upstream.url) } : null,
  };
  return {
    date: input.now.toISOString(),
    status: error.status,
    service: input.service,
    channel: input.channel,
    message: clip(error.message || error.kind, LIMITS.message),
    request_data: clip(JSON.stringify(requestData), LIMITS.requestData),
    url: clip(input.pageUrl || 'unknown', LIMITS.url),
  };
}

/** A copy of `value` with the values of secret-looking names replaced. */
function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'string') return withoutApiKey(value);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) copy[name] = SECRET_NAME.test(name) ? '[redacted]' : redact(inner);
  return copy;
}

function withoutApiKey(text: string): string {
  return text.replace(/([?&](?:api_key|token)=)[^&#\s]*/gi, '$1[redacted]');
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
