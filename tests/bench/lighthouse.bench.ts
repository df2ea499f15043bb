/**
 * `npm run bench:lighthouse`: Lighthouse 12's mobile audit (its default config: a mid-range phone, 4x CPU slowdown
 * and slow 4G, simulated) of four pages of the production build, served by the real serve process on 127.0.0.1 with
 * a fresh database, in Debian's headless Chromium, offline. Figures, never asserted.
 *
 * Pages: home `/`, the events list `/upcoming`, the VOD library `/vod_library` and the watch page of a free live game
 * a visitor may watch (found through the REST API: free, the visitor has access, a playback grant, on for a while
 * yet; else a free finished game). Each page is audited BENCH_RUNS times (default 3), each run in a new Chromium
 * (Lighthouse also empties storage and cache first: a first visit), after one warm-up run of home that is left out
 * (Mesh prepares its execution layer on its first request). For each page it prints the median of each figure
 * (performance and accessibility scores, CLS, TBT, LCP, FCP, Speed Index) and whether ISSUE 17's targets are met:
 * performance >= 0.95, accessibility 1.00, CLS < 0.05.
 *
 * A second table gives, per page, the medians of what the cold first visit fetched and ran before the app was
 * interactive, that is before the app's own `app-mounted` mark (src/app/App.tsx: the app's first render committed).
 * Lighthouse's throttling is simulated: it loads the page at full speed (loopback, this machine's CPU) and computes the
 * scores above from a model of the phone. These figures are read from the same report and are observed, not simulated:
 * - mounted: when `app-mounted` was marked, in ms after navigation start (user-timings audit), at full speed;
 * - JS: the transfer size of the scripts that had finished downloading by then (network-requests audit: bytes on the
 *   wire as the serve process sent them, its pre-compressed brotli or gzip twins, headers included);
 * - requests, JS requests: the requests that had finished by then, all (document, scripts, styles, GraphQL, ...) and
 *   scripts; data: URLs and answers from the memory cache (no bytes transferred) are not requests to the server;
 * - main thread: the time the main thread was busy in tasks up to the mark, at full CPU speed (Lighthouse's simulation
 *   would count it 4 times over). Only top-level tasks longer than 5 ms count: the main-thread-tasks audit lists no
 *   others, so this is a lower bound, though parsing and running the chunks falls in the long tasks.
 *
 * Every run's full report (JSON) is written to BENCH_LIGHTHOUSE_DIR (default: a new temporary folder, printed) for
 * the details behind the figures: layout shifts, long tasks, the LCP element, failed accessibility audits.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { apiKeyFor, startBenchServer } from './bench-server';

const runs = Number(process.env['BENCH_RUNS'] ?? 3);
const reportDir = process.env['BENCH_LIGHTHOUSE_DIR'] || mkdtempSync(join(tmpdir(), 'lighthouse-'));
const root = resolve(import.meta.dirname, '..', '..');
/** A live game must stay live through every run of its page. */
const LIVE_FOR_AT_LEAST_S = 1800;
const TARGETS = { performance: 0.95, accessibility: 1, cls: 0.05 };

interface Page {
  name: string;
  path: string;
}

interface Figures {
  performance: number;
  accessibility: number;
  cls: number;
  tbt: number;
  lcp: number;
  fcp: number;
  speedIndex: number;
}

/** What a cold first visit fetched and ran before the app mounted (see the header for what each figure means). */
interface FirstLoad {
  mountedMs: number;
  jsBytes: number;
  requests: number;
  jsRequests: number;
  mainThreadMs: number;
}

interface Run {
  figures: Figures;
  firstLoad: FirstLoad;
}

interface ApiEvent {
  id: number;
  name: string;
  type: 'free' | 'paid';
  has_access: boolean;
  event_utc_ts: number;
  duration: number;
}

function buildApp(): void {
  for (const script of ['scripts/build-mesh.ts', 'scripts/build-app.ts']) {
    execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: 'inherit' });
  }
}

