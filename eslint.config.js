// Lint: TypeScript rules plus the import direction of docs/architecture.md (src → machines → mesh/client; server apart).
// The direction is checked on import specifiers with ESLint's own rule; `npm run lint` also runs madge for cycles.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Folders and the imports they must never make, with the reason shown to whoever tries. */
const boundaries = [
  {
    files: ['machines/**'],
    forbidden: ['**/src/**', '**/server/**', '**/statecharts/**', '**/tests/**', 'react', 'react-dom', '@xstate/react'],
    message: 'machines/ is pure behaviour: no React, no app code, no tooling, and the API only through mesh/client.',
  },
  {
    files: ['mesh/**'],
    forbidden: ['**/machines/**', '**/src/**', '**/server/**'],
    message: 'mesh/ owns the data contract and imports nothing of ours.',
  },
  {
    files: ['src/**'],
    forbidden: ['**/server/**', '**/.mesh/**'],
    message: 'Browser code never imports the server or the built Mesh runtime; it uses mesh/client through machines.',
  },
  {
    // Views ask flows (src/app/facades) and never talk to the API themselves: the transport, the typed documents and
    // the read cache are for machines' actors and src/app/logic only.
    files: ['src/views/**', 'src/components/**'],
    forbidden: ['**/server/**', '**/.mesh/**', '**/mesh/client/transport', '**/mesh/client/read-cache', '**/mesh/client/generated/documents/**', 'graphql-request'],
    message: 'Views and components reach the API only through a flow: use a facade hook from src/app/facades.',
  },
  {
    files: ['server/**'],
    forbidden: ['**/src/**', '**/machines/**'],
    message: 'The reference API does not depend on the app.',
  },
];

/** Typed documents come one module each (scripts/split-documents.ts), so each lands in the chunk that uses it. */
const oneModulePerDocument = {
  group: ['**/generated/graphql'],
  importNamePattern: '^\\w+Document$',
  message: 'Import a document from mesh/client/generated/documents/<Operation>, not from generated/graphql.',
};

/**
 * Nothing outside tests/ imports from it: what tests/ holds would ship in the product's chunks (the studio once bundled
 * the model fixtures). A model and the fixtures it needs live beside the machine (machines/<name>/<name>.model.ts).
 * Added to every boundary above, since a later block's no-restricted-imports replaces an earlier one's.
 */
const noTestImports = {
  regex: '(^|/)tests/',
  message: 'Code outside tests/ never imports from tests/; move what it needs beside its owner (models: machines/<name>/).',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', '**/.mesh/', 'coverage/', 'mesh/client/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { rules: { 'no-restricted-imports': ['error', { patterns: [oneModulePerDocument] }] } },
  ...boundaries.map(({ files, forbidden, message }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }, oneModulePerDocument, noTestImports] }] },
  })),
  { files: ['statecharts/**', 'scripts/**'], rules: { 'no-restricted-imports': ['error', { patterns: [oneModulePerDocument, noTestImports] }] } },
  // The rules of hooks and React's own checks of effects, refs and state (the React Compiler's lint rules).
  { files: ['src/**/*.{ts,tsx}', 'tests/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  { files: ['src/**/*.{ts,tsx}', 'tests/src/**/*.{ts,tsx}'], rules: { 'react-hooks/exhaustive-deps': 'error' } },
  // Views and facades ask a flow (a tag, state.can, or a selector exported beside its guards); a state name read here
  // is a rule copied out of the machine (issue 27).
  {
    files: ['src/views/**', 'src/app/facades/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='matches']",
          message: 'views and facades read tags, state.can or a named selector, never a state name',
        },
      ],
    },
  },
  // The transport stays split by concern (send, retry, keys, report): no function a reader cannot hold in mind.
  { files: ['mesh/client/**/*.ts'], rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] } },
);
