/**
 * What the browser bundle takes from `graphql` (vite.config.ts points the bare `graphql` import here outside
 * tests): the printer, the AST kinds and visitor that mesh/client uses, and the error class graphql-request checks
 * against. The parser stays out of the bundle: the client sends documents already built by codegen, as printed
 * strings, and tells graphql-request not to parse them (`excludeOperationName`). The full package is about 12 kB
 * gzip more.
 */
export { print } from 'graphql/language/printer.mjs';
export { Kind } from 'graphql/language/kinds.mjs';
export { visit } from 'graphql/language/visitor.mjs';
export { GraphQLError } from 'graphql/error/GraphQLError.mjs';

/** graphql-request imports it, but never calls it for the client's requests (see above). */
export function parse(): never {
  throw new Error('graphql parse is not in the browser bundle: send codegen documents');
}
