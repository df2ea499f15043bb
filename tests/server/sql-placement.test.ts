/**
 * Keeps the README's rule true: every SQL statement of the reference API is in server/domain (beside it only the
 * migrations in server/db and the demo seed in server/seed). Routes, HTTP glue, media and jobs call domain
 * functions; they never prepare or run SQL, nor open a transaction, themselves (server/db/database.ts's
 * inTransaction is how they ask for one).
 *
 * The calls are found by type, not by name: `x.exec(...)` is flagged when `x` is a better-sqlite3 Database, and a
 * RegExp's `exec` is left alone. SQL written as text outside those folders is flagged too, so a helper that runs
 * SQL handed to it from a route does not slip past.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SERVER = join(ROOT, 'server');

/** Where SQL may be written and run. */
const SQL_HOMES = ['server/domain/', 'server/db/', 'server/seed/'];

/** The methods of a better-sqlite3 Database that run SQL or open a transaction. */
const DATABASE_METHODS = new Set(['prepare', 'exec', 'transaction', 'pragma', 'function', 'aggregate', 'table']);

/** Text that is a SQL statement (the codebase writes SQL keywords in capitals; HTTP verbs alone do not match). */
const SQL_TEXT =
  /^\s*(SELECT\s[\s\S]*\bFROM\b|INSERT\s+(OR\s+\w+\s+)?INTO\s|REPLACE\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|(CREATE|DROP)\s+(TEMP\s+|TEMPORARY\s+)?(TABLE|INDEX|VIEW|TRIGGER)\s|ALTER\s+TABLE\s|PRAGMA\s|BEGIN\b|COMMIT\b|ROLLBACK\b|SAVEPOINT\s|WITH\s+\w+\s+AS\s*\()/;

interface Finding {
  file: string;
  line: number;
  what: string;
}

const serverFile = (file: string): string => relative(ROOT, file).split(sep).join('/');
const isSqlHome = (file: string): boolean => SQL_HOMES.some((home) => serverFile(file).startsWith(home));

function serverSources(): string[] {
  return (readdirSync(SERVER, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => join(SERVER, file));
}

function isDatabase(checker: ts.TypeChecker, node: ts.Expression): boolean {
  const type = checker.getTypeAtLocation(node);
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  return (symbol?.declarations ?? []).some((declaration) => /[/\\]better-sqlite3[/\\]/.test(declaration.getSourceFile().fileName));
}

/** Every call of a Database's SQL methods, and every SQL text, in the server's files. */
function scanServer(): Finding[] {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const program = ts.createProgram(serverSources(), { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const findings: Finding[] = [];
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.startsWith(SERVER) || source.isDeclarationFile) continue;
    const at = (node: ts.Node, what: string) =>
      findings.push({ file: serverFile(source.fileName), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, what });
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && DATABASE_METHODS.has(node.expression.name.text)) {
        if (isDatabase(checker, node.expression.expression)) at(node, `.${node.expression.name.text}(`);
      }
      const text = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isTemplateExpression(node) ? node.head.text : null;
      if (text !== null && SQL_TEXT.test(text)) at(node, `SQL text "${text.trim().slice(0, 40)}"`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return findings;
}

describe('SQL lives in server/domain', () => {
  const findings = scanServer();

  it('sees the SQL where it belongs (the check finds what it looks for)', () => {
    const homes = findings.filter((f) => isSqlHome(join(ROOT, f.file)));
    expect(homes.some((f) => f.file.startsWith('server/domain/') && f.what === '.prepare(')).toBe(true);
    expect(homes.some((f) => f.file === 'server/db/database.ts' && f.what === '.transaction(')).toBe(true);
    expect(homes.some((f) => f.file === 'server/db/database.ts' && f.what === '.exec(')).toBe(true);
    expect(homes.some((f) => f.what.startsWith('SQL text'))).toBe(true);
  });

  it('nothing outside server/domain, server/db and server/seed prepares, runs or writes SQL, or opens a transaction', () => {
    const strays = findings.filter((f) => !isSqlHome(join(ROOT, f.file))).map((f) => `${f.file}:${f.line} ${f.what}`);
    // Move the statement into a function of server/domain (a transaction: inTransaction of server/db/database.ts).
    expect(strays).toEqual([]);
  });
});
