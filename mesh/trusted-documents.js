// @ts-check
/**
 * Mesh plugin: /graphql runs the app's own documents only. Codegen hashes each document of mesh/operations
 * (client/generated/persisted-documents.json, `sha256:<hex>` to text); the browser sends the hash in the standard
 * `extensions.persistedQuery` field instead of the text, and a request with a document of its own, or a hash not in
 * the list, is refused with a GraphQL error before anything runs. Built on GraphQL Yoga's persisted-operations plugin
 * (what Mesh itself uses for its `documents` setting), not a hand-written check.
 *
 * One addition: the client retries only the root fields that failed (SPEC.md §7: Startup's one failed read is
 * retried, not its nine neighbours). It names them in `extensions.rootFields`, and the document run is the trusted
 * one cut down to those fields here, on the server, so no text from the client is ever executed.
 *
 * GRAPHQL_DOCUMENTS=any also accepts other documents (still held to mesh/limits.js): for exploring the schema in
 * development, never in a deployment.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { Kind, parse, print, visit } from 'graphql';

const HASH = /^[0-9a-f]{64}$/;
/** The most root fields a retry may name: Startup, the largest document, has ten. */
const MAX_ROOT_FIELDS = 20;

/** @typedef {import('graphql').DocumentNode} DocumentNode */
/** @typedef {import('graphql').FragmentDefinitionNode} FragmentDefinitionNode */
/** @typedef {import('graphql').OperationDefinitionNode} OperationDefinitionNode */

/**
 * The document reduced to the root fields answering under `keys`, with the fragments and variables they still use
 * (GraphQL refuses unused ones); null when a key is not one of its root fields.
 * @param {DocumentNode} document @param {readonly string[]} keys @returns {DocumentNode | null}
 */
function selectRootFields(document, keys) {
  const operation = /** @type {OperationDefinitionNode | undefined} */ (document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION));
  if (!operation) return null;
  const wanted = new Set(keys);
  const kept = operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD && wanted.has(s.alias?.value ?? s.name.value));
  if (kept.length !== wanted.size) return null;

  const fragments = new Map(
    document.definitions
      .filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [/** @type {FragmentDefinitionNode} */ (d).name.value, /** @type {FragmentDefinitionNode} */ (d)]),
  );
  const selectionSet = { ...operation.selectionSet, selections: kept };
  /** @type {Set<string>} */
  const usedFragments = new Set();
  /** @type {Set<string>} */
  const variables = new Set();
  /** @type {import('graphql').ASTNode[]} */
  const pending = [selectionSet];
  while (pending.length > 0) {
    visit(/** @type {import('graphql').ASTNode} */ (pending.pop()), {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !usedFragments.has(spread.name.value)) {
          usedFragments.add(spread.name.value);
          pending.push(fragment.selectionSet);
        }
      },
      Variable(variable) {
        variables.add(variable.name.value);
      },
    });
  }
  const reduced = {
    ...operation,
    selectionSet,
    variableDefinitions: operation.variableDefinitions?.filter((d) => variables.has(d.variable.name.value)),
  };
  return { ...document, definitions: [reduced, ...[...usedFragments].map((name) => /** @type {FragmentDefinitionNode} */ (fragments.get(name)))] };
}

/** @param {unknown} value @returns {Record<string, unknown> | null} */
const objectOr = (value) => (value !== null && typeof value === 'object' ? /** @type {Record<string, unknown>} */ (value) : null);

/**
 * The key of a request's trusted document: `sha256:<hex>`, followed by `#field,field` for a retry of some root fields.
 * @param {{ extensions?: unknown }} params @returns {string | null}
 */
function documentKey(params) {
  const extensions = objectOr(params.extensions);
  const persisted = objectOr(extensions?.['persistedQuery']);
  const hash = persisted?.['sha256Hash'];
  if (typeof hash !== 'string' || !HASH.test(hash)) return null;
  const fields = extensions?.['rootFields'];
  if (fields === undefined) return `sha256:${hash}`;
  if (!Array.isArray(fields) || fields.length === 0 || fields.length > MAX_ROOT_FIELDS || !fields.every((f) => typeof f === 'string' && /^\w+$/.test(f))) {
    return null;
  }
  return `sha256:${hash}#${fields.join(',')}`;
}

/** @param {{ baseDir?: string }} options */
export default function useTrustedDocuments(options) {
  const manifestFile = join(options.baseDir ?? process.cwd(), 'client', 'generated', 'persisted-documents.json');
  /** @type {Record<string, string> | null} */
  let manifest = null;
  // Read at the first request, not when the plugin is made: `mesh build` makes it before codegen has written the
  // list (scripts/build-mesh.ts runs Mesh first, then codegen over Mesh's schema).
  const trustedDocuments = () => (manifest ??= /** @type {Record<string, string>} */ (JSON.parse(readFileSync(manifestFile, 'utf8'))));
  /** @type {Map<string, DocumentNode>} */
  const parsed = new Map();
  const trusted = usePersistedOperations({
    allowArbitraryOperations: process.env['GRAPHQL_DOCUMENTS'] === 'any',
    extractPersistedOperationId: (params) => documentKey(params),
    getPersistedOperation(key) {
      const [id = '', fields] = key.split('#');
      const text = trustedDocuments()[id];
      if (text === undefined) return null;
      if (fields === undefined) return text;
      let document = parsed.get(id);
      if (!document) {
        document = parse(text);
        parsed.set(id, document);
      }
      const reduced = selectRootFields(document, fields.split(','));
      return reduced && print(reduced);
    },
    customErrors: {
      persistedQueryOnly: "This endpoint runs the app's own operations only: send a document's hash in extensions.persistedQuery",
      notFound: "Unknown document: this endpoint runs the app's own operations only",
      keyNotFound: "No document: send a document's hash in extensions.persistedQuery",
    },
  });
  return {
    /** @param {{ addPlugin: (plugin: any) => void }} payload */
    onPluginInit({ addPlugin }) {
      addPlugin(trusted);
    },
  };
}
