import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Server suites each start their own API on an ephemeral port with a throwaway SQLite file.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
