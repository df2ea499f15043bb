import { defineConfig } from '@playwright/test';

// Debian's Chromium (scripts/ensure-chromium.ts puts it there), never a browser Playwright downloads.
process.env['PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD'] ??= '1';
const executablePath = process.env['CHROME_PATH'] || '/usr/bin/chromium';

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
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        // Without these Chromium keeps calling home, which floods a closed network.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
