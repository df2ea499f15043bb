/**
 * The first load's budget: the JavaScript a viewer downloads before the app can mount, measured on a fresh
 * production build (into a temporary folder, so a stale dist/ cannot pass or fail it). Starting from index.html's
 * entry in Vite's manifest and following static imports only (dynamic imports load later, on demand), the gzipped
 * size must stay within 100 kB; the heavy libraries (hls.js, Stripe) and the lazy views must stay out of it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Plugin, build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const BUDGET_BYTES = 100 * 1024;
/** SPEC §2: the views that load lazily (folders of src/views). */
const LAZY_VIEWS = ['schedule', 'faq', 'simulate', 'home', 'profile', 'buy', 'contacts', 'watch', 'share', 'auth'];
/** Libraries that only the watch and buy pages need. */
const HEAVY = [/[\\/]node_modules[\\/]hls\.js[\\/]/, /[\\/]node_modules[\\/]@stripe[\\/]/];

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

let outDir: string;
let manifest: Manifest;
/** Output file name → the source modules bundled into it (the manifest names only entries' sources). */
const modulesOf = new Map<string, string[]>();

/** Records which modules went into which chunk, as the bundler wrote them. */
const recordModules: Plugin = {
  name: 'bundle-budget:record-modules',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type === 'chunk') modulesOf.set(output.fileName, [...output.moduleIds]);
    }
  },
};

/** The manifest keys index.html loads before anything runs: its entry and, transitively, the static imports. */
function initialSet(entries: Manifest, entryKey: string): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = entries[key];
    if (!chunk) throw new Error(`The manifest has no ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entryKey);
  return seen;
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'bundle-budget-'));
  // Build as `npm run build` does: production mode, and without vitest's markers (vite.config.ts aliases graphql
  // to its Node build under vitest, which the browser bundle must not measure).
  const saved = { VITEST: process.env['VITEST'], NODE_ENV: process.env['NODE_ENV'] };
  delete process.env['VITEST'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      plugins: [recordModules],
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the initial bundle', () => {
  it('is at most 100 kB of gzipped JavaScript', () => {
    const initial = [...initialSet(manifest, 'index.html')].map((key) => manifest[key]!);
    const sizes = initial
      .filter((chunk) => chunk.file.endsWith('.js'))
      .map((chunk) => ({ file: chunk.file, gzip: gzipSync(readFileSync(join(outDir, chunk.file)), { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    console.log(
      `bundle budget: initial JavaScript ${(total / 1024).toFixed(1)} kB gzip (level 9) of ${BUDGET_BYTES / 1024} kB, in ${sizes.length} chunk(s): ` +
        sizes.map(({ file, gzip }) => `${file} ${(gzip / 1024).toFixed(1)} kB`).join(', '),
    );
    expect(sizes.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('is one chunk: nothing the entry needs is split out for the app\'s chunk to share', () => {
    // The bundler splits a module the entry imports into a chunk of its own when it cannot merge it back (a module
    // of the app's chunk that both reaches it and is shared with the lazy views, say a facade importing a machine's
    // guards, which import the client's errors). Each such split cost 0.5 to 1.3 kB gzip before the app mounts; the
    // usual fix is a types-only selectors module beside the guards (machines/session/session.selectors.ts).
    const initial = [...initialSet(manifest, 'index.html')].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    expect(initial, 'the initial JavaScript chunks').toHaveLength(1);
  });

  it('holds neither hls.js nor Stripe', () => {
    for (const key of initialSet(manifest, 'index.html')) {
      const chunk = manifest[key]!;
      const sources = [key, chunk.src ?? '', chunk.name ?? '', ...(modulesOf.get(chunk.file) ?? [])];
      for (const heavy of HEAVY) {
        expect(sources.filter((source) => heavy.test(source)), `${chunk.file} (${key})`).toEqual([]);
      }
      expect(modulesOf.has(chunk.file) || !chunk.file.endsWith('.js'), `no module list for ${chunk.file}`).toBe(true);
    }
  });

  it('leaves every lazily loaded view out', () => {
    const initial = initialSet(manifest, 'index.html');
    const lazyEntries = Object.entries(manifest).filter(([key, chunk]) => chunk.isDynamicEntry && /^src\/views\//.test(chunk.src ?? key));
    for (const [key] of lazyEntries) expect(initial.has(key), `${key} is in the initial bundle`).toBe(false);
    // A view imported statically anywhere would be bundled into an initial chunk and never become a lazy entry, so
    // also look inside the initial chunks for the modules of the views SPEC §2 says load lazily.
    const lazyFolders = LAZY_VIEWS.map((name) => join(root, 'src', 'views', name) + sep);
    for (const key of initial) {
      const file = manifest[key]!.file;
      const inlined = (modulesOf.get(file) ?? []).filter((id) => lazyFolders.some((folder) => id.startsWith(folder)));
      expect(inlined, `${file} bundles modules of lazy views`).toEqual([]);
    }
    console.log(`bundle budget: ${lazyEntries.length} lazy view chunk(s) under src/views, none in the initial bundle`);
  });
});
