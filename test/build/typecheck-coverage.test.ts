import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * `npm run typecheck` runs tsc on tsconfig.node.json and tsconfig.web.json.
 * A test file outside both would never be type-checked, so the fake
 * Electron's typing (and every `@ts-expect-error` that proves it) would mean
 * nothing there: every .ts/.tsx under test/ must fall in one of their includes.
 */
const root = join(import.meta.dirname, '../..');

function includes(config: string): string[] {
  return (JSON.parse(readFileSync(join(root, config), 'utf8')) as { include: string[] }).include;
}

/** tsconfig's include patterns here are files or `dir/**\/*`; nothing else is accepted, so a new form fails this test. */
function covers(pattern: string, file: string): boolean {
  if (pattern.endsWith('/**/*')) return file.startsWith(pattern.slice(0, -'**/*'.length));
  if (/[*?[]/.test(pattern)) throw new Error(`unexpected include pattern ${pattern}`);
  return file === pattern;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.split(sep).includes('node_modules'))
    .map((f) => relative(root, join(dir, f)).split(sep).join('/'));
}

describe('the typecheck covers the tests', () => {
  const patterns = [...includes('tsconfig.node.json'), ...includes('tsconfig.web.json')];

  it('every TypeScript file under test/ is in tsconfig.node.json or tsconfig.web.json', () => {
    const files = testFiles(join(root, 'test'));
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((file) => !patterns.some((p) => covers(p, file)))).toEqual([]);
  });

  it('the check itself tells a covered file from one outside', () => {
    expect(covers('test/main/**/*', 'test/main/fake-electron.test.ts')).toBe(true);
    expect(covers('test/main/**/*', 'test/mainly/x.test.ts')).toBe(false);
    expect(patterns.some((p) => covers(p, 'test/new-folder/x.test.ts'))).toBe(false);
  });
});
