/**
 * `npm run bench:watch`: time from navigation to the first video frame on the watch page, in Debian's headless
 * Chromium against the reference stack (API, Mesh, media and the production build, in this process on 127.0.0.1),
 * printed as median, min and max over repeated runs (never asserted: figures, not tests).
 *
 * Scenarios (ISSUE 7's targets: under 500 ms median each):
 * - VOD: a finished event, watched by the fan (no_ads: no preroll), to the content's first frame;
 * - live: a live event, by the fan, to the content's first frame;
 * - preroll: a live event a preroll suits, by a visitor (the preroll plays), to the preroll's first frame.
 * The fan is a returning viewer: local storage holds what the app left there (channel key, API key, session token),
 * so startup is the one Startup request. The visitor comes for the first time (empty storage: channel key, API key,
 * then Startup). Each run opens a new browser context (empty HTTP cache); one warm-up run per scenario is left out. The player marks `video-first-frame:<preroll|content>` (src/adapters/hls-player.ts) when the first frame
 * is presented; performance marks count from the navigation's start. Settings: BENCH_RUNS (default 9).
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { STORAGE_PREFIX } from '../../src/adapters/storage';
import { pickEvent } from '../e2e/catalogue';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { PUBLIC_CACHE_SECONDS } from '../../server/config';
import { SUMMIT, startTestApi, type TestApi } from '../server/harness';

const runs = Number(process.env['BENCH_RUNS'] ?? 9);
const root = resolve(import.meta.dirname, '..', '..');
const TARGET_MS = 500;

interface Scenario {
  name: string;
  path: string;
  mark: 'video-first-frame:content' | 'video-first-frame:preroll';
  /** Local storage entries (without the prefix) the app left on an earlier visit. */
  stored: Record<string, string>;
}

interface Sample {
  firstFrameMs: number;
  appMountedMs: number;
}

function buildApp(): void {
  for (const script of ['scripts/build-mesh.ts', 'scripts/build-app.ts']) {
    execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: 'inherit' });
  }
}

async function measure(browser: Browser, origin: string, scenario: Scenario): Promise<Sample> {
  const context = await browser.newContext({ baseURL: origin });
  try {
    const page = await context.newPage();
    const entries = Object.entries(scenario.stored).map(([key, value]) => [
      `${STORAGE_PREFIX}${key}`,
      JSON.stringify({ value, expiresAt: Date.now() + 24 * 3600 * 1000 }),
    ]);
    await page.addInitScript((items) => {
      for (const [key, value] of items) window.localStorage.setItem(key!, value!);
    }, entries);
    await page.goto(scenario.path);
    const handle = await page.waitForFunction(
      (mark) => {
        const frame = performance.getEntriesByName(mark)[0];
        const mounted = performance.getEntriesByName('app-mounted')[0];
        return frame ? { firstFrameMs: frame.startTime, appMountedMs: mounted?.startTime ?? Number.NaN } : null;
      },
      scenario.mark,
      { timeout: 20_000 },
    );
    return (await handle.jsonValue()) as Sample;
  } finally {
    await context.close();
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number): string => `${Math.round(value)} ms`.padStart(8);

async function scenarios(api: TestApi): Promise<Scenario[]> {
  const key = await api.apiKey(SUMMIT.channelKey);
  const fan = { channel_key: SUMMIT.channelKey, api_key: key, token: await api.login('fan@summit.test', key) };
  const vod = pickEvent(api, { when: 'finished', type: 'free' });
  const live = pickEvent(api, { when: 'live', type: 'free', forAtLeast: 1800 });
  const withPreroll = pickEvent(api, { when: 'live', type: 'free', preroll: true, forAtLeast: 1800 });
  return [
    { name: `VOD (event ${vod.id}, returning fan)`, path: `/watch/${vod.id}`, mark: 'video-first-frame:content', stored: fan },
    { name: `live (event ${live.id}, returning fan)`, path: `/watch/${live.id}`, mark: 'video-first-frame:content', stored: fan },
    { name: `preroll (event ${withPreroll.id}, first visit)`, path: `/watch/${withPreroll.id}`, mark: 'video-first-frame:preroll', stored: {} },
  ];
}

async function main(): Promise<void> {
  buildApp();
  // As deployed: the app's own documents only, public reads kept for 60 s.
  const api = await startTestApi(
    { appOrigin: null, publicCacheSeconds: PUBLIC_CACHE_SECONDS },
    { graphql: true, documents: 'trusted', app: { distDir: resolve(root, 'dist') }, clock: 'wall' },
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  try {
    // Mesh prepares its execution layer on the first request: not part of any viewer's time.
    await fetch(api.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    console.log(`bench:watch — ${runs} runs per scenario after one warm-up, new browser context per run, ${cpus().length} CPUs`);
    console.log(`target: median under ${TARGET_MS} ms from navigation to the first frame\n`);
    console.log(`${'scenario'.padEnd(40)}${'median'.padStart(8)}${'min'.padStart(8)}${'max'.padStart(8)}  app mounted (median)  target`);
    for (const scenario of await scenarios(api)) {
      await measure(browser, api.origin, scenario);
      const samples: Sample[] = [];
      for (let i = 0; i < runs; i += 1) samples.push(await measure(browser, api.origin, scenario));
      const frames = samples.map((s) => s.firstFrameMs);
      const mid = median(frames);
      console.log(
        `${scenario.name.padEnd(40)}${ms(mid)}${ms(Math.min(...frames))}${ms(Math.max(...frames))}  ${ms(median(samples.map((s) => s.appMountedMs)))}              ${mid < TARGET_MS ? 'met' : 'missed'}`,
      );
    }
  } finally {
    await browser.close();
    await api.close();
  }
}

await main();
