/**
 * Makes sure the end-to-end suite has a browser: `CHROME_PATH`, else Debian's Chromium at /usr/bin/chromium. When
 * neither exists and this is Debian with root (or passwordless sudo), installs the `chromium` package with apt-get,
 * as `playwright install --with-deps` would install its own; otherwise it stops and says what to do. It never
 * downloads a browser from anywhere else (Playwright's download stays off: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function version(path: string): string {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() : `(--version failed: ${(result.stderr || String(result.error ?? '')).trim()})`;
}

function fail(message: string): never {
  console.error(`chromium: ${message}`);
  process.exit(1);
}

/** How to run a command as root here: directly, through passwordless sudo, or not at all. */
function rootRunner(): ((command: string, args: string[]) => void) | null {
  const run = (file: string, args: string[]) =>
    execFileSync(file, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (process.getuid?.() === 0) return run;
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  if (sudo.status === 0) return (command, args) => run('sudo', ['-n', '--preserve-env=DEBIAN_FRONTEND', command, ...args]);
  return null;
}

function main(): void {
  const configured = process.env['CHROME_PATH'];
  if (configured) {
    if (!isExecutable(configured)) fail(`CHROME_PATH is ${configured}, which is not an executable file. Point it at Chromium or Chrome, or unset it to use ${DEBIAN_CHROMIUM}.`);
    console.log(`chromium: ${configured} (CHROME_PATH): ${version(configured)}`);
    return;
  }
  if (isExecutable(DEBIAN_CHROMIUM)) {
    console.log(`chromium: ${DEBIAN_CHROMIUM}: ${version(DEBIAN_CHROMIUM)}`);
    return;
  }

  const manual = `install Debian's package yourself ("sudo apt-get install -y chromium"), or set CHROME_PATH to a Chromium or Chrome executable. This project never downloads browsers.`;
  if (!existsSync('/etc/debian_version') || !existsSync('/usr/bin/apt-get')) {
    fail(`no browser at ${DEBIAN_CHROMIUM} and this is not a Debian system with apt-get: ${manual}`);
  }
  const asRoot = rootRunner();
  if (!asRoot) fail(`no browser at ${DEBIAN_CHROMIUM}, and installing one needs root or passwordless sudo: ${manual}`);

  console.log(`chromium: not found at ${DEBIAN_CHROMIUM}; installing Debian's chromium package with apt-get`);
  try {
    asRoot('apt-get', ['update']);
    asRoot('apt-get', ['install', '-y', 'chromium']);
  } catch (error) {
    fail(`apt-get could not install chromium (${error instanceof Error ? error.message : String(error)}): ${manual}`);
  }
  if (!isExecutable(DEBIAN_CHROMIUM)) fail(`apt-get finished but ${DEBIAN_CHROMIUM} is still missing: ${manual}`);
  console.log(`chromium: installed ${DEBIAN_CHROMIUM}: ${version(DEBIAN_CHROMIUM)}`);
}

main();
