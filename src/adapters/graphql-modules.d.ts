// graphql ships types for its package entry only; the slim re-export (graphql-slim.ts) imports these files directly.
declare module 'graphql/language/printer.mjs' {
  export { print } from 'graphql';
}
declare module 'graphql/language/kinds.mjs' {
  export { Kind } from 'graphql';
}
declare module 'graphql/language/visitor.mjs' {
  export { visit } from 'graphql';
}
declare module 'graphql/error/GraphQLError.mjs' {
  export { GraphQLError } from 'graphql';
}
