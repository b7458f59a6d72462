/**
 * `node scripts/folder-crossings.ts [--calls]`: how many folder boundaries two
 * paths of the app cross, measured on the running code (docs/architecture.md,
 * "Folder crossings"):
 *   tray-click  a click on a preset in the tray menu, until the finished
 *               order's native notification is shown;
 *   paid-order  the dashboard's app:buyTimed, from main's IPC registration
 *               into the dispatcher until the order is placed and answered.
 * Every function and class method exported from a module of src/ is wrapped
 * (scripts/crossings/hooks.ts); the wrapper knows, through AsyncLocalStorage,
 * which wrapped function called it, also across awaits and timers. A crossing
 * is a distinct caller → callee pair of functions in different folders, caused
 * by the path (the order's poll runs in the click's context because the
 * click woke the poll loop). `folders` counts every folder (core/app/tray and
 * core/app/presets are two); `modules` counts src/core/app as one, as issue 22
 * did; `app entries` counts the distinct calls into src/core/app from outside.
 * Electron's own frames are not run: main's call into the core is counted as
 * one call from src/main. The demo runs in-process (its simulator untraced).
 * core/base and src/shared are the generic bottom (emitters, queues, timers,
 * formatters): a call into them counts, and is also given apart; a callback
 * they make (an event's listener) counts as a call by whoever handed it to them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Frame {
  folder: string;
  fn: string;
  path: string | null;
  /** The nearest frame outside the generic bottom: whoever handed a callback to an emitter or a queue calls it. */
  owner: { folder: string; fn: string };
}

const context = new AsyncLocalStorage<Frame>();
const calls = new Map<string, Set<string>>();
type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;
/** The generic bottom (an emitter, a queue, a timer, a formatter): calls into it are counted apart; through it, they are not. */
const isLibrary = (folder: string): boolean => /^(core\/base|shared)(\/|$)/.test(folder);

/**
 * The order's poll runs on the poll loop's own timer, armed before the click:
 * a poll started while a path is open belongs to it (in the demo only the
 * path's order is polled then).
 */
const ADOPTED = new Set(['OrderScheduler.pollOrder']);
let open: string | null = null;

function traced(fn: AnyFunction, folder: string, name: string): AnyFunction {
  return function (this: unknown, ...args: unknown[]): unknown {
    const caller = context.getStore();
    const path = caller?.path ?? (ADOPTED.has(name) ? open : null);
    const library = isLibrary(folder);
    if (path && caller) {
      const from = library || !isLibrary(caller.folder) ? caller : caller.owner;
      if (from.folder !== folder && !(library && isLibrary(caller.folder))) calls.get(path)?.add(`${from.folder}:${from.fn} → ${folder}:${name}`);
    }
    const owner = library && caller ? caller.owner : { folder, fn: name };
    return context.run({ folder, fn: name, path, owner }, () => fn.apply(this, args));
  };
}

(globalThis as Record<string, unknown>)['__crossings'] = {
  fn: traced,
  cls(cls: { prototype: object; name: string }, folder: string): void {
    const proto = cls.prototype as Record<string, unknown>;
    for (const key of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, key);
      if (key === 'constructor' || typeof descriptor?.value !== 'function') continue;
      proto[key] = traced(descriptor.value as AnyFunction, folder, `${cls.name}.${key}`);
    }
  },
};
register('./crossings/hooks.ts', import.meta.url);

const { AppService } = await import('../src/core/app/app-service.ts');
const { MemoryCredentialStore } = await import('../src/core/credentials/memory-store.ts');
const { dispatch } = await import('../src/core/ipc/dispatch.ts');
const { createHandlerTable } = await import('../src/core/ipc/handler-table.ts');

/** Runs `step` as a path started by src/main, recording its crossings under `path`. */
function fromMain<T>(path: string, fn: string, step: () => Promise<T>): Promise<T> {
  calls.set(path, new Set());
  open = path;
  return context.run({ folder: 'main', fn, path, owner: { folder: 'main', fn } }, step);
}

/** What the path caused until now: later work in its context (the poll loop goes on) is not counted. */
function report(path: string): void {
  const edges = [...(calls.get(path) ?? [])];
  calls.delete(path);
  open = null;
  const [from, to] = [(e: string): string => e.split(' → ')[0]!, (e: string): string => e.split(' → ')[1]!];
  const folderOf = (side: string): string => side.slice(0, side.lastIndexOf(':'));
  const moduleOf = (side: string): string => (folderOf(side).startsWith('core/app') ? 'core/app' : folderOf(side));
  const modules = edges.filter((e) => moduleOf(from(e)) !== moduleOf(to(e))).length;
  const appEntries = edges.filter((e) => moduleOf(to(e)) === 'core/app' && moduleOf(from(e)) !== 'core/app').length;
  const features = edges.filter((e) => !isLibrary(folderOf(to(e)))).length;
  console.log(`${path}: folder crossings ${edges.length} (${features} not into core/base or src/shared), module crossings ${modules}, app entries ${appEntries}`);
  if (process.argv.includes('--calls')) for (const edge of edges) console.log(`    ${edge}`);
}

const userDataDir = mkdtempSync(join(tmpdir(), 'energy-tray-crossings-'));
let notified: () => void = () => undefined;
const finished = new Promise<void>((resolve) => (notified = resolve));
const service = new AppService({
  info: { name: 'Energy Tray', version: '0', platform: 'linux' },
  userDataDir,
  credentialStore: new MemoryCredentialStore(),
  notifier: { show: () => notified() },
  events: { emit: () => undefined },
  approval: { confirm: async () => true },
  demoTiming: { timedOrderMs: 300, fastRecoverMs: 300, reclaimMs: 300, activationMs: 300 },
});
// Before issue 22 the handler table mapped onto the facade (AppService.startDemo and the rest); since, onto its services.
const facade = typeof (service as unknown as Record<string, unknown>)['startDemo'] === 'function';
const table = createHandlerTable((facade ? service : (service as unknown as { services: unknown }).services) as never);
const call = async (method: string, request: unknown): Promise<unknown> => {
  const result = await dispatch(table, method, request);
  if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
  return result.value;
};

try {
  await service.start();
  await call('app:startDemo', {});
  const [preset] = (await call('app:listPresets', {})) as Array<{ id: string; address: string }>;
  if (!preset) throw new Error('the demo has no preset');
  await fromMain('tray-click', 'onTrayAction', () => service.trayAction({ kind: 'runPreset', presetId: preset.id }));
  await finished;
  report('tray-click');
  await fromMain('paid-order', 'ipcMain.handle', () => call('app:buyTimed', { type: 'energy', address: preset.address, count: 65_000, period: '1h' }));
  report('paid-order');
} finally {
  await service.stop();
  rmSync(userDataDir, { recursive: true, force: true });
}
