/**
 * Builds what the GraphQL layer needs when it is missing or stale: Mesh's artifacts (mesh/.mesh/) and the typed
 * documents codegen makes from them (mesh/client/generated/). Neither is committed. `npm start` and `npm test` run
 * this first; it does nothing when the inputs (contract, Mesh config, plugin, operations) have not changed.
 * `--force` rebuilds anyway.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withBuildLock } from './build-lock';
import { splitDocuments } from './split-documents';

const root = resolve(import.meta.dirname, '..');
const meshDir = join(root, 'mesh');
const artifacts = join(meshDir, '.mesh');
const generated = join(meshDir, 'client', 'generated');
const stampFile = join(artifacts, '.inputs-sha256');

/** The Mesh plugins and the cache .meshrc.yaml names (plain JavaScript, imported by the built artifacts at run time). */
const PLUGINS = ['plugins.js', 'trusted-documents.js', 'limits.js', 'errors.js', 'masked-errors.js', 'shared-cache.js'];

function inputsDigest(): string {
  const operations = readdirSync(join(meshDir, 'operations'))
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => join('operations', name));
  const files = ['openapi.yaml', '.meshrc.yaml', 'graphql-contract.js', ...PLUGINS, 'codegen.ts', 'document-meta.ts', ...operations];
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(meshDir, file))).update('\0');
  hash.update(readFileSync(join(root, 'package-lock.json')));
  return hash.digest('hex');
}

function runScript(name: string): void {
  execFileSync('npm', ['run', '-s', name], { cwd: root, stdio: 'inherit' });
}

function build(): void {
  const digest = inputsDigest();
  const fresh =
    !process.argv.includes('--force') &&
    existsSync(stampFile) &&
    existsSync(join(generated, 'graphql.ts')) &&
    existsSync(join(generated, 'documents')) &&
    readFileSync(stampFile, 'utf8') === digest;

  if (fresh) {
    console.log('mesh: artifacts are up to date');
  } else {
    console.log('mesh: building the GraphQL layer (Mesh artifacts, then typed documents)');
    runScript('mesh:artifacts');
    // The built index imports its plugins relative to itself.
    for (const plugin of PLUGINS) copyFileSync(join(meshDir, plugin), join(artifacts, plugin));
    runScript('mesh:codegen');
    console.log(`mesh: ${splitDocuments(generated)} documents, one module each`);
    writeFileSync(stampFile, digest);
    console.log('mesh: done');
  }
}

withBuildLock(join(meshDir, '.build-lock'), 'mesh', 180_000, build);
