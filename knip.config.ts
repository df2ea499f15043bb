import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  // mesh/client/platform.d.ts is loaded by mesh/client/tsconfig.json (the browser folder's own typecheck), not imported;
  // Mesh loads mesh/graphql-contract.js (.meshrc.yaml's source) and its plugins, mesh/plugins.js, mesh/trusted-documents.js,
  // mesh/limits.js, mesh/errors.js and mesh/masked-errors.js, and its cache, mesh/shared-cache.js; `npm run mesh:codegen` loads mesh/codegen.ts; `httpCache` is a plugin .meshrc.yaml names.
  entry: ['scripts/*.ts', 'mesh/plugins.js', 'mesh/trusted-documents.js', 'mesh/limits.js', 'mesh/errors.js', 'mesh/masked-errors.js', 'mesh/shared-cache.js', 'mesh/graphql-contract.js', 'mesh/codegen.ts', 'mesh/client/platform.d.ts', 'src/adapters/graphql-modules.d.ts', 'src/adapters/env.d.ts', 'tests/**/*.test.ts', 'tests/bench/*.ts'],
  // Loaded by configuration files rather than imports: Mesh's OpenAPI handler and HTTP cache (.meshrc.yaml) and codegen's client
  // preset (mesh/codegen.ts). hls.js's sources, which the build compiles (vite.config.ts, `hlsFromSource`), import the
  // packages its own build bundles, at the versions its package names.
  ignoreDependencies: [
    '@graphql-mesh/openapi',
    '@graphql-mesh/plugin-http-cache',
    '@graphql-codegen/client-preset',
    '@svta/cml-cmcd',
    '@svta/cml-id3',
    '@svta/cml-utils',
    'eventemitter3',
    'url-toolkit',
  ],
  // A type exported beside the function or class whose signature uses it (Fault for FaultInjector.add) is part of
  // that API, not dead code.
  ignoreExportsUsedInFile: { interface: true, type: true },
  project: ['server/**/*.ts', 'mesh/**/*.{ts,js}', 'machines/**/*.ts', 'src/**/*.{ts,tsx}', 'statecharts/**/*.ts', 'tests/**/*.ts'],
};

export default config;
