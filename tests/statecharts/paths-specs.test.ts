/** The committed tests/e2e/generated/<name>.paths.e2e.ts match their models and UI maps (`npm run paths:specs`). */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mappedMachines, playwrightSpec, specFile } from '../../statecharts/playwright-specs';

const root = join(import.meta.dirname, '../..');

describe('generated Playwright specs', () => {
  for (const name of mappedMachines()) {
    it(`${specFile(name)} matches machines/${name}/${name}.model.ts and its UI map`, async () => {
      const path = join(root, specFile(name));
      const committed = existsSync(path) ? readFileSync(path, 'utf8') : '(missing)';
      expect(committed === (await playwrightSpec(name)), `${specFile(name)} is stale: run npm run paths:specs`).toBe(true);
    }, 60_000);
  }

  it('has no spec for a machine without a UI map', () => {
    const folder = join(root, 'tests/e2e/generated');
    // The folder lists its files by name; the maps come in the registry's order.
    const specs = readdirSync(folder).filter((file) => file.endsWith('.paths.e2e.ts')).sort();
    expect(specs, 'run npm run paths:specs').toEqual(mappedMachines().map((name) => `${name}.paths.e2e.ts`).sort());
  });
});
