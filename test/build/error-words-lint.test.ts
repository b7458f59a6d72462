import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The messages of no-restricted-syntax that say words must come from a catalogue (errors, or the decision builders' literals). */
async function wordErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const errorWords = async (file: string, code: string): Promise<number> =>
  (await wordErrors(file, code)).filter((m) => m.includes('An error carries a catalogue key')).length;

describe('errors carry keys, not sentences (eslint.config.js NO_ERROR_WORDS)', () => {
  it('fails words in any new …Error( in src/core: a sentence, a capitalised word, words in a template', async () => {
    expect(await errorWords('src/core/orders/x.ts', "throw new Error('the paid call answered twice');\n")).toBe(1);
    expect(await errorWords('src/core/api/x.ts', "export const e = new RangeError('Timestamp');\n")).toBe(1);
    expect(await errorWords('src/core/chain/x.ts', 'export const f = (n: number) => new TypeError(`${n} must be more than 0`);\n')).toBe(1);
    const domain = "import { ApiError } from './errors.ts';\nexport const e = new SomeApiError('declined', 'The service declined the order.');\nvoid ApiError;\n";
    expect(await errorWords('src/core/api/x.ts', domain)).toBe(1);
  });

  it('fails words that a class extending an Error passes to super', async () => {
    const code = "export class StoreError extends Error {\n  constructor() {\n    super('Could not save the store');\n  }\n}\n";
    expect(await errorWords('src/core/settings/x.ts', code)).toBe(1);
  });

  it('allows a catalogue key with values, a code for a bug, and the simulator (it speaks for the service and the node)', async () => {
    const code = [
      "import { msg } from '../../shared/i18n/message.ts';",
      "import { InvariantError } from '../base/domain-error.ts';",
      "export const a = new InvalidInputError({ endpoint: 'local', reason: msg('errors:api.period') });",
      "export const b = new InvariantError('answered-before-journaled', { localId: 'x1' });",
      'export const c = new RangeError(`no-json-raw ${String(1)}`);',
      '',
    ].join('\n');
    expect(await errorWords('src/core/api/x.ts', code)).toBe(0);
    expect(await errorWords('src/core/simulator/x.ts', "throw new RangeError('not a TRON address');\n")).toBe(0);
  });

  it('fails any literal words in the decision builders (core/rules), not only in errors', async () => {
    const code = "export const decision = { kind: 'skip', reason: 'disabled', text: 'The rule is off.' };\n";
    const found = await wordErrors('src/core/rules/x.ts', code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/catalogue/);
    const keyed = "import { msg } from '../../shared/i18n/message.ts';\nexport const d = { kind: 'skip', reason: 'disabled', text: msg('decisions:disabled') };\n";
    expect(await wordErrors('src/core/rules/x.ts', keyed)).toEqual([]);
  });

  it('keeps the literal-words rule of the CLI where the error rule joins it (one block replaces the other)', async () => {
    expect((await wordErrors('src/cli/x.ts', "export const a = 'No orders.';\n")).length).toBe(1);
    expect(await errorWords('src/cli/x.ts', "throw new Error('Something broke badly');\n")).toBe(1);
  });
});
