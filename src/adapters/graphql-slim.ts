/**
 * What the browser bundle takes from `graphql` (vite.config.ts points the bare `graphql` import here outside
 * tests): the AST kinds and the error class graphql-request imports. The browser holds no document's AST or text:
 * the client hands graphql-request a string that stands for the document's hash (mesh/client/send.ts) and tells it
 * not to parse it (`excludeOperationName`), so neither the parser nor the printer is in the bundle. The full
 * package is about 12 kB gzip more.
 */
export { Kind } from 'graphql/language/kinds.mjs';
export { GraphQLError } from 'graphql/error/GraphQLError.mjs';

/** graphql-request imports it, but never calls it for the client's requests (see above). */
export function parse(): never {
  throw new Error('graphql parse is not in the browser bundle: send codegen documents');
}

/** graphql-request imports it, but only calls it for a document that is not a string, which the client never sends. */
export function print(): never {
  throw new Error('graphql print is not in the browser bundle: send codegen documents');
}
