// @ts-check
/**
 * Mesh plugin: what a failed REST call tells the browser. Mesh puts the whole upstream exchange in each error's
 * extensions: the REST URL with its host (an internal address in production) and the API key in its query, and
 * every response header of the REST server. The app needs the status, the body and `retry-after`
 * (mesh/client/errors.ts), and the method and path of the call for its error reports; the rest stays inside.
 */
import { GraphQLError } from 'graphql';

/** Response headers the client reads: `retry-after` for a 429's wait. */
const KEPT_HEADERS = ['retry-after', 'content-type'];

/** @param {unknown} value @returns {value is Record<string, any>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The call's path and query, without the host and without the API key. @param {string} url */
function pathOf(url) {
  try {
    const parsed = new URL(url);
    parsed.searchParams.delete('api_key');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '';
  }
}

/** @param {Record<string, any>} extensions */
function sanitized(extensions) {
  const { request, response, ...rest } = extensions;
  const out = /** @type {Record<string, any>} */ ({ ...rest });
  if (isRecord(request) && typeof request['url'] === 'string') out['request'] = { method: request['method'], url: pathOf(request['url']) };
  if (isRecord(response)) {
    const headers = isRecord(response['headers']) ? response['headers'] : {};
    out['response'] = {
      status: response['status'],
      statusText: response['statusText'],
      body: response['body'],
      headers: Object.fromEntries(Object.entries(headers).filter(([name]) => KEPT_HEADERS.includes(name.toLowerCase()))),
    };
  }
  return out;
}

/** @param {any} error */
function clean(error) {
  if (!(error instanceof GraphQLError) || !isRecord(error.extensions) || (!('request' in error.extensions) && !('response' in error.extensions))) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: sanitized(error.extensions),
  });
}

export default function useCleanUpstreamErrors() {
  return {
    onExecute() {
      return {
        /** @param {{ result: any, setResult: (result: any) => void }} payload */
        onExecuteDone({ result, setResult }) {
          if (!isRecord(result) || !Array.isArray(result['errors'])) return;
          setResult({ ...result, errors: result['errors'].map(clean) });
        },
      };
    },
  };
}
