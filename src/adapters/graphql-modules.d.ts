// graphql ships types for its package entry only; the slim re-export (graphql-slim.ts) imports these files directly.
declare module 'graphql/language/kinds.mjs' {
  export { Kind } from 'graphql';
}
declare module 'graphql/error/GraphQLError.mjs' {
  export { GraphQLError } from 'graphql';
}
