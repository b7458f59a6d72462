import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DAEMON_EXIT } from '../../src/cli/daemon/daemon-exit.ts';
import { EXIT, EXIT_MEANINGS, EXIT_TABLE } from '../../src/cli/exit-codes.ts';
import { API_EXIT_CODES, CHAIN_FAILURES } from '../../src/cli/failure.ts';
import { t } from '../../src/cli/i18n.ts';
import { usageText } from '../../src/cli/usage.ts';
import { useCliFixture } from './fixture.ts';

/**
 * The exit codes are documented completely: every exit the code can produce
 * is in the one table (src/cli/exit-codes.ts), and the table is what `help`,
 * the daemon's help and docs/cli.md list. The exits are found in the sources
 * themselves: every process.exit, process.exitCode, CliError, `exitCode:`
 * field and failure mapping of the command line and its launchers.
 */

const ROOT = join(import.meta.dirname, '../..');
const CODES = new Set<number>(Object.values(EXIT));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : /\.(ts|js)$/.test(entry.name) ? [path] : [];
  });
}

/** The command line's sources and both launchers (the bin and `npm run cli`'s). */
const SOURCES = [...filesUnder(join(ROOT, 'src/cli')), ...filesUnder(join(ROOT, 'bin')), join(ROOT, 'scripts/cli.js')];

interface ExitSite {
  /** file:line */
  where: string;
  /** The expression that gives the code. */
  code: ts.Expression;
}

const isProcessMember = (node: ts.Node, name: string): boolean =>
  ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'process' && node.name.text === name;

/** Every place in `file` that decides an exit code. */
function exitSites(file: string): ExitSite[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const sites: ExitSite[] = [];
  const add = (node: ts.Node, code: ts.Expression | undefined): void => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (code !== undefined) sites.push({ where: `${relative(ROOT, file)}:${line}`, code });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isProcessMember(node.expression, 'exit')) add(node, node.arguments[0]);
    const assigns = ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken;
    if (assigns && isProcessMember(node.left, 'exitCode')) add(node, node.right);
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'CliError') add(node, node.arguments?.[1]);
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'exitCode') add(node, node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

/** The numbers an exit expression can give as it is written: itself (cast or not), either branch of `?:`, either side of `??` or `||`. */
function numbersIn(node: ts.Expression): number[] {
  if (ts.isNumericLiteral(node)) return [Number(node.text)];
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) {
    return [-Number(node.operand.text)];
  }
  const wrapped = ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isTypeAssertionExpression(node);
  if (wrapped) return numbersIn(node.expression);
  if (ts.isConditionalExpression(node)) return [...numbersIn(node.whenTrue), ...numbersIn(node.whenFalse)];
  const either = [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken];
  if (ts.isBinaryExpression(node) && either.includes(node.operatorToken.kind)) return [...numbersIn(node.left), ...numbersIn(node.right)];
  return [];
}

const SITES = SOURCES.filter((file) => !file.endsWith('exit-codes.ts')).flatMap(exitSites);

describe('the exit code table', () => {
  it('the scan finds the exits it looks for (the launchers, CliError, the failure mapping, the daemon)', () => {
    const where = SITES.map((s) => s.where);
    const expected = ['bin/launch.js', 'src/cli/start.ts', 'src/cli/cli-error.ts', 'src/cli/failure.ts', 'src/cli/daemon/daemon-exit.ts', 'src/cli/commands/watch.ts'];
    for (const file of expected) {
      expect(where.some((w) => w.startsWith(`${file}:`)), file).toBe(true);
    }
    expect(SITES.length).toBeGreaterThan(20);
  });

  it('every exit code written as a number anywhere is in the table; in TypeScript, none is written as a number at all', () => {
    const outside = SITES.flatMap((site) => numbersIn(site.code).filter((n) => !CODES.has(n)).map((n) => `${site.where}: ${n}`));
    expect(outside).toEqual([]);
    // The launchers run before any TypeScript can be loaded; everything else names the table's entry.
    const literal = SITES.filter((site) => site.where.startsWith('src/') && numbersIn(site.code).length > 0).map((s) => s.where);
    expect(literal).toEqual([]);
  });

  it('every mapping of an error to an exit code gives a code of the table, and every entry of the table is used', () => {
    const chain = Object.values(CHAIN_FAILURES).map((f) => f.exitCode);
    const mapped = [...Object.values(API_EXIT_CODES), ...chain, ...Object.values(DAEMON_EXIT)];
    for (const code of mapped) expect(CODES.has(code)).toBe(true);
    const text = SOURCES.filter((file) => !file.endsWith('exit-codes.ts')).map((file) => readFileSync(file, 'utf8')).join('\n');
    // No entry documents an exit that nothing produces.
    const unused = Object.keys(EXIT).filter((name) => !text.includes(`EXIT.${name}`));
    expect(unused).toEqual([]);
  });

  it('`help` lists every code of the table with its meaning, one a line, and no other', () => {
    const usage = usageText();
    const section = usage.slice(usage.indexOf(`${t('usage.exitCodes')}\n`));
    const listed = [...section.matchAll(/^ +(\d+) {2}(.+)$/gm)].map((m) => [Number(m[1]), m[2]]);
    expect(listed.map(([code]) => code)).toEqual(EXIT_TABLE.map((e) => e.code));
    for (const [i, entry] of EXIT_TABLE.entries()) expect(listed[i]?.[1]).toBe(t(EXIT_MEANINGS[entry.name]));
  });

  it('docs/cli.md lists every code in its table, and docs/daemon.md each daemon code', () => {
    const cli = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
    const rows = [...cli.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    expect(rows).toEqual(EXIT_TABLE.map((e) => e.code));
    const daemon = readFileSync(join(ROOT, 'docs/daemon.md'), 'utf8');
    for (const code of Object.values(DAEMON_EXIT)) expect(daemon).toMatch(new RegExp(`\\b${code} `));
  });

  it('`help daemon` names each of the daemon’s codes', () => {
    const details = t('commands.daemon.details');
    for (const code of Object.values(DAEMON_EXIT)) expect(details).toMatch(new RegExp(`\\b${code} `));
  });
});

describe('an exit of the table, as a process', () => {
  const fixture = useCliFixture();

  it('daemon --once with no saved profile exits 10, the code `help` documents for it', async () => {
    const fx = fixture();
    const run = await fx.cli(['daemon', '--once']);
    expect(run.code).toBe(EXIT.noProfile);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^No saved profile/);
    const help = await fx.cli(['help']);
    expect(help.stdout).toContain(`\n   10  ${t(EXIT_MEANINGS.noProfile)}\n`);
  });
});
