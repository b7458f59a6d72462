import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function longLineErrors(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'max-len').length;
}

describe('lines in src are at most 140 characters (eslint.config.js max-len)', () => {
  const padded = (length: number): string => `export const x = '${'a'.repeat(length - "export const x = '';".length)}';\n`;

  it('fails a line of 141 characters, a long string or comment included, and passes one of 140', async () => {
    expect(padded(141).trimEnd()).toHaveLength(141);
    expect(await longLineErrors('src/core/base/x.ts', padded(141))).toBe(1);
    expect(await longLineErrors('src/renderer/src/components/x.tsx', `// ${'w'.repeat(140)}\nexport {};\n`)).toBe(1);
    expect(await longLineErrors('src/core/base/x.ts', padded(140))).toBe(0);
  });
});