/** A free game a first-time visitor may watch: live for a while yet if there is one, else finished (a replay). */
async function watchableGame(base: string): Promise<{ event: ApiEvent; status: string }> {
  const key = await apiKeyFor(base);
  const now = Date.now() / 1000;
  for (const status of ['live', 'vod']) {
    const answer = await fetch(`${base}/api/events?api_key=${key}&stream_status=${status}&limit=50`);
    const { data } = (await answer.json()) as { data: ApiEvent[] };
    for (const event of data) {
      if (event.type !== 'free' || !event.has_access) continue;
      if (status === 'live' && event.event_utc_ts + event.duration - now < LIVE_FOR_AT_LEAST_S) continue;
      const playback = await fetch(`${base}/api/events/${event.id}/playback?api_key=${key}`);
      if (playback.ok) return { event, status };
    }
  }
  throw new Error('no free live or finished game a visitor may watch');
}

/**
 * Failures of Lighthouse's own trace recording (Chromium's trace missed the navigation), not of the page: such a run
 * says nothing about the page and is run again, at most twice, saying so.
 */
const RECORDING_FAILURES = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);

/** One Lighthouse run in its own Chromium (run again if Lighthouse failed to record it); the report goes to `file`. */
async function audit(url: string, file: string | null, attempt = 1): Promise<Run> {
  try {
    return await auditOnce(url, file);
  } catch (error) {
    const code = error instanceof LighthouseRuntimeError ? error.code : null;
    if (code === null || !RECORDING_FAILURES.has(code) || attempt >= 3) throw error;
    console.log(`  (Lighthouse could not record ${url} (${code}); run again)`);
    return audit(url, file, attempt + 1);
  }
}

