import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { walk } from 'estree-walker';
import MagicString from 'magic-string';
import { type Plugin, runnerImport, transformWithOxc } from 'vite';
import { defineConfig } from 'vitest/config';
import { SUPPORTED_LANGUAGES } from './machines/language/languages';
// Types only: the module itself loads through Vite's module runner, when a studio module is asked for.
import type * as StudioBuild from './statecharts/studio-build';

const require = createRequire(import.meta.url);

/** Test suites that may share a fork's loaded modules (`isolate: false`): see `test.projects` below. */
const SHARED_MODULE_SUITES = ['tests/machines/**/*.test.ts', 'tests/statecharts/**/*.test.ts', 'tests/server/**/*.test.ts'];

/**
 * The statechart studio's data, computed in Node when the studio's chunk is built (src/views/statecharts); the
 * browser gets data only: no ELK, no machine modules, so the app's chunks do not change when the studio is in the
 * build.
 * - `virtual:statecharts`: every machine with its description and ELK layout;
 * - `virtual:statecharts/paths`: a loader per machine of `virtual:statecharts/paths/<name>`, its QA paths (what
 *   `npm run paths` prints) and the transitions they cover, each its own chunk, fetched when its page asks.
 * - `virtual:statecharts/specs`: a loader per machine with a UI map (machines/ui-maps.ts) of
 *   `virtual:statecharts/specs/<name>`, its Playwright spec as text (what `npm run paths -- <name> --format
 *   playwright` prints), each its own chunk, fetched only when the tester exports it: tens of kilobytes nobody
 *   else needs.
 * statecharts/studio-build.ts loads through Vite's module runner, once, and only when a studio module is asked for.
 */
function statechartsPlugin(): Plugin {
  const prefix = 'virtual:statecharts';
  let studio: Promise<typeof StudioBuild> | null = null;
  const load = () =>
    (studio ??= runnerImport<typeof StudioBuild>(fileURLToPath(new URL('statecharts/studio-build.ts', import.meta.url)), {
      logLevel: 'error',
    }).then((result) => result.module));
  return {
    name: 'statecharts',
    resolveId: (source) => (source === prefix || source.startsWith(`${prefix}/`) ? `\0${source}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const source = id.slice(1);
      const build = await load();
      if (source === prefix) return `export default ${JSON.stringify(await build.studioData())};`;
      /** `export const <exported>`: a dynamic import of `<prefix>/<folder>/<name>` per name, so each is a chunk of its own. */
      const loaders = (exported: string, folder: string, names: readonly string[]) =>
        `export const ${exported} = {\n${names.map((name) => `${JSON.stringify(name)}: () => import(${JSON.stringify(`${prefix}/${folder}/${name}`)})`).join(',\n')}\n};`;
      if (source === `${prefix}/paths`) return loaders('pathLoaders', 'paths', build.machineNames);
      const mapped = build.mappedMachines();
      if (source === `${prefix}/specs`) return loaders('specLoaders', 'specs', mapped);
      const mappedName = mapped.find((known) => source === `${prefix}/specs/${known}`);
      if (mappedName !== undefined) return `export default ${JSON.stringify(await build.playwrightSpec(mappedName))};`;
      const name = build.machineNames.find((known) => source === `${prefix}/paths/${known}`);
      if (name === undefined) return undefined;
      // JSON.parse of a string is faster to load than the same data as an object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(await build.studioPaths(name)))});`;
    },
  };
}

/**
 * The app's chunk (src/app/AppRoot.tsx, imported by the entry once it has run) and the chunks it imports are on
 * every page's critical path, yet started downloading only after the entry had been parsed and run. index.html now
 * asks for them beside the entry (`<link rel=modulepreload>`, their CSS `<link rel=preload>`), so they arrive while
 * the entry runs. The entry's own graph, which the bundle budget counts, does not change.
 */
