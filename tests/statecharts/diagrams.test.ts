/** The committed statecharts/*.md pages match their machines, and their Mermaid is well formed. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderStatecharts } from '../../statecharts/diagrams/document';
import { checkMermaid } from '../../statecharts/diagrams/mermaid';

const folder = join(import.meta.dirname, '../../statecharts');
const pages = renderStatecharts();

describe('committed statecharts', () => {
  for (const [file, expected] of pages) {
    it(`statecharts/${file} matches its machine`, () => {
      const path = join(folder, file);
      const committed = existsSync(path) ? readFileSync(path, 'utf8') : '(missing)';
      expect(committed === expected, `statecharts/${file} is stale: run npm run statecharts`).toBe(true);
    });

    it(`statecharts/${file} has a well-formed Mermaid state diagram`, () => {
      const source = expected.match(/```mermaid\n([\s\S]*?)\n```/)?.[1];
      expect(source).toBeDefined();
      expect(checkMermaid(source ?? '')).toEqual([]);
    });
  }

  it('has no page for a machine that is not in the registry', () => {
    const orphans = readdirSync(folder).filter((f) => f.endsWith('.md') && f !== 'README.md' && !pages.has(f));
    expect(orphans, 'run npm run statecharts').toEqual([]);
  });
});
