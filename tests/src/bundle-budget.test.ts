/**
 * The first load's budget: the JavaScript a viewer downloads before the app can mount, measured on a fresh
 * production build (into a temporary folder, so a stale dist/ cannot pass or fail it).
 *
 * The entry alone: starting from index.html's entry in Vite's manifest and following static imports only (dynamic
 * imports load later, on demand), the gzipped size must stay within 100 kB; the heavy libraries (hls.js, Stripe) and
 * the lazy views must stay out of it.
 *
 * The whole first load of a page: the entry's graph, plus the app's chunk (src/app/AppRoot.tsx, which the entry always
 * imports) and everything index.html preloads, plus the page's own lazy view and its static imports (AppRoot preloads
 * it beside the startup requests). It must stay within FIRST_LOAD_BUDGET_BYTES on home, the events list, the VOD
 * library and a watch page, the pages `npm run bench:lighthouse` audits. What the entry loads only on some paths
 * (hls.js and the early grant on watch pages) or only on some answers (the server's wordings) is not counted here;
 * bench:lighthouse's first-load table shows all that was fetched.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Plugin, build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const BUDGET_BYTES = 100 * 1024;
/**
 * The whole first load of the heaviest of PAGES. The target is under 149 kB gzip (the closest open-source peer's
 * figure); this is today's measured maximum rounded up to the next kB, lowered as the cuts land.
 */
const FIRST_LOAD_BUDGET_BYTES = 176 * 1024;
/** The pages bench:lighthouse audits, and the module of each one's lazy view (src/app/routes.ts). */
const PAGES = [
  { path: '/', view: 'src/views/home/HomeView.tsx' },
  { path: '/upcoming', view: 'src/views/events-list/EventsListView.tsx' },
  { path: '/vod_library', view: 'src/views/vod/VodViews.tsx' },
  { path: '/watch/:id', view: 'src/views/watch/WatchViews.tsx' },
];
/** The app's chunk: the entry imports it once the startup requests are out, on every page. */
const APP_ROOT = 'src/app/AppRoot.tsx';
/** SPEC §2: the views that load lazily (folders of src/views). */
const LAZY_VIEWS = ['schedule', 'faq', 'simulate', 'home', 'profile', 'buy', 'contacts', 'watch', 'share', 'auth'];
/**
 * The statechart studio's live recorder: every page loads only its small front (src/app/logic/live-recorder.ts),
 * which loads these once the page is idle or a studio asks.
 */
const LIVE_RECORDER = ['src/app/logic/live-inspection.ts', 'src/app/logic/live-redaction.ts'];
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
/** Output file name → the source modules of which some code is left in it once the bundler dropped what is unused. */
const renderedOf = new Map<string, string[]>();

/** Records which modules went into which chunk, as the bundler wrote them. */
const recordModules: Plugin = {
  name: 'bundle-budget:record-modules',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      modulesOf.set(output.fileName, [...output.moduleIds]);
      renderedOf.set(
        output.fileName,
        Object.entries(output.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) => id),
      );
    }
  },
};

/** A chunk's manifest key and, transitively, its static imports: what loads before its code runs. */
function staticGraph(entries: Manifest, entryKey: string): Set<string> {
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

const gzipSizes = new Map<string, number>();
/** A built file's size gzipped at level 9. */
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** The manifest keys of the scripts the built index.html preloads (`<link rel=modulepreload>`, vite.config.ts). */
function preloadedKeys(): string[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const hrefs = [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => /\brel="modulepreload"/.test(tag))
    .map((tag) => /\bhref="\/?([^"]+)"/.exec(tag)?.[1] ?? '');
  return hrefs.map((href) => {
    const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.file === href);
    if (!key) throw new Error(`index.html preloads ${href}, which the manifest does not name`);
    return key;
  });
}

interface ChunkGroup {
  name: string;
  files: string[];
  gzip: number;
}

/**
 * A page's first load as groups of JavaScript files, each file counted once, in the order they load: the entry's
 * graph, then the app's (AppRoot's graph and whatever else index.html preloads), then the page's view's.
 */
function firstLoadGroups(viewKey: string): ChunkGroup[] {
  const app = [APP_ROOT, ...preloadedKeys()];
  const layers = [
    { name: 'entry', keys: [...staticGraph(manifest, 'index.html')] },
    { name: 'app (preloaded)', keys: app.flatMap((key) => [...staticGraph(manifest, key)]) },
    { name: `view ${manifest[viewKey]?.name ?? viewKey}`, keys: [...staticGraph(manifest, viewKey)] },
  ];
  const counted = new Set<string>();
  return layers.map(({ name, keys }) => {
    const files = [...new Set(keys.map((key) => manifest[key]!.file))].filter((file) => file.endsWith('.js') && !counted.has(file));
    for (const file of files) counted.add(file);
    return { name, files, gzip: files.reduce((sum, file) => sum + gzipSize(file), 0) };
  });
}

