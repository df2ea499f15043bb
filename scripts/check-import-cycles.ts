/**
 * Fails when our TypeScript modules import each other in a cycle (docs/architecture.md: no cycles, enforced here).
 * Reads every .ts/.tsx file under the source folders, follows relative imports, and prints each cycle found.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const roots = ['server', 'mesh', 'machines', 'src', 'statecharts', 'tests', 'scripts'];
const skip = new Set(['node_modules', 'dist', 'data', '.mesh', 'generated']);

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (skip.has(name)) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [resolve(path)] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile() && /\.tsx?$/.test(c)) ?? null;
}

const files = roots.flatMap(sourceFiles);
const graph = new Map<string, string[]>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  graph.set(
    file,
    importedFiles.map((i) => resolveImport(file, i.fileName)).filter((target): target is string => target !== null),
  );
}

const cycles: string[][] = [];
const state = new Map<string, 'visiting' | 'done'>();
function visit(file: string, path: string[]): void {
  if (state.get(file) === 'done') return;
  if (state.get(file) === 'visiting') {
    cycles.push([...path.slice(path.indexOf(file)), file]);
    return;
  }
  state.set(file, 'visiting');
  for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
  state.set(file, 'done');
}
for (const file of graph.keys()) visit(file, []);

if (cycles.length > 0) {
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map((f) => relative(process.cwd(), f)).join(' → ')}`);
  process.exit(1);
}
console.log(`import cycles: none in ${files.length} modules`);
