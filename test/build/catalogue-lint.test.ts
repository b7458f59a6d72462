import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function literalWordErrors(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('catalogue')).length;
}

describe('words for people come from the catalogues in converted files (eslint.config.js CATALOGUE_ONLY_FILES)', () => {
  it('fails a sentence, a capitalised label or words in a template in src/cli', async () => {
    expect(await literalWordErrors('src/cli/x.ts', "export const a = 'No orders.';\n")).toBe(1);
    expect(await literalWordErrors('src/cli/x.ts', "export const a = ['Status', 'x'];\n")).toBe(1);
    expect(await literalWordErrors('src/cli/x.ts', 'export const f = (n: number): string => `${n} bytes for now`;\n')).toBe(1);
  });

  it('allows catalogue keys, identifiers, units, option names, and a command’s synopsis and example', async () => {
    const code = [
      "import { t } from './i18n.ts';",
      "export const a = [t('render.status'), 'energy', 'buy_energy', 'TRX', '--json', 'commands.balance.summary', '—'];",
      "export const c = { name: 'x', synopsis: '<address> --count N [--yes]', example: 'buy-energy TR7 --count 65000 --period 1h' };",
      '',
    ].join('\n');
    expect(await literalWordErrors('src/cli/x.ts', code)).toBe(0);
  });

  it('does not apply where the words are not converted yet (the renderer, phase 2)', async () => {
    expect(await literalWordErrors('src/renderer/src/x.ts', "export const a = 'No orders.';\n")).toBe(0);
  });
});

describe('the dashboard components take their words from the catalogues, by glob (eslint.config.js CATALOGUE_ONLY_COMPONENTS)', () => {
  const jsxText = "export const X = () => <p>No orders yet</p>;\n";
  const label = "export const X = () => <button aria-label=\"Close\" />;\n";
  const translated = "import { useT } from '../i18n.ts';\nexport const X = () => { const t = useT(); return <p className=\"muted big\">{t('orders.none')}</p>; };\n";

  it('fails words in JSX text or in a label a person hears, in a component no list names, at any depth', async () => {
    for (const file of ['src/renderer/src/components/BrandNew.tsx', 'src/renderer/src/components/deep/er/Nested.tsx']) {
      expect(await literalWordErrors(file, jsxText)).toBe(1);
      expect(await literalWordErrors(file, label)).toBeGreaterThan(0);
    }
    expect(await literalWordErrors('src/renderer/src/components/new-text.ts', "export const a = 'Not bought yet';\n")).toBe(1);
  });

  it('passes a component whose words come from the catalogue (class names are not words)', async () => {
    expect(await literalWordErrors('src/renderer/src/components/BrandNew.tsx', translated)).toBe(0);
  });
});
