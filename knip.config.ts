import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: ['server/serve.ts', 'scripts/*.ts', 'tests/**/*.test.ts', 'tests/bench/*.ts'],
  project: ['server/**/*.ts', 'mesh/**/*.{ts,js}', 'machines/**/*.ts', 'src/**/*.{ts,tsx}', 'statecharts/**/*.ts', 'tests/**/*.ts'],
};

export default config;
