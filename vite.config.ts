import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { studioData } from './statecharts/studio-data';

const require = createRequire(import.meta.url);

/**
 * `virtual:statecharts`: the statechart studio's machines, descriptions and ELK layouts, laid out in Node when the
 * studio's chunk is built (src/views/statecharts). The browser gets data only: no ELK, no machine modules, so the
 * app's chunks do not change when the studio is in the build.
 */
function statechartsPlugin(): Plugin {
  const id = 'virtual:statecharts';
  const resolved = `\0${id}`;
  return {
    name: 'statecharts',
    resolveId: (source) => (source === id ? resolved : undefined),
    async load(loaded) {
      if (loaded !== resolved) return undefined;
      return `export default ${JSON.stringify(await studioData())};`;
    },
  };
}

export default defineConfig({
  // Compiles `.css.ts` files (src/theme, components) to static CSS; vitest evaluates them through the same plugin.
  plugins: [react(), vanillaExtractPlugin(), statechartsPlugin()],
  resolve: {
    alias: [
      // Mesh's packages load graphql's CommonJS build; Vite would pick its ESM build, and two copies of graphql
      // refuse each other's types ("from another module or realm"). Tests use the one Node uses. The browser
      // bundle never sees Mesh: it gets the slim re-export of the few parts of graphql it needs.
      ...(process.env['VITEST']
        ? [{ find: /^graphql$/, replacement: require.resolve('graphql') }]
        : [{ find: /^graphql$/, replacement: fileURLToPath(new URL('src/adapters/graphql-slim.ts', import.meta.url)) }]),
    ],
  },
  build: {
    // The bundle-budget test walks the manifest from index.html through its static imports.
    manifest: true,
    target: 'es2022',
    // Every browser that runs this bundle (es2022, top-level module scripts) supports <link rel=modulepreload>.
    modulePreload: { polyfill: false },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // Server suites each start their own API on an ephemeral port with a throwaway SQLite file. View suites ask for
    // jsdom in their first line (`// @vitest-environment jsdom`).
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
