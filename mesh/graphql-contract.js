// @ts-check
/**
 * The contract as GraphQL Mesh builds its schema from it (the `source` of .meshrc.yaml): openapi.yaml without its
 * header and cookie parameters. Mesh would turn each one into an argument of its query or mutation; instead the
 * GraphQL layer forwards the header of its own request (`operationHeaders` in .meshrc.yaml), so the app's operations
 * keep their arguments and a client sets such a header (`Idempotency-Key`) on the GraphQL request itself. A header
 * parameter that .meshrc.yaml does not forward fails the build rather than silently never reaching the API. A cookie
 * is the browser's own and is left out.
 *
 * Plain JavaScript because Mesh imports it while it builds (scripts/build-mesh.ts), like plugins.js.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** @param {string} name */
const read = (name) => parse(readFileSync(fileURLToPath(new URL(name, import.meta.url)), 'utf8'));

const document = read('./openapi.yaml');
/** @type {Array<{ handler?: { openapi?: { operationHeaders?: Record<string, string> } } }>} */
const sources = read('./.meshrc.yaml').sources ?? [];
const forwarded = new Set(
  sources.flatMap((source) => Object.keys(source.handler?.openapi?.operationHeaders ?? {})).map((name) => name.toLowerCase()),
);
/** @type {Record<string, { name: string, in: string }>} */
const shared = document.components?.parameters ?? {};

/** @param {{ $ref?: string, name?: string, in?: string }} parameter */
function isHeaderOrCookie(parameter) {
  const resolved = parameter.$ref ? shared[parameter.$ref.replace('#/components/parameters/', '')] : parameter;
  // A cookie is the browser's own (the reference provider's sign-in flow): no GraphQL caller ever sends one.
  if (resolved?.in === 'cookie') return true;
  if (resolved?.in !== 'header') return false;
  if (!forwarded.has(String(resolved.name).toLowerCase())) {
    throw new Error(`openapi.yaml: header parameter ${resolved.name} is not forwarded by the GraphQL layer (operationHeaders in .meshrc.yaml)`);
  }
  return true;
}

for (const item of Object.values(document.paths ?? {})) {
  // Parameters of a path apply to each of its operations; both lists are cleaned.
  for (const holder of [item, ...METHODS.map((method) => item[method]).filter(Boolean)]) {
    if (!Array.isArray(holder.parameters)) continue;
    const kept = holder.parameters.filter((/** @type {{ $ref?: string }} */ p) => !isHeaderOrCookie(p));
    if (kept.length > 0) holder.parameters = kept;
    else delete holder.parameters;
  }
}
for (const [name, parameter] of Object.entries(shared)) {
  if (isHeaderOrCookie(parameter)) delete shared[name];
}

export default document;
