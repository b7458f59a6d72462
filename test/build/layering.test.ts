import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function restrictedImportErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rules (docs/architecture.md)', () => {
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

describe('module order inside src/core (CORE_MODULE_ORDER)', () => {
  it.each([
    ['src/core/base/x.ts', '../api/errors.ts'],
    ['src/core/api/x.ts', '../orders/order-journal.ts'],
    ['src/core/api/x.ts', '../settings/settings-store.ts'],
    ['src/core/orders/x.ts', '../app/app-error.ts'],
    ['src/core/orders/x.ts', '../presets/preset.ts'],
    ['src/core/settings/x.ts', '../credentials/credential-store.ts'],
    ['src/core/app/x.ts', '../ipc/to-ipc-error.ts'],
    ['src/core/credentials/keytar-store.ts', '../app/ports.ts'],
  ])('fails a wrong-way import: %s → %s', async (file, target) => {
    const errors = await restrictedImportErrors(file, `import '${target}';\n`);
    expect(errors).not.toEqual([]);
    expect(errors[0]).toMatch(/may import only/);
  });

  it.each([
    ['src/core/api/x.ts', '../base/money.ts'],
    ['src/core/orders/x.ts', '../api/types.ts'],
    ['src/core/presets/x.ts', '../orders/order-types.ts'],
    ['src/core/app/x.ts', '../orders/order-journal.ts'],
    ['src/core/ipc/x.ts', '../app/app-service.ts'],
    ['src/core/base/x.ts', '../../shared/format.ts'],
  ])('allows the right way: %s → %s', async (file, target) => {
    expect(await restrictedImportErrors(file, `import '${target}';\n`)).toEqual([]);
  });

  it('orders every folder of src/core (an unlisted folder would have no rule), and src/core has no loose files', async () => {
    const entries = readdirSync(join(root, 'src/core'), { withFileTypes: true });
    expect(entries.filter((e) => !e.isDirectory()).map((e) => e.name)).toEqual([]);
    const folders = entries.filter((e) => e.isDirectory() && e.name !== 'ipc').map((e) => e.name);
    expect(folders.length).toBeGreaterThan(5);
    for (const folder of folders) {
      // Only core/ipc may import core/ipc: a folder without a module rule would let this through.
      expect(await restrictedImportErrors(`src/core/${folder}/x.ts`, "import '../ipc/dispatch.ts';\n"), folder).not.toEqual([]);
    }
  });
});

describe('src/main reaches the core through the app layer\'s ports', () => {
  it('fails a glue file importing a core module directly', async () => {
    expect(await restrictedImportErrors('src/main/power-events.ts', "import '../core/orders/order-events.ts';\n")).not.toEqual([]);
    expect(await restrictedImportErrors('src/main/tray-view.ts', "import '../core/app/app-service.ts';\n")).not.toEqual([]);
  });

  it('allows the ports, core/ipc, and the composition root its pieces', async () => {
    expect(await restrictedImportErrors('src/main/power-events.ts', "import '../core/app/ports.ts';\n")).toEqual([]);
    expect(await restrictedImportErrors('src/main/ipc-register.ts', "import '../core/ipc/dispatch.ts';\n")).toEqual([]);
    expect(await restrictedImportErrors('src/main/index.ts', "import '../core/app/app-service.ts';\nimport '../core/credentials/keytar-store.ts';\n")).toEqual([]);
    expect(await restrictedImportErrors('src/main/index.ts', "import '../core/orders/scheduler.ts';\n")).not.toEqual([]);
  });
});

describe('one writer of the dashboard state', () => {
  async function errors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it('fails a component that calls the bridge, reads the whole store or writes it', async () => {
    expect(await errors('src/renderer/src/components/X.tsx', "import { getBridge } from '../bridge.ts';\nvoid getBridge;\n")).not.toEqual([]);
    expect(await errors('src/renderer/src/components/X.tsx', "import { useAppStore } from '../state/app-store.ts';\nexport const X = () => useAppStore();\n")).not.toEqual([]);
    expect(await errors('src/renderer/src/hooks/x.ts', "import { useAppStore } from '../state/app-store.ts';\nuseAppStore.setState({ tab: 'orders' });\n")).not.toEqual([]);
  });

  it('allows a selector, the actions, and the state modules their writes', async () => {
    const component = "import { useAppStore } from '../state/app-store.ts';\nimport { setTab } from '../state/actions.ts';\nexport const X = () => useAppStore((s) => s.tab);\nvoid setTab;\n";
    expect(await errors('src/renderer/src/components/X.tsx', component)).toEqual([]);
    expect(await errors('src/renderer/src/state/actions.ts', "import { getBridge } from '../bridge.ts';\nvoid getBridge;\n")).toEqual([]);
  });
});
