/**
 * Builds the web app (`vite build` into dist/) when it is missing or older than its inputs: src/, machines/ (the
 * flows the app bundles), statecharts/ (the studio's layouts are made at build time), index.html, public/,
 * vite.config.ts, mesh/client/ (with the typed documents scripts/build-mesh.ts generates), mesh/validation.ts (the
 * form rules the app shares with the API) and the lockfile.
 * `npm start` runs it after the Mesh build and the Playwright suite's global setup runs it before the browsers
 * start, so both serve the bundle of the sources on disk; nothing happens when dist/ is fresh. `--force` rebuilds.
 *
 * Each build goes to a staging folder, gets `.br` and `.gz` twins of its text files (the server sends them to
 * browsers that accept them: server/http/static-app.ts) and a stamp carrying the time it started, then replaces
 * dist/ in one rename: a running `npm start` or test run never serves half a build, and a failed build leaves the
 * previous dist/ as it was.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withBuildLock } from './build-lock';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const STAMP = '.app-build-stamp';
const stampFile = join(dist, STAMP);
/**
 * Builds land here first and replace dist/ whole, so a server running on dist/ never sees a half-written build. The
 * folder is named after the checkout, so that two checkouts sharing one node_modules (git worktrees) never build
 * into each other's staging folder.
 */
const staging = join(root, 'node_modules', '.cache', `app-build-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`);
const INPUTS = ['src', 'machines', 'statecharts', 'index.html', 'public', 'vite.config.ts', join('mesh', 'client'), join('mesh', 'validation.ts'), 'package-lock.json'];
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Below this, a compressed twin saves less than the headers it costs. */
const MIN_COMPRESS_BYTES = 1024;

/** A failure already explained on the console (vite prints its own errors): no stack trace on top of it. */
class BuildFailed extends Error {}

/** Newest modification time (ms) among the files under `path`, or 0 when it does not exist. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

function precompress(dir: string): number {
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < MIN_COMPRESS_BYTES) continue;
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    );
    written += 1;
  }
  return written;
}

function build(): void {
  const newestInput = Math.max(...INPUTS.map((input) => newestMtime(join(root, input))));
  const fresh =
    !process.argv.includes('--force') &&
    existsSync(stampFile) &&
    existsSync(join(dist, 'index.html')) &&
    statSync(stampFile).mtimeMs >= newestInput;
  if (fresh) {
    console.log('app: dist/ is up to date');
    return;
  }
  console.log('app: building the web app (vite build)');
  const next = join(staging, 'next');
  const previous = join(staging, 'previous');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // The stamp carries the time the build started: a source saved during the build makes the next run build again.
  const startedAt = new Date();
  try {
    execFileSync('npm', ['run', '-s', 'build', '--', '--outDir', next, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  } catch {
    throw new BuildFailed('app: vite build failed (its errors are above); dist/ is left as it was');
  }
  const compressed = precompress(next);
  writeFileSync(join(next, STAMP), `${startedAt.toISOString()}\n`);
  utimesSync(join(next, STAMP), startedAt, startedAt);
  if (existsSync(dist)) renameSync(dist, previous);
  renameSync(next, dist);
  rmSync(staging, { recursive: true, force: true });
  console.log(`app: done (${compressed} files pre-compressed)`);
}

try {
  withBuildLock(join(root, '.app-build-lock'), 'app', 300_000, build);
} catch (error) {
  if (!(error instanceof BuildFailed)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
