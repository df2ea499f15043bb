import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: ['scripts/*.ts', 'mesh/plugins.js', 'tests/**/*.test.ts', 'tests/bench/*.ts'],
  // Loaded by configuration files rather than imports: Mesh's OpenAPI handler (.meshrc.yaml) and codegen's client
  // preset (mesh/codegen.yml).
  ignoreDependencies: ['@graphql-mesh/openapi', '@graphql-codegen/client-preset'],
  project: ['server/**/*.ts', 'mesh/**/*.{ts,js}', 'machines/**/*.ts', 'src/**/*.{ts,tsx}', 'statecharts/**/*.ts', 'tests/**/*.ts'],
};

export default config;
