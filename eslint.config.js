// Lint: TypeScript rules plus the import direction of ARCHITECTURE.md (src → machines → mesh/client; server alone).
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const boundaries = [
  { target: './machines', from: './src', message: 'machines/ is pure behaviour: it never imports the app.' },
  { target: './machines', from: './server', message: 'machines/ talks to the API only through mesh/client.' },
  { target: './mesh', from: './machines', message: 'mesh/ owns the data contract and imports nothing of ours.' },
  { target: './mesh', from: './src', message: 'mesh/ owns the data contract and imports nothing of ours.' },
  { target: './mesh', from: './server', message: 'mesh/ owns the data contract and imports nothing of ours.' },
  { target: './src', from: './server', message: 'Browser code never imports the server.' },
  { target: './src', from: './.mesh', message: 'Browser code uses mesh/client, never the built Mesh runtime.' },
  { target: './server', from: './src', message: 'The reference API does not depend on the app.' },
  { target: './server', from: './machines', message: 'The reference API does not depend on the app.' },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', '.mesh/', 'coverage/', 'mesh/client/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
    settings: {
      'import-x/resolver': { typescript: true, node: true },
    },
  },
);
