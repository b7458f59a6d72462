import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
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

describe('feature folders inside src/core/app (APP_FEATURE_ORDER)', () => {
  async function layoutErrors(file: string, code: string): Promise<Array<{ rule: string | null; message: string }>> {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'layout/unlisted-app-folder')
      .map((m) => ({ rule: m.ruleId, message: m.message }));
  }

  it.each([
    ['src/core/app/session/x.ts', '../orders/order-views.ts'],
    ['src/core/app/approvals/x.ts', '../session/session.ts'],
    ['src/core/app/orders/x.ts', '../presets/preset-service.ts'],
    ['src/core/app/presets/x.ts', '../tray/tray-presenter.ts'],
    ['src/core/app/presets/x.ts', '../wallets/wallet-service.ts'],
    ['src/core/app/wallets/x.ts', '../auto-top-up/rules-service.ts'],
    ['src/core/app/auto-top-up/x.ts', '../tray/tray-model.ts'],
  ])('fails a wrong-way import: %s → %s', async (file, target) => {
    const errors = await layoutErrors(file, `import '${target}';\n`);
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/APP_FEATURE_ORDER/)]);
  });

  it('fails a feature importing the composition at the root, and allows the root\'s ports and errors', async () => {
    expect(await layoutErrors('src/core/app/tray/x.ts', "import '../app-wiring.ts';\n")).not.toEqual([]);
    expect(await layoutErrors('src/core/app/session/x.ts', "import '../headless-ports.ts';\n")).not.toEqual([]);
    expect(await layoutErrors('src/core/app/orders/x.ts', "import '../ports.ts';\nimport '../app-error.ts';\n")).toEqual([]);
  });

  it.each([
    ['src/core/app/tray/x.ts', '../presets/preset-service.ts'],
    ['src/core/app/auto-top-up/x.ts', '../wallets/wallet-list.ts'],
    ['src/core/app/orders/x.ts', '../session/session.ts'],
    // core/orders, not the app's orders folder: a core module app may import.
    ['src/core/app/session/x.ts', '../../orders/spend-limit.ts'],
    ['src/core/app/app-wiring.ts', './tray/tray-presenter.ts'],
  ])('allows the right way: %s → %s', async (file, target) => {
    expect(await layoutErrors(file, `import '${target}';\n`)).toEqual([]);
  });

  it('keeps the core module order inside a feature folder', async () => {
    expect(await layoutErrors('src/core/app/orders/x.ts', "import '../../ipc/dispatch.ts';\n")).not.toEqual([]);
  });

  it('fails every file of a folder that is not listed', async () => {
    const errors = await layoutErrors('src/core/app/billing/x.ts', 'export const x = 1;\n');
    expect(errors).toEqual([{ rule: 'layout/unlisted-app-folder', message: expect.stringMatching(/not in APP_FEATURE_ORDER/) }]);
  });

  it('lists every folder of src/core/app, and keeps at most 6 composition files at its root', async () => {
    const entries = readdirSync(join(root, 'src/core/app'), { withFileTypes: true });
    const folders = entries.filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.sort()).toEqual(['approvals', 'assistant', 'auto-top-up', 'notify', 'orders', 'presets', 'session', 'tray', 'wallets']);
    for (const folder of folders) {
      expect(await layoutErrors(`src/core/app/${folder}/x.ts`, 'export const x = 1;\n'), folder).toEqual([]);
      expect(await layoutErrors(`src/core/app/${folder}/x.ts`, "import '../app-service.ts';\n"), folder).not.toEqual([]);
    }
    expect(entries.filter((e) => e.isFile()).length).toBeLessThanOrEqual(6);
  });

  it('starts every file of a feature folder with the folder\'s one-line header: what it owns', async () => {
    const headerErrors = async (file: string, code: string): Promise<string[]> => {
      const [result] = await eslint.lintText(code, { filePath: join(root, file) });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'layout/feature-header').map((m) => m.message);
    };
    const header = '// app/orders: the paid-order lifecycle (placing, settling, the daily limit), quotes, order views and reports.';
    expect(await headerErrors('src/core/app/orders/x.ts', 'export const x = 1;\n')).toEqual([expect.stringContaining(header)]);
    expect(await headerErrors('src/core/app/orders/x.ts', `// app/orders: something else\nexport const x = 1;\n`)).toHaveLength(1);
    expect(await headerErrors('src/core/app/orders/x.ts', `${header}\nexport const x = 1;\n`)).toEqual([]);
    // The composition at the root has no folder header.
    expect(await headerErrors('src/core/app/app-wiring.ts', 'export const x = 1;\n')).toEqual([]);
    for (const folder of readdirSync(join(root, 'src/core/app'), { withFileTypes: true }).filter((e) => e.isDirectory())) {
      const firstLines = readdirSync(join(root, 'src/core/app', folder.name))
        .filter((f) => f.endsWith('.ts'))
        .map((f) => readFileSync(join(root, 'src/core/app', folder.name, f), 'utf8').split('\n', 1)[0]);
      expect(new Set(firstLines).size, folder.name).toBe(1);
      expect(firstLines[0], folder.name).toMatch(new RegExp(`^// app/${folder.name}: .{20,}$`));
    }
  });

});

describe('one paid path (placePaidOrder)', () => {
  async function paidPathErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'layout/one-paid-path').map((m) => m.message);
  }

  it('fails a front end that calls the journal steps around the lifecycle', async () => {
    const cli = "import { submitPaidOrderWithCause } from '../core/orders/submit-paid-order.ts';\nvoid submitPaidOrderWithCause;\n";
    expect(await paidPathErrors('src/cli/x.ts', cli)).toEqual([expect.stringMatching(/placePaidOrder/)]);
    const app = "import { submitPaidOrder } from '../../../orders/submit-paid-order.ts';\nvoid submitPaidOrder;\n";
    expect(await paidPathErrors('src/core/app/orders/x.ts', app)).not.toEqual([]);
  });

  it('allows the lifecycle itself, and types from the journal steps anywhere', async () => {
    expect(await paidPathErrors('src/core/orders/x.ts', "import { submitPaidOrderWithCause } from './submit-paid-order.ts';\nvoid submitPaidOrderWithCause;\n")).toEqual([]);
    expect(await paidPathErrors('src/cli/x.ts', "import type { SubmitOutcome } from '../core/orders/submit-paid-order.ts';\nexport type X = SubmitOutcome;\n")).toEqual([]);
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
