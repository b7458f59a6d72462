import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function restrictedImportErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rules (ARCHITECTURE.md)', () => {
  it.each(['src/core/x.ts', 'src/renderer/src/x.ts', 'src/shared/x.ts', 'src/cli/x.ts'])(
    "fails an import of 'electron' in %s",
    async (file) => {
      expect(await restrictedImportErrors(file, "import { app } from 'electron';\nvoid app;\n")).not.toEqual([]);
    },
  );

  it.each(['src/main/x.ts', 'src/preload/x.ts'])("allows 'electron' in %s", async (file) => {
    expect(await restrictedImportErrors(file, "import { app } from 'electron';\nvoid app;\n")).toEqual([]);
  });

  it('fails an import of src/core from the renderer', async () => {
    const code = "import { dispatch } from '../../core/ipc/dispatch.ts';\nvoid dispatch;\n";
    expect(await restrictedImportErrors('src/renderer/src/x.ts', code)).not.toEqual([]);
  });

  it('allows the renderer to import src/shared', async () => {
    const code = "import { METHOD_NAMES } from '../../shared/ipc.ts';\nvoid METHOD_NAMES;\n";
    expect(await restrictedImportErrors('src/renderer/src/x.ts', code)).toEqual([]);
  });

  it('fails an import of src/main from the core, and keytar outside its adapter', async () => {
    expect(await restrictedImportErrors('src/core/x.ts', "import '../main/tray.ts';\n")).not.toEqual([]);
    expect(await restrictedImportErrors('src/core/x.ts', "import 'keytar';\n")).not.toEqual([]);
    expect(await restrictedImportErrors('src/core/credentials/keytar-store.ts', "import 'keytar';\n")).toEqual([]);
  });

  it('fails Node built-ins in the renderer', async () => {
    expect(await restrictedImportErrors('src/renderer/src/x.ts', "import 'node:fs';\n")).not.toEqual([]);
  });
});
