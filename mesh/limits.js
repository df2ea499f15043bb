// @ts-check
/**
 * Mesh plugin: what any request to /graphql may ask for, so that nobody can make the GraphQL layer do unbounded
 * work (one request with 1,000 aliases of a list made 1,000 REST calls). The limits come from graphql-armor, a
 * well-kept set of envelop validation plugins, sized well above what the app's own documents need (the largest,
 * Startup, has 10 aliases, and the deepest, with their fragments, 9 levels; tests/mesh/request-limits.test.ts runs
 * every document of mesh/operations through them): 15 aliases, depth 12, 1,000 tokens, a cost of 5,000, 10 directives, and no "did you mean" field suggestions.
 * Introspection is off unless GRAPHQL_INTROSPECTION=on: the app's documents are compiled against the schema file
 * at build time, so nothing needs it at run time.
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { NoSchemaIntrospectionCustomRule } from 'graphql';

export const REQUEST_LIMITS = {
  maxAliases: { n: 15 },
  maxDepth: { n: 12 },
  maxTokens: { n: 1000 },
  costLimit: { maxCost: 5000 },
  maxDirectives: { n: 10 },
  blockFieldSuggestion: { enabled: true },
};

export default function useRequestLimits() {
  const armor = EnvelopArmorPlugin(REQUEST_LIMITS);
  const introspection = process.env['GRAPHQL_INTROSPECTION'] === 'on';
  return {
    /** @param {{ addPlugin: (plugin: any) => void }} payload */
    onPluginInit({ addPlugin }) {
      addPlugin(armor);
    },
    /** @param {{ addValidationRule: (rule: any) => void }} payload */
    onValidate({ addValidationRule }) {
      if (!introspection) addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}