function preloadAppChunk(): Plugin {
  let base = '/';
  return {
    name: 'preload-app-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = new Map(
          Object.values(context.bundle ?? {})
            .filter((output) => output.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const graph = (file: string | undefined, into = new Set<string>()): Set<string> => {
          const chunk = file === undefined ? undefined : chunks.get(file);
          if (!chunk || into.has(chunk.fileName)) return into;
          into.add(chunk.fileName);
          for (const imported of chunk.imports) graph(imported, into);
          return into;
        };
        const entry = graph([...chunks.values()].find((chunk) => chunk.isEntry && chunk.fileName !== 'sw.js')?.fileName);
        const app = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/AppRoot.tsx'));
        if (!app) return [];
        const scripts = [...graph(app.fileName)].filter((file) => !entry.has(file));
        const styles = scripts.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
        return [
          ...scripts.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' as const })),
          // crossorigin as on Vite's own stylesheet links for these chunks: a preload in another credentials mode is
          // not used, and the sheet is fetched twice.
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * The service worker (src/service-worker/sw.ts) built beside the app as `/sw.js`: a fixed name, since a worker's URL
 * is its identity, at the root, so that its scope is the whole site. Its `__SW_BUILD__` becomes this build's
 * version (a hash of the build's file names, which carry their contents' hashes), the files of the first load
 * (index.html's entry, its CSS and what index.html preloads) and the offline page's words, the `offline` section
 * of every locale of src/i18n/locales, read here so the worker carries strings and no locale module.
 */
function serviceWorkerPlugin(): Plugin {
  const WORKER_FILE = 'sw.js';
  const source = fileURLToPath(new URL('src/service-worker/sw.ts', import.meta.url));
  let base = '/';
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: source, fileName: WORKER_FILE });
    },
    async generateBundle(_options, bundle) {
      const worker = bundle[WORKER_FILE];
      if (worker?.type !== 'chunk') return;
      if (worker.imports.length > 0 || worker.dynamicImports.length > 0) {
        // A classic worker script cannot import: whatever sw.ts imports must be its own.
        this.error(`${WORKER_FILE} shares modules with the app (${[...worker.imports, ...worker.dynamicImports].join(', ')})`);
      }
      const files = Object.values(bundle).filter((output) => output.fileName !== WORKER_FILE);
      const chunks = files.filter((output) => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'));
      const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/AppRoot.tsx'));
      const shell = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.find((candidate) => candidate.fileName === fileName);
        if (!chunk || shell.has(chunk.fileName)) return;
        shell.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(css);
        chunk.imports.forEach(visit);
      };
      if (entry) visit(entry.fileName);
      if (app) visit(app.fileName);
      const version = createHash('sha256')
        .update(files.map((output) => output.fileName).sort().join('\n'))
        .digest('hex')
        .slice(0, 16);
      const locales = await Promise.all(
        SUPPORTED_LANGUAGES.map(async ({ code: language }) => {
          const path = fileURLToPath(new URL(`src/i18n/locales/${language}.ts`, import.meta.url));
          const { module } = await runnerImport<Record<string, { offline: unknown }>>(path, { logLevel: 'error' });
          return [language, module[language]?.offline] as const;
        }),
      );
      const build = { version, shell: [...shell].sort().map((file) => `${base}${file}`), offlineText: Object.fromEntries(locales) };
      if (!worker.code.includes('__SW_BUILD__')) this.error(`${WORKER_FILE} lost its __SW_BUILD__ placeholder`);
      worker.code = worker.code.replace('__SW_BUILD__', JSON.stringify(build));
    },
  };
}

/**
 * The machines' `description`s are for the statechart studio, which reads them from `virtual:statecharts` (built in
 * Node from the same sources), and for statecharts/*.md: the viewer's bundle has no use for them. A production build
 * drops every string-literal `description` of a machine's config (each `machines/<name>/<name>.machine.ts`), several kB of the
 * first load. Development and the tests run the machines as written.
 */
function dropMachineDescriptions(): Plugin {
  return {
    name: 'drop-machine-descriptions',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]machines[\\/][^?]+\.machine\.ts$/.test(id)) return null;
      const edit = new MagicString(code);
      const fail = (message: string) => this.error(message);
      const isText = (value: { type: string; value?: unknown; expressions?: unknown[] }) =>
        (value.type === 'Literal' && typeof value.value === 'string') || (value.type === 'TemplateLiteral' && value.expressions?.length === 0);
      walk(this.parse(code) as Parameters<typeof walk>[0], {
        enter(node) {
          if (node.type !== 'ObjectExpression') return;
          node.properties.forEach((property, index) => {
            if (property.type !== 'Property' || property.computed || property.kind !== 'init') return;
            const { key, value } = property;
            const named = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : null;
            if (named !== 'description' || !isText(value)) return;
            const [start, end] = [(property as unknown as { start: number }).start, (property as unknown as { end: number }).end];
            // Offsets are checked, not trusted: a cut that is not this property would break the machine.
            if (!code.startsWith('description', start) && !code.startsWith('"description"', start)) fail(`${id}: no description at ${start}`);
            const next = node.properties[index + 1] as unknown as { start: number } | undefined;
            edit.remove(start, next?.start ?? end);
          });
        },
      });
      return edit.hasChanged() ? { code: edit.toString(), map: edit.generateMap({ hires: true }) } : null;
    },
  };
}

/**
 * hls.js built from the sources its package ships, with subtitles and none of the other optional features: the
 * custom build hls.js's own build offers (its `__USE_*__` constants), done by Vite instead of a second bundler. With
 * the full build (597 kB: EME, CMCD, alternate audio, content steering, interstitials, variable substitution, media
 * capabilities probing) the first frame came 400 to 600 ms later than with the light one (`npm run bench:watch`, run
 * alternately), and the light one has no subtitles, which the captions need; this one is 404 kB. The constants apply to
 * hls.js's files only, compiled as its build compiles them: class fields assigned in the constructor (its classes
 * declare fields that their base constructors set).
 */
