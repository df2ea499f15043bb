// @ts-check
/**
 * Mesh plugin: the request rules of SPEC.md §7 that .meshrc.yaml cannot express. Plain JavaScript because Mesh's
 * built artifacts import it at run time. It reads the contract itself, so the rules follow openapi.yaml:
 *
 * - API key: the browser sends it once, as the `x-api-key` header of the GraphQL request; each REST call gets it as
 *   the `api_key` query parameter (GET, DELETE) or JSON body field (otherwise), except operations marked
 *   `x-api-key: exempt`, which never see it.
 * - Patch override: updates are POST with `_method`; an operation marked `x-patch-override` gets that method when
 *   the caller did not choose one.
 * - Services: operations marked `x-service: analytics` or `logs` go to ANALYTICS_BASE_URL or LOG_BASE_URL instead
 *   of REST_BASE_URL (separate hosts in production).
 * - Forwarded headers: one the GraphQL request did not carry (an `Idempotency-Key`) is left out, not sent empty.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * @typedef {{ method: string, pattern: RegExp, params: number, exempt: boolean, service: string, patchOverride: string | null }} Rule
 */

/** @param {string} contractFile @returns {Rule[]} */
function rulesFrom(contractFile) {
  const document = parse(readFileSync(contractFile, 'utf8'));
  /** @type {Rule[]} */
  const rules = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
      rules.push({
        method: method.toUpperCase(),
        pattern: new RegExp(`^${source}$`),
        params: (path.match(/\{/g) ?? []).length,
        exempt: op['x-api-key'] === 'exempt',
        service: op['x-service'] ?? 'api',
        patchOverride: typeof op['x-patch-override'] === 'string' ? op['x-patch-override'] : null,
      });
    }
  }
  // A literal path (/events/favorite) wins over a templated one (/events/{id}).
  return rules.sort((a, b) => a.params - b.params);
}

/** @param {unknown} headers @param {string} name @returns {string | undefined} */
function headerOf(headers, name) {
  if (!headers) return undefined;
  if (typeof (/** @type {Headers} */ (headers).get) === 'function') return /** @type {Headers} */ (headers).get(name) ?? undefined;
  const value = /** @type {Record<string, string | string[] | undefined>} */ (headers)[name];
  return Array.isArray(value) ? value[0] : value;
}

/** @param {string} name */
function baseUrl(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return new URL(value.endsWith('/') ? value : `${value}/`);
}

/** @param {{ baseDir?: string }} options */
export default function useChannelApiRules(options) {
  const rules = rulesFrom(join(options.baseDir ?? process.cwd(), 'openapi.yaml'));
  const services = { api: 'REST_BASE_URL', analytics: 'ANALYTICS_BASE_URL', logs: 'LOG_BASE_URL' };

  return {
    /** @param {any} payload */
    onFetch({ url, setURL, options: init, setOptions, setFetchFn, context }) {
      const rest = baseUrl('REST_BASE_URL');
      const target = new URL(url);
      if (!target.href.startsWith(rest.href)) return;
      const relative = `/${target.pathname.slice(rest.pathname.length)}`;
      const method = String(init?.method ?? 'GET').toUpperCase();
      const rule = rules.find((r) => r.method === method && r.pattern.test(relative));
      if (!rule) return;

      const base = rule.service === 'api' ? rest : baseUrl(services[/** @type {'analytics' | 'logs'} */ (rule.service)] ?? 'REST_BASE_URL');
      const next = new URL(`${relative.slice(1)}${target.search}`, base);
      // Calls without a key (exempt ones) are answered for the channel that serves the browser's host.
      // A proxy in front of the app names the browser's host in x-forwarded-host; else it is the request's own.
      const host = ['x-forwarded-host', 'host']
        .map((name) => headerOf(context?.headers, name) ?? headerOf(context?.request?.headers, name))
        .find((value) => value);
      // server/graphql.ts has replaced both with what the browser asked for (or a trusted balancer said it did).
      const proto = headerOf(context?.headers, 'x-forwarded-proto') ?? headerOf(context?.request?.headers, 'x-forwarded-proto');
      const withHost = (/** @type {RequestInit | undefined} */ request) => {
        const headers = new Headers(request?.headers);
        if (host) headers.set('x-forwarded-host', host);
        if (proto) headers.set('x-forwarded-proto', proto);
        // A header .meshrc.yaml forwards from the GraphQL request (operationHeaders) arrives empty when that request
        // did not carry it: it is left out rather than sent empty (an empty Idempotency-Key is not a key).
        for (const name of [...headers.keys()]) if (headers.get(name) === '') headers.delete(name);
        return headers;
      };
      const key = rule.exempt ? undefined : headerOf(context?.headers, 'x-api-key') ?? headerOf(context?.request?.headers, 'x-api-key');
      const keyInQuery = method === 'GET' || method === 'DELETE';
      if (key && keyInQuery) next.searchParams.set('api_key', key);

      if (!keyInQuery && ((key && !rule.exempt) || rule.patchOverride)) {
        const body = init?.body ? JSON.parse(String(init.body)) : {};
        if (key) body.api_key = key;
        if (rule.patchOverride && body._method === undefined) body._method = rule.patchOverride;
        const headers = withHost(init);
        headers.set('content-type', 'application/json');
        setOptions({ ...init, headers, body: JSON.stringify(body) });
      } else {
        setOptions({ ...init, headers: withHost(init) });
      }
      setURL(next.href);
      // The reference API in the same process (server/graphql.ts, `inProcess`) answers its own calls without a
      // loopback HTTP hop; a real channel backend is fetched as usual.
      const local = context?.inProcessFetch;
      if (typeof local === 'function') setFetchFn(local);
    },
  };
}