class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function auditOnce(url: string, file: string | null): Promise<Run> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(lhr.runtimeError.code, `Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    if (file) writeFileSync(file, JSON.stringify(lhr));
    return { figures: figures(lhr), firstLoad: firstLoad(lhr) };
  } finally {
    chrome.kill();
  }
}

function figures(lhr: Result): Figures {
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: lhr.categories['performance']?.score ?? Number.NaN,
    accessibility: lhr.categories['accessibility']?.score ?? Number.NaN,
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    lcp: numeric('largest-contentful-paint'),
    fcp: numeric('first-contentful-paint'),
    speedIndex: numeric('speed-index'),
  };
}

/** The rows of an audit's table (network-requests, user-timings, ...), typed as the caller reads them. */
function rows<Row>(lhr: Result, auditId: string): Row[] {
  const details = lhr.audits[auditId]?.details;
  return details && 'items' in details ? (details.items as unknown as Row[]) : [];
}

interface RequestRow {
  protocol?: string;
  resourceType?: string;
  transferSize?: number;
  /** ms after the page's first request (networkStartTimeTs), not after navigation start. */
  networkEndTime?: number;
}

/** The figures of the second table, from one report; NaN when the app never marked `app-mounted`. */
function firstLoad(lhr: Result): FirstLoad {
  const mounted = rows<{ name: string; startTime: number }>(lhr, 'user-timings').find((mark) => mark.name === 'app-mounted');
  if (!mounted) return { mountedMs: Number.NaN, jsBytes: Number.NaN, requests: Number.NaN, jsRequests: Number.NaN, mainThreadMs: Number.NaN };
  const mountedMs = mounted.startTime;

  // user-timings and main-thread-tasks count from navigation start, network-requests from its first request.
  const network = lhr.audits['network-requests']?.details;
  const networkStartTs: number = network?.type === 'table' ? (network.debugData?.['networkStartTimeTs'] ?? Number.NaN) : Number.NaN;
  const timeOriginTs = rows<{ observedTimeOriginTs: number }>(lhr, 'metrics')[0]?.observedTimeOriginTs ?? Number.NaN;
  const networkOffsetMs = (networkStartTs - timeOriginTs) / 1000;

  const fetched = rows<RequestRow>(lhr, 'network-requests').filter(
    (request) =>
      request.protocol !== 'data' &&
      (request.transferSize ?? 0) > 0 &&
      request.networkEndTime !== undefined &&
      request.networkEndTime + networkOffsetMs <= mountedMs,
  );
  const scripts = fetched.filter((request) => request.resourceType === 'Script');

  // A task still running at the mark counts up to the mark.
  const mainThreadMs = rows<{ startTime: number; duration: number }>(lhr, 'main-thread-tasks')
    .map((task) => Math.min(task.startTime + task.duration, mountedMs) - task.startTime)
    .reduce((sum, busy) => sum + Math.max(busy, 0), 0);

  return {
    mountedMs,
    jsBytes: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    requests: fetched.length,
    jsRequests: scripts.length,
    mainThreadMs,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The median of each figure over the samples. */
function medians<T extends object>(samples: T[]): T {
  const keys = Object.keys(samples[0] ?? {}) as (keyof T)[];
  return Object.fromEntries(keys.map((key) => [key, median(samples.map((sample) => Number(sample[key])))])) as T;
}

const score = (value: number): string => value.toFixed(2).padStart(6);
const ms = (value: number): string => `${Math.round(value)} ms`.padStart(9);
const verdict = (met: boolean): string => (met ? 'met' : 'missed');
const slug = (path: string): string => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

async function main(): Promise<void> {
  buildApp();
  mkdirSync(reportDir, { recursive: true });
  const server = await startBenchServer();
  try {
    const { event, status } = await watchableGame(server.base);
    const pages: Page[] = [
      { name: 'home', path: '/' },
      { name: 'events list', path: '/upcoming' },
      { name: 'VOD library', path: '/vod_library' },
      { name: `watch (${status === 'live' ? 'live' : 'replay'} ${event.id})`, path: `/watch/${event.id}` },
    ];
    await audit(`${server.base}/`, null);
    console.log(`\nbench:lighthouse: Lighthouse 12, mobile preset (simulated throttling), ${runs} runs per page after one warm-up, new Chromium per run, ${cpus().length} CPUs`);
    console.log(`targets: performance >= ${TARGETS.performance.toFixed(2)}, accessibility = ${TARGETS.accessibility.toFixed(2)}, CLS < ${TARGETS.cls}; medians\n`);
    console.log(
      `${'page'.padEnd(22)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'CLS'.padStart(7)}${'TBT'.padStart(9)}${'LCP'.padStart(9)}${'FCP'.padStart(9)}${'SI'.padStart(9)}  targets (perf, a11y, CLS)`,
    );
    const firstLoads: { page: Page; mid: FirstLoad }[] = [];
    for (const page of pages) {
      const samples: Run[] = [];
      for (let i = 1; i <= runs; i += 1) samples.push(await audit(`${server.base}${page.path}`, join(reportDir, `${slug(page.path)}-${i}.json`)));
      firstLoads.push({ page, mid: medians(samples.map((sample) => sample.firstLoad)) });
      const mid = medians(samples.map((sample) => sample.figures));
      const targets = [mid.performance >= TARGETS.performance, mid.accessibility >= TARGETS.accessibility, mid.cls < TARGETS.cls].map(verdict).join(', ');
      console.log(
        `${page.name.padEnd(22)}${score(mid.performance)}${score(mid.accessibility)}${mid.cls.toFixed(3).padStart(7)}${ms(mid.tbt)}${ms(mid.lcp)}${ms(mid.fcp)}${ms(mid.speedIndex)}  ${targets}`,
      );
    }
    console.log('\nbefore the app mounted (`app-mounted`), cold first visit, observed at full speed (not simulated); medians\n');
    console.log(`${'page'.padEnd(22)}${'mounted'.padStart(9)}${'JS'.padStart(10)}${'requests'.padStart(10)}${'JS req.'.padStart(9)}${'main thread'.padStart(13)}`);
    for (const { page, mid } of firstLoads) {
      console.log(
        `${page.name.padEnd(22)}${ms(mid.mountedMs)}${`${(mid.jsBytes / 1024).toFixed(1)} kB`.padStart(10)}${String(mid.requests).padStart(10)}${String(mid.jsRequests).padStart(9)}${ms(mid.mainThreadMs).padStart(13)}`,
      );
    }
    console.log(`\nreports (one JSON per run): ${reportDir}`);
  } finally {
    server.stop();
  }
}

await main();
