// @ts-check
/**
 * Mesh plugin: what an error may tell the browser. Mesh's serve layer turns GraphQL Yoga's error masking off, and
 * outside NODE_ENV=production its runtime adds each error's cause with its stack: a variable that broke a pattern
 * answered the server's absolute node_modules paths and echoed the value four times. Here every error is masked with
 * envelop's useMaskedErrors (what Yoga's `maskedErrors` option installs), keeping only what the app reads
 * (mesh/client/errors.ts classifies by `extensions.response`, `extensions.request` and `extensions.code`):
 *
 * - a failed REST call keeps its message, `code` and the `request` and `response` mesh/errors.js has cleaned;
 * - a refusal of the GraphQL layer itself (an unknown document, a missing variable, a request over the limits of
 *   limits.js) keeps its message and `code`;
 * - a variable the schema refused is named, never its value: "Variable "$code" got an invalid value.";
 * - anything else (a plugin that threw, a REST service that could not be reached) is "Unexpected error." with code
 *   INTERNAL_SERVER_ERROR, and is logged on the server with its stack.
 *
 * No error keeps a stack, a cause or another extension. GRAPHQL_ERRORS=verbose answers errors as Mesh makes them,
 * stacks included: for development, never in a deployment.
 */
import { useMaskedErrors } from '@envelop/core';
import { GraphQLError } from 'graphql';

export const UNEXPECTED_ERROR = 'Unexpected error.';

/** What an answered error's extensions may hold; `http` and `unexpected` set its HTTP status and are never sent. */
const KEPT_EXTENSIONS = ['code', 'http', 'unexpected', 'request', 'response'];

/** The variable a refused value was sent for: graphql-js says `Variable "$name" got invalid value <the value>...`. */
const INVALID_VARIABLE = /^Variable "\$(\w+)" got invalid value /;

/** @param {unknown} value @returns {value is Record<string, any>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether the error, and every error it wraps, is a GraphQLError: one made on purpose, not a crash. @param {unknown} error @returns {boolean} */
function isOriginalGraphQLError(error) {
  if (!(error instanceof GraphQLError)) return false;
  return error.originalError == null || isOriginalGraphQLError(error.originalError);
}

/** The crash behind an error, for the server's log. @param {any} error @returns {string} */
function causeOf(error) {
  const attached = isRecord(error?.extensions) ? error.extensions['originalError'] : undefined;
  if (isRecord(attached) && typeof attached['stack'] === 'string') return attached['stack'];
  let cause = error;
  while (cause instanceof GraphQLError && cause.originalError) cause = cause.originalError;
  return cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
}

/**
 * @param {GraphQLError} error
 * @param {string} message
 * @param {Record<string, unknown>} extensions
 */
function rebuilt(error, message, extensions) {
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: Object.fromEntries(Object.entries(extensions).filter(([name, value]) => KEPT_EXTENSIONS.includes(name) && value !== undefined)),
  });
}

/** @param {{ logger?: { error(...args: unknown[]): void } }} options */
export default function useMaskedGraphqlErrors(options) {
  const log = (/** @type {unknown} */ error) => (options.logger ? options.logger.error(causeOf(error)) : console.error(causeOf(error)));

  /** @param {unknown} error @param {string} unexpected @returns {any} */
  function maskError(error, unexpected) {
    if (process.env['GRAPHQL_ERRORS'] === 'verbose') return error;
    if (!(error instanceof GraphQLError)) {
      log(error);
      return new GraphQLError(unexpected, { extensions: { code: 'INTERNAL_SERVER_ERROR', unexpected: true } });
    }
    const extensions = isRecord(error.extensions) ? error.extensions : {};
    const variable = INVALID_VARIABLE.exec(error.message);
    if (variable) return rebuilt(error, `Variable "$${variable[1]}" got an invalid value.`, { ...extensions, code: 'BAD_USER_INPUT' });
    // A REST call that answered: what it answered is the app's to classify. Outside production Mesh's runtime moves
    // a crash's cause into `extensions.originalError`, so a cause there is a crash too.
    if ('response' in extensions || (isOriginalGraphQLError(error) && !('originalError' in extensions))) return rebuilt(error, error.message, extensions);
    log(error);
    return rebuilt(error, unexpected, { code: 'INTERNAL_SERVER_ERROR', unexpected: true, http: extensions['http'] });
  }

  const masked = useMaskedErrors({ maskError, errorMessage: UNEXPECTED_ERROR });
  return {
    /** @param {{ addPlugin: (plugin: any) => void }} payload */
    onPluginInit({ addPlugin }) {
      addPlugin(masked);
    },
    /**
     * Errors raised before anything runs (a document refused, a hook that threw) reach the answer without passing
     * execution, where useMaskedErrors works: masked here, the last step before the answer is written.
     * @param {{ result: unknown, setResult: (result: any) => void }} payload
     */
    onResultProcess({ result, setResult }) {
      if (!isRecord(result) || !Array.isArray(result['errors'])) return;
      setResult({ ...result, errors: result['errors'].map((/** @type {unknown} */ error) => maskError(error, UNEXPECTED_ERROR)) });
    },
  };
}
