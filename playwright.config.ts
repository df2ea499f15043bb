import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium';

// Debian's Chromium (scripts/ensure-chromium.ts puts it there), never a browser Playwright downloads.
process.env['PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD'] ??= '1';
const executablePath = CHROMIUM_PATH;

/**
 * End-to-end suites (`tests/e2e/*.e2e.ts`, so vitest never collects them). The global setup builds the app once;
 * each worker starts the real stack in-process on its own ephemeral port (tests/e2e/fixtures.ts), so there is no
 * webServer here and no fixed port.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: 2,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env['CI']),
  reporter: 'list',
  // Sized for a busy 2-core machine (CI, or a developer's with another suite running): a test that plays video and
  // then runs axe takes about 15 s there. Tests wait on what the page says, never on time, so a larger limit only
  // costs time when something is really broken.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Home's rails move by themselves every 5 s (SPEC §9); a card that scrolls away between Playwright's
    // scroll-into-view and its click made clicks retry until the test timed out. The rails hold still for viewers
    // who prefer reduced motion, so the suites browse as such a viewer; the rail machine's own tests cover the motion.
    reducedMotion: 'reduce',
    // The production build registers a service worker once the page is idle, which then serves the build's files
    // from its cache: a request it answers never reaches page.route, so a test that makes a chunk fail would pass or
    // fail with the worker's timing. The suites run without it; installable.e2e.ts tests it in its own browser.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: CHROMIUM_FLAGS,
    },
  },
});
