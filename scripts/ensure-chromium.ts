/**
 * Makes sure the end-to-end suite has a browser: `CHROME_PATH`, else Debian's Chromium at /usr/bin/chromium,
 * installed with apt-get when missing (scripts/debian-package.ts). It never downloads a browser from anywhere else
 * (Playwright's download stays off: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
 */
import { ensureDebianTool } from './debian-package';

ensureDebianTool({
  label: 'chromium',
  packageName: 'chromium',
  binary: '/usr/bin/chromium',
  pathVariable: 'CHROME_PATH',
  otherwise: 'set CHROME_PATH to a Chromium or Chrome executable. This project never downloads browsers',
});
