/**
 * One build at a time for the build scripts (build-mesh, build-app): `npm start` in one terminal and `npm test` in
 * another would otherwise write the same output over each other. The lock is a directory (mkdir is atomic); one
 * left behind by a killed build is taken over once it is older than any real build takes.
 */
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';

export function withBuildLock(lock: string, label: string, staleAfterMs: number, work: () => void): void {
  const deadline = Date.now() + staleAfterMs;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > staleAfterMs) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`${label}: another build holds ${lock}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
