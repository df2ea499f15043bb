import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * Builds the web app once before any worker starts, with the same freshness check as `npm start`
 * (scripts/build-app.ts), so every suite drives the real production bundle in dist/. The Mesh build comes first:
 * the app imports the typed documents it generates.
 */
export default function globalSetup(): void {
  const root = resolve(import.meta.dirname, '..', '..');
  for (const script of ['scripts/build-mesh.ts', 'scripts/build-app.ts']) {
    execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: 'inherit' });
  }
}
