/**
 * Makes sure a program the test suites run is on this machine, the way `playwright install --with-deps` would for
 * its own browsers but from Debian only: the path an environment variable names, else Debian's package's binary; when
 * neither exists and this is Debian with root (or passwordless sudo), installs the package with apt-get; otherwise it
 * stops and says what to do. Nothing is ever downloaded from anywhere else.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

export interface DebianTool {
  /** What the lines printed start with (`chromium`). */
  label: string;
  /** Debian's package (`chromium`, `redis-server`). */
  packageName: string;
  /** Where the package puts the program. */
  binary: string;
  /** A variable that names another executable instead (`CHROME_PATH`), if the program can come from elsewhere. */
  pathVariable?: string;
  /** What else a person may do, said when the program cannot be installed here. */
  otherwise: string;
}

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
  return result.status === 0 ? result.stdout.trim().split('\n')[0]! : `(--version failed: ${(result.stderr || String(result.error ?? '')).trim()})`;
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

/** The program's path once it is there; prints what it found or did, and exits the process with 1 when it cannot. */
export function ensureDebianTool(tool: DebianTool): string {
  const fail = (message: string): never => {
    console.error(`${tool.label}: ${message}`);
    process.exit(1);
  };
  const configured = tool.pathVariable ? process.env[tool.pathVariable] : undefined;
  if (configured) {
    if (!isExecutable(configured)) fail(`${tool.pathVariable} is ${configured}, which is not an executable file. Point it at one, or unset it to use ${tool.binary}.`);
    console.log(`${tool.label}: ${configured} (${tool.pathVariable}): ${version(configured)}`);
    return configured;
  }
  if (isExecutable(tool.binary)) {
    console.log(`${tool.label}: ${tool.binary}: ${version(tool.binary)}`);
    return tool.binary;
  }

  const manual = `install Debian's package yourself ("sudo apt-get install -y ${tool.packageName}")${tool.otherwise ? `, or ${tool.otherwise}` : ''}.`;
  if (!existsSync('/etc/debian_version') || !existsSync('/usr/bin/apt-get')) {
    fail(`no ${tool.binary} and this is not a Debian system with apt-get: ${manual}`);
  }
  const asRoot = rootRunner();
  if (!asRoot) fail(`no ${tool.binary}, and installing it needs root or passwordless sudo: ${manual}`);

  console.log(`${tool.label}: not found at ${tool.binary}; installing Debian's ${tool.packageName} package with apt-get`);
  try {
    asRoot!('apt-get', ['update']);
    asRoot!('apt-get', ['install', '-y', tool.packageName]);
  } catch (error) {
    fail(`apt-get could not install ${tool.packageName} (${error instanceof Error ? error.message : String(error)}): ${manual}`);
  }
  if (!isExecutable(tool.binary)) fail(`apt-get finished but ${tool.binary} is still missing: ${manual}`);
  console.log(`${tool.label}: installed ${tool.binary}: ${version(tool.binary)}`);
  return tool.binary;
}
