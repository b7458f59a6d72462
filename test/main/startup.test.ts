import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeElectron, electronState, type Listener } from '../support/fake-electron.ts';
import { METHOD_NAMES } from '../../src/shared/ipc.ts';
import { APP_ID } from '../../src/main/app-id.ts';

/**
 * The composition root (src/main/index.ts) with a fake Electron: it must take
 * the single-instance lock, register app:// before ready, and on ready create
 * the hardened window, the tray and every IPC handler, and start the core.
 */
const userData = mkdtempSync(join(tmpdir(), 'energy-tray-startup-'));
const calls: string[] = [];
const appListeners = new Map<string, Listener>();
let ready!: () => void;
const whenReady = new Promise<void>((resolve) => (ready = resolve));

vi.mock('electron', () => ({
  ...fakeElectron,
  app: {
    requestSingleInstanceLock: () => true,
    on: (event: string, listener: Listener) => appListeners.set(event, listener),
    whenReady: () => whenReady,
    getPath: () => userData,
    getVersion: () => '1.2.3',
    getAppPath: () => '/app',
    setAppUserModelId: (id: string) => calls.push(`appUserModelId:${id}`),
    setLoginItemSettings: () => undefined,
    quit: () => calls.push('quit'),
    dock: { hide: () => calls.push('dock.hide') },
  },
  session: { defaultSession: { setPermissionRequestHandler: () => calls.push('permissionRequest'), setPermissionCheckHandler: () => calls.push('permissionCheck') } },
  protocol: {
    registerSchemesAsPrivileged: (schemes: Array<{ scheme: string }>) => calls.push(`privileged:${schemes.map((s) => s.scheme).join()}`),
    handle: (scheme: string) => calls.push(`protocol:${scheme}`),
  },
  net: { fetch: vi.fn(), isOnline: () => true },
  powerMonitor: { on: vi.fn(), off: vi.fn() },
  screen: {
    getDisplayNearestPoint: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
    getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
  },
  BrowserWindow: class extends fakeElectron.BrowserWindow {
    isDestroyed = () => false;
    isMinimized = () => false;
    show = () => calls.push('window.show');
    focus = () => undefined;
    getSize = () => [960, 680];
    setPosition = () => undefined;
  },
}));

describe('main process start-up (electron mocked)', () => {
  it('registers the privileged scheme before ready, then builds window, tray and handlers', async () => {
    await import('../../src/main/index.ts');
    expect(calls).toContain('privileged:app');
    expect(electronState.windows).toHaveLength(0);
    ready();
    await vi.waitFor(() => expect(calls).toContain('window.show'), { timeout: 10_000 });
    expect(calls).toContain(`appUserModelId:${APP_ID}`);
    expect(calls).toContain('permissionRequest');
    expect(calls).toContain('permissionCheck');
    expect(calls).toContain('protocol:app');
    expect(electronState.windows).toHaveLength(1);
    const prefs = (electronState.windows[0]?.options as { webPreferences: Record<string, unknown> }).webPreferences;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(String(prefs['preload'])).toMatch(/preload[/\\]index\.cjs$/);
    expect(electronState.trays).toHaveLength(1);
    expect([...electronState.handlers.keys()].sort()).toEqual([...METHOD_NAMES].sort());
    // The tray got its first model from the core: not connected yet.
    await vi.waitFor(() => expect(electronState.trays[0]?.tooltip).toBe('Energy Tray — not connected'));
    expect(appListeners.has('second-instance')).toBe(true);
  });
});
