import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const contractPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'mesh', 'openapi.yaml');

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Service = 'api' | 'analytics' | 'logs';

export interface JsonSchema {
  [keyword: string]: unknown;
}

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

/** One operation of the contract, in the shape the server and the tests need. */
export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** The contract's path, e.g. `/events/{id}`. */
  path: string;
  /** The same path in Fastify's syntax, e.g. `/events/:id`. */
  routePath: string;
  apiKeyExempt: boolean;
  /** `required`: a viewer's bearer token is needed; `optional`: used when present; `none`: ignored. */
  viewer: 'required' | 'optional' | 'none';
  /** Served to a browser (HTML pages and redirects) rather than to the app's client. */
  browser: boolean;
  /** Which service answers it: the channel API, or the analytics or log service (separate hosts in production). */
  service: Service;
  /**
   * `x-patch-override`: the method an update stands for (`PATCH`). REST callers must send `_method`; the GraphQL
   * layer (mesh/plugins.js) sends this one when its caller gives none.
   */
  patchOverride: string | null;
  /** `x-cache: public`: the same answer for every viewer of a channel, which the GraphQL layer may keep for 60 s. */
  publicCache: boolean;
  pathParams: JsonSchema | null;
  queryParams: JsonSchema | null;
  /** Header parameters by their declared name (`Idempotency-Key`); each is optional unless the contract says otherwise. */
  headerParams: JsonSchema | null;
  /**
   * The name of its `Idempotency-Key` header parameter as declared, when it takes one: a repeat of a key answers the
   * first answer again (server/http/idempotency.ts).
   */
  idempotencyHeader: string | null;
  /** The cookies it reads (`in: cookie`), by name: only these reach its handler. */
  cookies: string[];
  bodySchemaRef: string | null;
  bodyRequired: boolean;
  bodyContentType: string | null;
  /** Status code to schema `$ref` (or `null` for responses without a JSON body). */
  responses: Record<string, string | null>;
}

export interface Contract {
  document: Record<string, unknown>;
  operations: Operation[];
}

interface RawOperation {
  operationId?: string;
  parameters?: Array<ParameterObject | { $ref: string }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { $ref?: string } }> };
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
  security?: Array<Record<string, unknown>>;
  'x-api-key'?: string;
  'x-browser'?: boolean;
  'x-service'?: string;
  'x-patch-override'?: string;
  'x-cache'?: 'public';
}

const methods: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function loadContract(file: string = contractPath): Contract {
  const document = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const paths = document['paths'] as Record<string, Record<string, RawOperation>>;
  const components = document['components'] as { parameters?: Record<string, ParameterObject> };
  const operations: Operation[] = [];

  for (const [path, item] of Object.entries(paths)) {
    for (const method of methods) {
      const raw = item[method.toLowerCase()];
      if (!raw) continue;
      if (!raw.operationId) throw new Error(`${method} ${path} has no operationId`);
      const parameters = (raw.parameters ?? []).map((p) => resolveParameter(p, components.parameters ?? {}));
      const jsonBody = raw.requestBody?.content?.['application/json'];
      const formBody = raw.requestBody?.content?.['application/x-www-form-urlencoded'];
      const body = jsonBody ?? formBody;
      operations.push({
        operationId: raw.operationId,
        method,
        path,
        routePath: path.replace(/\{(\w+)\}/g, ':$1'),
        apiKeyExempt: raw['x-api-key'] === 'exempt',
        viewer: viewerRule(raw.security),
        browser: raw['x-browser'] === true,
        service: raw['x-service'] === 'analytics' || raw['x-service'] === 'logs' ? raw['x-service'] : 'api',
        patchOverride: typeof raw['x-patch-override'] === 'string' ? raw['x-patch-override'] : null,
        publicCache: raw['x-cache'] === 'public',
        pathParams: parameterSchema(parameters.filter((p) => p.in === 'path'), false),
        queryParams: parameterSchema(parameters.filter((p) => p.in === 'query'), true),
        headerParams: parameterSchema(parameters.filter((p) => p.in === 'header'), true),
        idempotencyHeader: parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key')?.name ?? null,
        cookies: parameters.filter((p) => p.in === 'cookie').map((p) => p.name),
        bodySchemaRef: body?.schema?.$ref ?? null,
        bodyRequired: raw.requestBody?.required === true,
        bodyContentType: jsonBody ? 'application/json' : formBody ? 'application/x-www-form-urlencoded' : null,
        responses: responseRefs(raw.responses ?? {}, document),
      });
    }
  }
  return { document, operations };
}

function resolveParameter(p: ParameterObject | { $ref: string }, shared: Record<string, ParameterObject>): ParameterObject {
  if ('$ref' in p) {
    const name = p.$ref.replace('#/components/parameters/', '');
    const found = shared[name];
    if (!found) throw new Error(`Unknown parameter ${p.$ref}`);
    return found;
  }
  return p;
}

function parameterSchema(parameters: ParameterObject[], allowOthers: boolean): JsonSchema | null {
  if (parameters.length === 0) return null;
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, rebase(p.schema)])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
    additionalProperties: allowOthers,
  };
}

/** Rewrites local `#/components/...` refs so they resolve against the document registered as `openapi`. */
function rebase(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as JsonSchema;
}

function viewerRule(security: RawOperation['security']): Operation['viewer'] {
  if (!security || security.length === 0) return 'none';
  const bearer = security.some((s) => 'bearerAuth' in s);
  const anonymousAllowed = security.some((s) => Object.keys(s).length === 0);
  if (!bearer) return 'none';
  return anonymousAllowed ? 'optional' : 'required';
}

function responseRefs(responses: NonNullable<RawOperation['responses']>, document: Record<string, unknown>): Record<string, string | null> {
  const shared = (document['components'] as { responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> })
    .responses ?? {};
  const out: Record<string, string | null> = {};
  for (const [status, response] of Object.entries(responses)) {
    const resolved = response.$ref ? shared[response.$ref.replace('#/components/responses/', '')] : response;
    out[status] = resolved?.content?.['application/json']?.schema?.$ref ?? null;
  }
  return out;
}
