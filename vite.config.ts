import { createRequire } from 'node:module';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // Compiles `.css.ts` files (src/theme) to static CSS; vitest evaluates them through the same plugin.
  plugins: [vanillaExtractPlugin()],
  resolve: {
    alias: [
      // Mesh's packages load graphql's CommonJS build; Vite would pick its ESM build, and two copies of graphql
      // refuse each other's types ("from another module or realm"). Tests use the one Node uses.
      { find: /^graphql$/, replacement: require.resolve('graphql') },
    ],
  },
  test: {
    include: ['tests/**/*.test.ts'],
    // Server suites each start their own API on an ephemeral port with a throwaway SQLite file.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
