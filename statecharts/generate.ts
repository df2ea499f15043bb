/**
 * `npm run statecharts`: writes statecharts/<name>.md (Mermaid diagram plus tables of states and transitions) for
 * every machine in machines/registry.ts, and removes pages of machines that no longer exist.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderStatecharts } from './diagrams/document';

const folder = dirname(fileURLToPath(import.meta.url));
const pages = renderStatecharts();
for (const [file, content] of pages) {
  writeFileSync(join(folder, file), content);
  console.log(`wrote statecharts/${file}`);
}
for (const file of readdirSync(folder)) {
  if (file.endsWith('.md') && file !== 'README.md' && !pages.has(file)) {
    rmSync(join(folder, file));
    console.log(`removed statecharts/${file} (no such machine)`);
  }
}