function hlsFromSource(): Plugin {
  const sources = fileURLToPath(new URL('node_modules/hls.js/src/', import.meta.url));
  const { version } = require('hls.js/package.json') as { version: string };
  const eventEmitter = fileURLToPath(new URL('node_modules/eventemitter3/dist/eventemitter3.esm.js', import.meta.url));
  const urlToolkit = fileURLToPath(new URL('node_modules/url-toolkit/src/url-toolkit.js', import.meta.url));
  const define: Record<string, string> = {
    __VERSION__: JSON.stringify(version),
    __USE_SUBTITLES__: 'true',
    __USE_ALT_AUDIO__: 'false',
    __USE_EME_DRM__: 'false',
    __USE_CMCD__: 'false',
    __USE_CONTENT_STEERING__: 'false',
    __USE_VARIABLE_SUBSTITUTION__: 'false',
    __USE_M2TS_ADVANCED_CODECS__: 'false',
    __USE_MEDIA_CAPABILITIES__: 'false',
    __USE_INTERSTITIALS__: 'false',
    __USE_IFRAMES__: 'false',
    // The transmuxer runs beside the player, not in a worker of its own (measured neutral at these bit rates).
    __IN_WORKER__: 'false',
  };
  return {
    name: 'hls-from-source',
    enforce: 'pre',
    config: () => ({ resolve: { alias: [{ find: /^hls\.js$/, replacement: `${sources}exports-default.ts` }] } }),
    // hls.js's two CommonJS dependencies would bring the bundler's CommonJS helpers into its chunk, and split them out
    // of the entry into a chunk of their own (one more request on every first load). eventemitter3 ships a
    // self-contained ES module build besides; url-toolkit is one UMD file, whose `module.exports` becomes its export
    // here, as hls.js's own build turns it into one.
    resolveId: (source, importer) => (source === 'eventemitter3' && importer?.startsWith(sources) ? eventEmitter : undefined),
    async transform(code, id) {
      if (id === urlToolkit) {
        return `var module = { exports: {} }, exports = module.exports;\n${code}\nexport const { buildAbsoluteURL } = module.exports;\n`;
      }
      if (!id.startsWith(sources) || !id.endsWith('.ts')) return null;
      const compiled = await transformWithOxc(code, id, {
        lang: 'ts',
        target: 'es2022',
        define,
        tsconfig: { compilerOptions: { useDefineForClassFields: false, verbatimModuleSyntax: false } },
      });
      return { code: compiled.code, map: compiled.map ?? null };
    },
  };
}

export default defineConfig({
  // Compiles `.css.ts` files (src/theme, components) to static CSS; vitest evaluates them through the same plugin.
  plugins: [react(), vanillaExtractPlugin(), statechartsPlugin(), preloadAppChunk(), serviceWorkerPlugin(), dropMachineDescriptions(), hlsFromSource()],
  resolve: {
    alias: [
      // Mesh's packages load graphql's CommonJS build; Vite would pick its ESM build, and two copies of graphql
      // refuse each other's types ("from another module or realm"). Tests use the one Node uses. The browser
      // bundle never sees Mesh: it gets the slim re-export of the few parts of graphql it needs.
      ...(process.env['VITEST']
        ? [{ find: /^graphql$/, replacement: require.resolve('graphql') }]
        : [{ find: /^graphql$/, replacement: fileURLToPath(new URL('src/adapters/graphql-slim.ts', import.meta.url)) }]),
    ],
  },
  // The studio's simulator (src/views/statecharts) runs in a module worker, bundled on its own.
  worker: { format: 'es' },
  build: {
    // The bundle-budget test walks the manifest from index.html through its static imports.
    manifest: true,
    target: 'es2022',
    // Every browser that runs this bundle (es2022, top-level module scripts) supports <link rel=modulepreload>.
    modulePreload: { polyfill: false },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  test: {
    // Server suites each start their own API on an ephemeral port with a throwaway SQLite file. View suites ask for
    // jsdom in their first line (`// @vitest-environment jsdom`).
    pool: 'forks',
    // One fork per core. Vitest's default leaves a core to itself (one fork on a 2-core machine), but most suites
    // wait on their API, a child process or a timer rather than compute: two forks took the suite from 584 s to
    // 417 s here.
    maxWorkers: availableParallelism(),
    setupFiles: ['tests/src/dom-timeouts.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // A fork runs file after file. The machines', the studio's and the API's suites keep nothing in their modules
    // between files (each starts what it needs and stops it), so a fork loads their modules once for all of its files:
    // 105 s → 52 s for machines and statecharts alone. The mesh suites set the gateway's environment and build its
    // runtime per file, the scale suites start gateways, and the views share i18next and the app's stores: those
    // files still get a fresh fork each.
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED_MODULE_SUITES, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ['tests/**/*.test.{ts,tsx}'], exclude: SHARED_MODULE_SUITES } },
    ],
  },
});
