/**
 * The statechart studio's QA paths: the compact data built in Node (statecharts/studio-paths.ts), once written as
 * JSON and rebuilt in the browser (statecharts/paths-data.ts), exports exactly what `npm run paths` prints (the
 * covering set, titled) and plays each step with the transitions it takes and the effects it runs.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type MachineName, machineNames, machineRegistry } from '../../machines/registry';
import { listTransitions } from '../../statecharts/machine-graph';
import { pathsToJson, pathsToMarkdown } from '../../statecharts/model-testing/format-paths';
import { pathsInfo, plainCoverage, plainPaths } from '../../statecharts/model-testing/plain-paths';
import { qaPaths } from '../../statecharts/model-testing/qa-paths';
import { buildModel } from '../../statecharts/model-testing/test-model';
import {
  type StudioPaths,
  decodeValue,
  encodeValue,
  exportPathsJson,
  exportPathsMarkdown,
  toPlainPaths,
} from '../../statecharts/paths-data';
import { studioPaths } from '../../statecharts/studio-paths';
import { machineModels } from '../../machines/models';

/** What the browser gets: the data as the build writes it, through JSON. */
const studio = new Map<MachineName, Promise<StudioPaths>>();
function studioData(name: MachineName): Promise<StudioPaths> {
  let data = studio.get(name);
  if (data === undefined) {
    data = studioPaths(name).then((built) => JSON.parse(JSON.stringify(built)) as StudioPaths);
    studio.set(name, data);
  }
  return data;
}

/** The first line where two long texts differ, so that a failure says where without diffing megabytes. */
function firstDifference(actual: string, expected: string): string | undefined {
  if (actual === expected) return undefined;
  const a = actual.split('\n');
  const e = expected.split('\n');
  const line = a.findIndex((text, i) => text !== e[i]);
  const at = line < 0 ? a.length : line;
  return `line ${at + 1}: got ${JSON.stringify(a[at])}, expected ${JSON.stringify(e[at])}`;
}

describe('studio paths of every machine', () => {
  for (const name of machineNames) {
    it(`${name}: exports what npm run paths prints, and its paths take every transition`, async () => {
      const data = await studioData(name);
      // What statecharts/paths.ts does by default.
      const built = buildModel(name, machineModels[name]);
      const qa = await qaPaths(built);
      const info = pathsInfo(name, qa);
      const plain = plainPaths(qa, built.transitions);
      const coverage = plainCoverage(qa.coverage);

      expect(data.info.kind).toBe('cover');
      expect(firstDifference(exportPathsJson(data), pathsToJson(info, plain, coverage))).toBeUndefined();
      expect(firstDifference(exportPathsMarkdown(data), pathsToMarkdown(info, plain, coverage))).toBeUndefined();
      expect(data.coverage).toEqual(coverage);
      // Every machine has a model (tests/machines checks it), so the covering set takes all of its transitions.
      expect(data.coverage.missing.map((t) => `${t.source}: ${t.label}`)).toEqual([]);
      expect(data.transitions.map((t) => t.id)).toEqual(built.transitions.map((t) => t.id));
    });

    it(`${name}: each step takes transitions of the machine, and each path has a title of its own`, async () => {
      const data = await studioData(name);
      const ids = new Set(listTransitions(machineRegistry[name]).map((t) => t.id));
      const paths = toPlainPaths(data);
      const taken = paths.flatMap((path) => path.steps.flatMap((step) => step.transitions.map((t) => t.id)));
      expect(taken.filter((id) => !ids.has(id))).toEqual([]);
      expect(new Set(taken)).toEqual(new Set(data.transitions.map((t) => t.id)));
      const titles = paths.map((path) => path.title);
      expect(titles.filter((title) => title.trim() === '')).toEqual([]);
      expect(titles.filter((title, index) => titles.indexOf(title) !== index)).toEqual([]);
    });
  }
});

describe('studio paths data', () => {
  it('is much smaller than the JSON export (payment)', async () => {
    const data = await studioData('payment');
    const compact = JSON.stringify(data);
    const exported = exportPathsJson(data);
    const gzip = (text: string) => gzipSync(text).length;
    console.log(
      `payment: compact data ${compact.length} chars (gzip ${gzip(compact)} bytes), ` +
        `JSON export ${exported.length} chars (gzip ${gzip(exported)} bytes)`,
    );
    expect(compact.length).toBeLessThan(exported.length / 2);
  });

  it('keeps through JSON what changes how a step reads: undefined properties, errors, objects with a $ key', () => {
    const typed = Object.assign(new Error('declined'), { name: 'PaymentError' });
    const value = {
      type: 'user.pick',
      id: undefined,
      list: [1, undefined, { $: 'x' }],
      error: typed,
      at: new Date(0),
      nested: { $: { $: 'undefined' } },
    };
    const back = decodeValue(JSON.parse(JSON.stringify(encodeValue(value)))) as typeof value;
    expect(Object.keys(back)).toEqual(Object.keys(value));
    expect(back.id).toBeUndefined();
    expect(back.list).toEqual([1, undefined, { $: 'x' }]);
    expect(back.error).toBeInstanceOf(Error);
    expect([back.error.name, back.error.message]).toEqual(['PaymentError', 'declined']);
    expect(back.at).toBe('1970-01-01T00:00:00.000Z');
    expect(back.nested).toEqual({ $: { $: 'undefined' } });
  });

  it('reaches no xstate at run time from the browser module', () => {
    // Every import declaration but `import type` stays in the bundle (verbatimModuleSyntax keeps `import { type X }`).
    const runtimeImports = (file: string): string[] =>
      ts
        .createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
        .statements.filter((s): s is ts.ImportDeclaration => ts.isImportDeclaration(s) && !s.importClause?.isTypeOnly)
        .map((s) => (s.moduleSpecifier as ts.StringLiteral).text);
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of runtimeImports(file)) {
        if (specifier.startsWith('.')) visit(`${resolve(dirname(file), specifier)}.ts`);
        else packages.add(specifier);
      }
    };
    visit(resolve(import.meta.dirname, '../../statecharts/paths-data.ts'));
    expect([...packages]).toEqual([]);
    expect([...seen].map((file) => file.slice(resolve(import.meta.dirname, '../..').length + 1)).sort()).toEqual([
      'statecharts/model-testing/describe.ts',
      'statecharts/model-testing/format-paths.ts',
      'statecharts/paths-data.ts',
    ]);
  });
});