const kB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;

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
    const initial = [...staticGraph(manifest, 'index.html')].map((key) => manifest[key]!);
    const sizes = initial
      .filter((chunk) => chunk.file.endsWith('.js'))
      .map((chunk) => ({ file: chunk.file, gzip: gzipSize(chunk.file) }));
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
    const initial = [...staticGraph(manifest, 'index.html')].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    expect(initial, 'the initial JavaScript chunks').toHaveLength(1);
  });

  it('holds neither hls.js nor Stripe', () => {
    for (const key of staticGraph(manifest, 'index.html')) {
      const chunk = manifest[key]!;
      const sources = [key, chunk.src ?? '', chunk.name ?? '', ...(modulesOf.get(chunk.file) ?? [])];
      for (const heavy of HEAVY) {
        expect(sources.filter((source) => heavy.test(source)), `${chunk.file} (${key})`).toEqual([]);
      }
      expect(modulesOf.has(chunk.file) || !chunk.file.endsWith('.js'), `no module list for ${chunk.file}`).toBe(true);
    }
  });

  it('leaves every lazily loaded view out', () => {
    const initial = staticGraph(manifest, 'index.html');
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

describe('the preloads index.html starts', () => {
  // A preload is used only by a request in the same credentials mode: Vite loads scripts and a chunk's stylesheets
  // with `crossorigin`, so a preload without it is fetched, then fetched again (Chromium warns "credentials mode
  // does not match"). Three stylesheets were fetched twice on every first visit that way.
  it('are all crossorigin, as the requests that use them', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const preloads = [...html.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => /\brel="(?:modulepreload|preload)"/.test(tag));
    expect(preloads.length).toBeGreaterThan(0);
    expect(preloads.filter((tag) => !/\scrossorigin\b/.test(tag))).toEqual([]);
  });
});

describe('the whole first load of each audited page', () => {
  it.each(PAGES)('is at most FIRST_LOAD_BUDGET_BYTES of gzipped JavaScript on $path', ({ path, view }) => {
    expect(manifest[view]?.isDynamicEntry, `${view} is a lazy view in the manifest`).toBe(true);
    const groups = firstLoadGroups(view);
    const total = groups.reduce((sum, { gzip }) => sum + gzip, 0);
    console.log(
      `bundle budget: first load of ${path} ${kB(total)} gzip (level 9) of ${FIRST_LOAD_BUDGET_BYTES / 1024} kB (target 149 kB): ` +
        groups.map(({ name, files, gzip }) => `${name} ${kB(gzip)} in ${files.length} chunk(s)`).join(', '),
    );
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });
});

describe('the statechart studio\'s live recorder', () => {
  it('is a chunk of its own, loaded on demand', () => {
    expect(manifest[LIVE_RECORDER[0]!]?.isDynamicEntry, `${LIVE_RECORDER[0]} is loaded by a dynamic import`).toBe(true);
  });

  it.each(PAGES)('is not in the first load of $path', ({ view }) => {
    const recorder = LIVE_RECORDER.map((module) => join(root, module));
    for (const { files } of firstLoadGroups(view)) {
      for (const file of files) {
        expect(modulesOf.has(file), `no module list for ${file}`).toBe(true);
        expect((modulesOf.get(file) ?? []).filter((id) => recorder.includes(id)), `${file} bundles the live recorder`).toEqual([]);
      }
    }
  });
});

describe('the media library', () => {
  const HLS_SOURCES = join(root, 'node_modules', 'hls.js', 'src');
  /** hls.js's controllers left in the player's chunk, by file name. */
  const controllers = () => {
    const chunk = manifest['src/adapters/hls-library.ts'];
    expect(chunk?.isDynamicEntry, 'src/adapters/hls-library.ts is loaded by a dynamic import').toBe(true);
    return (renderedOf.get(chunk!.file) ?? [])
      .filter((id) => id.startsWith(join(HLS_SOURCES, 'controller')))
      .map((id) => basename(id, '.ts'));
  };

  it('is hls.js built from its sources, with subtitles', () => {
    expect(controllers()).toEqual(expect.arrayContaining(['stream-controller', 'subtitle-stream-controller', 'subtitle-track-controller', 'timeline-controller']));
  });

  it('leaves out the optional features no stream here uses', () => {
    const optional = ['audio-stream-controller', 'audio-track-controller', 'eme-controller', 'cmcd-controller', 'content-steering-controller', 'interstitials-controller', 'iframe-controller'];
    expect(controllers().filter((name) => optional.includes(name))).toEqual([]);
  });
});
