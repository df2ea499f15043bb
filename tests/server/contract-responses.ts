// What the REST services answer, checked against the contract (mesh/openapi.yaml): the harness runs every answer its
// suites receive through `contractMismatch`, so a field, a type or a status the contract does not describe fails the
// test that caused it, whatever that test was about.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { SERVICE_PREFIXES } from '../../server/app';
import { loadContract, type Operation, type Service } from '../../server/openapi/contract';

const contract = loadContract();
const ERROR_RESPONSE = '#/components/schemas/ErrorResponse';

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of the contract in which every component schema that declares `properties` (and says nothing about
 * `additionalProperties`) is closed, so an answer carrying a field the contract does not declare fails.
 */
function closeObjectSchemas(document: JsonObject): JsonObject {
  const copy = structuredClone(document);
  const schemas = (copy['components'] as { schemas: Record<string, unknown> }).schemas;
  for (const schema of Object.values(schemas)) {
    if (isObject(schema) && isObject(schema['properties']) && !('additionalProperties' in schema)) {
      schema['additionalProperties'] = false;
    }
  }
  return copy;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(closeObjectSchemas(contract.document), 'openapi');
const compiled = new Map<string, ValidateFunction>();

/** Ajv's errors for `body` against the (closed) component schema `ref`, one line each; empty when it validates. */
export function schemaErrors(ref: string, body: unknown): string[] {
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi${ref}` });
    compiled.set(ref, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.keyword}: ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** Each operation with a pattern of its concrete paths; literal paths first, as the router prefers them. */
const routes = contract.operations
  .map((op) => ({
    op,
    pattern: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`),
    params: (op.path.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

/** The service a URL's path addresses and the path within it; null for what is not a REST service (media, /graphql, the app). */
function serviceOf(pathname: string): { service: Service; path: string } | null {
  for (const [service, prefix] of Object.entries(SERVICE_PREFIXES) as Array<[Service, string]>) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return { service, path: pathname.slice(prefix.length) || '/' };
  }
  return null;
}

function operationOf(service: Service, method: string, path: string): Operation | null {
  return routes.find((r) => r.op.service === service && r.op.method === method.toUpperCase() && r.pattern.test(path))?.op ?? null;
}

export interface Answer {
  method: string;
  url: string | URL;
  status: number;
  contentType: string;
  /** The body as received: parsed JSON when it was JSON, else its text. */
  body: unknown;
}

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}

/** The media types (and their schemas) the contract documents for an operation's response `key` (`200`, `4XX`). */
function documentedContent(op: Operation, key: string): Record<string, { schema?: { $ref?: string } }> | undefined {
  const document = contract.document as {
    paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
    components: { responses: Record<string, ResponseObject> };
  };
  let response = document.paths[op.path]?.[op.method.toLowerCase()]?.responses[key];
  if (response?.$ref) response = document.components.responses[response.$ref.replace('#/components/responses/', '')];
  return response?.content;
}

/** A fault a test forced (server/http/test-hooks.ts): the API failing on purpose, in the envelope, at any status. */
const isForcedFault = (body: unknown): boolean => isObject(body) && isObject(body['error']) && isObject(body['error']['errors']) && 'fault' in body['error']['errors'];

/**
 * Why an answer of a REST service breaks the contract, or null when it keeps it: the answer's media type must be one
 * the operation documents for the status (exactly, or its `4XX`), and a JSON answer must validate, strictly (no
 * undeclared fields), against that schema. A status the operation does not document is a mismatch, unless a test
 * forced it as a fault; a path no operation has may only answer the error envelope.
 */
function contractMismatch(answer: Answer): string | null {
  const url = new URL(answer.url);
  const target = serviceOf(url.pathname);
  const method = answer.method.toUpperCase();
  if (!target || method === 'OPTIONS' || method === 'HEAD') return null;
  const mediaType = answer.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const json = /^application\/(.+\+)?json$/.test(mediaType);
  const op = operationOf(target.service, method, target.path);
  const status = String(answer.status);
  const where = op ? `${op.operationId} (${method} ${url.pathname})` : `${method} ${url.pathname} (no operation)`;
  const body = JSON.stringify(answer.body)?.slice(0, 400);

  let content: Record<string, { schema?: { $ref?: string } }> | undefined = { 'application/json': { schema: { $ref: ERROR_RESPONSE } } };
  if (op) {
    const key = [status, `${status[0] ?? ''}XX`].find((k) => k in op.responses);
    if (key === undefined && !(json && isForcedFault(answer.body))) return `${where} answered ${status}, which the contract does not document for it: ${body}`;
    if (key !== undefined) content = documentedContent(op, key);
  }
  if (!content) return json ? `${where} answered ${status} with JSON, where the contract documents no body: ${body}` : null;
  const documented = content[mediaType];
  if (!documented) return `${where} answered ${status} as ${mediaType || 'no media type'}, where the contract documents ${Object.keys(content).join(', ')}`;
  if (!json) return null;
  const ref = documented.schema?.$ref;
  if (!ref) throw new Error(`${where}: the contract names no component schema for ${status} ${mediaType}`);
  const errors = schemaErrors(ref, answer.body);
  return errors.length === 0 ? null : `${where} answered ${status} out of the contract's ${ref}:\n  ${errors.join('\n  ')}\n  body: ${body}`;
}

/** Throws (failing the test that made the call) when the answer breaks the contract. */
export function assertContractAnswer(answer: Answer): void {
  const mismatch = contractMismatch(answer);
  if (mismatch) throw new Error(`The answer does not match mesh/openapi.yaml: ${mismatch}`);
}

/**
 * `fetch` for tests that build a request the harness's `call` cannot (a form, a hand-made body, a redirect to
 * follow): the same check of the answer, then the answer itself, its body still unread.
 */
export async function fetchApi(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(input, init);
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  assertContractAnswer({
    method: init.method ?? 'GET',
    url: input,
    status: response.status,
    contentType,
    body: contentType.includes('json') && text ? (JSON.parse(text) as unknown) : text,
  });
  return new Response(text === '' ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
}
