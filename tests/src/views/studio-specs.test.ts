/**
 * The studio's Playwright spec export: `virtual:statecharts/specs` (vite.config.ts) has a loader for exactly the
 * machines with a UI map, and each loads the spec `npm run paths -- <name> --format playwright` prints, byte for byte,
 * as the build computes it in Node.
 */
import { describe, expect, it } from 'vitest';
import { specLoaders } from 'virtual:statecharts/specs';
import { mappedMachines, playwrightSpec } from '../../../statecharts/playwright-specs';

describe('studio Playwright specs', () => {
  it('has a loader for each machine with a UI map, and none for the others', () => {
    expect(Object.keys(specLoaders)).toEqual(mappedMachines());
  });

  for (const name of mappedMachines()) {
    it(`${name}: loads what npm run paths -- ${name} --format playwright prints`, async () => {
      const loader = specLoaders[name];
      if (!loader) throw new Error(`no spec loader for ${name}`);
      const { default: text } = await loader();
      // Compared as a boolean: a failure would otherwise diff two specs of hundreds of lines.
      expect(text === (await playwrightSpec(name)), `the studio's spec of ${name} differs from playwrightSpec`).toBe(true);
    }, 120_000);
  }
});
