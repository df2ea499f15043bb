/**
 * Every path a Markdown file of the repository names exists (issue 27): a relative link, or an inline-code span that
 * starts like a repository path (`server/domain/`, `mesh/openapi.yaml:12`, `./x`). Pages drifted from the code
 * before: a folder renamed, a page that "comes with the next step" long after it came. One failure lists them all.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

interface Named {
  line: number;
  path: string;
  /** Where the path goes, relative to the repository's root. */
  target: string;
}

/** Fenced blocks hold commands and samples, not references: blank them, keeping the line numbers. */
function withoutFences(text: string): string {
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === null && marker) fence = marker;
      else if (fence !== null && marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      else if (fence === null) return line;
      return '';
    })
    .join('\n');
}

/** Code spans as CommonMark reads them: a run of n backticks closed by the next run of exactly n, within a paragraph. */
function codeSpans(text: string): Array<{ start: number; end: number; content: string }> {
  const spans: Array<{ start: number; end: number; content: string }> = [];
  const opener = /`+/g;
  for (let open = opener.exec(text); open; open = opener.exec(text)) {
    const ticks = open[0];
    const closer = new RegExp(`(?<!\`)${ticks}(?!\`)`, 'g');
    closer.lastIndex = open.index + ticks.length;
    const close = closer.exec(text);
    if (!close) continue;
    const content = text.slice(open.index + ticks.length, close.index);
    if (/\n[ \t]*\n/.test(content)) continue;
    spans.push({ start: open.index, end: close.index + ticks.length, content: content.replace(/\n/g, ' ').trim() });
    opener.lastIndex = close.index + ticks.length;
  }
  return spans;
}

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** A placeholder or a pattern (`machines/<flow>/`, `tests/e2e/*.e2e.ts`, `/share/{id}`) names no single path. */
const isPattern = (path: string): boolean => /[<>*{}]/.test(path);

/**
 * The paths one Markdown file names: its relative links (and images, reference definitions and HTML `src`/`href`),
 * resolved against its folder, and its code spans that start with a top-level name of the repository (`src/`,
 * `package.json`) or with `./` or `../`, taken from the root or the file's folder respectively.
 */
function namedPaths(file: string, markdown: string, topLevel: { folders: Set<string>; files: Set<string> }): Named[] {
  const text = withoutFences(markdown);
  const folder = posix.dirname(file);
  const named: Named[] = [];
  const add = (offset: number, path: string, from: string) => {
    const bare = path.replace(/[#?].*$/, '').replace(/(?::\d+)+(?:-\d+)?$/, '');
    if (bare === '' || isPattern(bare)) return;
    let decoded = bare;
    try {
      decoded = decodeURIComponent(bare);
    } catch {
      // A stray % is a name like any other.
    }
    const target = decoded.startsWith('/') ? posix.normalize(decoded.slice(1)) : posix.join(from, decoded);
    named.push({ line: lineAt(text, offset), path, target });
  };

  const spans = codeSpans(text);
  for (const span of spans) {
    const path = span.content.split(/\s+/)[0] ?? '';
    const head = path.split('/')[0] ?? '';
    if (path.startsWith('./') || path.startsWith('../')) add(span.start, path, folder);
    else if (path.includes('/') ? topLevel.folders.has(head) : topLevel.files.has(path.replace(/[:#].*$/, ''))) {
      add(span.start, path, '.');
    }
  }

  // Links are read with the code spans blanked out, so a `[x](y)` shown as code is not followed.
  let prose = text;
  for (const span of spans.toReversed()) {
    prose = prose.slice(0, span.start) + prose.slice(span.start, span.end).replace(/[^\n]/g, ' ') + prose.slice(span.end);
  }
  const links = [
    /\]\(\s*<([^>\n]+)>/g, // [text](<path with spaces>)
    /\]\(\s*([^)\s<][^)\s]*)/g, // [text](path "title")
    /^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*<?([^>\s]+)/gm, // [label]: path
    /<(?:a|img|source)\b[^>]*?\s(?:href|src)="([^"]+)"/gi, // <img src="path">
  ];
  for (const pattern of links) {
    for (const match of prose.matchAll(pattern)) {
      const target = match[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      add(match.index + match[0].indexOf(target), target, folder);
    }
  }
  return named.sort((a, b) => a.line - b.line);
}

const git = (...args: string[]): string[] =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

/** The paths git ignores: what the build writes (`mesh/client/generated/`), named before a fresh clone has it. */
function ignoredByGit(paths: string[]): Set<string> {
  // check-ignore exits with 1 when it ignores none of them, which is an answer, not a failure.
  const run = spawnSync('git', ['check-ignore', '--stdin'], { cwd: root, encoding: 'utf8', input: paths.join('\n') });
  if (run.status !== 0 && run.status !== 1) throw new Error(`git check-ignore failed: ${run.stderr}`);
  return new Set(run.stdout.split('\n').filter(Boolean));
}

describe('the paths Markdown files name', () => {
  it('reads links and path-like code spans, and skips the rest', () => {
    const topLevel = { folders: new Set(['src', 'docs']), files: new Set(['package.json']) };
    const markdown = [
      'See [rules](rules.md#errors), [home](../README.md), [site](https://example.com) and [top](#top).',
      'Code: `src/app/x.ts:12`, `package.json`, `machines/<flow>/`, `src/*.ts`, `npm test`, `/profile`, `./y.md`.',
      'A span over two lines: `npm run paths -- toast --format',
      'json` then `docs/a.md`.',
      '```sh',
      'cat src/not-read.ts `src/not-read-either.ts`',
      '```',
      'Shown as code: `[x](not-a-link.md)`; ![shot](<screenshots/a b.png>) <img src="shot%20c.png" width="600">',
      '[label]: ../src/defined.ts',
    ].join('\n');
    const named = namedPaths('docs/page.md', markdown, topLevel).map(({ line, target }) => `${line} ${target}`);
    expect(named).toEqual([
      '1 docs/rules.md',
      '1 README.md',
      '2 src/app/x.ts',
      '2 package.json',
      '2 docs/y.md',
      '4 docs/a.md',
      '8 docs/screenshots/a b.png',
      '8 docs/shot c.png',
      '9 src/defined.ts',
    ]);
  });

  it('exist, for every Markdown file of the repository', () => {
    const files = git('ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md').filter(
      (file) => !file.split('/').includes('node_modules') && existsSync(join(root, file)),
    );
    const tracked = git('ls-files');
    const topLevel = {
      folders: new Set(tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0] ?? '')),
      files: new Set(tracked.filter((file) => !file.includes('/'))),
    };

    const missing: Array<Named & { file: string }> = [];
    for (const file of [...new Set(files)]) {
      for (const named of namedPaths(file, readFileSync(join(root, file), 'utf8'), topLevel)) {
        if (!existsSync(join(root, named.target))) missing.push({ file, ...named });
      }
    }
    const outside = (target: string) => target === '..' || target.startsWith('../');
    const built = ignoredByGit(missing.map(({ target }) => target).filter((target) => !outside(target)));
    const report = missing
      .filter(({ target }) => !built.has(target))
      .map(({ file, line, path, target }) => {
        if (outside(target)) return `${file}:${line}: ${path} leads outside the repository`;
        return `${file}:${line}: ${path}${target === path ? '' : ` (${target})`} does not exist`;
      });
    expect(report, `Markdown files name paths that do not exist:\n${report.join('\n')}\n`).toEqual([]);
  });
});
