/**
 * `npm run paths:specs`: writes tests/e2e/generated/<name>.paths.e2e.ts for every machine with a UI map
 * (machines/ui-maps.ts), and removes the spec of a machine that no longer has one.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mappedMachines, playwrightSpec, specFile } from './playwright-specs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const written = new Set<string>();
for (const name of mappedMachines()) {
  const file = specFile(name);
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), await playwrightSpec(name));
  written.add(file);
  console.log(`wrote ${file}`);
}
const folder = dirname(specFile('x'));
for (const file of readdirSync(join(root, folder))) {
  const path = `${folder}/${file}`;
  if (file.endsWith('.paths.e2e.ts') && !written.has(path)) {
    rmSync(join(root, path));
    console.log(`removed ${path} (no UI map)`);
  }
}
